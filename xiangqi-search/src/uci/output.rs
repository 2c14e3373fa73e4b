//! The lines the engine writes, in UCI or UCCI: search progress, the best move, the option list
//! and the board drawing. Pure text: the session decides when to send them.

use super::session::Output;
use super::{Protocol, ENGINE_AUTHOR, ENGINE_NAME, UCCI_MATE};
use crate::engine::{EngineOptions, MAX_MULTIPV, MAX_THREADS};
use crate::levels::Level;
use crate::option_bounds::max_hash_mb;
use crate::params;
use crate::score::Score;
use crate::search::limits::{ScoreBound, SearchInfo, SearchResult};
use xiangqi_core::{Move, Position, Variant};

/// Writes one line and flushes it.
pub(super) fn send(out: &Output, line: &str) {
    // A poisoned lock only means another writer panicked mid-line; keep writing.
    let mut guard = out.lock().unwrap_or_else(|e| e.into_inner());
    let _ = writeln!(guard, "{line}");
    let _ = guard.flush();
}

/// The answer to `uci` or `ucci`: the engine's name, its options with their current values and
/// ranges, and `uciok` or `ucciok`.
pub(super) fn identity_lines(
    protocol: Protocol,
    options: &EngineOptions,
    variant: Variant,
    eval_file: &str,
) -> Vec<String> {
    let o = options;
    // The choices of the level and rules combos (UCCI names levels in lower case).
    let level_name = |l: Level| match protocol {
        Protocol::Ucci => l.name().to_lowercase(),
        Protocol::Uci => l.name().to_owned(),
    };
    let levels = combo_vars(Level::ALL.into_iter().map(level_name));
    let rules = combo_vars(
        xiangqi_core::rules::PRESETS
            .iter()
            .map(|r| r.name().to_owned()),
    );
    let (level, rule_set, hash_max) = (level_name(o.level), o.rules.name(), max_hash_mb());
    let mut lines = vec![
        format!("id name {ENGINE_NAME}"),
        format!("id author {ENGINE_AUTHOR}"),
    ];
    match protocol {
        Protocol::Uci => {
            let variants = combo_vars(Variant::ALL.iter().map(Variant::to_string));
            lines.extend([
                format!(
                    "option name Hash type spin default {} min 1 max {hash_max}",
                    o.hash_mb
                ),
                format!(
                    "option name Threads type spin default {} min 1 max {MAX_THREADS}",
                    o.threads
                ),
                format!(
                    "option name MultiPV type spin default {} min 1 max {MAX_MULTIPV}",
                    o.multipv
                ),
                format!("option name Level type combo default {level} {levels}"),
                format!("option name Rules type combo default {rule_set} {rules}"),
                format!("option name UCI_Variant type combo default {variant} {variants}"),
                "option name Seed type spin default 0 min 0 max 2147483647".to_owned(),
                format!(
                    "option name Move Overhead type spin default {} min 0 max {}",
                    o.move_overhead_ms,
                    params::MAX_MOVE_OVERHEAD_MS
                ),
                format!(
                    "option name Evaluation type combo default {} var nnue var classical",
                    o.evaluation.name()
                ),
                format!("option name EvalFile type string default {eval_file}"),
                "option name Clear Hash type button".to_owned(),
            ]);
            // A tuning build announces the search's run-time numbers, for the tools that set
            // only options an engine announces; every build takes them.
            if cfg!(feature = "tune") {
                lines.extend(params::TUNABLES.iter().map(|t| {
                    format!(
                        "option name {} type spin default {} min {} max {}",
                        t.name,
                        o.search.get(t.name).unwrap_or(t.default),
                        t.min,
                        t.max
                    )
                }));
            }
            lines.push("uciok".to_owned());
        }
        Protocol::Ucci => lines.extend([
            format!(
                "option hashsize type spin min 1 max {hash_max} default {}",
                o.hash_mb
            ),
            format!(
                "option threads type spin min 1 max {MAX_THREADS} default {}",
                o.threads
            ),
            format!("option level type combo {levels} default {level}"),
            format!("option rules type combo {rules} default {rule_set}"),
            format!(
                "option evaluation type combo nnue classical default {}",
                o.evaluation.name()
            ),
            format!("option evalfile type string default {eval_file}"),
            "option usebook type check default false".to_owned(),
            "option newgame type button".to_owned(),
            "ucciok".to_owned(),
        ]),
    }
    lines
}

/// `var a var b ...`: the choices of a combo option.
fn combo_vars(names: impl Iterator<Item = String>) -> String {
    names
        .map(|n| format!("var {n}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The answer to `d`: the board drawn in text, its FEN, its hash key and the checking pieces.
pub(super) fn board_lines(pos: &Position) -> Vec<String> {
    let checkers: Vec<String> = pos.checkers().map(|s| s.to_string()).collect();
    let mut lines: Vec<String> = pos.ascii().lines().map(str::to_owned).collect();
    lines.push(format!("Fen: {}", pos.fen()));
    lines.push(format!("Key: {:016x}", pos.hash()));
    lines.push(format!("Checkers: {}", checkers.join(" ")));
    lines
}

/// A move, or `(none)`.
pub(super) fn move_text(m: Option<Move>) -> String {
    m.map_or_else(|| "(none)".to_owned(), |m| m.to_string())
}

/// An `info` line for one principal variation.
pub fn info_line(info: &SearchInfo, protocol: Protocol) -> String {
    let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
    let ms = info.time.as_millis();
    match protocol {
        Protocol::Uci => {
            let bound = match info.bound {
                ScoreBound::Exact => "",
                ScoreBound::Lower => " lowerbound",
                ScoreBound::Upper => " upperbound",
            };
            format!(
                "info depth {} seldepth {} multipv {} score {}{bound} nodes {} nps {} hashfull {} time {ms} pv {}",
                info.depth,
                info.seldepth,
                info.multipv,
                info.score,
                info.nodes,
                info.nps,
                info.hashfull,
                pv.join(" ")
            )
        }
        Protocol::Ucci => {
            // UCCI has no mate scores: a mate in n plies is reported as UCCI_MATE - n.
            let score = match info.score {
                Score::Cp(cp) => cp,
                Score::Mate(n) if n > 0 => UCCI_MATE - (2 * n - 1),
                Score::Mate(n) => -UCCI_MATE + 2 * n.abs(),
            };
            format!(
                "info depth {} score {score} time {ms} nodes {} pv {}",
                info.depth,
                info.nodes,
                pv.join(" ")
            )
        }
    }
}

/// The `bestmove` line for a result.
pub fn bestmove_line(result: &SearchResult, protocol: Protocol) -> String {
    match result.best_move {
        None => no_move_line(protocol).to_owned(),
        Some(m) => match result.ponder {
            Some(p) => format!("bestmove {m} ponder {p}"),
            None => format!("bestmove {m}"),
        },
    }
}

/// The answer to `go` when there is no move to give.
pub(super) fn no_move_line(protocol: Protocol) -> &'static str {
    match protocol {
        Protocol::Ucci => "nobestmove",
        Protocol::Uci => "bestmove (none)",
    }
}
