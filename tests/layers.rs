//! The layers as the source states them: the file-level import graph of `src/` read from its
//! `use` statements and paths, with no cycle among the files of `src/search/`, of
//! `src/notation/` or of `src/app/`, and each layer importing only the layers below it.
//!
//! The graph is of the code that builds the library and the binary: items under `#[cfg(test)]`
//! are left out, since unit tests may set up their positions through the notation whatever layer
//! they test. A file's edges are the files its paths name (`crate::…`, `super::…`, `self::…`, a
//! child module's name, and `tsume::…` on the binary's side), each followed through the `use`
//! aliases of the file it reaches to the file that defines the item. A module and its own
//! submodules are one unit: a file's imports of its own submodules' items (`mod x;`, `use x::…`
//! in `search/dfpn/mod.rs`) are no edges, while a submodule's `super::` import of its parent's
//! own items is an edge to the parent's file. Nor is a `pub use` re-export the file's own code
//! does not use an edge: re-exporting an item is no dependence on it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Which layers a layer must never import, by their folders under `src/`.
const FORBIDDEN: &[(&str, &[&str])] = &[
    ("shogi", &["search", "notation", "app"]),
    ("search", &["notation", "app"]),
    ("notation", &["search", "app"]),
];

/// The folders under `src/` whose files must import one another without a cycle.
const ACYCLIC: &[&str] = &["search", "notation", "app"];

#[test]
fn no_import_cycle_among_the_files_of_search_notation_or_app() {
    let graph = source_graph();
    let mut faults = Vec::new();
    for dir in ACYCLIC {
        let prefix = format!("src/{dir}/");
        let inside = graph.within(|f| f.starts_with(&prefix));
        assert!(
            inside.edges.len() > 5,
            "{prefix}: too few files read ({})",
            inside.edges.len()
        );
        for component in circles(&inside) {
            let cycle = cycle_in(&inside, &component, component.first().unwrap());
            let others: Vec<&str> = component
                .iter()
                .filter(|f| !cycle.contains(f))
                .copied()
                .collect();
            let mut fault = cycle_text(&inside, &cycle);
            if !others.is_empty() {
                fault += &format!("; in the same circle: {}", others.join(", "));
            }
            faults.push(fault);
        }
    }
    assert!(faults.is_empty(), "import cycles:\n{}", faults.join("\n"));
}

#[test]
fn each_layer_imports_only_the_layers_below_it() {
    let graph = source_graph();
    let faults = layer_faults(&graph, FORBIDDEN);
    assert!(
        faults.is_empty(),
        "imports against the layers:\n{}",
        faults.join("\n")
    );
    // The graph does see imports across the layers.
    assert!(graph.imports("src/app/engine.rs", "src/search/session.rs"));
    let app = |to: &BTreeMap<String, String>| to.keys().any(|t| t.starts_with("src/app/"));
    assert!(app(&graph.edges["src/main.rs"]));
}

#[test]
fn a_known_cycle_is_found_and_an_acyclic_graph_has_none() {
    let mut g = Graph::default();
    for (from, to) in [
        ("a", "b"),
        ("b", "c"),
        ("c", "a"),
        ("d", "a"),
        ("c", "e"),
        ("f", "f"),
    ] {
        g.add(from, to, "x");
    }
    let found = cycles(&g);
    assert_eq!(found, [vec!["a", "b", "c"], vec!["f"]]);
    assert_eq!(cycle_text(&g, &found[0]), "a → b → c → a (x; x; x)");
    g.edges.get_mut("c").unwrap().remove("a");
    g.edges.get_mut("f").unwrap().remove("f");
    assert!(cycles(&g).is_empty());
}

