//! Training positions: the samples of a game record (which positions are used, their inputs
//! and targets), a dataset split into training and validation games, and the fit of the
//! centipawns-to-win-chance scale.

use super::sigmoid;
use crate::data::{DataError, DataReader, GameRecord, SCORE_MATE_BOUND, SCORE_NONE};
use crate::features::{feature, ViewKey, FEATURES};
use crate::net::NetGame;
use std::path::{Path, PathBuf};
use xiangqi_core::{Color, Piece, Position, Square};

/// One training position: the inputs as Red sees them, the side to move, the search's score
/// and the game's result for the side to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    pub(super) red_view: [u16; 32],
    pub(super) count: u8,
    pub(super) black_to_move: bool,
    /// Search score for the side to move, centipawns.
    pub score: i16,
    /// 1 won, 0.5 drawn, 0 lost, for the side to move.
    pub result: f32,
}

/// Which positions of a game are learned from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Filter {
    /// Plies at the start of each recorded game left out.
    pub min_ply: usize,
    /// Positions scored beyond this (centipawns) are left out.
    pub max_score: i32,
    /// Leave out positions with the side to move in check.
    pub skip_in_check: bool,
    /// Leave out positions whose played (best) move is a capture: their static value is not
    /// their score.
    pub skip_captures: bool,
    /// The game learned: games of the other are left out.
    pub game: NetGame,
}

impl Default for Filter {
    fn default() -> Filter {
        Filter {
            min_ply: 4,
            max_score: 3_000,
            skip_in_check: true,
            skip_captures: true,
            game: NetGame::Xiangqi,
        }
    }
}

/// Tables that map an input to the other side's view, and to the board mirrored left-right.
pub(super) struct Maps {
    pub(super) other_view: Vec<u16>,
    pub(super) mirror: Vec<u16>,
}

pub(super) fn maps() -> &'static Maps {
    static MAPS: std::sync::OnceLock<Maps> = std::sync::OnceLock::new();
    MAPS.get_or_init(|| {
        let mut other_view = vec![0u16; FEATURES];
        let mut mirror = vec![0u16; FEATURES];
        for index in 0..14 {
            let piece = Piece::from_index(index).expect("14 pieces");
            for sq in Square::ALL {
                let red = feature(Color::Red, piece, sq);
                other_view[red] = feature(Color::Black, piece, sq) as u16;
                mirror[red] = feature(Color::Red, piece, sq.flip_file()) as u16;
            }
        }
        Maps { other_view, mirror }
    })
}

impl Sample {
    /// The sample of a position.
    pub fn new(pos: &Position, score: i16, result: f32) -> Sample {
        let mut red_view = [0u16; 32];
        let mut count = 0;
        for sq in Square::ALL {
            if let Some(piece) = pos.piece_at(sq) {
                if count < 32 {
                    red_view[count] = feature(Color::Red, piece, sq) as u16;
                    count += 1;
                }
            }
        }
        Sample {
            red_view,
            count: count as u8,
            black_to_move: pos.turn() == Color::Black,
            score,
            result,
        }
    }

    /// Fills the side to move's inputs and the other side's, mirrored left-right if asked;
    /// with `generals`, each view's inputs in the block of its general (see [`ViewKey`]).
    pub(super) fn views(
        &self,
        mirrored: bool,
        generals: bool,
        us: &mut [u16; 32],
        them: &mut [u16; 32],
    ) -> usize {
        let maps = maps();
        let n = usize::from(self.count);
        let (mut red_general, mut black_general) = (None, None);
        for i in 0..n {
            let mut red = self.red_view[i];
            if mirrored {
                red = maps.mirror[usize::from(red)];
            }
            let black = maps.other_view[usize::from(red)];
            // A view's own general is its relative piece 0: the input is the point it sees.
            if red < 90 {
                red_general = Some(red);
            }
            if black < 90 {
                black_general = Some(black);
            }
            if self.black_to_move {
                (us[i], them[i]) = (black, red);
            } else {
                (us[i], them[i]) = (red, black);
            }
        }
        if generals {
            let key = |general: Option<u16>| {
                // Both views see their general from the red side's end of the board.
                general.map_or(ViewKey::PLAIN, |point| {
                    ViewKey::of_general(Color::Red, Square::ALL[usize::from(point)])
                })
            };
            let (us_key, them_key) = if self.black_to_move {
                (key(black_general), key(red_general))
            } else {
                (key(red_general), key(black_general))
            };
            for (view, key) in [(&mut us[..n], us_key), (&mut them[..n], them_key)] {
                for f in view.iter_mut() {
                    let g = if key.mirror {
                        maps.mirror[usize::from(*f)]
                    } else {
                        *f
                    };
                    *f = (key.offset + usize::from(g)) as u16;
                }
            }
        }
        n
    }
}

