//! The `xiangqi` command. This file reads the subcommand and runs the small ones (`perft`,
//! `bench`, `uci`/`ucci`); the others live one group per file: `play.rs` (a game in the
//! terminal), `records.rs` (`convert`, `pgn stats`), `puzzles.rs` (`puzzles mine|verify|judge`),
//! `nnue.rs` (`nnue gen|train|score|stats`). `args.rs` reads every subcommand's option values.

mod args;
mod nnue;
/// `println!` for stdout that a closed pipe (`xiangqi ... | head`) ends quietly, as it ends
/// other Unix tools, instead of a panic.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::write_out(format_args!($($arg)*))
    };
}

mod play;
mod puzzles;
mod records;
mod tune;

use std::io::{IsTerminal, Read};
use std::process::ExitCode;
use std::time::Instant;
use xiangqi_core::{Position, Variant};

const USAGE: &str = "usage:
  xiangqi uci                  speak UCI (or UCCI, when the GUI sends `ucci`) on stdin/stdout
  xiangqi bench [DEPTH] [--eval nnue|classical]   search the bench positions; nodes, nodes/second
  xiangqi play [--level beginner|casual|club|strong|master] [--color red|black] [--letters]
               [--rules casual|simple|axf] [--time SECONDS] [--fen FEN]
                               play the engine in the terminal (default: club, you are Red)
  xiangqi perft [--variant xiangqi|janggi|...] --fen FEN|startpos --depth N [--divide] [--threads N]
                               N at most 10 for the depth, 256 for threads
{RECORDS}
  xiangqi puzzles mine|verify|screen|games|judge ...   mine games for puzzles, verify or screen a puzzle file
  xiangqi nnue gen|train ...   training data and training for the learned evaluation
  xiangqi tune params|spsa ... the search's run-time numbers; tune them by SPSA
  xiangqi --version            the version (also -V)
With no command and stdin not a terminal (a GUI started the program), `uci` is assumed.
`xiangqi CMD --help` or `xiangqi help CMD` describes one command (`xiangqi pgn stats --help`).";

/// What `--version` prints.
const VERSION: &str = concat!("xiangqi ", env!("CARGO_PKG_VERSION"));

/// The usage of one subcommand, for `xiangqi CMD --help` and `xiangqi help CMD`.
fn command_usage(command: &str) -> Option<&'static str> {
    Some(match command {
        "uci" | "ucci" => {
            "usage: xiangqi uci | xiangqi ucci
Speak UCI on stdin/stdout (UCCI after `ucci`, or from the start with `xiangqi ucci`).
Options: Hash, Threads, MultiPV, Level, Rules (default axf), Seed, Clear Hash."
        }
        "bench" => {
            "usage: xiangqi bench [DEPTH] [--eval nnue|classical] [--eval-file NET] [--variant VARIANT]
Search the bench positions to DEPTH (default 11) with one thread; print nodes and nodes/second.
The node count is the signature of the search with that evaluation (default: the engine's).
--variant janggi (or another janggi rule set) searches janggi's bench positions instead."
        }
        "perft" => {
            "usage: xiangqi perft [--variant VARIANT] --fen FEN|startpos --depth N [--divide] [--threads N]
Count the leaf nodes N plies below the position; --divide lists the count below each move.
VARIANT: xiangqi (the default), janggi, janggitraditional, janggimodern or janggicasual; the
position is read as that game's (startpos: its start position). Janggi counts the pass (written
as the general's point twice, e1e1) as a move and stops where two passes or two bikjang plies in
a row end the game, as Fairy-Stockfish counts."
        }
        "play" => play::USAGE,
        "convert" => records::CONVERT_USAGE,
        "pgn" => records::PGN_USAGE,
        "pgn stats" => records::PGN_STATS_USAGE,
        "puzzles" => puzzles::USAGE,
        "nnue" => nnue::USAGE,
        "tune" => tune::USAGE,
        _ => return None,
    })
}

