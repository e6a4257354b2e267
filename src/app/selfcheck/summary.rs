//! The totals of a selfcheck run, as text or JSON.

use super::compare::{Agreement, Case, Dfpn, MAX_PLIES};
use super::SelfcheckRequest;
use crate::search::bounded::Bounded;
use serde::Serialize;
use std::io::Write;
use std::time::Duration;

/// The mate lengths the bounded search finds: the odd numbers up to [`MAX_PLIES`].
const MATE_LENGTHS: usize = (MAX_PLIES as usize).div_ceil(2);

/// The totals of a run (the `--json` output).
#[derive(Serialize, Debug)]
pub struct Summary {
    /// The version of tsume that wrote it.
    pub version: &'static str,
    /// Positions generated.
    pub positions: u64,
    /// The run's seed.
    pub seed: u64,
    /// Always `game`: lengths are minimax lengths under the rules of the game.
    pub rules: &'static str,
    /// The longest mate the bounded search looks for.
    pub max_plies: u32,
    /// Positions where both found the shortest mate of 1, 3, 5, … `max_plies` plies.
    pub mates_by_length: [u64; MATE_LENGTHS],
    /// Positions where neither found a mate within `max_plies`: the sum of the next three.
    pub no_mate_within: u64,
    /// Of those, where df-pn proved a longer mate.
    pub longer_mates: u64,
    /// Of those, where df-pn proved there is no mate.
    pub proven_no_mates: u64,
    /// Of those, where df-pn bounded to `max_plies` proved no mate within it (the whole search
    /// had reached its limit).
    pub no_mates_within: u64,
    /// Positions where the whole df-pn search reached its limit, so that df-pn bounded to
    /// `max_plies` plies answered instead.
    pub dfpn_fell_back: u64,
    /// Positions where df-pn reached its limit (not compared).
    pub dfpn_unknown: u64,
    /// Positions where the bounded search spent its budget (not compared).
    pub bounded_gave_up: u64,
    /// The positions whose answers differ, or whose df-pn line failed its replay.
    pub disagreements: Vec<Disagreement>,
    /// df-pn mates.
    pub dfpn_mates: u64,
    /// df-pn mate lines that replayed as mates through the rules.
    pub lines_replayed: u64,
    /// How many positions exercise each rule case.
    pub features: FeatureCounts,
    /// df-pn's nodes over all positions.
    pub dfpn_nodes: u64,
    /// df-pn's search time over all positions, in seconds.
    pub dfpn_seconds: f64,
    /// The bounded search's nodes over all positions.
    pub bounded_nodes: u64,
    /// The bounded search's time over all positions, in seconds.
    pub bounded_seconds: f64,
    /// Wall time of the run, in seconds.
    pub wall_seconds: f64,
    /// Positions solved at once.
    pub jobs: usize,
}

/// A position where the two searches disagree.
#[derive(Serialize, Debug)]
pub struct Disagreement {
    /// Its index in the run.
    pub index: u64,
    /// The position.
    pub sfen: String,
    /// df-pn's answer: `mate N: <USI line>`, `nomate` or `unknown`.
    pub dfpn: String,
    /// The bounded search's answer: `mate N`, `no mate within 7` or `gave up`.
    pub bounded: String,
    /// Why df-pn's line failed the replay check (or that a search panicked), if so.
    pub replay_fault: Option<String>,
}

/// Positions with each rule case.
#[derive(Serialize, Debug, Default)]
pub struct FeatureCounts {
    /// A pawn drop in front of the king would mate (打ち歩詰め, illegal).
    pub pawn_drop_mate_at_root: u64,
    /// df-pn's mate line has a promotion.
    pub promotion: u64,
    /// df-pn's mate line has an interposition.
    pub interposition: u64,
    /// df-pn's mate line has a pawn drop.
    pub pawn_drop: u64,
}

