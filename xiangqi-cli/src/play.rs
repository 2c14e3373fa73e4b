//! `xiangqi play`: a game against the engine in the terminal.
//!
//! The board is drawn with Chinese characters (traditional: 帥仕相傌俥炮兵 for Red, 將士象馬車砲卒
//! for Black) or with the letters K A E H R C P (upper case Red, lower case Black), coloured when
//! the output is a terminal. Moves are typed in ICCS (`h2e2`), WXF (`C2=5`) or Chinese
//! (`炮二平五`). The game is judged by the `simple` preset unless told otherwise, and its end is
//! explained.

use std::io::{BufRead, Write};
use std::time::Duration;
use xiangqi_core::{Color, Game, Move, Notation, Position, Rules, Square};
use xiangqi_search::{Engine, EngineOptions, Level, Limits};

/// How `xiangqi play` was asked to run.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    /// The engine's level.
    pub level: Level,
    /// The side the person plays.
    pub human: Color,
    /// Letters instead of Chinese characters.
    pub letters: bool,
    /// ANSI colours.
    pub color: bool,
    /// The rules the game is judged by.
    pub rules: Rules,
    /// The start position.
    pub start: Position,
    /// The engine's thinking time per move (levels below Master also cap their search).
    pub think: Duration,
    /// Seed for the levels' randomness (`None`: from the clock).
    pub seed: Option<u64>,
}

impl Default for PlayOptions {
    fn default() -> PlayOptions {
        PlayOptions {
            level: Level::Club,
            human: Color::Red,
            letters: false,
            color: false,
            rules: Rules::simple(),
            start: Position::startpos(),
            think: Duration::from_secs(2),
            seed: None,
        }
    }
}

const HELP: &str = "\
Moves: ICCS coordinates (h2e2), WXF (C2=5, H8+7) or Chinese (炮二平五, 马8进7).
Commands:
  undo     take back your last move (and the engine's reply)
  flip     turn the board around
  hint     ask the engine for a move
  moves    list your legal moves
  fen      show the position as FEN
  resign   give up the game
  help     this text
  quit     leave";

/// Parses the arguments of `xiangqi play`.
pub fn parse_args(args: &[String]) -> Result<PlayOptions, String> {
    let mut options = PlayOptions::default();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match arg.as_str() {
            "--level" => options.level = value("--level")?.parse().map_err(|e| format!("{e}"))?,
            "--color" | "--colour" => {
                options.human = match value("--color")?.to_ascii_lowercase().as_str() {
                    "red" | "r" | "w" => Color::Red,
                    "black" | "b" => Color::Black,
                    other => return Err(format!("--color takes red or black, not {other:?}")),
                }
            }
            "--letters" => options.letters = true,
            "--rules" => options.rules = value("--rules")?.parse().map_err(|e| format!("{e}"))?,
            "--fen" => {
                options.start = Position::from_fen(&value("--fen")?).map_err(|e| e.to_string())?
            }
            "--time" => {
                let secs: f64 = value("--time")?
                    .parse()
                    .map_err(|_| "--time needs seconds".to_owned())?;
                if !(0.01..=600.0).contains(&secs) {
                    return Err("--time must be between 0.01 and 600 seconds".to_owned());
                }
                options.think = Duration::from_secs_f64(secs);
            }
            "--seed" => {
                options.seed = Some(
                    value("--seed")?
                        .parse()
                        .map_err(|_| "--seed needs a number".to_owned())?,
                )
            }
            other => return Err(format!("unknown play option {other:?}")),
        }
    }
    Ok(options)
}

fn piece_text(piece: xiangqi_core::Piece, letters: bool) -> String {
    if letters {
        format!("{} ", piece.letter())
    } else {
        piece.chinese_char(true).to_string()
    }
}

