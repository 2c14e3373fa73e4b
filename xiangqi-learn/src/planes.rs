//! Observation planes: a position as stacked 10x9 planes for a network (`Board.planes` in
//! Python), in float32 or uint8.

use xiangqi_core::rules::JANGGI_NO_CAPTURE_LIMIT;
use xiangqi_core::{janggi, Color, Position, Variant};

/// Which planes follow the 14 piece planes of each position: xiangqi's colour and no-capture
/// planes, or janggi's five (see [`PlaneLayout::write`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlaneLayout {
    /// Xiangqi's planes.
    Xiangqi,
    /// Janggi's planes, the no-capture plane measured against `no_capture_scale` plies.
    Janggi {
        /// The no-capture count that fills the no-capture plane as 1.0.
        no_capture_scale: u32,
    },
}

impl PlaneLayout {
    /// The layout of a `variant` game played under `rules`: janggi's no-capture plane counts
    /// towards the rules' limit (100 plies, 200 in janggimodern; 100 when the rules have none).
    pub fn of(variant: Variant, rules: &xiangqi_core::Rules) -> PlaneLayout {
        if variant.is_janggi() {
            PlaneLayout::Janggi {
                no_capture_scale: rules
                    .no_capture_limit
                    .unwrap_or(JANGGI_NO_CAPTURE_LIMIT)
                    .max(1),
            }
        } else {
            PlaneLayout::Xiangqi
        }
    }

    /// How many planes `planes(history)` has: 14 piece planes per position, plus the colour and
    /// no-capture planes, and for janggi the pass plane and the two sides' counting points.
    pub fn count(self, history: usize) -> usize {
        14 * (history + 1)
            + match self {
                PlaneLayout::Xiangqi => 2,
                PlaneLayout::Janggi { .. } => 5,
            }
    }

    /// Writes the planes of a game into `out` ([`PlaneLayout::count`] planes of 90 points, one
    /// more with `repeated`): `current` is the current position, `earlier` the ones before it,
    /// newest first (at most `history` are read; missing history stays zero). `own` is the
    /// colour whose pieces fill planes 0..7 of each step; `mirror` flips ranks so that colour
    /// plays up the board. After the piece planes: a plane of ones when Red (Cho) is to move,
    /// the no-capture count as a fraction of the layout's scale; for janggi then a plane of ones
    /// when the last move was a pass (a pass now ends the game) and the counting points of `own`
    /// and of the other side ([`janggi::half_points`]: Han's 1.5 included). With `repeated` (how
    /// often the current position occurred before) a last plane holds it.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn write<'a, T: PlaneValue>(
        self,
        current: &Position,
        earlier: impl IntoIterator<Item = &'a Position>,
        history: usize,
        own: Color,
        mirror: bool,
        repeated: Option<u32>,
        out: &mut [T],
    ) {
        out.fill(T::default());
        write_pieces(current, own, mirror, &mut out[..14 * 90]);
        for (step, pos) in earlier.into_iter().take(history).enumerate() {
            let base = (step + 1) * 14 * 90;
            write_pieces(pos, own, mirror, &mut out[base..base + 14 * 90]);
        }
        let pieces = 14 * (history + 1);
        let plane = |k: usize| (pieces + k) * 90..(pieces + k + 1) * 90;
        if current.turn() == Color::Red {
            out[plane(0)].fill(T::ONE);
        }
        let scale = match self {
            PlaneLayout::Xiangqi => NO_CAPTURE_SCALE,
            PlaneLayout::Janggi { no_capture_scale } => no_capture_scale,
        };
        out[plane(1)].fill(T::progress(current.halfmoves(), scale));
        if let PlaneLayout::Janggi { .. } = self {
            if current.last_move_was_pass() {
                out[plane(2)].fill(T::ONE);
            }
            out[plane(3)].fill(T::points(janggi::half_points(current, own)));
            out[plane(4)].fill(T::points(janggi::half_points(current, !own)));
        }
        if let Some(earlier) = repeated {
            out[plane(self.count(history) - pieces)].fill(T::repeated(earlier));
        }
    }
}

/// The no-capture count that fills the xiangqi no-capture plane as 1.0 (the draw limit of
/// every preset).
pub const NO_CAPTURE_SCALE: u32 = 120;