fn dfpn_text(d: &Dfpn) -> String {
    match d {
        Dfpn::Mate { length, line } => {
            let usi: Vec<String> = line.iter().map(|m| m.to_string()).collect();
            format!("mate {length}: {}", usi.join(" "))
        }
        Dfpn::NoMate => "nomate".to_string(),
        Dfpn::NoMateWithin => format!("no mate within {MAX_PLIES} (bounded df-pn)"),
        Dfpn::Unknown => "unknown".to_string(),
    }
}

fn bounded_text(b: Bounded) -> String {
    match b {
        Bounded::Mate(n) => format!("mate {n}"),
        Bounded::NoMateWithin => format!("no mate within {MAX_PLIES}"),
        Bounded::GaveUp => "gave up".to_string(),
    }
}

impl Summary {
    /// The totals of `cases`, in the order of their indices.
    pub fn of(req: &SelfcheckRequest, jobs: usize, cases: &[Case], wall: Duration) -> Summary {
        let mut s = Summary {
            version: crate::VERSION,
            positions: cases.len() as u64,
            seed: req.seed,
            rules: "game",
            max_plies: MAX_PLIES,
            mates_by_length: [0; MATE_LENGTHS],
            no_mate_within: 0,
            longer_mates: 0,
            proven_no_mates: 0,
            no_mates_within: 0,
            dfpn_fell_back: 0,
            dfpn_unknown: 0,
            bounded_gave_up: 0,
            disagreements: Vec::new(),
            dfpn_mates: 0,
            lines_replayed: 0,
            features: FeatureCounts::default(),
            dfpn_nodes: 0,
            dfpn_seconds: 0.0,
            bounded_nodes: 0,
            bounded_seconds: 0.0,
            wall_seconds: wall.as_secs_f64(),
            jobs,
        };
        for c in cases {
            match c.agreement() {
                Agreement::Mate(n) => s.mates_by_length[(n as usize - 1) / 2] += 1,
                Agreement::LongerMate => s.longer_mates += 1,
                Agreement::NoMate => s.proven_no_mates += 1,
                Agreement::NoMateWithin => s.no_mates_within += 1,
                Agreement::DfpnUnknown => s.dfpn_unknown += 1,
                Agreement::BoundedGaveUp => s.bounded_gave_up += 1,
                Agreement::Disagree => s.disagreements.push(Disagreement {
                    index: c.index,
                    sfen: c.sfen.clone(),
                    dfpn: dfpn_text(&c.dfpn),
                    bounded: bounded_text(c.bounded),
                    replay_fault: c.replay_fault.clone(),
                }),
            }
            s.dfpn_fell_back += u64::from(c.dfpn_fell_back);
            if matches!(c.dfpn, Dfpn::Mate { .. }) {
                s.dfpn_mates += 1;
                s.lines_replayed += u64::from(c.replay_fault.is_none());
            }
            let f = &c.features;
            s.features.pawn_drop_mate_at_root += u64::from(f.pawn_drop_mate_at_root);
            s.features.promotion += u64::from(f.promotion);
            s.features.interposition += u64::from(f.interposition);
            s.features.pawn_drop += u64::from(f.pawn_drop);
            s.dfpn_nodes += c.dfpn_cost.0;
            s.dfpn_seconds += c.dfpn_cost.1.as_secs_f64();
            s.bounded_nodes += c.bounded_cost.0;
            s.bounded_seconds += c.bounded_cost.1.as_secs_f64();
        }
        s.no_mate_within = s.longer_mates + s.proven_no_mates + s.no_mates_within;
        s
    }