#[test]
fn use_trees_aliases_and_paths_are_read() {
    let dir = std::env::temp_dir().join(format!("tsume-layers-{}", std::process::id()));
    let file = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    file(
        "lib.rs",
        "mod a; mod b; pub mod c;\n\
         pub use b::Thing; // re-exported, not used here\n\
         pub use c::Used;\n\
         pub struct Own(Used);",
    );
    file(
        "a.rs",
        "use super::{b::{self, Other as O}, Thing};\n\
         /* crate::c::X in a comment */ const S: &str = \"crate::c::X\";\n\
         fn f<'a>(x: &'a str) -> char { let _ = crate::Own; 'c' }\n\
         #[cfg(test)]\nmod tests { use crate::c::X; }",
    );
    file(
        "b.rs",
        "pub struct Thing; pub struct Other; fn k(_: crate::c::Used) {}",
    );
    file(
        "c/mod.rs",
        "mod d; pub use d::Used; pub(in crate::c) fn g() {}",
    );
    file(
        "c/d.rs",
        "pub struct Used; fn h() { super::super::b::Thing; }",
    );
    let g = read_graph(&dir.join("lib.rs"), "tsume", &dir, None);
    std::fs::remove_dir_all(&dir).unwrap();
    let edges: Vec<(&str, &str)> = g
        .edges
        .iter()
        .flat_map(|(from, to)| to.keys().map(move |t| (from.as_str(), t.as_str())))
        .collect();
    // lib.rs uses `c::Used`, but c is its own submodule: no edge.
    assert_eq!(
        edges,
        [
            ("a.rs", "b.rs"),
            ("a.rs", "lib.rs"),
            ("b.rs", "c/d.rs"),
            ("c/d.rs", "b.rs")
        ]
    );
}

/// The files of `src/` that `cargo build` compiles, library and binary, with their imports.
fn source_graph() -> Graph {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lib = read_crate(&root.join("src/lib.rs"), "tsume");
    let mut graph = read_graph(&root.join("src/lib.rs"), "tsume", root, None);
    let bin = read_graph(&root.join("src/main.rs"), "main", root, Some(&lib));
    for (from, to) in bin.edges {
        for (t, why) in to {
            graph.add(&from, &t, &why);
        }
    }
    graph
}

/// Files and the files they import: `edges[f][t]` is the first path of `f` that names `t`.
#[derive(Default)]
struct Graph {
    edges: BTreeMap<String, BTreeMap<String, String>>,
}

impl Graph {
    fn add(&mut self, from: &str, to: &str, why: &str) {
        self.edges.entry(to.to_string()).or_default();
        let out = self.edges.entry(from.to_string()).or_default();
        out.entry(to.to_string()).or_insert_with(|| why.to_string());
    }

    fn imports(&self, from: &str, to: &str) -> bool {
        self.edges.get(from).is_some_and(|t| t.contains_key(to))
    }

    /// The files `keep` takes, with the edges among them.
    fn within(&self, keep: impl Fn(&str) -> bool) -> Graph {
        let mut g = Graph::default();
        for (from, to) in self.edges.iter().filter(|(f, _)| keep(f)) {
            g.edges.entry(from.clone()).or_default();
            for (t, why) in to.iter().filter(|(t, _)| keep(t)) {
                g.add(from, t, why);
            }
        }
        g
    }
}

/// One cycle of each circle of [`circles`], from its first file, in file order.
fn cycles(g: &Graph) -> Vec<Vec<&str>> {
    circles(g)
        .iter()
        .map(|c| cycle_in(g, c, c.first().unwrap()))
        .collect()
}

/// The circles of a graph: its strongly connected components that have a cycle, in file order;
/// each file of a circle is on a cycle through every other. A file is on a cycle when it can
/// reach itself, and its circle is the files it reaches that reach it back.
fn circles(g: &Graph) -> Vec<BTreeSet<&str>> {
    let reach: BTreeMap<&str, BTreeSet<&str>> = g
        .edges
        .keys()
        .map(|v| (v.as_str(), reachable(g, v)))
        .collect();
    let mut circles: Vec<BTreeSet<&str>> = Vec::new();
    for (v, from_v) in &reach {
        if from_v.contains(v) && !circles.iter().any(|c| c.contains(v)) {
            circles.push(
                from_v
                    .iter()
                    .filter(|w| reach[*w].contains(v))
                    .copied()
                    .collect(),
            );
        }
    }
    circles
}

/// The files reached from `start` by one edge or more.
fn reachable<'g>(g: &'g Graph, start: &str) -> BTreeSet<&'g str> {
    let mut seen = BTreeSet::new();
    let mut todo: Vec<&str> = g.edges[start].keys().map(String::as_str).collect();
    while let Some(v) = todo.pop() {
        if seen.insert(v) {
            todo.extend(g.edges[v].keys().map(String::as_str));
        }
    }
    seen
}

