//! The text of `--stats`: for each search of the shortest-mate loop, where its visits went
//! ([`SearchStats`]), a block of indented lines under the problem's row.

use crate::search::stats::SearchStats;
use std::io::Write;

/// Writes the statistics of every search in `searches`, in order, the final one last.
pub fn write_stats(out: &mut impl Write, searches: &[SearchStats]) {
    for s in searches {
        let _ = write_search(out, s);
    }
    let _ = out.flush();
}

fn write_search(out: &mut impl Write, s: &SearchStats) -> std::io::Result<()> {
    let bound = s
        .bound
        .map_or("no bound".to_string(), |b| format!("within {b} plies"));
    let answer = match (s.proven, s.disproven) {
        (Some(len), _) => format!("mate in {len} proven"),
        (None, true) => "disproven".to_string(),
        (None, false) => "undecided".to_string(),
    };
    writeln!(out, "  stats: search {bound}: {answer}")?;
    writeln!(
        out,
        "    nodes {} = visits {} + last-plies nodes {}; positions {}, {:.2} visits each",
        s.nodes,
        s.visits,
        s.shallow,
        s.distinct,
        ratio(s.visits, s.distinct)
    )?;
    let revisits: Vec<String> = s
        .revisits
        .iter()
        .map(|&(lo, hi, n)| {
            let range = if lo == hi {
                lo.to_string()
            } else {
                format!("{lo}-{hi}")
            };
            format!("{range}: {n} ({:.1}%)", percent(n, s.distinct))
        })
        .collect();
    writeln!(
        out,
        "    positions visited N times: {}",
        revisits.join(", ")
    )?;
    writeln!(
        out,
        "    {:>4}  {:>10}  {:>12}  {:>6}  {:>14}  {:>12}",
        "used", "plies left", "visits", "share", "nodes a visit", "nodes"
    )?;
    for (used, p) in s.by_depth.iter().enumerate().filter(|(_, p)| p.visits > 0) {
        let left = s
            .bound
            .map_or("-".to_string(), |b| (b as usize - used).to_string());
        writeln!(
            out,
            "    {:>4}  {:>10}  {:>12}  {:>5.1}%  {:>14.1}  {:>12}",
            used,
            left,
            p.visits,
            percent(p.visits, s.visits),
            ratio(p.nodes, p.visits),
            p.nodes
        )?;
    }
    let fill: Vec<String> = samples(&s.fill, 10)
        .iter()
        .map(|&(n, f)| format!("{:.1}% at {n}", f as f64 / 10.0))
        .collect();
    writeln!(
        out,
        "    table fill: {}; region {} MB",
        fill.join(", "),
        s.region_bytes >> 20
    )?;
    let r = &s.replaced;
    writeln!(
        out,
        "    entries given up by full clusters: {} ({} estimates, {} disproofs, {} proofs)",
        r.estimates + r.disproofs + r.proofs,
        r.estimates,
        r.disproofs,
        r.proofs
    )?;
    let t = &s.twins;
    writeln!(
        out,
        "    attacker expansions {}, {} ({:.1}%) with near-twin checks; dn summed {:.4e}, \
         twins counted once {:.4e}: twins' share {:.1}%",
        t.expansions,
        t.with_twins,
        percent(t.with_twins, t.expansions),
        t.all_checks,
        t.grouped,
        if t.all_checks > 0.0 {
            100.0 * (t.all_checks - t.grouped) / t.all_checks
        } else {
            0.0
        }
    )?;
    writeln!(
        out,
        "    under the root's checks {} nodes, under their replies {}; largest:",
        s.root_checks_nodes, s.replies_nodes
    )?;
    for (level, trees) in [("check", &s.root_checks), ("reply", &s.replies)] {
        for t in trees.iter() {
            writeln!(
                out,
                "      {level} {:<16} {:>12} nodes ({:>5.1}%), {} visits",
                t.moves.join(" "),
                t.nodes,
                percent(t.nodes, s.nodes),
                t.visits
            )?;
        }
    }
    Ok(())
}

/// At most `n` of `samples`, evenly spaced, the last one kept.
fn samples(samples: &[(u64, u32)], n: usize) -> Vec<(u64, u32)> {
    if samples.len() <= n {
        return samples.to_vec();
    }
    (1..=n)
        .map(|i| samples[i * samples.len() / n - 1])
        .collect()
}

fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

fn percent(a: u64, b: u64) -> f64 {
    100.0 * ratio(a, b)
}
