//! Chase detection, as the Asian Xiangqi Federation (AXF) code defines a chase.
//!
//! A move *chases* an enemy piece when, after it, the mover threatens to win that piece next
//! move and did not threaten it that way before the move. A threat of attacker `A` on target `T`:
//!
//! 1. `A` is not a general or a soldier (those may attack freely);
//! 2. `T` is not a general (that is check) nor a soldier still on its own side of the river;
//! 3. `A` can legally capture `T`, and `A` does not shield its own general (see
//!    [`Position::shields_general`]): a pinned attacker threatens nothing, even when the piece
//!    it would take is the one pinning it (AXF example D39: a chariot standing as the leg of the
//!    horse that would check its general does not chase that horse);
//! 4. when `A` and `T` are of the same kind and `T` could legally capture `A` in return, the
//!    attack is an offer to exchange, not a chase;
//! 5. a horse or cannon attacking a chariot, and an advisor or elephant attacking a chariot,
//!    horse or cannon, threaten whether or not `T` is protected;
//! 6. otherwise `T` must be unprotected: after `A` takes `T`, no piece of `T`'s side can legally
//!    take back. A protector that is pinned, or whose recapture would leave the generals facing,
//!    or that cannot answer a check the capture uncovered, does not count.
//!
//! The general itself never chases: it may attack freely. Its step can still uncover an attack
//! of another piece, by leaving a chariot's or cannon's line, clearing a horse's leg or an
//! elephant's eye, or becoming a cannon's screen; when that attack threatens to win its
//! target, the move chases it, as any other uncovering move would. What the step changes only
//! through the pins (it unpins a piece of its own, or pins an enemy protector through the
//! flying-general rule) is not held against it: after a general's move, an attack is new only
//! when the attacker could not make the capture at all before (the shared rulings follow this:
//! a general shuttling beside its own pinned horse is no chaser).
//!
//! "Newly" compares threats pair by pair: the threat of `A` on `T` after the move is new unless
//! the same attacker (from where it stood before, if it is the piece that moved) threatened the
//! same target before the move. So moving a piece that uncovers an attack (a line opened, a
//! horse's leg or an elephant's eye cleared), giving a cannon a screen, or pinning a protector
//! all make chases, while a chariot sliding along a line it already attacked along does not.
//!
//! When the mover was in check before its move, its captures were then illegal only because of
//! that check; the comparison then asks whether the capture was possible as a move of the piece
//! (ignoring the check), so evading a check does not turn standing attacks into new chases.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::moves::Move;
use crate::position::Position;
use crate::role::Role;
use crate::square::Square;
use crate::variants::{dispatch, Family};

/// `true` when an attack by `attacker` on `target` threatens to win the target even when it is
/// protected: a horse or cannon on a chariot, an advisor or elephant on a chariot, horse or cannon.
#[inline]
pub const fn attacks_regardless_of_protection(attacker: Role, target: Role) -> bool {
    match attacker {
        Role::Horse | Role::Cannon => matches!(target, Role::Chariot),
        Role::Advisor | Role::Elephant => {
            matches!(target, Role::Chariot | Role::Horse | Role::Cannon)
        }
        _ => false,
    }
}

impl Position {
    /// The enemy pieces that the legal move `m` newly chases, as points in the position after
    /// `m` (see the [module documentation](crate::chase) for the exact definition). Checks are
    /// not included: a move that gives check is told by [`Position::gives_check`].
    ///
    /// ```
    /// use xiangqi_core::{Move, Position, Square};
    ///
    /// // The red chariot leaves a0 and attacks the unprotected black horse on e5.
    /// let pos = Position::from_fen("4k4/9/9/9/4n4/9/9/9/9/R2K5 w - - 0 1").unwrap();
    /// let chased = pos.chased_by(Move::new(Square::A0, Square::A5));
    /// assert_eq!(chased.single(), Some(Square::E5));
    /// ```
    ///
    /// # Panics
    /// May panic when `m` is not legal here.
    pub fn chased_by(&self, m: Move) -> Bitboard {
        if !dispatch!(self.variant(), G => G::KNOWS_CHASES) {
            // Janggi's rules know no chase.
            return Bitboard::EMPTY;
        }
        let us = self.turn();
        let them = !us;
        let general_moved = m.from() == self.general(us);
        // The position after `m`, handed back to the mover so its captures can be tried.
        let mut after = self.clone();
        after.make_move(m);
        after.make_null_move();

        let targets = after.by_color(them)
            - after.pieces(them, Role::General)
            - (after.pieces(them, Role::Soldier) & Bitboard::home_side(them));
        if targets.is_empty() {
            return Bitboard::EMPTY;
        }
        let chasers =
            after.by_color(us) - after.pieces(us, Role::General) - after.pieces(us, Role::Soldier);
        // The position before `m`, copied only once a threat needs comparing. In check there,
        // every capture was illegal for that reason alone; compare with the captures the pieces
        // could make, so evading a check makes no new chase.
        let mut before: Option<(Position, bool)> = None;
        let mut chased = Bitboard::EMPTY;
        for attacker in chasers {
            let attacked = after.capture_targets(attacker) & targets;
            // Not in check after its own move, the mover may make any capture of a piece that
            // does not shield its general; a piece that does threatens nothing.
            if attacked.is_empty() || after.shields_general(attacker) {
                continue;
            }
            let attacker_before = if attacker == m.to() {
                m.from()
            } else {
                attacker
            };
            let mut pinned_before = None;
            for target in attacked - chased {
                if !after.threat_by_capture(attacker, target) {
                    continue;
                }
                let (before, legal_before) =
                    before.get_or_insert_with(|| (self.clone(), !self.is_check()));
                let possible_before = before.is_pseudo_legal(Move::new(attacker_before, target));
                // After a general's step, only a capture made possible is new (see above).
                let existed = possible_before
                    && (general_moved
                        || !(*legal_before
                            && *pinned_before
                                .get_or_insert_with(|| before.shields_general(attacker_before)))
                            && before.threat_by_capture(attacker_before, target));
                if !existed {
                    chased.add(target);
                }
            }
        }
        chased
    }

