//! What each command does to the session: `uci`/`ucci`, `position`, `go`, `setoption`,
//! `banmoves`, `perft`, `bench`, `d`. Their arguments are read in `parse.rs` and their answers
//! written in `output.rs`; a command that runs long starts a job (`session.rs`).

use super::output::{
    bestmove_line, board_lines, identity_lines, info_line, move_text, no_move_line, send,
};
use super::parse::{parse, parse_saturating, Command, PositionCommand};
use super::session::{JobStop, Session};
use super::{Protocol, EMBEDDED_NET};
use crate::bench;
use crate::engine::{Engine, MAX_MULTIPV, MAX_THREADS};
use crate::eval::Evaluation;
use crate::levels::Level;
use crate::params;
use crate::rules::Rules;
use crate::search::limits::Limits;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use xiangqi_core::{Move, Position, Variant};
use xiangqi_nnue::{NetError, NetGame, Network};

impl Session {
    /// Handles one command with the engine idle (or one that does not need it).
    pub(super) fn handle(&mut self, line: &str) {
        let current = self.current();
        match parse(line, self.protocol, self.variant, &current) {
            Command::Empty | Command::Probe => {}
            // Taken as it arrives (`take_line`), never queued.
            Command::Quit => {}
            Command::Uci => {
                self.protocol = Protocol::Uci;
                self.identify();
            }
            Command::Ucci => {
                self.protocol = Protocol::Ucci;
                self.identify();
            }
            Command::IsReady => send(&self.out, "readyok"),
            Command::NewGame => {
                if let Some(engine) = &mut self.engine {
                    engine.new_game();
                }
                self.start = Position::start_of(self.variant);
                self.moves.clear();
            }
            Command::SetOption { name, value } => self.setoption(&name, &value),
            Command::Position(command) => self.position(command),
            Command::BanMoves(moves) => self.banmoves(moves),
            Command::Go(limits) => self.go(limits),
            Command::Stop => self.stop_job(),
            Command::Display => self.display(),
            Command::Bench(depth) => self.bench(depth),
            Command::Perft(depth) => self.perft(current, depth),
            Command::Unknown(message) => self.info_error(&message),
        }
    }

    fn identify(&self) {
        for line in identity_lines(
            self.protocol,
            &self.options,
            self.variant,
            &self.eval_files[NetGame::of(self.variant) as usize],
        ) {
            send(&self.out, &line);
        }
    }