/// Draws the board, `bottom`'s side nearest the reader.
pub fn draw(
    pos: &Position,
    bottom: Color,
    letters: bool,
    color: bool,
    last: Option<Move>,
) -> String {
    let mut out = String::new();
    let ranks: Vec<usize> = if bottom == Color::Red {
        (0..10).rev().collect()
    } else {
        (0..10).collect()
    };
    let files: Vec<usize> = if bottom == Color::Red {
        (0..9).collect()
    } else {
        (0..9).rev().collect()
    };
    let file_line: String = files
        .iter()
        .map(|&f| format!("{} ", (b'a' + f as u8) as char))
        .collect();
    out.push_str(&format!("   {file_line}\n"));
    for (row, &r) in ranks.iter().enumerate() {
        out.push_str(&format!("{r}  "));
        for &f in &files {
            let sq = Square::ALL[r * 9 + f];
            let marked = last.is_some_and(|m| m.from() == sq || m.to() == sq);
            let cell = match pos.piece_at(sq) {
                Some(p) => {
                    let text = piece_text(p, letters);
                    if color {
                        let code = if p.color == Color::Red {
                            "1;31"
                        } else {
                            "1;36"
                        };
                        let background = if marked { ";4" } else { "" };
                        format!("\x1b[{code}{background}m{text}\x1b[0m")
                    } else {
                        text
                    }
                }
                None if marked => "* ".to_owned(),
                None => "+ ".to_owned(),
            };
            out.push_str(&cell);
        }
        out.push_str(&format!(" {r}\n"));
        if row == 4 {
            out.push_str("   ~~~~~ river ~~~~~\n");
        }
    }
    out.push_str(&format!("   {file_line}\n"));
    out
}

fn describe(pos: &Position, m: Move) -> String {
    let wxf = pos.format_move(m, Notation::Wxf).unwrap_or_default();
    let chinese = pos.format_move(m, Notation::Chinese).unwrap_or_default();
    format!("{m} ({wxf}, {chinese})")
}