    /// `true` when the side to move, by capturing with the piece on `attacker`, threatens to win
    /// the enemy piece on `target` in the sense of a chase (rules 1 to 6 of the
    /// [module documentation](crate::chase)). Any pair of points may be asked about; the answer
    /// is `false` while the side to move is in check.
    pub fn threatens(&self, attacker: Square, target: Square) -> bool {
        match (self.piece_at(attacker), self.piece_at(target)) {
            (Some(a), Some(t)) if a.color == self.turn() && t.color != a.color => {
                self.clone().threat(attacker, target)
            }
            _ => false,
        }
    }

    /// The points the piece on `sq` could capture on if they held enemy pieces (generals and
    /// soldiers excluded: they never chase).
    fn capture_targets(&self, sq: Square) -> Bitboard {
        let Some(piece) = self.piece_at(sq) else {
            return Bitboard::EMPTY;
        };
        match piece.role {
            Role::General | Role::Soldier => Bitboard::EMPTY,
            _ => attacks::attacks_on_file(piece, sq, self.occupied(), || {
                self.file_occupancy(sq.file())
            }),
        }
    }

    /// The threat test of an attacker that can legally capture (rules 1 to 6). Leaves the
    /// position as it found it.
    fn threat(&mut self, attacker: Square, target: Square) -> bool {
        // Not in check, a capture by a piece other than the general changes the board only by
        // emptying `attacker` (the target point stays occupied, and its piece attacked
        // nothing), so it is legal exactly when the attacker shields nothing.
        !self.is_check()
            && self.is_pseudo_legal(Move::new(attacker, target))
            && !self.shields_general(attacker)
            && self.threat_by_capture(attacker, target)
    }

    /// Rules 1, 2, 4, 5 and 6 for a capture `attacker` x `target` already known to be
    /// possible. Leaves the position as it found it.
    fn threat_by_capture(&mut self, attacker: Square, target: Square) -> bool {
        let (Some(a), Some(t)) = (self.piece_at(attacker), self.piece_at(target)) else {
            return false;
        };
        if matches!(a.role, Role::General | Role::Soldier) || t.role == Role::General {
            return false;
        }
        if t.role == Role::Soldier && target.rank().is_home_of(t.color) {
            return false;
        }
        if a.role == t.role {
            let null = self.make_null_move();
            let exchange = self.is_legal(Move::new(target, attacker));
            self.unmake_null_move(null);
            if exchange {
                return false;
            }
        }
        if attacks_regardless_of_protection(a.role, t.role) {
            return true;
        }
        let capture = Move::new(attacker, target);
        let undo = self.make_move(capture);
        let protected = self.can_recapture_on(target);
        self.unmake_move(capture, undo);
        !protected
    }