    fn setoption(&mut self, name: &str, value: &str) {
        if name.is_empty() {
            self.info_error("setoption needs an option name");
            return;
        }
        let Some(engine) = self.engine.as_mut() else {
            return;
        };
        // Numbers too large for the machine's word saturate, and are then refused as out of
        // range with the rest.
        let number =
            |v: &str| parse_saturating(v.trim()).map(|n| usize::try_from(n).unwrap_or(usize::MAX));
        let in_range = |what: &str, v: &str, max: usize| match number(v) {
            Some(n) if (1..=max).contains(&n) => Ok(n),
            Some(n) => Err(format!("{what} {n} is outside 1..={max}; kept as it was")),
            None => Err(format!("{what} needs a number, not {v:?}")),
        };
        let result: Result<(), String> = match name.to_ascii_lowercase().as_str() {
            "hash" | "hashsize" => match number(value) {
                Some(mb) => engine.try_set_hash_mb(mb).map_err(|e| {
                    format!(
                        "Hash: {e}; the table stays at {} MiB",
                        engine.options().hash_mb
                    )
                }),
                None => Err(format!("Hash needs a number of MiB, not {value:?}")),
            },
            "threads" => in_range("Threads", value, MAX_THREADS).map(|n| engine.set_threads(n)),
            "multipv" => in_range("MultiPV", value, MAX_MULTIPV).map(|n| engine.set_multipv(n)),
            "level" => value
                .parse::<Level>()
                .map(|l| engine.set_level(l))
                .map_err(|e| e.to_string()),
            "rules" => value
                .parse::<Rules>()
                .map(|r| engine.set_rules(r))
                .map_err(|e| e.to_string()),
            "uci_variant" | "variant" => match value.parse::<Variant>() {
                Ok(variant) => {
                    self.variant = variant;
                    engine.set_rules(variant.default_rules());
                    engine.new_game();
                    self.start = Position::start_of(variant);
                    self.moves.clear();
                    self.ban_moves.clear();
                    Ok(())
                }
                Err(e) => Err(format!("{e}; kept {}", self.variant)),
            },
            "seed" => parse_saturating(value.trim())
                .map(|s| engine.set_seed(Some(s).filter(|&s| s != 0)))
                .ok_or_else(|| format!("Seed needs a number, not {value:?}")),
            "evaluation" => match value.trim().to_ascii_lowercase().as_str() {
                "nnue" => {
                    engine.set_evaluation(Evaluation::Nnue(self.nets.clone()));
                    Ok(())
                }
                "classical" => {
                    engine.set_evaluation(Evaluation::Classical);
                    Ok(())
                }
                _ => Err(format!(
                    "Evaluation must be nnue or classical, not {value:?}; kept as it was"
                )),
            },
            "evalfile" => {
                // The net is for the game of UCI_Variant; the other game's net is kept.
                let game = NetGame::of(self.variant);
                let path = value.trim();
                let embedded = path.is_empty() || path == EMBEDDED_NET;
                let loaded = if embedded {
                    Ok(self.nets.clone().with_shipped(game))
                } else {
                    std::fs::read(path)
                        .map_err(|e| e.to_string())
                        .and_then(|bytes| {
                            Network::from_bytes_for(&bytes, game).map_err(|e| match e {
                                NetError::Game { found, .. } => format!(
                                    "{e} (UCI_Variant is {}; set UCI_Variant to a {found} \
                                     variant before loading it)",
                                    self.variant
                                ),
                                e => e.to_string(),
                            })
                        })
                        .map(|net| self.nets.clone().with(Arc::new(net)))
                };
                match loaded {
                    Ok(nets) => {
                        self.nets = nets.clone();
                        self.eval_files[game as usize] =
                            if embedded { EMBEDDED_NET } else { path }.to_owned();
                        // A net chosen is a net used.
                        engine.set_evaluation(Evaluation::Nnue(nets));
                        Ok(())
                    }
                    Err(e) => Err(format!(
                        "EvalFile {path:?}: {e}; the {game} net stays {}",
                        self.eval_files[game as usize]
                    )),
                }
            }
            "clear hash" | "newgame" => {
                engine.new_game();
                Ok(())
            }
            // Options GUIs commonly send that have no meaning here.
            "move overhead" => {
                match number(value).map(|ms| u64::try_from(ms).unwrap_or(u64::MAX)) {
                    Some(ms) if ms <= params::MAX_MOVE_OVERHEAD_MS => {
                        engine.set_move_overhead_ms(ms);
                        Ok(())
                    }
                    Some(ms) => Err(format!(
                        "Move Overhead {ms} is outside 0..={}; kept as it was",
                        params::MAX_MOVE_OVERHEAD_MS
                    )),
                    None => Err(format!(
                        "Move Overhead needs a number of milliseconds, not {value:?}"
                    )),
                }
            }
            "usebook" | "ponder" | "uci_analysemode" | "bookfiles" | "promotion" | "idle"
            | "style" | "randomness" | "pruning" | "knowledge" | "usemillisec" | "batch"
            | "debug" => Ok(()),
            // The search's run-time numbers (`xiangqi tune` lists them): options a tuning
            // run sets, left out of the list a GUI shows.
            _ if params::TUNABLES
                .iter()
                .any(|t| t.name.eq_ignore_ascii_case(name)) =>
            {
                let text = value.trim();
                // Numbers too large for 64 bits saturate, and are refused as out of range.
                let n = text.parse::<i64>().ok().or_else(|| {
                    parse_saturating(text).map(|_| {
                        if text.starts_with('-') {
                            i64::MIN
                        } else {
                            i64::MAX
                        }
                    })
                });
                match n {
                    Some(n) => engine
                        .set_search_param(name, n)
                        .map_err(|e| format!("{e}; kept as it was")),
                    None => Err(format!("{name} needs a number, not {value:?}")),
                }
            }
            _ => Err(format!("unknown option {name:?}")),
        };
        self.options = engine.options().clone();
        if let Err(message) = result {
            self.info_error(&message);
        }
    }

    fn position(&mut self, command: Result<Box<PositionCommand>, String>) {
        match command {
            Ok(command) => {
                if let Some(message) = command.error {
                    self.info_error(&message);
                }
                self.start = command.start;
                self.moves = command.moves;
                self.ban_moves.clear();
            }
            Err(message) => self.info_error(&message),
        }
    }

    fn current(&self) -> Position {
        let mut pos = self.start.clone();
        for &m in &self.moves {
            pos.make_move(m);
        }
        pos
    }