/// A shortest cycle through `start` inside the strongly connected `component` (breadth first).
fn cycle_in<'g>(g: &'g Graph, component: &BTreeSet<&'g str>, start: &'g str) -> Vec<&'g str> {
    let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(v) = queue.pop_front() {
        for w in g.edges[v].keys().map(String::as_str) {
            if w == start {
                let mut cycle = vec![v];
                while let Some(&p) = came_from.get(cycle.last().unwrap()) {
                    cycle.push(p);
                }
                if v == start {
                    cycle.truncate(1);
                }
                cycle.reverse();
                return cycle;
            }
            if component.contains(w) && !came_from.contains_key(w) && w != start {
                came_from.insert(w, v);
                queue.push_back(w);
            }
        }
    }
    unreachable!("a strongly connected component has a cycle through each of its files")
}

/// `a → b → a (the path of a naming b; …)`.
fn cycle_text(g: &Graph, cycle: &[&str]) -> String {
    let whys: Vec<&str> = (0..cycle.len())
        .map(|i| g.edges[cycle[i]][cycle[(i + 1) % cycle.len()]].as_str())
        .collect();
    format!("{} → {} ({})", cycle.join(" → "), cycle[0], whys.join("; "))
}

/// Each import of a file in `src/<layer>/` (or `src/<layer>.rs`) of a layer its rule forbids.
fn layer_faults(g: &Graph, forbidden: &[(&str, &[&str])]) -> Vec<String> {
    let layer = |file: &str| {
        let rest = file.strip_prefix("src/")?;
        let first = rest.split('/').next()?;
        Some(first.strip_suffix(".rs").unwrap_or(first).to_string())
    };
    let mut faults = Vec::new();
    for (from, to) in &g.edges {
        let Some(rule) = layer(from).and_then(|l| forbidden.iter().find(|(f, _)| *f == l)) else {
            continue;
        };
        for (t, why) in to {
            if layer(t).is_some_and(|l| rule.1.contains(&l.as_str())) {
                faults.push(format!("{from} imports {t} ({why})"));
            }
        }
    }
    faults
}

/// A token of Rust source, comments, literals and lifetimes left out.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Ident(String),
    /// `::`
    Colons,
    Punct(char),
}