/// The positions of a game that pass `filter`, as samples.
pub fn game_samples(record: &GameRecord, filter: &Filter, out: &mut Vec<Sample>) {
    let mut pos = record.start.clone();
    for (ply, scored) in record.moves.iter().enumerate() {
        let score = scored.score;
        let keep = ply >= filter.min_ply
            && score != SCORE_NONE
            && score.unsigned_abs() < SCORE_MATE_BOUND as u16
            && i32::from(score).abs() <= filter.max_score
            && !(filter.skip_in_check && pos.is_check())
            && !(filter.skip_captures
                && !Position::is_pass(scored.mv)
                && pos.piece_at(scored.mv.to()).is_some());
        if keep {
            out.push(Sample::new(
                &pos,
                score,
                record.result.score_for(pos.turn()),
            ));
        }
        if pos.play(scored.mv).is_err() {
            // A damaged game: keep what came before the bad move.
            return;
        }
    }
}

/// Training and validation positions from data files: games whose number is a multiple of
/// `validation_every` go to validation.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    /// Positions trained on.
    pub train: Vec<Sample>,
    /// Positions the validation loss is measured on.
    pub validation: Vec<Sample>,
    /// Games read.
    pub games: u64,
    /// Games left out because they are of the other game.
    pub other_game: u64,
    /// Files whose damaged tail (a game cut short, or bytes after the last whole game) was
    /// left out: each file and the byte offset where its whole games end.
    pub damaged_tails: Vec<(PathBuf, u64)>,
}

impl Dataset {
    /// Reads every whole game of the files (a damaged tail is left out and listed in
    /// [`Dataset::damaged_tails`]).
    pub fn load(
        paths: &[&Path],
        filter: &Filter,
        validation_every: u64,
    ) -> Result<Dataset, DataError> {
        let mut set = Dataset::default();
        for path in paths {
            let mut reader = DataReader::open(path)?;
            while let Some(record) = reader.next_whole_game()? {
                set.add_game(&record, filter, validation_every);
            }
            if let Some((offset, _)) = reader.damaged_tail() {
                set.damaged_tails.push((path.to_path_buf(), offset));
            }
        }
        Ok(set)
    }

    /// Adds one game's positions.
    pub fn add_game(&mut self, record: &GameRecord, filter: &Filter, validation_every: u64) {
        self.games += 1;
        if NetGame::of(record.start.variant()) != filter.game {
            self.other_game += 1;
            return;
        }
        let target = if validation_every > 0 && record.index % validation_every == 0 {
            &mut self.validation
        } else {
            &mut self.train
        };
        game_samples(record, filter, target);
    }
}

/// The scale `K` (centipawns) at which `sigmoid(score / K)` best predicts the results, by
/// least squares: how the engine's centipawns map to winning chances.
pub fn fit_score_scale(samples: &[Sample]) -> f32 {
    let error = |k: f32| -> f64 {
        samples
            .iter()
            .map(|s| {
                let p = sigmoid(f32::from(s.score) / k);
                f64::from((p - s.result) * (p - s.result))
            })
            .sum()
    };
    let (mut lo, mut hi) = (50.0f32, 2_000.0f32);
    for _ in 0..40 {
        let a = lo + (hi - lo) / 3.0;
        let b = hi - (hi - lo) / 3.0;
        if error(a) < error(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}