/// The usage text, the record commands' lines in their place.
fn usage() -> String {
    USAGE.replace("{RECORDS}", records::SUMMARY)
}

/// The command a `--help` asks about: the first argument, with its subcommand for `pgn`.
fn help_topic(args: &[String]) -> String {
    match (
        args.first().map(String::as_str),
        args.get(1).map(String::as_str),
    ) {
        (Some("pgn"), Some(sub)) if !sub.starts_with('-') => format!("pgn {sub}"),
        (Some(command), _) => command.to_owned(),
        (None, _) => String::new(),
    }
}

/// Writes one line to stdout (see [`out!`]).
pub(crate) fn write_out(args: std::fmt::Arguments<'_>) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    let written = stdout
        .write_fmt(args)
        .and_then(|()| stdout.write_all(b"\n"))
        .and_then(|()| stdout.flush());
    if let Err(e) = written {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: stdout: {e}");
        std::process::exit(1);
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let asks_help = |a: &String| a == "--help" || a == "-h";
    if let Some(command) = args.first() {
        if matches!(command.as_str(), "--version" | "-V" | "version") {
            out!("{VERSION}");
            return ExitCode::SUCCESS;
        }
        let wanted = match command.as_str() {
            "help" | "--help" | "-h" if args.len() > 1 => Some(help_topic(&args[1..])),
            "help" | "--help" | "-h" => None,
            _ if args[1..].iter().any(asks_help) => Some(help_topic(&args)),
            _ => None,
        };
        if let Some(topic) = wanted {
            return match command_usage(&topic) {
                Some(usage) => {
                    out!("{usage}");
                    ExitCode::SUCCESS
                }
                None => {
                    eprintln!("error: no command {topic:?}\n{}", usage());
                    ExitCode::FAILURE
                }
            };
        }
    }
    let result = match args.first().map(String::as_str) {
        Some("perft") => perft_command(&args[1..]),
        Some("uci" | "ucci") => {
            uci_command(args.first().map(String::as_str));
            Ok(())
        }
        Some("bench") => bench_command(&args[1..]),
        Some("play") => play_command(&args[1..]),
        Some("convert") => records::convert_command(&args[1..]),
        Some("pgn") => records::pgn_command(&args[1..]),
        Some("puzzles") => puzzles::command(&args[1..]),
        Some("nnue") => nnue::command(&args[1..]),
        Some("tune") => tune::command(&args[1..]),
        None if !std::io::stdin().is_terminal() => {
            uci_command(None);
            Ok(())
        }
        Some("help" | "--help" | "-h") | None => {
            out!("{}", usage());
            Ok(())
        }
        Some(other) => Err(format!("unknown command {other:?}\n{}", usage())),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Deepest perft accepted: counts stay far from overflowing a u64, and depth 10 from the
/// opening already takes months.
const MAX_PERFT_DEPTH: u32 = 10;

/// Options of `xiangqi perft`.
struct PerftOptions {
    variant: Variant,
    fen: Option<String>,
    depth: u32,
    divide: bool,
    threads: usize,
}

fn parse_perft_options(args: &[String]) -> Result<PerftOptions, String> {
    let mut options = PerftOptions {
        variant: Variant::Xiangqi,
        fen: None,
        depth: 1,
        divide: false,
        threads: 1,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| args::value(&mut it, name).cloned();
        match arg.as_str() {
            "--fen" => {
                let fen = value("--fen")?;
                options.fen = (fen != "startpos").then_some(fen);
            }
            "--variant" => {
                options.variant = value("--variant")?
                    .parse()
                    .map_err(|e: xiangqi_core::ParseVariantError| e.to_string())?;
            }
            "--depth" => {
                options.depth = value("--depth")?
                    .parse()
                    .ok()
                    .filter(|d| *d <= MAX_PERFT_DEPTH)
                    .ok_or_else(|| format!("--depth needs a number 0..={MAX_PERFT_DEPTH}"))?;
            }
            "--threads" => {
                options.threads = value("--threads")?
                    .parse()
                    .ok()
                    .filter(|n| (1..=xiangqi_search::MAX_THREADS).contains(n))
                    .ok_or_else(|| {
                        format!(
                            "--threads needs a number 1..={}",
                            xiangqi_search::MAX_THREADS
                        )
                    })?;
            }
            "--divide" => options.divide = true,
            other => return Err(format!("unknown perft option {other:?}\n{}", usage())),
        }
    }
    Ok(options)
}

fn perft_command(args: &[String]) -> Result<(), String> {
    let options = parse_perft_options(args)?;
    let fen = options
        .fen
        .as_deref()
        .unwrap_or(options.variant.start_fen());
    let pos = Position::from_fen_variant(fen, options.variant).map_err(|e| e.to_string())?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .build()
        .map_err(|e| e.to_string())?;
    let start = Instant::now();
    let nodes = pool.install(|| {
        if options.divide {
            let divide = if options.threads > 1 {
                xiangqi_core::perft_divide_parallel(&pos, options.depth)
            } else {
                xiangqi_core::perft_divide(&pos, options.depth)
            };
            for (m, n) in &divide {
                out!("{m} {n}");
            }
            divide.iter().map(|(_, n)| n).sum::<u64>()
        } else if options.threads > 1 {
            xiangqi_core::perft_parallel(&pos, options.depth)
        } else {
            xiangqi_core::perft(&pos, options.depth)
        }
    });
    let seconds = start.elapsed().as_secs_f64();
    let nps = if seconds > 0.0 {
        (nodes as f64 / seconds) as u64
    } else {
        0
    };
    out!("nodes {nodes} time {seconds:.3} nps {nps}");
    Ok(())
}

/// Runs the UCI/UCCI loop on stdin and stdout. `ucci` as the command starts in UCCI mode, as
/// if the GUI had sent `ucci` first.
fn uci_command(first: Option<&str>) {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    match first {
        Some("ucci") => {
            let input = std::io::Cursor::new(b"ucci\n".to_vec()).chain(stdin.lock());
            xiangqi_search::uci::run(input, stdout);
        }
        _ => xiangqi_search::uci::run(stdin.lock(), stdout),
    }
}

fn bench_command(args: &[String]) -> Result<(), String> {
    let mut depth = xiangqi_search::bench::BENCH_DEPTH;
    let mut evaluation = xiangqi_search::Evaluation::default();
    let mut variant = xiangqi_core::Variant::Xiangqi;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            a if nnue::eval_option(a, &mut it, &mut evaluation)? => {}
            "--variant" => {
                variant = args::value(&mut it, "--variant")?
                    .parse()
                    .map_err(|e: xiangqi_core::ParseVariantError| e.to_string())?;
            }
            d => {
                depth = d
                    .parse()
                    .ok()
                    .filter(|d| (1..=30).contains(d))
                    .ok_or_else(|| format!("bench depth must be 1..30, not {d:?}"))?;
            }
        }
    }
    let report =
        xiangqi_search::bench::run_bench_variant(variant, depth, 1, evaluation, |i, _, result| {
            let best = result
                .best_move
                .map_or_else(|| "(none)".to_owned(), |m| m.to_string());
            out!(
                "position {:2}  nodes {:10}  bestmove {best}  score {}",
                i + 1,
                result.nodes,
                result.score
            );
        });
    out!("Total time (ms) : {}", report.time.as_millis());
    out!("Nodes searched  : {}", report.nodes);
    out!("Nodes/second    : {}", report.nps);
    Ok(())
}

fn play_command(args: &[String]) -> Result<(), String> {
    let mut options = play::parse_args(args)?;
    options.color = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout();
    play::run(&options, stdin.lock(), &mut stdout).map_err(|e| e.to_string())
}