fn lex(text: &str) -> Vec<Tok> {
    let c: Vec<char> = text.chars().collect();
    let at = |i: usize| c.get(i).copied().unwrap_or('\0');
    let ident_char = |ch: char| ch.is_alphanumeric() || ch == '_';
    let mut toks = Vec::new();
    let mut i = 0;
    // Skips a string from its opening quote at `i`: `hashes` > 0 for a raw string.
    let string_end = |mut i: usize, raw: bool, hashes: usize| {
        i += 1;
        while i < c.len() {
            if !raw && c[i] == '\\' {
                i += 2;
            } else if c[i] == '"' && (i + 1..=i + hashes).all(|j| at(j) == '#') {
                return i + 1 + hashes;
            } else {
                i += 1;
            }
        }
        i
    };
    while i < c.len() {
        let ch = c[i];
        if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && at(i + 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if ch == '"' {
            i = string_end(i, false, 0);
        } else if ch == '\'' {
            if at(i + 1) == '\\' {
                i += 2;
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                i += 1;
                while i < c.len() && ident_char(c[i]) {
                    i += 1;
                }
            }
        } else if ident_char(ch) {
            let start = i;
            while i < c.len() && ident_char(c[i]) {
                i += 1;
            }
            let word: String = c[start..i].iter().collect();
            let hashes = (i..).take_while(|&j| at(j) == '#').count();
            if matches!(word.as_str(), "r" | "br" | "cr") && at(i + hashes) == '"' {
                i = string_end(i + hashes, true, hashes);
            } else if matches!(word.as_str(), "b" | "c") && at(i) == '"' {
                i = string_end(i, false, 0);
            } else if word == "r" && hashes == 1 && ident_char(at(i + 1)) {
                i += 1;
            } else if !ch.is_ascii_digit() {
                toks.push(Tok::Ident(word));
            }
        } else if ch == ':' && at(i + 1) == ':' {
            toks.push(Tok::Colons);
            i += 2;
        } else {
            toks.push(Tok::Punct(ch));
            i += 1;
        }
    }
    toks
}

/// One file: its module path (`["tsume", "search", "dfpn"]`), its path, and its tokens with
/// the `#[cfg(test)]` items taken out.
struct SourceFile {
    module: Vec<String>,
    file: PathBuf,
    toks: Vec<Tok>,
}

/// The files of a crate from its root, following each `mod x;` not under `#[cfg(test)]`, with
/// the crate's name first in each module path.
fn read_crate(root: &Path, name: &str) -> Vec<SourceFile> {
    let mut files = Vec::new();
    let mut todo = vec![(vec![name.to_string()], root.to_path_buf())];
    while let Some((module, file)) = todo.pop() {
        let text =
            std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let toks = without_test_items(lex(&text));
        let dir = match file.file_name().unwrap().to_str().unwrap() {
            "mod.rs" | "lib.rs" | "main.rs" => file.parent().unwrap().to_path_buf(),
            _ => file.with_extension(""),
        };
        for child in declared_mods(&toks) {
            let flat = dir.join(format!("{child}.rs"));
            let path = if flat.exists() {
                flat
            } else {
                dir.join(&child).join("mod.rs")
            };
            let mut m = module.clone();
            m.push(child);
            todo.push((m, path));
        }
        files.push(SourceFile { module, file, toks });
    }
    files.sort_by(|a, b| a.module.cmp(&b.module));
    files
}

/// The tokens without the items under `#[cfg(test)]`: the attribute, the attributes after it
/// and the item up to its `;` or `,` or the end of its first `{ … }` block.
fn without_test_items(toks: Vec<Tok>) -> Vec<Tok> {
    let test_attr = [
        Tok::Punct('#'),
        Tok::Punct('['),
        Tok::Ident("cfg".into()),
        Tok::Punct('('),
        Tok::Ident("test".into()),
        Tok::Punct(')'),
        Tok::Punct(']'),
    ];
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        if !toks[i..].starts_with(&test_attr) {
            out.push(toks[i].clone());
            i += 1;
            continue;
        }
        i += test_attr.len();
        let mut depth = 0i32;
        while i < toks.len() {
            let t = &toks[i];
            i += 1;
            match t {
                Tok::Punct('(' | '[' | '{') => depth += 1,
                Tok::Punct(')' | ']') => depth -= 1,
                Tok::Punct('}') => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                Tok::Punct(';' | ',') if depth == 0 => break,
                _ => {}
            }
            if depth < 0 {
                i -= 1;
                break;
            }
        }
    }
    out
}

/// The names of a file's `mod x;` declarations at its top level.
fn declared_mods(toks: &[Tok]) -> Vec<String> {
    let mut depth = 0;
    let mut mods = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        match t {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => depth -= 1,
            Tok::Ident(w) if w == "mod" && depth == 0 => {
                if let (Some(Tok::Ident(name)), Some(Tok::Punct(';'))) =
                    (toks.get(i + 1), toks.get(i + 2))
                {
                    mods.push(name.clone());
                }
            }
            _ => {}
        }
    }
    mods
}

/// A path a file names, made absolute: the modules it goes through and the item's name.
struct Named {
    /// Absolute, with the crate's name first.
    path: Vec<String>,
    /// As written, for messages.
    text: String,
    /// The name a top-level `use` gives it in the file (`None` for a glob and for a path that is
    /// no `use`), and whether that `use` is `pub`.
    alias: Option<(String, bool)>,
}

/// The paths each file names, resolved against the module tree of its crate and, for
/// `tsume::…`, against the library's.
struct Crate<'a> {
    own: &'a [SourceFile],
    lib: &'a [SourceFile],
}

