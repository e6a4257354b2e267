// The KIF files tsume writes, read by the GUIs' own readers: tsshogi (the reader of ShogiHome)
// and json-kifu-format (Kifu for JS). `cargo test --release --test integration kif_readers`
// writes each case into a folder as NAME.kif with NAME.expect.json, what a reader must find
// there, made from tsume's JSON answers:
//
//   {"lines": [["G*5a", "6a5a", ...], ...],   every line whole from the start, the main line first
//    "comments": [{"at": ["G*4b"], "text": "余詰"}]}   a comment on the node after those moves
//
// Each reader must read the file without a fault, find the main line, find exactly the moves of
// the lines (as a tree: every node of the file is on some line, every line's moves are in the
// file), and find each comment's text on its node. Usage: node check.mjs FOLDER

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { importKIF } from "tsshogi";
import jkf from "json-kifu-format";

const { JKFPlayer } = jkf;

/** The node paths (moves joined by spaces) of `lines`, every prefix of each. */
function nodesOf(lines) {
  const nodes = new Set();
  for (const line of lines) {
    for (let n = 1; n <= line.length; n++) nodes.add(line.slice(0, n).join(" "));
  }
  return nodes;
}

/** What tsshogi reads: the main line, the node paths, the comment of each node. */
function readTsshogi(text) {
  const record = importKIF(text);
  if (record instanceof Error) throw record;
  const nodes = new Set();
  const comments = new Map([["", record.first.comment]]);
  const walk = (node, path) => {
    for (let n = node; n; n = n.branch) {
      // Special moves (詰み, 中断, …) end a line; they are no moves of it.
      if (typeof n.move.usi !== "string") continue;
      const here = [...path, n.move.usi];
      nodes.add(here.join(" "));
      comments.set(here.join(" "), n.comment);
      if (n.next) walk(n.next, here);
    }
  };
  walk(record.first.next, []);
  const main = [];
  for (let n = record.first.next; n && typeof n.move.usi === "string"; n = n.next) {
    main.push(n.move.usi);
  }
  const meta = (key) => record.metadata.getStandardMetadata(key);
  return { main, nodes, comments, title: meta("opusName") ?? meta("title"), author: meta("author") };
}

const PIECE = { FU: "P", KY: "L", KE: "N", GI: "S", KI: "G", KA: "B", HI: "R" };
const RANKS = "abcdefghi";

/** A JKF move in USI. */
function jkfUsi(m) {
  const to = `${m.to.x}${RANKS[m.to.y - 1]}`;
  if (!m.from) return `${PIECE[m.piece]}*${to}`;
  return `${m.from.x}${RANKS[m.from.y - 1]}${to}${m.promote ? "+" : ""}`;
}

/** What json-kifu-format reads: the main line, the node paths, the comments of each node. */
function readJkf(text) {
  const kifu = JKFPlayer.parseKIF(text).kifu;
  const nodes = new Set();
  const comments = new Map([["", (kifu.moves[0].comments ?? []).join("\n")]]);
  const walk = (moves, from, path) => {
    const here = [...path];
    for (let i = from; i < moves.length; i++) {
      for (const fork of moves[i].forks ?? []) walk(fork, 0, here);
      if (!moves[i].move) break;
      here.push(jkfUsi(moves[i].move));
      nodes.add(here.join(" "));
      comments.set(here.join(" "), (moves[i].comments ?? []).join("\n"));
    }
  };
  walk(kifu.moves, 1, []);
  const main = [];
  for (const m of kifu.moves.slice(1)) {
    if (!m.move) break;
    main.push(jkfUsi(m.move));
  }
  const header = kifu.header ?? {};
  return { main, nodes, comments, title: header["作品名"], author: header["作者"] };
}

/** The faults of what a reader read, against `expect`. */
function faults(read, expect) {
  const out = [];
  const main = expect.lines[0] ?? [];
  if (read.main.join(" ") !== main.join(" ")) {
    out.push(`main line ${JSON.stringify(read.main.join(" "))}, expected ${JSON.stringify(main.join(" "))}`);
  }
  const want = nodesOf(expect.lines);
  for (const n of want) if (!read.nodes.has(n)) out.push(`missing the moves ${n}`);
  for (const n of read.nodes) if (!want.has(n)) out.push(`moves that are no line of the file: ${n}`);
  for (const c of expect.comments ?? []) {
    const got = read.comments.get(c.at.join(" ")) ?? "";
    if (!got.includes(c.text)) {
      out.push(`comment ${JSON.stringify(c.text)} not on ${c.at.join(" ") || "the start"} (it has ${JSON.stringify(got)})`);
    }
  }
  for (const key of ["title", "author"]) {
    if (expect[key] !== undefined && read[key] !== expect[key]) {
      out.push(`${key} ${JSON.stringify(read[key])}, expected ${JSON.stringify(expect[key])}`);
    }
  }
  return out;
}

const folder = process.argv[2];
if (!folder) {
  console.error("usage: node check.mjs FOLDER");
  process.exit(2);
}
const cases = readdirSync(folder).filter((f) => f.endsWith(".kif")).sort();
if (cases.length === 0) {
  console.error(`${folder}: no KIF file to read (run cargo test --release --test integration kif_readers first)`);
  process.exit(2);
}
let failed = 0;
for (const file of cases) {
  const text = readFileSync(join(folder, file), "utf8");
  const expect = JSON.parse(readFileSync(join(folder, file.replace(/\.kif$/, ".expect.json")), "utf8"));
  for (const [reader, read] of [["tsshogi", readTsshogi], ["json-kifu-format", readJkf]]) {
    let found;
    try {
      found = faults(read(text), expect);
    } catch (e) {
      found = [`cannot read it: ${e.message ?? e}`];
    }
    for (const f of found) console.log(`${file}: ${reader}: ${f}`);
    failed += found.length > 0 ? 1 : 0;
  }
}
console.log(`${cases.length} KIF files, each read by tsshogi and json-kifu-format: ${failed === 0 ? "all as written" : `${failed} readings wrong`}`);
process.exit(failed === 0 ? 0 : 1);