/// The most counting points a janggi side can hold, in half points: Han's whole army (72
/// points) and its 1.5 points of compensation. The float32 points planes are divided by it.
pub const MAX_HALF_POINTS: u32 = 147;

/// A plane element type: `f32` or `u8`.
pub trait PlaneValue: Copy + Default + Send {
    /// The value of an occupied point.
    const ONE: Self;
    /// The value of the no-capture plane: `halfmoves` of `scale` (float) or the count (uint8).
    fn progress(halfmoves: u32, scale: u32) -> Self;
    /// The value of the repetition plane for a position seen `earlier` times before.
    fn repeated(earlier: u32) -> Self;
    /// The value of a janggi points plane for a side holding `half_points`.
    fn points(half_points: u32) -> Self;
}

impl PlaneValue for f32 {
    const ONE: f32 = 1.0;
    #[inline]
    fn progress(halfmoves: u32, scale: u32) -> f32 {
        (halfmoves as f32 / scale as f32).min(1.0)
    }
    fn repeated(earlier: u32) -> f32 {
        earlier.min(2) as f32 / 2.0
    }
    fn points(half_points: u32) -> f32 {
        (half_points as f32 / MAX_HALF_POINTS as f32).min(1.0)
    }
}

impl PlaneValue for u8 {
    const ONE: u8 = 1;
    #[inline]
    fn progress(halfmoves: u32, _scale: u32) -> u8 {
        halfmoves.min(255) as u8
    }
    fn repeated(earlier: u32) -> u8 {
        earlier.min(255) as u8
    }
    fn points(half_points: u32) -> u8 {
        half_points.min(255) as u8
    }
}

/// Writes the 14 piece planes of `pos` into the zeroed `out` (14 * 90 values).
#[inline]
fn write_pieces<T: PlaneValue>(pos: &Position, own: Color, mirror: bool, out: &mut [T]) {
    for sq in pos.occupied() {
        if let Some(p) = pos.piece_at(sq) {
            let side = usize::from(p.color != own);
            let plane = side * 7 + p.role.index();
            let point = if mirror { sq.flip_rank() } else { sq };
            out[plane * 90 + point.index()] = T::ONE;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_points_planes_are_scaled_by_hans_whole_army() {
        // Han's army: 2 chariots (13), 2 cannons (7), 2 horses (5), 2 elephants (3), 2 guards
        // (3), 5 soldiers (2), in points, and 1.5 points of compensation: 73.5 = 147 halves.
        let army = 2 * 13 + 2 * 7 + 2 * 5 + 2 * 3 + 2 * 3 + 5 * 2;
        assert_eq!(army * 2 + 3, MAX_HALF_POINTS);
        let start = Position::start_of(Variant::Janggi);
        assert_eq!(janggi::half_points(&start, Color::Black), MAX_HALF_POINTS);
    }

    #[test]
    fn the_planes_of_the_start_position_hold_the_pieces_and_the_side_to_move() {
        let pos = Position::startpos();
        let layout = PlaneLayout::Xiangqi;
        let mut out = vec![0u8; layout.count(1) * 90];
        layout.write(&pos, [&pos], 1, Color::Red, false, None, &mut out);
        // Per side: 1 general, 2 advisors, 2 elephants, 2 horses, 2 chariots, 2 cannons, 5
        // soldiers, in core's role order.
        let counts = [1, 2, 2, 2, 2, 2, 5];
        for step in 0..2 {
            for plane in 0..14 {
                let n: u32 = out[(step * 14 + plane) * 90..][..90]
                    .iter()
                    .map(|&v| v as u32)
                    .sum();
                assert_eq!(n, counts[plane % 7], "step {step} plane {plane}");
            }
        }
        // Red's general on e0 (point 4), Black's on e9 (point 85).
        assert_eq!(out[4], 1);
        assert_eq!(out[7 * 90 + 85], 1);
        assert!(out[28 * 90..29 * 90].iter().all(|&v| v == 1), "Red to move");
        assert!(
            out[29 * 90..30 * 90].iter().all(|&v| v == 0),
            "no-capture count 0"
        );
    }
}