impl Crate<'_> {
    fn is_module(&self, path: &[String]) -> bool {
        self.own.iter().chain(self.lib).any(|f| f.module == path)
    }

    /// The file defining `path`'s item: its longest prefix that is a file's module, followed
    /// through that file's `use` aliases (at most `depth` times more).
    fn file_of<'s>(
        &'s self,
        path: &[String],
        aliases: &Aliases,
        depth: u32,
    ) -> Option<&'s SourceFile> {
        let f = self
            .own
            .iter()
            .chain(self.lib)
            .filter(|f| path.starts_with(&f.module))
            .max_by_key(|f| f.module.len())?;
        let rest = &path[f.module.len()..];
        if let (Some(first), true) = (rest.first(), depth > 0) {
            if let Some(target) = aliases.get(&(f.file.clone(), first.clone())) {
                let mut next = target.clone();
                next.extend_from_slice(&rest[1..]);
                return self.file_of(&next, aliases, depth - 1).or(Some(f));
            }
        }
        Some(f)
    }
}

/// `(file, name)` → the absolute path a top-level `use` of the file gives that name.
type Aliases = BTreeMap<(PathBuf, String), Vec<String>>;

/// The import graph of a crate's files, named relative to `base`; `lib`, for the binary, the
/// library it names as `tsume`.
fn read_graph(root: &Path, name: &str, base: &Path, lib: Option<&[SourceFile]>) -> Graph {
    let own = read_crate(root, name);
    let krate = Crate {
        own: &own,
        lib: lib.unwrap_or(&[]),
    };
    let named: Vec<Vec<Named>> = own.iter().map(|f| named_paths(f, &krate, name)).collect();
    let mut aliases = Aliases::new();
    for (f, paths) in own.iter().zip(&named) {
        for n in paths {
            if let Some((alias, _)) = &n.alias {
                aliases.insert((f.file.clone(), alias.clone()), n.path.clone());
            }
        }
    }
    if let Some(lib) = lib {
        // The library's aliases, for `tsume::search::Report` and the like.
        let lib_crate = Crate { own: lib, lib: &[] };
        for f in lib {
            for n in named_paths(f, &lib_crate, "tsume") {
                if let Some((alias, _)) = n.alias {
                    aliases.insert((f.file.clone(), alias), n.path);
                }
            }
        }
    }
    let relative = |p: &Path| {
        p.strip_prefix(base)
            .unwrap_or(p)
            .to_string_lossy()
            .into_owned()
    };
    let mut g = Graph::default();
    for (f, paths) in own.iter().zip(&named) {
        let from = relative(&f.file);
        g.edges.entry(from.clone()).or_default();
        let used = used_names(&f.toks);
        for n in paths {
            if let Some((alias, true)) = &n.alias {
                if !used.contains(alias) {
                    continue;
                }
            }
            if let Some(target) = krate.file_of(&n.path, &aliases, 8) {
                let to = relative(&target.file);
                let own_child = target.module.starts_with(&f.module);
                if !own_child {
                    g.add(&from, &to, &n.text);
                }
            }
        }
    }
    g
}

/// The identifiers of a file outside its `use` statements.
fn used_names(toks: &[Tok]) -> BTreeSet<String> {
    let mut used = BTreeSet::new();
    let mut in_use = false;
    for t in toks {
        match t {
            Tok::Ident(w) if w == "use" => in_use = true,
            Tok::Punct(';') => in_use = false,
            Tok::Ident(w) if !in_use => {
                used.insert(w.clone());
            }
            _ => {}
        }
    }
    used
}

