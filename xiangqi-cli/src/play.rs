//! `xiangqi play`: a game against the engine in the terminal.
//!
//! The board is drawn as the lines of a real board, palaces with their diagonals and the river,
//! with the pieces as Chinese characters (traditional: 帥仕相傌俥炮兵 for Red, 將士象馬車砲卒 for
//! Black) or as the letters K A E H R C P (upper case Red, lower case Black), coloured when the
//! output is a terminal; `letters` and `chars` switch during the game, and moves are shown in the
//! same set (traditional Chinese notation with characters, WXF with letters). Moves are typed in
//! ICCS (`h2e2`), WXF (`C2=5`) or Chinese (`炮二平五`); an illegal one is refused with the reason
//! core gives ([`xiangqi_core::IllegalMoveReason`]). Checks are announced. The game is judged by
//! the `simple` preset (the play surfaces' rules) unless told otherwise, its end is explained, and
//! `save FILE` writes it as PGN.

use crate::args;
use std::io::{BufRead, Write};
use std::time::Duration;
use xiangqi_core::pgn::{PgnGame, WriteOptions};
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
    /// The rules the game is judged by (default: `simple`, the rules of the play surfaces).
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
            think: Level::Club.think_time(),
            seed: None,
        }
    }
}

const HELP: &str = "\
Moves: ICCS coordinates (h2e2), WXF (C2=5, H8+7) or Chinese (炮二平五, 马8进7).
Commands:
  undo       take back your last move (and the engine's reply)
  flip       turn the board around
  letters    show the pieces as letters (K A E H R C P) and moves in WXF
  chars      show the pieces as Chinese characters and moves in Chinese
  hint       ask the engine for a move
  moves      list your legal moves
  fen        show the position as FEN
  save FILE  write the game so far to FILE as PGN
  resign     give up the game
  help       this text
  quit       leave";

/// The usage of `xiangqi play`, for `--help`.
pub const USAGE: &str = "\
usage: xiangqi play [--level beginner|casual|club|strong|master] [--color red|black] [--letters]
                    [--rules casual|simple|axf] [--time SECONDS] [--fen FEN] [--seed N]
Play the engine in the terminal (default: level club, you are Red, simple rules, 2 s a move).
  --level    the engine's level
  --color    the side you play
  --letters  pieces as letters K A E H R C P instead of Chinese characters
  --rules    the game-end rules: casual, simple (the default) or axf
  --time     the engine's thinking time per move, in seconds
  --fen      start from this position
  --seed     seed of the levels' randomness (the same seed plays the same game)
During the game, `help` lists the commands.";

/// Parses the arguments of `xiangqi play`.
pub fn parse_args(args: &[String]) -> Result<PlayOptions, String> {
    let mut options = PlayOptions::default();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| args::value(&mut it, name).cloned();
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

/// `true` when the diagonal from `a` to `b` (diagonal neighbours) is drawn on the board: it
/// joins a palace's centre to one of its corners.
fn palace_diagonal(a: Square, b: Square) -> bool {
    xiangqi_core::attacks::palace_diagonal_neighbours(a).contains(b)
}

/// Draws the board, `bottom`'s side nearest the reader: the points joined by lines, the
/// palaces with their diagonals, the river, the last move's points marked.
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
    let at = |col: usize, row: usize| Square::ALL[ranks[row] * 9 + files[col]];
    let file_line: String = files
        .iter()
        .map(|&f| format!("{:<4}", (b'a' + f as u8) as char))
        .collect();
    let file_line = format!("   {}\n", file_line.trim_end());
    out.push_str(&file_line);
    for (row, &rank) in ranks.iter().enumerate() {
        out.push_str(&format!("{rank}  "));
        for col in 0..9 {
            let sq = at(col, row);
            let marked = last.is_some_and(|m| m.from() == sq || m.to() == sq);
            let filler = if col < 8 { '-' } else { ' ' };
            match pos.piece_at(sq) {
                Some(p) => {
                    let text = if letters {
                        p.letter().to_string()
                    } else {
                        p.chinese_char(true).to_string()
                    };
                    if color {
                        let code = if p.color == Color::Red {
                            "1;31"
                        } else {
                            "1;36"
                        };
                        let underline = if marked { ";4" } else { "" };
                        out.push_str(&format!("\x1b[{code}{underline}m{text}\x1b[0m"));
                    } else {
                        out.push_str(&text);
                    }
                    if letters {
                        out.push(filler);
                    }
                }
                None => {
                    out.push(if marked { '*' } else { '+' });
                    out.push(filler);
                }
            }
            if col < 8 {
                out.push_str("--");
            }
        }
        out.push_str(&format!(" {rank}\n"));
        if row == 9 {
            break;
        }
        out.push_str("   ");
        if row == 4 {
            out.push('|');
            out.push_str(if letters {
                "             river             "
            } else {
                "     楚 河           漢 界     "
            });
            out.push_str("|\n");
            continue;
        }
        for col in 0..9 {
            out.push('|');
            if col < 8 {
                let diagonal = if palace_diagonal(at(col, row), at(col + 1, row + 1)) {
                    '\\'
                } else if palace_diagonal(at(col + 1, row), at(col, row + 1)) {
                    '/'
                } else {
                    ' '
                };
                out.push(' ');
                out.push(diagonal);
                out.push(' ');
            }
        }
        out.push('\n');
    }
    out.push_str(&file_line);
    out
}

/// A move as the board shows pieces: ICCS, then WXF with letters or traditional Chinese with
/// characters.
fn describe(pos: &Position, m: Move, letters: bool) -> String {
    let notation = if letters {
        Notation::Wxf
    } else {
        Notation::ChineseTraditional
    };
    let text = pos.format_move(m, notation).unwrap_or_default();
    format!("{m} ({text})")
}

/// Writes the game as PGN into `path`.
fn save(game: &Game, options: &PlayOptions, path: &str) -> std::io::Result<usize> {
    let mut record = PgnGame::from_game(game);
    let engine = format!("xiangqi engine ({})", options.level.name());
    let (red, black) = if options.human == Color::Red {
        ("You".to_owned(), engine)
    } else {
        (engine, "You".to_owned())
    };
    record.set_tag("Event", "xiangqi play");
    record.set_tag("Red", red);
    record.set_tag("Black", black);
    let text = record
        .to_pgn(&WriteOptions::default())
        .map_err(|e| std::io::Error::other(e.to_string()))?;
    std::fs::write(path, text)?;
    Ok(game.ply())
}

/// Announces a check on the side to move after a move, unless the game just ended.
fn announce_check<W: Write>(game: &Game, output: &mut W) -> std::io::Result<()> {
    if game.position().is_check() && game.outcome().is_none() {
        let side = if game.position().turn() == Color::Red {
            "Red"
        } else {
            "Black"
        };
        writeln!(output, "Check! {side}'s general is attacked.")?;
    }
    Ok(())
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
    let mut letters = options.letters;
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
                draw(game.position(), bottom, letters, options.color, game.peek())
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
            writeln!(
                output,
                "Engine plays {}",
                describe(game.position(), m, letters)
            )?;
            if game.push(m).is_err() {
                writeln!(
                    output,
                    "internal error: the engine chose an illegal move {m}"
                )?;
                return Ok(());
            }
            announce_check(&game, output)?;
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
        let (word, argument) = match text.split_once(char::is_whitespace) {
            Some((word, rest)) => (word, rest.trim()),
            None => (text, ""),
        };
        if word.eq_ignore_ascii_case("save") {
            if argument.is_empty() {
                writeln!(output, "Usage: save FILE")?;
            } else {
                match save(&game, options, argument) {
                    Ok(plies) => writeln!(output, "Saved {plies} plies to {argument} as PGN.")?,
                    Err(e) => writeln!(output, "Could not save to {argument}: {e}")?,
                }
            }
            show = false;
            continue;
        }
        match text.to_ascii_lowercase().as_str() {
            "" => show = false,
            "help" | "?" => {
                writeln!(output, "{HELP}")?;
                show = false;
            }
            "quit" | "exit" | "q" => return Ok(()),
            "flip" => bottom = !bottom,
            "letters" => letters = true,
            "chars" | "characters" | "chinese" => letters = false,
            "fen" => {
                writeln!(output, "{}", game.position().fen())?;
                show = false;
            }
            "moves" => {
                let pos = game.position();
                let list: Vec<String> = pos
                    .legal_moves()
                    .iter()
                    .map(|&m| describe(pos, m, letters))
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
                    Some(m) => writeln!(output, "Hint: {}", describe(game.position(), m, letters))?,
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
                        writeln!(output, "You play {}", describe(game.position(), m, letters))?;
                        // parse_any only returns legal moves.
                        let _ = game.push(m);
                        announce_check(&game, output)?;
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
            text.matches("You play h2e2 (炮二平五)").count(),
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
        // The engine moved first, in WXF since the pieces are letters, and the board shows
        // letters with Black at the bottom.
        let engine = text
            .lines()
            .find(|l| l.starts_with("Engine plays"))
            .unwrap();
        assert!(
            engine.ends_with(')') && engine.is_ascii() && engine.contains(" ("),
            "{engine}"
        );
        let board = draw(&Position::startpos(), Color::Black, true, false, None);
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines[0], "   i   h   g   f   e   d   c   b   a");
        assert_eq!(lines[1], "0  R---H---E---A---K---A---E---H---R  0");
    }

    #[test]
    fn the_palaces_and_the_river_are_drawn() {
        let board = draw(&Position::startpos(), Color::Red, false, false, None);
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines[1], "9  車--馬--象--士--將--士--象--馬--車 9");
        // Between ranks 9 and 8, and 8 and 7: the black palace's diagonals cross at e8.
        assert_eq!(lines[2], "   |   |   |   | \\ | / |   |   |   |");
        assert_eq!(lines[4], "   |   |   |   | / | \\ |   |   |   |");
        assert_eq!(lines[6], "   |   |   |   |   |   |   |   |   |");
        assert!(lines[10].contains("楚 河"), "{board}");
        assert_eq!(lines[16], "   |   |   |   | \\ | / |   |   |   |");
        assert_eq!(lines[18], "   |   |   |   | / | \\ |   |   |   |");
        assert_eq!(lines[19], "0  俥--傌--相--仕--帥--仕--相--傌--俥 0");
    }

    #[test]
    fn checks_are_announced() {
        // The chariot checks along rank 9; the black general can still step to d8.
        let options = PlayOptions {
            start: Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1").unwrap(),
            ..quick()
        };
        let text = session(&options, "a0a9\nquit\n");
        let at = text.find("You play a0a9").expect("the move");
        assert!(
            text[at..].contains("Check! Black's general is attacked."),
            "{text}"
        );
        assert!(!text.contains("Game over"), "{text}");
    }

    #[test]
    fn illegal_moves_say_why() {
        let text = session(&quick(), "h0h2\na0a5\ne4e5\nH2+4\nquit\n");
        for reason in [
            "illegal move \"h0h2\": that piece does not move so",
            "illegal move \"a0a5\": the path is blocked",
            "illegal move \"e4e5\": no piece of yours there",
            // The horse on h0 (file 2) would go to f1 over its blocked leg on g0.
            "illegal move \"H2+4\": the path is blocked",
        ] {
            assert!(text.contains(reason), "{reason}: {text}");
        }
        let options = PlayOptions {
            start: Position::from_fen("3k5/9/9/9/4r4/9/9/9/4N4/4K4 w - - 0 1").unwrap(),
            ..quick()
        };
        let text = session(&options, "e1c2\nquit\n");
        assert!(
            text.contains("illegal move \"e1c2\": it leaves your general attacked"),
            "{text}"
        );
        let options = PlayOptions {
            start: Position::from_fen("4k4/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1").unwrap(),
            ..quick()
        };
        let text = session(&options, "e1c2\nquit\n");
        assert!(
            text.contains("illegal move \"e1c2\": the generals would face each other"),
            "{text}"
        );
    }

    #[test]
    fn letters_and_chars_switch_board_and_moves() {
        let text = session(&quick(), "letters\nh2e2\nchars\nh0g2\nquit\n");
        let letters_at = text.find("Red to move> \n").unwrap();
        let chars_at = text.rfind("Red to move> \n").unwrap();
        assert!(letters_at < chars_at);
        let (first, rest) = text.split_at(letters_at);
        assert!(first.contains("俥--傌"), "characters before `letters`");
        let (during, after) = rest.split_at(chars_at - letters_at);
        assert!(during.contains("R---H---E"), "{during}");
        assert!(during.contains("You play h2e2 (C2=5)"), "{during}");
        assert!(!during.contains('俥'), "{during}");
        assert!(after.contains("俥--"), "{after}");
        assert!(after.contains("You play h0g2 (傌二進三)"), "{after}");
    }

    #[test]
    fn save_writes_the_game_as_pgn() {
        let path = std::env::temp_dir().join(format!("xiangqi-play-{}.pgn", std::process::id()));
        let name = path.to_str().unwrap();
        let text = session(&quick(), &format!("h2e2\nsave {name}\nsave\nquit\n"));
        assert!(
            text.contains(&format!("Saved 2 plies to {name} as PGN.")),
            "{text}"
        );
        assert!(text.contains("Usage: save FILE"), "{text}");
        let pgn = std::fs::read_to_string(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert!(pgn.contains("[Red \"You\"]"), "{pgn}");
        assert!(
            pgn.contains("[Black \"xiangqi engine (Beginner)\"]"),
            "{pgn}"
        );
        assert!(pgn.contains("1. H2-E2 "), "{pgn}");
        let text = session(&quick(), "save /nonexistent-dir/x.pgn\nquit\n");
        assert!(
            text.contains("Could not save to /nonexistent-dir/x.pgn"),
            "{text}"
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
        assert!(
            !text.contains("Check!"),
            "mate is not announced as check: {text}"
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
        // The play surfaces use the simple rules unless told otherwise.
        assert_eq!(parse_args(&[]).unwrap().rules, Rules::simple());
    }
}