    /// `true` when the side to move has a legal capture on `sq`.
    fn can_recapture_on(&self, sq: Square) -> bool {
        let mut protectors = self.attackers(sq, self.turn());
        if protectors.is_empty() {
            return false;
        }
        let in_check = self.is_check();
        let general = self.general(self.turn());
        Iterator::any(&mut protectors, |from| {
            let capture = Move::new(from, sq);
            if in_check || from == general {
                self.is_legal(capture)
            } else {
                // As in `threat`, out of check only emptying `from` could expose the general,
                // unless the recapture takes the very piece that would then attack it.
                self.is_pseudo_legal(capture)
                    && (!self.shields_general(from) || self.is_legal(capture))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RankDialect;

    fn chased(fen: &str, mv: &str) -> Vec<String> {
        let pos = Position::from_fen(fen).unwrap();
        let m = pos.parse_iccs(mv, RankDialect::Zero).unwrap();
        pos.chased_by(m).map(|sq| sq.name()).collect()
    }

    #[test]
    fn chariot_chases_an_unprotected_horse_only() {
        // Rook a0-a5 attacks the horse on e5 along rank 5.
        assert_eq!(
            chased("4k4/9/9/9/4n4/9/9/9/9/R2K5 w - - 0 1", "a0a5"),
            ["e5"]
        );
        // The black chariot on e8 protects it down the file: no chase.
        assert!(chased("4k4/4r4/9/9/4n4/9/9/9/9/R2K5 w - - 0 1", "a0a5").is_empty());
    }

    #[test]
    fn horse_on_chariot_chases_even_a_protected_one() {
        // Horse c3-d5 attacks the chariot on e7 (leg d6 empty); the general on e8 protects it.
        assert_eq!(
            chased("9/4k4/4r4/9/9/9/2N6/9/9/3K5 w - - 0 1", "c3d5"),
            ["e7"]
        );
    }

    #[test]
    fn a_standing_attack_is_not_new() {
        // The chariot already attacks e5 from a5; on b5 it keeps the same attack.
        assert!(chased("4k4/9/9/9/R3n4/9/9/9/9/3K5 w - - 0 1", "a5b5").is_empty());
        // Sliding along the file it already attacks along (the shape of AXF example D106).
        assert!(chased("4k4/9/9/9/7n1/9/9/9/9/3K3R1 w - - 0 1", "h0h1").is_empty());
        // Coming onto that file from elsewhere is a new attack.
        assert_eq!(
            chased("4k4/9/9/9/7n1/9/9/9/9/3K2R2 w - - 0 1", "g0h0"),
            ["h5"]
        );
    }

    #[test]
    fn discovered_attacks_are_new() {
        // The red horse on c5 blocks the chariot on a5; moving it away uncovers the attack.
        assert_eq!(
            chased("4k4/9/9/9/R1N1n4/9/9/9/9/3K5 w - - 0 1", "c5b7"),
            ["e5"]
        );
    }

    #[test]
    fn a_new_screen_makes_a_cannon_chase() {
        // Cannon a5 and horse e5 with nothing between; the red horse b3-c5 becomes the screen.
        assert_eq!(
            chased("4k4/9/9/9/C3n4/9/1N7/9/9/3K5 w - - 0 1", "b3c5"),
            ["e5"]
        );
    }

    #[test]
    fn soldiers_never_chase_and_uncrossed_soldiers_are_never_chased() {
        // A crossed red soldier stepping next to the black horse on f6 attacks it: no chase.
        assert!(chased("4k4/9/9/5n3/4P4/9/9/9/9/3K5 w - - 0 1", "e5e6").is_empty());
        // A black soldier on its own side (rank 6) is not chased; across the river it is.
        assert!(chased("4k4/9/9/4p4/9/9/9/9/9/R2K5 w - - 0 1", "a0a6").is_empty());
        assert_eq!(
            chased("4k4/9/9/9/9/4p4/9/9/9/R2K5 w - - 0 1", "a0a4"),
            ["e4"]
        );
    }

    #[test]
    fn exchange_offers_are_not_chases() {
        // Chariot a0-a5 attacks the black chariot on e5, which can take back: an exchange.
        assert!(chased("4k4/9/9/9/4r4/9/9/9/9/R2K5 w - - 0 1", "a0a5").is_empty());
        // Pinned on the d file between the red chariot on d0 and its general on d9, the black
        // chariot cannot take back, so the attack is a chase.
        assert_eq!(
            chased("3k5/9/9/9/3r5/9/9/9/9/R2R1K3 w - - 0 1", "a0a5"),
            ["d5"]
        );
    }

    #[test]
    fn elephant_on_a_horse_chases_even_a_protected_one() {
        // Elephant g0-e2 attacks the crossed black horse on c4 (eye d3), which the chariot on
        // c9 protects.
        assert_eq!(
            chased("2r1k4/9/9/9/9/2n6/9/9/9/3K2B2 w - - 0 1", "g0e2"),
            ["c4"]
        );
    }

    #[test]
    fn a_general_step_uncovers_attacks_but_not_unpinnings() {
        // Stepping off the e file opens the e0 chariot onto the unprotected cannon on e5.
        assert_eq!(
            chased("5k3/9/9/9/4c4/9/9/9/4K4/4R4 w - - 0 1", "e1d1"),
            ["e5"]
        );
        // Stepping onto d1 gives the d0 cannon a screen against the unprotected horse on d5.
        assert_eq!(
            chased("5k3/9/9/9/3n5/9/9/9/4K4/3C5 w - - 0 1", "e1d1"),
            ["d5"]
        );
        // Stepping off the e file unpins the e1 horse, pinned by the chariot on e7, whose
        // attack on the cannon on d3 was there all along: no chase.
        assert!(chased("5k3/9/4r4/9/9/9/3c5/9/4N4/4K4 w - - 0 1", "e0d0").is_empty());
    }

    #[test]
    fn flying_general_makes_a_protector_fail() {
        // The red horse on d0 is "protected" by the general on e0, but after Rxd0 the recapture
        // Kxd0 would face the black general on d9: the chariot's move is a chase.
        assert_eq!(
            chased("3k5/9/9/9/9/9/9/2r6/9/3NK4 b - - 0 1", "c2d2"),
            ["d0"]
        );
        // A black horse on d6 blocks the file, so the general really protects: no chase.
        assert!(chased("3k5/9/9/3n5/9/9/9/2r6/9/3NK4 b - - 0 1", "c2d2").is_empty());
    }
}