    fn banmoves(&mut self, moves: Vec<Result<Move, String>>) {
        self.ban_moves.clear();
        for m in moves {
            match m {
                Ok(m) => self.ban_moves.push(m),
                Err(message) => self.info_error(&message),
            }
        }
    }

    fn go(&mut self, limits: Result<(Limits, bool), String>) {
        let (mut limits, _) = match limits {
            Ok(parsed) => parsed,
            Err(message) => {
                self.info_error(&message);
                return;
            }
        };
        limits.ban_moves = std::mem::take(&mut self.ban_moves);
        let Some(mut engine) = self.engine.take() else {
            return;
        };
        let stop = engine.stop_handle();
        // Armed now, so that a stop taken before the search thread starts still ends it.
        stop.arm();
        let out = Arc::clone(&self.out);
        let protocol = self.protocol;
        let start = self.start.clone();
        let moves = self.moves.clone();
        let infinite = limits.infinite;
        let started = self.start_job(JobStop::Search(stop.clone()), infinite, true, move || {
            let outcome = std::panic::catch_unwind(AssertUnwindSafe(|| {
                engine.search(&start, &moves, &limits, &mut |info| {
                    send(&out, &info_line(info, protocol))
                })
            }));
            let none = no_move_line(protocol);
            let (line, engine) = match outcome {
                Ok(Ok(result)) => (bestmove_line(&result, protocol), Some(engine)),
                Ok(Err(e)) => {
                    send(&out, &format!("info string error: {e}"));
                    (none.to_owned(), Some(engine))
                }
                Err(_) => {
                    // A bug, not bad input; still answer so the GUI does not hang, with a
                    // legal move, and start a fresh engine for the next search.
                    send(&out, "info string error: internal error in the search");
                    let mut pos = start.clone();
                    for &m in &moves {
                        pos.make_move(m);
                    }
                    let line = pos
                        .legal_moves()
                        .first()
                        .map_or_else(|| none.to_owned(), |m| format!("bestmove {m}"));
                    (line, None)
                }
            };
            send(&out, &line);
            engine
        });
        if !started {
            stop.stop();
            self.engine = Some(Engine::new(self.options.clone()));
        }
    }

    fn display(&self) {
        for line in board_lines(&self.current()) {
            send(&self.out, &line);
        }
    }

    fn perft(&mut self, pos: Position, depth: Result<u32, String>) {
        let depth = match depth {
            Ok(d) => d,
            Err(message) => {
                self.info_error(&message);
                return;
            }
        };
        let out = Arc::clone(&self.out);
        let flag = Arc::new(AtomicBool::new(false));
        let stop = Arc::clone(&flag);
        self.start_job(JobStop::Flag(flag), false, false, move || {
            let start = std::time::Instant::now();
            let mut total: u64 = 0;
            let mut halt = || stop.load(Ordering::Relaxed);
            for &m in pos.legal_moves().iter() {
                let Ok(child) = pos.after(m) else { continue };
                let count = if depth <= 1 {
                    Some(1)
                } else {
                    xiangqi_core::perft_with(&child, depth - 1, &mut halt)
                };
                let Some(n) = count else {
                    send(&out, "info string perft stopped");
                    return None;
                };
                send(&out, &format!("{m}: {n}"));
                total = total.saturating_add(n);
            }
            let ms = start.elapsed().as_millis().max(1);
            send(&out, "");
            send(&out, &format!("Nodes searched: {total}"));
            send(
                &out,
                &format!(
                    "info string perft time {ms} ms nps {}",
                    u128::from(total) * 1000 / ms
                ),
            );
            None
        });
    }

    fn bench(&mut self, depth: Result<u32, String>) {
        let depth = match depth {
            Ok(d) => d,
            Err(message) => {
                self.info_error(&message);
                return;
            }
        };
        if self.quitting {
            // A bench cannot be stopped.
            return;
        }
        let out = Arc::clone(&self.out);
        self.start_job(JobStop::None, false, false, move || {
            let report = bench::run_bench(depth, |i, fen, result| {
                send(
                    &out,
                    &format!(
                        "info string position {} {fen} nodes {} bestmove {}",
                        i + 1,
                        result.nodes,
                        move_text(result.best_move)
                    ),
                );
            });
            send(
                &out,
                &format!("Total time (ms) : {}", report.time.as_millis()),
            );
            send(&out, &format!("Nodes searched  : {}", report.nodes));
            send(&out, &format!("Nodes/second    : {}", report.nps));
            None
        });
    }
}
