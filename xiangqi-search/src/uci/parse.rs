//! Command lines to values: [`parse`] reads a whole line into a [`Command`] (the limits of
//! `go`, the name and value of `setoption`, the position and moves of `position`, the moves of
//! `banmoves`, the depth of `perft` and `bench`), with numbers that saturate instead of
//! wrapping. Nothing here touches the session; errors are the text of an `info string error`
//! line.

use super::{Protocol, MAX_PERFT_DEPTH};
use crate::search::limits::{Clock, Limits};
use std::time::Duration;
use xiangqi_core::notation::iccs::parse_coords;
use xiangqi_core::{Color, Move, MoveParseError, Position, RankDialect, Variant};

/// A command line as the session reads it, before it acts on it. Errors are the text of the
/// `info string error` line the session answers with.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// A blank line (ignored).
    Empty,
    /// `uci`: speak UCI and identify.
    Uci,
    /// `ucci`: speak UCCI and identify.
    Ucci,
    /// `isready`.
    IsReady,
    /// `ucinewgame` or `newgame`.
    NewGame,
    /// `setoption`: the option's name (empty when the command names none) and value, not yet
    /// checked against the options.
    SetOption {
        /// The option's name as sent.
        name: String,
        /// The value as sent (empty when there is none).
        value: String,
    },
    /// `position`: the position and its legal moves, or why the start position is refused.
    Position(Result<Box<PositionCommand>, String>),
    /// `banmoves`: each move in turn, or why it is not a legal move.
    BanMoves(Vec<Result<Move, String>>),
    /// `go`: the limits and whether to ponder, or why they are refused.
    Go(Result<(Limits, bool), String>),
    /// `stop` or `ponderhit`.
    Stop,
    /// `d` or `display`.
    Display,
    /// `bench [depth]`: the depth, or why it is refused.
    Bench(Result<u32, String>),
    /// `perft N` or `go perft N`: the depth, or why it is refused.
    Perft(Result<u32, String>),
    /// UCCI's `probe` (answered with nothing).
    Probe,
    /// `quit`.
    Quit,
    /// Anything else: the error message.
    Unknown(String),
}

/// Reads one command line as the session does, in `protocol`, with positions read in `variant`
/// and `go`, `banmoves` and `perft` applying to `current`, the session's position. Pure: the
/// session acts on the result, and bad input of any kind gives an error value, never a panic.
///
/// ```
/// use xiangqi_core::{Position, Variant};
/// use xiangqi_search::uci::{parse, Command, Protocol};
/// let pos = Position::startpos();
/// let Command::Go(Ok((limits, ponder))) = parse("go depth 7", Protocol::Uci, Variant::Xiangqi, &pos)
/// else {
///     panic!("a go command");
/// };
/// assert_eq!((limits.depth, ponder), (Some(7), false));
/// assert!(matches!(parse("go depth", Protocol::Uci, Variant::Xiangqi, &pos), Command::Go(Err(_))));
/// ```
pub fn parse(line: &str, protocol: Protocol, variant: Variant, current: &Position) -> Command {
    let mut words = line.split_whitespace();
    let Some(command) = words.next() else {
        return Command::Empty;
    };
    let rest: Vec<&str> = words.collect();
    match command {
        "uci" => Command::Uci,
        "ucci" => Command::Ucci,
        "isready" => Command::IsReady,
        "ucinewgame" | "newgame" => Command::NewGame,
        "setoption" => {
            let (name, value) = option_name_value(&rest);
            Command::SetOption { name, value }
        }
        "position" => Command::Position(parse_position(&rest, variant).map(Box::new)),
        "banmoves" => Command::BanMoves(
            rest.iter()
                .map(|text| match parse_move(current, text) {
                    Ok(m) if current.is_legal(m) => Ok(m),
                    _ => Err(format!("banmoves: {text:?} is not a legal move")),
                })
                .collect(),
        ),
        "go" if rest.first() == Some(&"perft") => Command::Perft(parse_perft(&rest[1..])),
        "go" => Command::Go(parse_go(&rest, current)),
        "stop" | "ponderhit" => Command::Stop,
        "d" | "display" => Command::Display,
        "bench" => Command::Bench(parse_bench(&rest)),
        "perft" => Command::Perft(parse_perft(&rest)),
        "probe" if protocol == Protocol::Ucci => Command::Probe,
        "quit" => Command::Quit,
        _ => {
            let shown: String = command.chars().take(64).collect();
            let more = if shown.len() < command.len() {
                "..."
            } else {
                ""
            };
            Command::Unknown(format!("unknown command {shown:?}{more}"))
        }
    }
}

/// The depth of `perft N`: 0 up to [`MAX_PERFT_DEPTH`].
fn parse_perft(args: &[&str]) -> Result<u32, String> {
    match args.first().map(|d| d.parse::<u32>()) {
        Some(Ok(d)) if d <= MAX_PERFT_DEPTH => Ok(d),
        _ => Err(format!("perft needs a depth 0..={MAX_PERFT_DEPTH}")),
    }
}