/// Every path of a file that names a module of the crate: `use` trees, and paths in the code
/// that start with `crate`, `super`, `self`, a child module or (`extern_name`) the library.
fn named_paths(f: &SourceFile, krate: &Crate, crate_name: &str) -> Vec<Named> {
    let toks = &f.toks;
    let mut out = Vec::new();
    // The inline modules (`mod sys { … }`) the walk is in, with the brace depth inside each.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut pub_seen = false;
    let mut i = 0;
    while i < toks.len() {
        let module: Vec<String> = f
            .module
            .iter()
            .cloned()
            .chain(inline.iter().map(|(m, _)| m.clone()))
            .collect();
        match &toks[i] {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => {
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                depth -= 1;
            }
            Tok::Ident(w) if w == "mod" => {
                if let (Some(Tok::Ident(name)), Some(Tok::Punct('{'))) =
                    (toks.get(i + 1), toks.get(i + 2))
                {
                    inline.push((name.clone(), depth + 1));
                }
            }
            Tok::Ident(w) if w == "pub" => {
                pub_seen = true;
                i += 1;
                if toks.get(i) == Some(&Tok::Punct('(')) {
                    while toks.get(i) != Some(&Tok::Punct(')')) {
                        i += 1;
                    }
                    i += 1;
                }
                continue;
            }
            Tok::Ident(w) if w == "use" => {
                let top = inline.is_empty() && depth == 0;
                let mut items = Vec::new();
                i = use_tree(toks, i + 1, Vec::new(), &mut items);
                for (segs, alias) in items {
                    if let Some(path) = absolute(&segs, &module, krate, crate_name) {
                        out.push(Named {
                            path,
                            text: segs.join("::"),
                            alias: alias.filter(|_| top).map(|a| (a, pub_seen)),
                        });
                    }
                }
            }
            Tok::Ident(w)
                if toks.get(i + 1) == Some(&Tok::Colons)
                    && i.checked_sub(1).is_none_or(|p| {
                        !matches!(&toks[p], Tok::Colons | Tok::Punct('.'))
                            && toks[p] != Tok::Ident("in".into())
                    }) =>
            {
                let mut segs = vec![w.clone()];
                let mut j = i + 1;
                while let (Some(Tok::Colons), Some(Tok::Ident(s))) = (toks.get(j), toks.get(j + 1))
                {
                    segs.push(s.clone());
                    j += 2;
                }
                if let Some(path) = absolute(&segs, &module, krate, crate_name) {
                    out.push(Named {
                        path,
                        text: segs.join("::"),
                        alias: None,
                    });
                }
                i = j;
                pub_seen = false;
                continue;
            }
            _ => {}
        }
        pub_seen = false;
        i += 1;
    }
    out
}

/// The paths of the use tree starting at `i`, each with the name it brings (`None` for a glob),
/// under `prefix`; returns the index after the tree (at its `,`, `}` or `;`).
fn use_tree(
    toks: &[Tok],
    mut i: usize,
    mut prefix: Vec<String>,
    out: &mut Vec<(Vec<String>, Option<String>)>,
) -> usize {
    while i < toks.len() {
        match &toks[i] {
            Tok::Ident(w) if w == "as" => {
                if let Some(Tok::Ident(alias)) = toks.get(i + 1) {
                    out.push((prefix.clone(), Some(alias.clone())));
                }
                return i + 2;
            }
            Tok::Ident(w) if w == "self" && !prefix.is_empty() => {
                if toks.get(i + 1) == Some(&Tok::Ident("as".into())) {
                    i += 1;
                    continue;
                }
                let name = prefix.last().cloned();
                out.push((prefix, name));
                return i + 1;
            }
            Tok::Ident(w) => prefix.push(w.clone()),
            Tok::Colons => {}
            Tok::Punct('*') => {
                out.push((prefix, None));
                return i + 1;
            }
            Tok::Punct('{') => {
                i += 1;
                while toks.get(i) != Some(&Tok::Punct('}')) {
                    i = use_tree(toks, i, prefix.clone(), out);
                    if toks.get(i) == Some(&Tok::Punct(',')) {
                        i += 1;
                    }
                }
                return i + 1;
            }
            _ => break,
        }
        i += 1;
    }
    let name = prefix.last().cloned();
    if !prefix.is_empty() {
        out.push((prefix, name));
    }
    i
}

/// `segs` as written in `module`, made absolute; `None` for a path outside the crate and the
/// library (`std::…`, an enum's variants).
fn absolute(
    segs: &[String],
    module: &[String],
    krate: &Crate,
    crate_name: &str,
) -> Option<Vec<String>> {
    let mut path: Vec<String>;
    let mut rest = segs;
    match segs.first()?.as_str() {
        "crate" => {
            path = vec![crate_name.to_string()];
            rest = &segs[1..];
        }
        "tsume" if crate_name != "tsume" => path = Vec::new(),
        "self" | "super" => {
            path = module.to_vec();
            while let Some(s) = rest.first().filter(|s| *s == "self" || *s == "super") {
                if s == "super" {
                    path.pop();
                }
                rest = &rest[1..];
            }
        }
        first => {
            let mut child = module.to_vec();
            child.push(first.to_string());
            if !krate.is_module(&child) {
                return None;
            }
            path = module.to_vec();
        }
    }
    path.extend_from_slice(rest);
    Some(path)
}