/// Plays a game reading commands from `input` and writing to `output`. Returns when the game
/// ends and the person quits, or at the end of input.
pub fn run<R: BufRead, W: Write>(
    options: &PlayOptions,
    mut input: R,
    output: &mut W,
) -> std::io::Result<()> {
    let mut engine = Engine::new(EngineOptions {
        hash_mb: 64,
        level: options.level,
        rules: options.rules,
        seed: options.seed,
        ..EngineOptions::default()
    });
    let mut game = Game::new(options.start.clone(), options.rules);
    let mut bottom = options.human;
    let limits = Limits {
        movetime: Some(options.think),
        ..Limits::default()
    };
    writeln!(
        output,
        "You play {} against the engine at level {} ({}). Rules: {}. Type `help` for commands.",
        if options.human == Color::Red {
            "Red"
        } else {
            "Black"
        },
        options.level.name(),
        options.level.description(),
        options.rules
    )?;
    let mut show = true;
    loop {
        if show {
            write!(
                output,
                "\n{}",
                draw(
                    game.position(),
                    bottom,
                    options.letters,
                    options.color,
                    game.peek()
                )
            )?;
        }
        show = true;
        if let Some(outcome) = game.outcome() {
            writeln!(
                output,
                "\nGame over ({}): {}",
                outcome.result(),
                outcome.explain()
            )?;
            writeln!(output, "Type `undo` to take back, or `quit`.")?;
        } else if game.position().turn() != options.human {
            let result = engine.search_game(&game, &limits, &mut |_| {});
            let Some(m) = result.best_move else {
                // No legal move: the outcome check above will say why next time round.
                continue;
            };
            writeln!(output, "Engine plays {}", describe(game.position(), m))?;
            if game.push(m).is_err() {
                writeln!(
                    output,
                    "internal error: the engine chose an illegal move {m}"
                )?;
                return Ok(());
            }
            continue;
        }
        write!(
            output,
            "{} to move> ",
            if game.position().turn() == Color::Red {
                "Red"
            } else {
                "Black"
            }
        )?;
        output.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(output)?;
            return Ok(());
        }
        let text = line.trim();
        match text.to_ascii_lowercase().as_str() {
            "" => show = false,
            "help" | "?" => {
                writeln!(output, "{HELP}")?;
                show = false;
            }
            "quit" | "exit" | "q" => return Ok(()),
            "flip" => bottom = !bottom,
            "fen" => {
                writeln!(output, "{}", game.position().fen())?;
                show = false;
            }
            "moves" => {
                let pos = game.position();
                let list: Vec<String> = pos
                    .legal_moves()
                    .iter()
                    .map(|&m| describe(pos, m))
                    .collect();
                writeln!(output, "{}", list.join(", "))?;
                show = false;
            }
            "hint" => {
                let mut helper = Engine::new(EngineOptions {
                    hash_mb: 16,
                    rules: options.rules,
                    ..EngineOptions::default()
                });
                let hint_limits = Limits {
                    movetime: Some(Duration::from_millis(500)),
                    ..Limits::default()
                };
                match helper
                    .search_game(&game, &hint_limits, &mut |_| {})
                    .best_move
                {
                    Some(m) => writeln!(output, "Hint: {}", describe(game.position(), m))?,
                    None => writeln!(output, "No legal move.")?,
                }
                show = false;
            }
            "undo" | "takeback" | "take back" => {
                // Take back to the person's previous turn.
                let mut undone = 0;
                while game.pop().is_some() {
                    undone += 1;
                    if game.position().turn() == options.human {
                        break;
                    }
                }
                if undone == 0 {
                    writeln!(output, "Nothing to take back.")?;
                }
            }
            "resign" => {
                if game.resign(options.human).is_ok() {
                    if let Some(outcome) = game.outcome() {
                        writeln!(
                            output,
                            "Game over ({}): {}",
                            outcome.result(),
                            outcome.explain()
                        )?;
                    }
                }
                return Ok(());
            }
            _ => {
                if game.is_over() {
                    writeln!(output, "The game is over: `undo` or `quit`.")?;
                    show = false;
                    continue;
                }
                match game.position().parse_any(text) {
                    Ok(m) => {
                        writeln!(output, "You play {}", describe(game.position(), m))?;
                        // parse_any only returns legal moves.
                        let _ = game.push(m);
                    }
                    Err(e) => {
                        writeln!(
                            output,
                            "{e}. Type `help` for the notations, `moves` for your moves."
                        )?;
                        show = false;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(options: &PlayOptions, input: &str) -> String {
        let mut out = Vec::new();
        run(options, input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn quick() -> PlayOptions {
        PlayOptions {
            level: Level::Beginner,
            think: Duration::from_millis(20),
            seed: Some(1),
            ..PlayOptions::default()
        }
    }

    #[test]
    fn moves_in_three_notations_undo_and_resign() {
        let text = session(
            &quick(),
            "h2e2\nundo\nC2=5\nundo\n炮二平五\nfen\nflip\nbogus\nresign\n",
        );
        assert_eq!(
            text.matches("You play h2e2 (C2=5, 炮二平五)").count(),
            3,
            "{text}"
        );
        assert!(text.matches("Engine plays").count() >= 3, "{text}");
        assert!(text.contains("invalid move \"bogus\""), "{text}");
        assert!(
            text.contains("Game over (0-1): Black wins: Red resigned."),
            "{text}"
        );
        // Chinese characters by default, no ANSI colour when not asked.
        assert!(text.contains('帥') && text.contains('將'));
        assert!(!text.contains('\x1b'));
    }

    #[test]
    fn playing_black_with_letters() {
        let options = PlayOptions {
            human: Color::Black,
            letters: true,
            ..quick()
        };
        let text = session(&options, "quit\n");
        assert!(text.starts_with("You play Black"));
        // The engine moved first, and the board shows letters with Black at the bottom.
        assert!(text.contains("Engine plays"));
        let board = draw(&Position::startpos(), Color::Black, true, false, None);
        assert!(
            board
                .lines()
                .nth(1)
                .unwrap()
                .starts_with("0  R H E A K A E H R"),
            "{board}"
        );
    }

    #[test]
    fn a_finished_game_says_why() {
        // Red mates at once with b0b9; the end is explained.
        let options = PlayOptions {
            start: Position::from_fen("3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1").unwrap(),
            ..quick()
        };
        let text = session(&options, "b0b9\nquit\n");
        assert!(
            text.contains("Game over (1-0): Red wins by checkmate"),
            "{text}"
        );
    }

    #[test]
    fn options_are_parsed() {
        let args: Vec<String> = [
            "--level",
            "strong",
            "--color",
            "black",
            "--letters",
            "--rules",
            "axf",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let o = parse_args(&args).unwrap();
        assert_eq!(
            (o.level, o.human, o.letters, o.rules),
            (Level::Strong, Color::Black, true, Rules::axf())
        );
        assert!(parse_args(&["--level".to_owned(), "grandmaster".to_owned()]).is_err());
    }
}
