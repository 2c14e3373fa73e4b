//! Command arguments to values: the limits of `go`, the name and value of `setoption`, the
//! position and moves of `position`, and numbers that saturate instead of wrapping. Nothing
//! here touches the session; errors are the text of an `info string error` line.

use crate::search::limits::{Clock, Limits};
use std::time::Duration;
use xiangqi_core::notation::iccs::parse_coords;
use xiangqi_core::{Color, Move, MoveParseError, Position, RankDialect, Variant};

/// A move of a `position` or `banmoves` command: ICCS coordinates, and in janggi `0000` for
/// the pass (as well as the general's point twice; core's [`Position::parse_iccs`]).
pub(super) fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveParseError> {
    pos.parse_iccs(text, RankDialect::Zero)
}

/// A decimal integer with an optional sign; a negative value gives 0 and one too large for
/// 64 bits gives `u64::MAX`, so that no value a GUI sends can wrap.
pub(super) fn parse_saturating(text: &str) -> Option<u64> {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if negative {
        return Some(0);
    }
    Some(digits.parse::<u64>().unwrap_or(u64::MAX))
}

/// The name and value of a `setoption`: UCI's `name <name words> [value <value words>]`, or
/// UCCI's `<name> <value>`.
pub(super) fn option_name_value(args: &[&str]) -> (String, String) {
    if args.first() == Some(&"name") {
        let value_at = args.iter().position(|w| *w == "value");
        let name = args[1..value_at.unwrap_or(args.len())].join(" ");
        let value = value_at
            .map(|i| args[i + 1..].join(" "))
            .unwrap_or_default();
        (name, value)
    } else {
        (
            args.first().map(|s| s.to_string()).unwrap_or_default(),
            args.get(1..).map(|v| v.join(" ")).unwrap_or_default(),
        )
    }
}

/// What a `position` command sets.
pub(super) struct PositionCommand {
    /// The position before the moves.
    pub start: Position,
    /// The legal moves from it, up to the first that is not.
    pub moves: Vec<Move>,
    /// Why the moves stop early, if they do.
    pub error: Option<String>,
}

/// `startpos` or `fen <fen>`, then optionally `moves <move>...`, read in `variant`. An error
/// in the start position refuses the command; an illegal move keeps the moves before it.
pub(super) fn parse_position(args: &[&str], variant: Variant) -> Result<PositionCommand, String> {
    let moves_at = args.iter().position(|w| *w == "moves");
    let spec = &args[..moves_at.unwrap_or(args.len())];
    let start = match spec.first() {
        Some(&"startpos") => Position::start_of(variant),
        Some(&"fen") if spec.len() > 1 => {
            Position::from_fen_variant(&spec[1..].join(" "), variant).map_err(|e| e.to_string())?
        }
        Some(&"fen") => return Err("position fen needs a FEN".to_owned()),
        _ => return Err("expected `position startpos` or `position fen <fen>`".to_owned()),
    };
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut error = None;
    for text in moves_at.map_or(&[][..], |i| &args[i + 1..]) {
        match parse_move(&pos, text) {
            Ok(m) if pos.is_legal(m) => {
                pos.make_move(m);
                moves.push(m);
            }
            _ => {
                error = Some(format!(
                    "illegal move {text:?} in position command; moves after it ignored"
                ));
                break;
            }
        }
    }
    Ok(PositionCommand {
        start,
        moves,
        error,
    })
}

/// The limits of a `go` command at `pos`, and whether it asks to ponder (which searches like
/// `go infinite`).
pub(super) fn parse_go(args: &[&str], pos: &Position) -> Result<(Limits, bool), String> {
    let mut limits = Limits::default();
    let mut clock = Clock::default();
    let mut has_clock = false;
    let mut ponder = false;
    let mut i = 0;
    let millis = |v: u64| Duration::from_millis(v);
    let us_red = pos.turn() == Color::Red;
    while i < args.len() {
        let word = args[i];
        let mut value = || -> Result<u64, String> {
            i += 1;
            let text = args
                .get(i)
                .ok_or_else(|| format!("go {word} needs a value"))?;
            // Clocks may go negative in some GUIs: treat that as no time left; a value past
            // 64 bits saturates.
            parse_saturating(text).ok_or_else(|| format!("go {word} needs a number, not {text:?}"))
        };
        match word {
            "depth" => limits.depth = Some(value()?.clamp(1, 1000) as u32),
            "nodes" => limits.nodes = Some(value()?.max(1)),
            "movetime" => limits.movetime = Some(millis(value()?)),
            "wtime" => {
                clock.red_time = millis(value()?);
                has_clock = true;
            }
            "btime" => {
                clock.black_time = millis(value()?);
                has_clock = true;
            }
            "winc" => clock.red_increment = millis(value()?),
            "binc" => clock.black_increment = millis(value()?),
            "movestogo" => clock.moves_to_go = Some(value()?.clamp(1, 1000) as u32),
            // UCCI: our own time and increment, and the opponent's.
            "time" | "increment" | "opptime" | "oppincrement" => {
                let t = millis(value()?);
                let red = us_red != word.starts_with("opp");
                let slot = match (word.ends_with("time"), red) {
                    (true, true) => &mut clock.red_time,
                    (true, false) => &mut clock.black_time,
                    (false, true) => &mut clock.red_increment,
                    (false, false) => &mut clock.black_increment,
                };
                *slot = t;
                has_clock |= word == "time";
            }
            "oppmovestogo" => {
                value()?;
            }
            "infinite" => limits.infinite = true,
            "ponder" => ponder = true,
            "draw" => {}
            "mate" => limits.mate = Some(value()?.clamp(1, 50) as u32),
            "searchmoves" => {
                while let Some(text) = args.get(i + 1) {
                    match parse_coords(text, RankDialect::Zero) {
                        Ok(m) => {
                            if pos.is_legal(m) {
                                limits.search_moves.push(m);
                            }
                            i += 1;
                        }
                        Err(_) => break,
                    }
                }
            }
            other => return Err(format!("unknown go parameter {other:?}")),
        }
        i += 1;
    }
    if has_clock {
        limits.clock = Some(clock);
    }
    if ponder {
        limits.infinite = true;
    }
    Ok((limits, ponder))
}