/// The depth of `bench [depth]`: 1 to 30, the bench's own without one.
fn parse_bench(args: &[&str]) -> Result<u32, String> {
    match args.first().map(|d| d.parse::<u32>()) {
        None => Ok(crate::bench::BENCH_DEPTH),
        Some(Ok(d)) if (1..=30).contains(&d) => Ok(d),
        _ => Err("bench takes an optional depth 1..30".to_owned()),
    }
}

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
#[derive(Clone, Debug, PartialEq)]
pub struct PositionCommand {
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

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi_core::Square;

    fn read(line: &str) -> Command {
        parse(line, Protocol::Uci, Variant::Xiangqi, &Position::startpos())
    }

    #[test]
    fn parse_reads_each_command_and_its_arguments() {
        assert_eq!(read("   "), Command::Empty);
        assert_eq!(read("uci"), Command::Uci);
        assert_eq!(read(" ucci "), Command::Ucci);
        assert_eq!(read("isready"), Command::IsReady);
        assert_eq!(read("newgame"), Command::NewGame);
        assert_eq!(read("ponderhit"), Command::Stop);
        assert_eq!(read("display"), Command::Display);
        assert_eq!(read("quit"), Command::Quit);
        assert_eq!(
            read("setoption name Clear Hash"),
            Command::SetOption {
                name: "Clear Hash".to_owned(),
                value: String::new()
            }
        );
        assert_eq!(
            read("setoption hashsize 64"),
            Command::SetOption {
                name: "hashsize".to_owned(),
                value: "64".to_owned()
            }
        );
        // `go perft` and `perft` are the same command; depths past the limit are refused.
        assert_eq!(read("go perft 3"), Command::Perft(Ok(3)));
        assert_eq!(read("perft 10"), Command::Perft(Ok(10)));
        assert!(matches!(read("perft 11"), Command::Perft(Err(_))));
        assert!(matches!(read("perft"), Command::Perft(Err(_))));
        assert_eq!(read("bench"), Command::Bench(Ok(crate::bench::BENCH_DEPTH)));
        assert_eq!(read("bench 30"), Command::Bench(Ok(30)));
        assert!(matches!(read("bench 0"), Command::Bench(Err(_))));
        // UCCI's probe is nothing in UCI.
        let pos = Position::startpos();
        assert_eq!(
            parse("probe", Protocol::Ucci, Variant::Xiangqi, &pos),
            Command::Probe
        );
        assert!(matches!(read("probe"), Command::Unknown(_)));
        let long = "x".repeat(100);
        assert_eq!(
            read(&long),
            Command::Unknown(format!("unknown command {:?}...", "x".repeat(64)))
        );
    }

    #[test]
    fn parse_gives_legal_moves_only_and_the_go_limits() {
        let h2e2 = Move::new(Square::H2, Square::E2);
        let Command::BanMoves(moves) = read("banmoves h2e2 e0e2 zz") else {
            panic!("banmoves");
        };
        assert_eq!(moves.len(), 3);
        assert_eq!(moves[0], Ok(h2e2));
        assert!(moves[1].is_err() && moves[2].is_err());
        let Command::Position(Ok(command)) = read("position startpos moves h2e2 h9g7 a0a9 b0c2")
        else {
            panic!("position");
        };
        assert_eq!(command.moves, [h2e2, Move::new(Square::H9, Square::G7)]);
        assert!(command.error.is_some_and(|e| e.contains("a0a9")));
        assert!(matches!(read("position fen"), Command::Position(Err(_))));
        // The janggi start when the session plays janggi, its pass written 0000.
        let janggi = parse(
            "position startpos moves 0000",
            Protocol::Uci,
            Variant::Janggi,
            &pos_of(Variant::Janggi),
        );
        let Command::Position(Ok(command)) = janggi else {
            panic!("janggi position");
        };
        assert_eq!(command.start, Position::start_of(Variant::Janggi));
        assert_eq!(command.moves.len(), 1);
        assert!(Position::is_pass(command.moves[0]));
        let Command::Go(Ok((limits, ponder))) =
            read("go wtime 1000 btime -5 winc 20 movestogo 0 searchmoves h2e2 e0e2 ponder")
        else {
            panic!("go");
        };
        assert!(ponder && limits.infinite);
        let clock = limits.clock.expect("a clock");
        assert_eq!(clock.red_time, Duration::from_millis(1000));
        assert_eq!(clock.black_time, Duration::ZERO);
        assert_eq!(clock.red_increment, Duration::from_millis(20));
        assert_eq!(clock.moves_to_go, Some(1));
        // The illegal e0e2 is dropped, and parsing goes on after it.
        assert_eq!(limits.search_moves, [h2e2]);
        assert!(matches!(read("go nodes"), Command::Go(Err(_))));
        assert!(matches!(read("go sideways"), Command::Go(Err(_))));
    }

    fn pos_of(variant: Variant) -> Position {
        Position::start_of(variant)
    }
}