    /// Prints each disagreement, then the totals.
    pub fn print(&self, out: &mut impl Write) {
        for d in &self.disagreements {
            let _ = writeln!(out, "disagreement: position {}: {}", d.index, d.sfen);
            let _ = writeln!(out, "  df-pn:   {}", d.dfpn);
            let _ = writeln!(out, "  bounded: {}", d.bounded);
            if let Some(fault) = &d.replay_fault {
                let _ = writeln!(out, "  fault:   {fault}");
            }
        }
        let _ = writeln!(
            out,
            "selfcheck: {} random positions, seed {}, rules of the game: df-pn against a \
             bounded AND/OR search up to {} plies",
            self.positions, self.seed, self.max_plies
        );
        for (i, n) in self.mates_by_length.iter().enumerate() {
            let _ = writeln!(out, "mate in {}: {n}", 2 * i + 1);
        }
        let _ = writeln!(
            out,
            "no mate within {}: {} (df-pn: {} longer mates, {} no mate, {} none within {})",
            self.max_plies,
            self.no_mate_within,
            self.longer_mates,
            self.proven_no_mates,
            self.no_mates_within,
            self.max_plies
        );
        let _ = writeln!(
            out,
            "unknown: {} (df-pn limit {}, bounded search budget {})",
            self.dfpn_unknown + self.bounded_gave_up,
            self.dfpn_unknown,
            self.bounded_gave_up
        );
        let _ = writeln!(
            out,
            "df-pn limit reached: {} (then df-pn bounded to {} plies answered)",
            self.dfpn_fell_back, self.max_plies
        );
        let _ = writeln!(out, "disagreements: {}", self.disagreements.len());
        let _ = writeln!(
            out,
            "df-pn lines replayed: {} of {} mates",
            self.lines_replayed, self.dfpn_mates
        );
        let f = &self.features;
        let _ = writeln!(
            out,
            "rule cases: 打ち歩詰め at the start {}; in the mate line: promotion {}, \
             interposition {}, pawn drop {}",
            f.pawn_drop_mate_at_root, f.promotion, f.interposition, f.pawn_drop
        );
        let _ = writeln!(
            out,
            "time: {:.1} s wall, {} jobs; df-pn {:.1} s ({} nodes), bounded {:.1} s ({} nodes)",
            self.wall_seconds,
            self.jobs,
            self.dfpn_seconds,
            self.dfpn_nodes,
            self.bounded_seconds,
            self.bounded_nodes
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::selfcheck::compare::{panicked, Features};
    use crate::app::selfcheck::generate::random_problem;
    use crate::notation::usi::parse_usi_move_syntax;

    fn request() -> SelfcheckRequest {
        SelfcheckRequest {
            count: 3,
            seed: 5,
            jobs: None,
            nodes: 1,
            time: None,
            hash_mb: 1,
            bounded_nodes: 1,
            json: false,
            quiet: true,
        }
    }

    #[test]
    fn a_disagreement_is_printed_with_its_position_and_both_answers() {
        let agreeing = Case {
            bounded: Bounded::NoMateWithin,
            dfpn: Dfpn::NoMate,
            replay_fault: None,
            features: Features {
                promotion: true,
                ..Features::default()
            },
            ..panicked(0, &random_problem(5, 0))
        };
        let wrong = Case {
            bounded: Bounded::Mate(3),
            dfpn: Dfpn::Mate {
                length: 5,
                line: vec![parse_usi_move_syntax("G*5b").unwrap()],
            },
            replay_fault: None,
            ..panicked(1, &random_problem(5, 1))
        };
        let crashed = panicked(2, &random_problem(5, 2));
        let cases = [agreeing, wrong.clone(), crashed.clone()];
        let summary = Summary::of(&request(), 1, &cases, Duration::from_secs(2));
        assert_eq!(summary.disagreements.len(), 2);
        assert_eq!(summary.proven_no_mates, 1);
        assert_eq!(summary.features.promotion, 1);
        let mut out = Vec::new();
        summary.print(&mut out);
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[..7],
            [
                format!("disagreement: position 1: {}", wrong.sfen).as_str(),
                "  df-pn:   mate 5: G*5b",
                "  bounded: mate 3",
                format!("disagreement: position 2: {}", crashed.sfen).as_str(),
                "  df-pn:   unknown",
                "  bounded: gave up",
                "  fault:   a search panicked on this position",
            ]
        );
        assert!(text.contains("\ndisagreements: 2\n"), "{text}");
        assert!(text.contains("\nno mate within 7: 1 (df-pn: 0 longer mates, 1 no mate"));
    }
}
