//! The main line played out, and where an alternative line comes back into it (迂回手順).

use crate::search::{MateLine, Step};
use crate::shogi::Position;
use hashbrown::HashMap;

/// The main line played out: the position before each ply (a futile pair's capture is played
/// from the position after the real drop; the pair leads to its virtual position) and the
/// plies counted before it.
pub struct Walk {
    /// The position before each ply, and at the end.
    pub positions: Vec<Position>,
    /// The plies counted before each position.
    pub counted: Vec<usize>,
    /// The first ply after which each position of the line stands (futile drops' real
    /// positions left out).
    plies_by_key: HashMap<u64, usize>,
}

impl Walk {
    /// Plays `line` out from `start`.
    pub fn new(start: &Position, line: &MateLine) -> Walk {
        let mut walk = Walk {
            positions: vec![start.clone()],
            counted: vec![0],
            plies_by_key: HashMap::new(),
        };
        let mut pos = start.clone();
        let mut counted = 0;
        for (i, step) in line.steps() {
            if let Step::Futile(f) = step {
                let mut real = pos.clone();
                real.make_move(f.drop);
                walk.positions.push(real);
                walk.counted.push(counted);
            }
            step.play(&mut pos);
            counted += step.counted();
            walk.positions.push(pos.clone());
            walk.counted.push(counted);
            walk.plies_by_key.entry(pos.key()).or_insert(i);
        }
        walk
    }
}

/// Where an alternative line comes back into the main line.
pub struct Rejoin {
    /// The main line's ply after which the position stands.
    pub ply: usize,
    /// The plies the alternative takes to get there, as counted.
    pub own: usize,
    /// The plies the main line takes from the branch point.
    pub main: usize,
}

/// The first position of `alt` (played from `pos`, the main line's position before ply index
/// `k`) that the main line reaches after ply `k`.
pub fn rejoin(pos: &Position, alt: &MateLine, k: usize, walk: &Walk) -> Option<Rejoin> {
    let mut pos = pos.clone();
    let mut own = 0;
    for (_, step) in alt.steps() {
        step.play(&mut pos);
        own += step.counted();
        if let Some(&j) = walk.plies_by_key.get(&pos.key()) {
            if j > k {
                return Some(Rejoin {
                    ply: j,
                    own,
                    main: walk.counted[j] - walk.counted[k],
                });
            }
        }
    }
    None
}
