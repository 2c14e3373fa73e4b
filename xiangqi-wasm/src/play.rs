//! The page's game and engine in plain Rust: everything the JavaScript classes do, with errors
//! as messages. The wasm-bindgen layer in `lib.rs` only converts types, so these tests cover
//! the logic natively.

use std::time::Duration;
use xiangqi_core::janggi::{self, Arrangement};
use xiangqi_core::pgn::{self, MoveFormat, PgnGame, WriteOptions};
use xiangqi_core::record::{read_any, Format};
use xiangqi_core::{Color, Game, Move, Notation, Position, Rules, Square, Variant};
use xiangqi_puzzles::record::{self, PuzzleRecord};
use xiangqi_search::review::{self, Judgement};
use xiangqi_search::{Engine, EngineOptions, Level, Limits, Score, SearchInfo};

/// The rules of the play page's xiangqi games.
pub const PAGE_RULES: Rules = Rules::simple();

/// The rules a page game of `variant` is judged by: [`PAGE_RULES`] for xiangqi, a janggi
/// variant's own ([`Variant::default_rules`]: bikjang and counting for `janggi`).
pub const fn page_rules(variant: Variant) -> Rules {
    if variant.is_janggi() {
        variant.default_rules()
    } else {
        PAGE_RULES
    }
}

/// Reads a variant name as core's [`Variant`] does (`xiangqi`, `janggi`, ...); blank or `None`
/// is xiangqi.
pub fn parse_variant(name: Option<&str>) -> Result<Variant, String> {
    match name.map(str::trim).filter(|n| !n.is_empty()) {
        None => Ok(Variant::Xiangqi),
        Some(name) => name.parse().map_err(|e| format!("{e}")),
    }
}

/// How long Master thinks about a move, in milliseconds (the levels below stop earlier at
/// their own caps): the search crate's [`Level::think_time`], as `xiangqi play` gives it.
pub const MASTER_MOVETIME_MS: u32 = Level::Master.think_time().as_millis() as u32;

/// One row of the tables the page reads from the Rust crates ([`tables`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelRow {
    /// The level's name in lower case (`beginner` .. `master`).
    pub name: String,
    /// One line saying how it plays (English).
    pub description: &'static str,
    /// Its think time per move in milliseconds.
    pub think_ms: u32,
}

/// The tables the page needs from the Rust crates, so that it keeps no copy: the levels, the
/// terminations (code and name), the piece values, the mate-score scale and the null move.
pub struct Tables {
    /// The five levels, weakest first.
    pub levels: Vec<LevelRow>,
    /// Every termination: its code and name.
    pub terminations: Vec<(u8, &'static str)>,
    /// Each role's name and conventional value in centipawns.
    pub piece_values: Vec<(&'static str, i32)>,
    /// [`xiangqi_search::MATE_CP`].
    pub mate_cp: i32,
    /// [`Move::NULL_TEXT`].
    pub null_move: &'static str,
    /// Janggi's four horse and elephant arrangements: the romanised name and the Korean one.
    pub arrangements: Vec<(&'static str, &'static str)>,
    /// Every variant's name, xiangqi first.
    pub variants: Vec<&'static str>,
}

/// The puzzles of a puzzle file's text, read by the one reader (xiangqi-puzzles'
/// `record::read_file`, which the CLI and Python use), and a line for each malformed row
/// (`line N: why`).
pub fn read_puzzles(text: &str) -> (Vec<PuzzleRecord>, Vec<String>) {
    let (_, rows) = record::read_file(text);
    let mut puzzles = Vec::new();
    let mut errors = Vec::new();
    for (line, row) in rows {
        match row {
            Ok(p) => puzzles.push(p),
            Err(e) => errors.push(format!("line {line}: {e}")),
        }
    }
    (puzzles, errors)
}

/// Which of `pool` daily puzzles is the one of `date` (`YYYY-MM-DD`): xiangqi-puzzles'
/// `record::daily_index` of the date's day number, as Python's `xiangqi.puzzles.daily_puzzle`
/// chooses. `None` for an empty pool or a text that is no date.
pub fn daily_puzzle_index(date: &str, pool: usize) -> Option<usize> {
    record::daily_index(record::day_number(date)?, pool)
}

/// The tables ([`Tables`]).
pub fn tables() -> Tables {
    Tables {
        levels: Level::ALL
            .iter()
            .map(|l| LevelRow {
                name: l.name().to_lowercase(),
                description: l.description(),
                think_ms: l.think_time().as_millis() as u32,
            })
            .collect(),
        terminations: xiangqi_core::Termination::ALL
            .iter()
            .map(|t| (t.code(), t.name()))
            .collect(),
        piece_values: xiangqi_core::Role::ALL
            .iter()
            .map(|r| (r.name(), r.value()))
            .collect(),
        mate_cp: xiangqi_search::MATE_CP,
        null_move: Move::NULL_TEXT,
        arrangements: Arrangement::ALL
            .iter()
            .map(|a| (a.name(), a.korean()))
            .collect(),
        variants: Variant::ALL.iter().map(|v| v.name()).collect(),
    }
}

/// Transposition table of the page's engine, in MiB.
pub const PAGE_HASH_MB: usize = 32;

/// The name of a side as the page writes it.
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::Red => "red",
        Color::Black => "black",
    }
}

/// Reads `red` or `black` (any case, or `w`/`b` as in FEN).
pub fn parse_color(text: &str) -> Result<Color, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "red" | "r" | "w" => Ok(Color::Red),
        "black" | "b" => Ok(Color::Black),
        _ => Err(format!("unknown side {text:?} (expected red or black)")),
    }
}

/// The ICCS name of the point with board index `index` (`file + 9 * rank`).
pub fn square_name(index: u32) -> Result<String, String> {
    Square::new(index)
        .map(Square::name)
        .ok_or_else(|| format!("no point has index {index} (expected 0 to 89)"))
}

/// The board index (`file + 9 * rank`) of an ICCS point name such as `e0`.
pub fn square_index(name: &str) -> Result<u32, String> {
    Square::from_ascii(name.trim().to_ascii_lowercase().as_bytes())
        .map(|sq| sq.index() as u32)
        .map_err(|e| format!("{name:?} is not a point: {e}"))
}

/// How a game ended, in the page's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutcomeView {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    /// `red`, `black`, or `None` for a draw.
    pub winner: Option<&'static str>,
    /// The termination's name (`checkmate`, `perpetual check`, ...).
    pub termination: &'static str,
    /// The outcome in plain words, as the core explains it.
    pub reason: String,
    /// When janggi counting decided the game, each side's points in half points (Cho, Han;
    /// Han's 1.5 included), as [`janggi::half_points`] counts them.
    pub counted: Option<(u32, u32)>,
}

/// A game under the page's rules ([`page_rules`]: [`Rules::simple`] for xiangqi, the variant's
/// own for janggi).
#[derive(Clone, Debug)]
pub struct PlayGame {
    game: Game,
}

impl Default for PlayGame {
    fn default() -> PlayGame {
        PlayGame {
            game: Game::new(Position::startpos(), PAGE_RULES),
        }
    }
}

impl PlayGame {
    /// A xiangqi game from `fen`, or from the start position when `None` or blank.
    pub fn new(fen: Option<&str>) -> Result<PlayGame, String> {
        PlayGame::of_variant(fen, Variant::Xiangqi)
    }

    /// A game of `variant` from `fen` (read as that variant's FEN), or from the variant's start
    /// position when `None` or blank.
    pub fn of_variant(fen: Option<&str>, variant: Variant) -> Result<PlayGame, String> {
        let fen = fen.map(str::trim).filter(|f| !f.is_empty());
        let start = match fen {
            None => Position::start_of(variant),
            Some(fen) => Position::from_fen_variant(fen, variant).map_err(|e| e.to_string())?,
        };
        Ok(PlayGame {
            game: Game::new(start, page_rules(variant)),
        })
    }

    /// A janggi game from the start position of Cho's and Han's arrangements (`마상상마` or
    /// `masangsangma`, ...: core's [`Arrangement`] names).
    pub fn janggi(cho: &str, han: &str) -> Result<PlayGame, String> {
        let read = |text: &str| text.parse::<Arrangement>().map_err(|e| e.to_string());
        let start = Position::janggi_start(read(cho)?, read(han)?);
        Ok(PlayGame {
            game: Game::new(start, page_rules(Variant::Janggi)),
        })
    }

    /// The name of the game's variant (`xiangqi`, `janggi`).
    pub fn variant(&self) -> &'static str {
        self.game.position().variant().name()
    }

    /// The pass of the side to move in ICCS (the general's point twice, `e1e1`) when it is
    /// legal now; `None` in xiangqi, once the game is over, or when the pass is illegal (in
    /// check, except under bikjang).
    pub fn pass_move(&self) -> Option<String> {
        let pos = self.game.position();
        if !pos.variant().is_janggi() || self.game.is_over() {
            return None;
        }
        let pass = pos.pass_move();
        pos.is_legal(pass).then(|| pass.iccs())
    }

    /// Janggi counting points of the position in half points (Cho, Han; Han's 1.5 included),
    /// or `None` in xiangqi.
    pub fn points(&self) -> Option<(u32, u32)> {
        let pos = self.game.position();
        pos.variant().is_janggi().then(|| {
            (
                janggi::half_points(pos, Color::Red),
                janggi::half_points(pos, Color::Black),
            )
        })
    }

    /// A game read from pasted text in the format core's [`read_any`] finds: a FEN, a
    /// PGN record (its main line, moves in any notation core reads: ICCS, WXF, Chinese,
    /// Vietnamese), a DhtmlXQ record or a janggi `.gib` record; the first record of several.
    /// Returns the game and the record's tags (none for a FEN). Moves after the end of the game
    /// under the page's rules are kept, so that a whole record can be reviewed.
    pub fn from_record(text: &str) -> Result<(PlayGame, Vec<(String, String)>), String> {
        let text = text.trim();
        if text.is_empty() {
            return Err("nothing to read: paste a FEN or a PGN record".to_owned());
        }
        let (format, _, games) = read_any(text.as_bytes(), &pgn::ReadOptions::default());
        let record = match games.into_iter().next() {
            Some(Ok(record)) => record,
            Some(Err(e)) => return Err(e.to_string()),
            None => return Err("no game found in the text".to_owned()),
        };
        let game = record
            .to_game(page_rules(record.start.variant()))
            .map_err(|e| format!("the record has an illegal move: {e}"))?;
        let tags = if format == Format::FenList {
            Vec::new()
        } else {
            record.tags.clone()
        };
        Ok((PlayGame { game }, tags))
    }

    /// The core game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The current FEN.
    pub fn fen(&self) -> String {
        self.game.position().fen()
    }

    /// The FEN of the start position.
    pub fn start_fen(&self) -> String {
        self.game.start().fen()
    }

    /// The side to move.
    pub fn turn(&self) -> &'static str {
        color_name(self.game.position().turn())
    }

    /// The 90 points, index `file + 9 * rank`: the FEN letter of the piece there, or `""`.
    pub fn board(&self) -> Vec<String> {
        let pos = self.game.position();
        (0..90)
            .map(|i| {
                Square::new(i)
                    .and_then(|sq| pos.piece_at(sq))
                    .map_or_else(String::new, |p| p.fen_char().to_string())
            })
            .collect()
    }

    /// The legal moves in ICCS (none once the game is over).
    pub fn legal_moves(&self) -> Vec<String> {
        if self.game.is_over() {
            return Vec::new();
        }
        self.game
            .position()
            .legal_moves()
            .iter()
            .map(|m| m.iccs())
            .collect()
    }

    /// Plays a move given in ICCS (`h2e2`, also `H2-E2`).
    pub fn play(&mut self, iccs: &str) -> Result<(), String> {
        if let Some(outcome) = self.game.outcome() {
            return Err(format!("the game is over: {}", outcome.explain()));
        }
        let mv = self
            .game
            .position()
            .parse_move(iccs.trim(), Notation::Iccs)
            .map_err(|e| e.to_string())?;
        self.game.push(mv).map_err(|e| e.to_string())
    }

    /// `color` (`red` or `black`) resigns, by the core's `Game::resign`: the other side wins.
    pub fn resign(&mut self, color: &str) -> Result<(), String> {
        let color = parse_color(color)?;
        self.game.resign(color).map_err(|e| e.to_string())
    }

    /// The players agree a draw (`Game::agree_draw`).
    pub fn agree_draw(&mut self) -> Result<(), String> {
        self.game.agree_draw().map_err(|e| e.to_string())
    }

    /// `color` ran out of time (`Game::flag`): the other side wins.
    pub fn flag(&mut self, color: &str) -> Result<(), String> {
        let color = parse_color(color)?;
        self.game.flag(color).map_err(|e| e.to_string())
    }

    /// Takes the last move back; `false` when no move was played.
    pub fn undo(&mut self) -> bool {
        self.game.pop().is_some()
    }

    /// Moves played since the start position.
    pub fn ply(&self) -> usize {
        self.game.ply()
    }

    /// The moves played, in ICCS.
    pub fn moves(&self) -> Vec<String> {
        self.game.moves().map(Move::iccs).collect()
    }

    /// `true` when the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.game.position().is_check()
    }

    /// The point of `color`'s general.
    pub fn general_square(&self, color: &str) -> Result<String, String> {
        let color = parse_color(color)?;
        Ok(self.game.position().general(color).name())
    }

    /// The last move, in ICCS.
    pub fn last_move(&self) -> Option<String> {
        self.game.peek().map(Move::iccs)
    }

    /// The move `index` (0-based) in `notation` (`chinese`, `wxf`, `iccs`, or any name core's
    /// [`Notation`] reads).
    pub fn move_text(&self, index: usize, notation: &str) -> Result<String, String> {
        let notation: Notation = notation.parse().map_err(|e| format!("{e}"))?;
        let moves: Vec<Move> = self.game.moves().collect();
        let Some(&mv) = moves.get(index) else {
            return Err(format!(
                "no move {index}: the game has {} moves (counted from 0)",
                moves.len()
            ));
        };
        let mut pos = self.game.start().clone();
        for &m in &moves[..index] {
            pos.play(m).map_err(|e| e.to_string())?;
        }
        pos.format_move(mv, notation).map_err(|e| e.to_string())
    }

    /// How the game ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<OutcomeView> {
        self.game.outcome().map(|o| OutcomeView {
            result: o.result(),
            winner: o.winner.map(color_name),
            termination: o.termination.name(),
            reason: o.explain(),
            counted: if o.counted { self.points() } else { None },
        })
    }

    /// The game as PGN with the tags given (in their order, after the core's own) and its
    /// moves in `notation` (`iccs`, `wxf`, `chinese`, `chinese-traditional`, `vietnamese` or
    /// `korean`: [`MoveFormat::from_notation_name`]).
    pub fn pgn(&self, tags: &[(String, String)], notation: &str) -> Result<String, String> {
        let (format, chinese) = MoveFormat::from_notation_name(notation)?;
        let mut record = PgnGame::from_game(&self.game);
        for (name, value) in tags {
            // The result and the start position come from the game itself.
            if !["Result", "FEN", "Format", "Termination"].contains(&name.as_str()) {
                record.set_tag(name, value.clone());
            }
        }
        let options = WriteOptions {
            format,
            chinese,
            ..WriteOptions::default()
        };
        record.to_pgn(&options).map_err(|e| e.to_string())
    }
}

/// The engine's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestMove {
    /// The move in ICCS, `None` when the side to move has none (the game is lost).
    pub mv: Option<String>,
    /// Score in centipawns from the mover's side, or a mate distance (positive: mating).
    pub score: Score,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
}

/// A request for a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRequest<'a> {
    /// The game's variant.
    pub variant: Variant,
    /// Start FEN of the game (blank: the variant's start position).
    pub fen: &'a str,
    /// Moves played since, in ICCS.
    pub moves: &'a [String],
    /// A level name as [`Level`] reads it (`beginner` .. `master`).
    pub level: &'a str,
    /// Seed of the level's random choice (`None`: the engine's own sequence goes on).
    pub seed: Option<u64>,
    /// Time budget in milliseconds (the level may stop earlier).
    pub movetime_ms: u32,
}

/// A request to analyse a position: the game's start and moves, and how long to look.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisRequest<'a> {
    /// The game's variant.
    pub variant: Variant,
    /// Start FEN of the game (blank: the variant's start position).
    pub fen: &'a str,
    /// Moves played since, in ICCS.
    pub moves: &'a [String],
    /// Lines to report (1 to the engine's maximum).
    pub multipv: usize,
    /// Node budget (`None`: no node limit).
    pub nodes: Option<u64>,
    /// Deepest iteration (`None`: no depth limit).
    pub depth: Option<u32>,
    /// Time budget in milliseconds (`None`: no time limit).
    pub movetime_ms: Option<u32>,
    /// Search until stopped (the other limits are ignored).
    pub infinite: bool,
}

/// One line the analysis reports: its place (1 is the best), depth, score from the side to
/// move's view and moves in ICCS.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisLine {
    /// 1 for the best line.
    pub multipv: u32,
    /// Depth of the iteration.
    pub depth: u32,
    /// Score from the side to move's view.
    pub score: Score,
    /// The line, in ICCS.
    pub pv: Vec<String>,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
}

impl AnalysisLine {
    fn from_info(info: &SearchInfo) -> AnalysisLine {
        AnalysisLine {
            multipv: info.multipv,
            depth: info.depth,
            score: info.score,
            pv: info.pv.iter().copied().map(Move::iccs).collect(),
            nodes: info.nodes,
            time: info.time,
        }
    }
}

/// A score as the page counts it: centipawns for the side to move, a mate as
/// ±[`review::MATE_CP`] less the moves to it (the scale [`judge_move`] compares).
pub fn page_score(score: Score) -> i32 {
    review::score_cp(score)
}

/// The page's verdict on a move: the scores are the page's numbers ([`page_score`]), `before`
/// from the mover's side before the move, `after` from the opponent's side after it. The rule
/// is [`xiangqi_search::review`]'s, the one Python's `xiangqi.analyse` uses.
pub fn judge_move(before: i32, after: i32, played_best: bool) -> (f64, Judgement) {
    let verdict = review::judge_move(Score::Cp(before), Score::Cp(after), played_best);
    (verdict.drop, verdict.judgement)
}

/// The engine of the page: [`xiangqi_search::Engine`] under the page's rules.
pub struct PlayEngine {
    engine: Engine,
}

impl PlayEngine {
    /// An engine searching on `threads` threads with a `hash_mb` MiB table.
    pub fn new(threads: usize, hash_mb: usize) -> PlayEngine {
        PlayEngine {
            engine: Engine::new(EngineOptions {
                threads,
                hash_mb,
                rules: PAGE_RULES,
                ..EngineOptions::default()
            }),
        }
    }

    /// The core engine.
    pub fn engine(&mut self) -> &mut Engine {
        &mut self.engine
    }

    /// Search threads in use.
    pub fn threads(&self) -> usize {
        self.engine.options().threads
    }

    /// Forgets the previous game.
    pub fn new_game(&mut self) {
        self.engine.new_game();
    }

    /// The engine at full strength looks at the position the request describes, calling
    /// `on_line` with each line of each iteration (best first), and returns the best line of
    /// the last one (`None` when the side to move has no move).
    pub fn analyse(
        &mut self,
        request: &AnalysisRequest<'_>,
        on_line: &mut dyn FnMut(&AnalysisLine),
    ) -> Result<Option<AnalysisLine>, String> {
        let (start, moves) = replay_request(request.variant, request.fen, request.moves)?;
        self.engine.set_level(Level::Master);
        self.engine.set_multipv(request.multipv);
        let limits = Limits {
            nodes: request.nodes,
            depth: request.depth,
            movetime: request
                .movetime_ms
                .map(|ms| Duration::from_millis(u64::from(ms.max(1)))),
            infinite: request.infinite,
            ..Limits::default()
        };
        let mut best: Option<AnalysisLine> = None;
        let result = self
            .engine
            .search(&start, &moves, &limits, &mut |info| {
                let line = AnalysisLine::from_info(info);
                if line.multipv == 1 {
                    best = Some(line.clone());
                }
                on_line(&line);
            })
            .map_err(|e| e.to_string());
        self.engine.set_multipv(1);
        let result = result?;
        let Some(mv) = result.best_move else {
            return Ok(None);
        };
        // The search's final answer (a stopped iteration may have found a better move).
        let mut pv: Vec<String> = result.pv.iter().copied().map(Move::iccs).collect();
        if pv.first() != Some(&mv.iccs()) {
            pv = vec![mv.iccs()];
        }
        Ok(Some(AnalysisLine {
            multipv: 1,
            depth: result.depth.max(best.as_ref().map_or(0, |b| b.depth)),
            score: result.score,
            pv,
            nodes: result.nodes,
            time: result.time,
        }))
    }

    /// One position of a game under review, the one review every front end uses
    /// ([`review::review_position`]): the game from `fen` (blank: the variant's start) through
    /// `moves` (ICCS) under the page's rules for the variant, searched at full strength within
    /// `nodes`; a position the rules have ended is scored by its outcome.
    pub fn review_position(
        &mut self,
        variant: Variant,
        fen: &str,
        moves: &[String],
        nodes: u64,
    ) -> Result<review::PositionReview, String> {
        let (start, moves) = replay_request(variant, fen, moves)?;
        let mut game = Game::new(start, page_rules(variant));
        for m in moves {
            game.push(m).map_err(|e| e.to_string())?;
        }
        self.engine.set_level(Level::Master);
        let limits = Limits {
            nodes: Some(nodes.max(1)),
            ..Limits::default()
        };
        Ok(review::review_position(&mut self.engine, &game, &limits))
    }

    /// The engine's move for the position the request describes.
    pub fn best_move(&mut self, request: &MoveRequest<'_>) -> Result<BestMove, String> {
        let level: Level = request.level.parse().map_err(|e| format!("{e}"))?;
        let (start, moves) = replay_request(request.variant, request.fen, request.moves)?;
        self.engine.set_level(level);
        if let Some(seed) = request.seed {
            self.engine.set_seed(Some(seed));
        }
        let limits = Limits {
            movetime: Some(Duration::from_millis(u64::from(request.movetime_ms.max(1)))),
            ..Limits::default()
        };
        let result = self
            .engine
            .search(&start, &moves, &limits, &mut |_| {})
            .map_err(|e| e.to_string())?;
        Ok(BestMove {
            mv: result.best_move.map(Move::iccs),
            score: result.score,
            depth: result.depth,
            nodes: result.nodes,
            time: result.time,
        })
    }
}

/// The start position and the moves of a request, each checked by playing it.
fn replay_request(
    variant: Variant,
    fen: &str,
    texts: &[String],
) -> Result<(Position, Vec<Move>), String> {
    let game = PlayGame::of_variant(Some(fen), variant)?;
    let start = game.game().start().clone();
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(texts.len());
    for (i, text) in texts.iter().enumerate() {
        let mv = pos
            .parse_move(text.trim(), Notation::Iccs)
            .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
        pos.play(mv).map_err(|e| format!("move {}: {e}", i + 1))?;
        moves.push(mv);
    }
    Ok((start, moves))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_and_board_indices() {
        let game = PlayGame::new(None).unwrap();
        assert_eq!(
            game.fen(),
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
        );
        assert_eq!(game.turn(), "red");
        let board = game.board();
        assert_eq!(board.len(), 90);
        assert_eq!(board[0], "R"); // a0
        assert_eq!(board[4], "K"); // e0
        assert_eq!(board[square_index("h2").unwrap() as usize], "C");
        assert_eq!(board[81], "r"); // a9
        assert_eq!(board[85], "k"); // e9
        assert_eq!(board[40], ""); // e4
        assert_eq!(game.legal_moves().len(), 44);
        assert_eq!(game.general_square("black").unwrap(), "e9");
        assert!(game.general_square("blue").is_err());
        assert_eq!(square_name(85).unwrap(), "e9");
        assert!(square_name(90).is_err());
        assert!(square_index("j1").is_err());
    }

    #[test]
    fn moves_are_played_checked_and_taken_back() {
        let mut game = PlayGame::new(Some("")).unwrap();
        game.play("h2e2").unwrap();
        assert_eq!(game.turn(), "black");
        assert_eq!(game.last_move().as_deref(), Some("h2e2"));
        assert_eq!(game.move_text(0, "chinese").unwrap(), "炮二平五");
        assert_eq!(game.move_text(0, "wxf").unwrap(), "C2=5");
        assert!(game.move_text(1, "wxf").is_err());
        assert!(game.move_text(0, "morse").is_err());
        // A horse move, then an illegal chariot move: the error says why.
        game.play("h9g7").unwrap();
        assert_eq!(game.move_text(1, "chinese").unwrap(), "马8进7");
        let err = game.play("a0a5").unwrap_err();
        assert!(!err.is_empty());
        assert!(game.play("zz").is_err());
        assert_eq!(game.moves(), vec!["h2e2", "h9g7"]);
        assert!(game.undo());
        assert!(game.undo());
        assert!(!game.undo());
        assert_eq!(game.ply(), 0);
    }

    #[test]
    fn a_bad_fen_is_an_error() {
        let err = PlayGame::new(Some("rnbakabnr/9/9 w")).unwrap_err();
        assert!(err.starts_with("invalid FEN"), "{err}");
    }

    #[test]
    fn checkmate_ends_the_game() {
        // Two chariots: one closes rank 8, the other mates on rank 9.
        let mut game = PlayGame::new(Some("4k4/9/9/9/9/9/9/9/R8/1R1K5 w - - 0 1")).unwrap();
        assert!(game.outcome().is_none());
        game.play("a1a8").unwrap();
        game.play("e9f9").unwrap();
        game.play("b0b9").unwrap();
        assert!(game.in_check());
        let outcome = game.outcome().expect("mate");
        assert_eq!(outcome.result, "1-0");
        assert_eq!(outcome.winner, Some("red"));
        assert_eq!(outcome.termination, "checkmate");
        assert!(outcome.reason.contains("checkmate"), "{}", outcome.reason);
        assert!(game.legal_moves().is_empty());
        let err = game.play("f9f8").unwrap_err();
        assert!(err.contains("over"), "{err}");
        let pgn = game
            .pgn(&[("Event".into(), "Test".into())], "iccs")
            .unwrap();
        assert!(pgn.contains("[Event \"Test\"]"), "{pgn}");
        assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
        assert!(pgn.contains("B0-B9"), "{pgn}");
        assert!(game.pgn(&[], "morse").is_err());
    }

    #[test]
    fn perpetual_check_loses_under_the_page_rules() {
        // Red checks from h9 and h8 while Black's general shuttles: the third occurrence ends it.
        let mut game = PlayGame::new(Some("3k5/9/9/9/9/9/9/9/9/4K2R1 w - - 0 1")).unwrap();
        game.play("h0h9").unwrap();
        let cycle = ["d9d8", "h9h8", "d8d9", "h8h9"];
        let mut over = None;
        for _ in 0..3 {
            for m in cycle {
                if game.outcome().is_some() {
                    break;
                }
                game.play(m).unwrap();
            }
            if let Some(o) = game.outcome() {
                over = Some(o);
                break;
            }
        }
        let outcome = over.expect("the repetition ends the game");
        assert_eq!(outcome.termination, "perpetual check");
        assert_eq!(outcome.winner, Some("black"));
    }

    #[test]
    fn the_engine_answers_every_level_with_a_legal_move() {
        let mut engine = PlayEngine::new(1, 1);
        let moves = vec!["h2e2".to_owned()];
        for level in ["beginner", "Casual", "club", "strong", "master"] {
            let answer = engine
                .best_move(&MoveRequest {
                    variant: Variant::Xiangqi,
                    fen: "",
                    moves: &moves,
                    level,
                    seed: Some(7),
                    movetime_ms: 100,
                })
                .unwrap();
            let mv = answer.mv.expect("a move");
            let mut game = PlayGame::new(None).unwrap();
            game.play("h2e2").unwrap();
            assert!(game.legal_moves().contains(&mv), "{level}: {mv}");
        }
        let bad = engine.best_move(&MoveRequest {
            variant: Variant::Xiangqi,
            fen: "",
            moves: &["a0a9".to_owned()],
            level: "club",
            seed: None,
            movetime_ms: 10,
        });
        assert!(bad.is_err());
        let bad_level = engine.best_move(&MoveRequest {
            variant: Variant::Xiangqi,
            fen: "",
            moves: &[],
            level: "grandmaster",
            seed: None,
            movetime_ms: 10,
        });
        assert!(bad_level.unwrap_err().contains("unknown level"));
    }

    #[test]
    fn the_engine_finds_a_mate_in_one() {
        let mut engine = PlayEngine::new(1, 1);
        let answer = engine
            .best_move(&MoveRequest {
                variant: Variant::Xiangqi,
                fen: "4k4/9/9/9/9/9/9/9/R8/1R1K5 w - - 0 1",
                moves: &["a1a8".into(), "e9f9".into()],
                level: "master",
                seed: None,
                movetime_ms: 200,
            })
            .unwrap();
        assert_eq!(answer.mv.as_deref(), Some("b0b9"));
        assert_eq!(answer.score, Score::Mate(1));
    }

    #[test]
    fn records_are_read_in_every_notation() {
        // The same opening written in WXF, Chinese, Vietnamese (as tamquocchess.vn writes
        // it) and ICCS.
        for text in [
            "[Event \"x\"]\n1. C2=5 H8+7 2. H2+3 R9=8 *",
            "1. 炮二平五 馬8進7 2. 馬二進三 車9平8 *",
            "1. P2-5 M8.7 2. M2.3 X9-8 *",
            "1. h2e2 h9g7 2. h0g2 i9h9 *",
        ] {
            let (game, _) = PlayGame::from_record(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(game.moves(), ["h2e2", "h9g7", "h0g2", "i9h9"], "{text}");
        }
        let (game, tags) = PlayGame::from_record("4k4/9/9/9/9/9/9/9/R8/1R1K5 w - - 0 1").unwrap();
        assert!(tags.is_empty());
        assert_eq!(
            game.legal_moves().len(),
            PlayGame::new(Some("4k4/9/9/9/9/9/9/9/R8/1R1K5 w - - 0 1"))
                .unwrap()
                .legal_moves()
                .len()
        );
        let (_, tags) = PlayGame::from_record("[Red \"Hu\"]\n1. C2=5 *").unwrap();
        assert_eq!(
            tags.iter()
                .find(|(k, _)| k == "Red")
                .map(|(_, v)| v.as_str()),
            Some("Hu")
        );
        assert!(PlayGame::from_record("").is_err());
        assert!(PlayGame::from_record("1. C2=5 C2=5 C2=5 *").is_err());
        assert!(PlayGame::from_record("rnbakabnr/9 w").is_err());
        // A pasted `.gib` record is a janggi game under the page's janggi rules.
        let gib = "[초차림 \"상마상마\"]\n[한차림 \"마상상마\"]\n\n1. 79졸78 2. 한수쉼\n";
        let (game, tags) = PlayGame::from_record(gib).unwrap();
        assert_eq!(game.game().position().variant(), Variant::Janggi);
        assert_eq!(game.game().rules(), page_rules(Variant::Janggi));
        assert_eq!(game.game().moves().count(), 2);
        assert!(tags.iter().any(|(k, v)| k == "초차림" && v == "상마상마"));
    }

    #[test]
    fn analysis_reports_several_legal_lines() {
        let mut engine = PlayEngine::new(1, 1);
        let moves = vec!["h2e2".to_owned()];
        let mut lines: Vec<AnalysisLine> = Vec::new();
        let best = engine
            .analyse(
                &AnalysisRequest {
                    variant: Variant::Xiangqi,
                    fen: "",
                    moves: &moves,
                    multipv: 3,
                    nodes: Some(30_000),
                    depth: None,
                    movetime_ms: None,
                    infinite: false,
                },
                &mut |line| lines.push(line.clone()),
            )
            .unwrap()
            .expect("a best line");
        let mut game = PlayGame::new(None).unwrap();
        game.play("h2e2").unwrap();
        let legal = game.legal_moves();
        let deepest = lines.iter().map(|l| l.depth).max().unwrap();
        let last: Vec<&AnalysisLine> = lines.iter().filter(|l| l.depth == deepest).collect();
        assert!(last.len() >= 3, "{lines:?}");
        let firsts: std::collections::HashSet<&String> = last.iter().map(|l| &l.pv[0]).collect();
        assert_eq!(firsts.len(), last.len(), "three different first moves");
        for line in &lines {
            assert!(legal.contains(&line.pv[0]), "{line:?}");
            // Every move of the line is legal in turn.
            let mut g = game.clone();
            for mv in &line.pv {
                g.play(mv).unwrap_or_else(|e| panic!("{line:?}: {e}"));
            }
        }
        assert!(legal.contains(&best.pv[0]));
        // A mated side has no line.
        let mut engine = PlayEngine::new(1, 1);
        let mated = engine
            .analyse(
                &AnalysisRequest {
                    variant: Variant::Xiangqi,
                    fen: "4k4/9/9/9/9/9/9/9/R8/1R1K5 w - - 0 1",
                    moves: &["a1a8".into(), "e9f9".into(), "b0b9".into()],
                    multipv: 1,
                    nodes: Some(1000),
                    depth: None,
                    movetime_ms: None,
                    infinite: false,
                },
                &mut |_| {},
            )
            .unwrap();
        assert!(mated.is_none());
    }

    #[test]
    fn moves_are_judged_on_the_page_scale() {
        // A mate in 2 missed for a move after which the opponent mates in 3.
        let (drop, judgement) = judge_move(
            page_score(Score::Mate(2)),
            page_score(Score::Mate(3)),
            false,
        );
        assert_eq!(judgement, Judgement::Blunder);
        assert!(drop > 0.99, "{drop}");
        assert_eq!(judge_move(0, 900, true).1, Judgement::Good);
        assert_eq!(judge_move(0, 100, false).1, Judgement::Mistake);
        let mut game = PlayGame::new(None).unwrap();
        game.play("h2e2").unwrap();
        game.play("h9g7").unwrap();
        assert_eq!(game.move_text(0, "vietnamese").unwrap(), "P2-5");
        assert_eq!(game.move_text(1, "vietnamese").unwrap(), "M8.7");
    }

    #[test]
    fn the_ply_that_reaches_the_no_capture_limit_is_judged_as_in_the_core() {
        // data/rules/move_limit.tsv: a mate or stalemate on the 120th ply wins, a repetition
        // completed on it is judged as a repetition, anything else draws; from the first row's
        // position the engine plays a move that wins there.
        let data = include_str!("../../data/rules/move_limit.tsv");
        let rows: Vec<Vec<&str>> = data
            .lines()
            .skip(1)
            .filter(|l| !l.trim().is_empty())
            .map(|l| l.split('\t').collect())
            .collect();
        assert_eq!(rows.len(), 4);
        for row in &rows {
            let mut game = PlayGame::new(Some(row[0])).unwrap();
            for m in row[1].split_whitespace() {
                game.play(m).unwrap();
            }
            let outcome = game.outcome().expect("over");
            assert_eq!(outcome.termination, row[2].replace('_', " "), "{row:?}");
            let winner = Some(row[3]).filter(|w| *w != "draw");
            assert_eq!(outcome.winner, winner, "{row:?}");
        }
        let mut engine = PlayEngine::new(1, 1);
        let answer = engine
            .best_move(&MoveRequest {
                variant: Variant::Xiangqi,
                fen: rows[0][0],
                moves: &[],
                level: "master",
                seed: None,
                movetime_ms: 200,
            })
            .unwrap();
        assert_eq!(answer.score, Score::Mate(1));
        let mut game = PlayGame::new(Some(rows[0][0])).unwrap();
        game.play(answer.mv.as_deref().unwrap()).unwrap();
        assert_eq!(game.outcome().unwrap().winner, Some("red"));
    }

    #[test]
    fn the_shipped_puzzles_and_the_daily_choice_are_the_puzzle_crates() {
        let text = include_str!("../../data/puzzles/puzzles.tsv");
        let (puzzles, errors) = read_puzzles(text);
        assert!(errors.is_empty(), "{errors:?}");
        let rows = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .count();
        assert_eq!(puzzles.len(), rows - 1);
        let pool = puzzles.iter().filter(|p| p.daily).count();
        // 2027-01-01 is Python's date(2027, 1, 1).toordinal() = 739982; the days after it follow.
        for (offset, date) in ["2027-01-01", "2027-01-02", "2027-02-01"]
            .iter()
            .enumerate()
        {
            let day = [739_982, 739_983, 740_013][offset];
            assert_eq!(daily_puzzle_index(date, pool), Some(day % pool), "{date}");
        }
        assert_eq!(daily_puzzle_index("2027-13-01", pool), None);
        assert_eq!(daily_puzzle_index("2027-01-01", 0), None);
        let (puzzles, errors) =
            read_puzzles("id\tfen\tmoves\tthemes\tlevel\tdaily\tsource\nx\tbad\n");
        assert!(
            puzzles.is_empty() && errors[0].starts_with("line 2: "),
            "{errors:?}"
        );
    }

    #[test]
    fn declared_results_come_from_the_core_game() {
        let mut game = PlayGame::new(None).unwrap();
        game.play("h2e2").unwrap();
        game.resign("black").unwrap();
        let outcome = game.outcome().unwrap();
        assert_eq!(
            (outcome.result, outcome.termination),
            ("1-0", "resignation")
        );
        assert!(game.agree_draw().is_err());
        assert!(game.play("h9g7").is_err());
        assert!(game.undo());
        assert!(game.outcome().is_none());
        game.flag("red").unwrap();
        assert_eq!(game.outcome().unwrap().winner, Some("black"));
        let mut game = PlayGame::new(None).unwrap();
        assert!(game.resign("green").is_err());
        game.agree_draw().unwrap();
        assert_eq!(game.outcome().unwrap().result, "1/2-1/2");
    }

    #[test]
    fn janggi_games_start_from_the_chosen_arrangements() {
        let game = PlayGame::janggi("상마상마", "masangsangma").unwrap();
        assert_eq!(game.variant(), "janggi");
        assert_eq!(
            game.fen(),
            "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RBNA1ABNR w - - 0 1"
        );
        let board = game.board();
        // Cho's arrangement from its left: elephant, horse, elephant, horse on b0, c0, g0, h0.
        let at = |name: &str| board[square_index(name).unwrap() as usize].clone();
        assert_eq!(
            [at("b0"), at("c0"), at("g0"), at("h0")],
            ["B", "N", "B", "N"]
        );
        assert_eq!(game.turn(), "red");
        assert!(PlayGame::janggi("마마마마", "마상상마").is_err());
        // Every one of the sixteen, and the same start by FEN with the variant named.
        for cho in Arrangement::ALL {
            for han in Arrangement::ALL {
                let game = PlayGame::janggi(cho.korean(), han.name()).unwrap();
                let again = PlayGame::of_variant(Some(&game.fen()), Variant::Janggi).unwrap();
                assert_eq!(again.legal_moves(), game.legal_moves());
            }
        }
        // Without a FEN, a janggi game starts from core's janggi start position.
        let default = PlayGame::of_variant(None, parse_variant(Some("janggi")).unwrap()).unwrap();
        assert_eq!(default.fen(), Variant::Janggi.start_fen());
        assert_eq!(parse_variant(None).unwrap(), Variant::Xiangqi);
        assert!(parse_variant(Some("shogi")).is_err());
    }

    #[test]
    fn janggi_passes_moves_in_korean_and_the_double_pass_counted() {
        let mut game = PlayGame::janggi("마상상마", "마상상마").unwrap();
        let pass = game.pass_move().expect("Cho may pass at the start");
        assert_eq!(pass, "e1e1");
        assert!(game.legal_moves().contains(&pass));
        assert_eq!(game.legal_moves().len(), 32);
        assert_eq!(game.points(), Some((144, 147)));
        game.play("a3b3").unwrap();
        assert_eq!(game.move_text(0, "korean").unwrap(), "71졸72");
        game.play(&game.pass_move().unwrap()).unwrap();
        assert_eq!(game.move_text(1, "korean").unwrap(), "한수쉼");
        assert!(game.outcome().is_none());
        game.play("e1e1").unwrap();
        let outcome = game.outcome().expect("two passes in a row end the game");
        assert_eq!(outcome.termination, "double pass");
        // Han's 1.5 points decide equal armies.
        assert_eq!((outcome.result, outcome.winner), ("0-1", Some("black")));
        assert_eq!(outcome.counted, Some((144, 147)));
        assert!(game.legal_moves().is_empty());
        assert_eq!(game.pass_move(), None);
        assert!(game.undo());
        assert!(game.outcome().is_none());
        // Xiangqi has no pass and no counting.
        let xiangqi = PlayGame::new(None).unwrap();
        assert_eq!((xiangqi.pass_move(), xiangqi.points()), (None, None));
        assert_eq!(xiangqi.variant(), "xiangqi");
        let pgn = game.pgn(&[], "korean").unwrap();
        assert!(pgn.contains("71졸72"), "{pgn}");
    }

    #[test]
    fn janggi_bikjang_is_counted() {
        // The generals face each other on the e-file; Cho's chariot outweighs Han's 1.5.
        let fen = "9/4k4/9/9/9/9/9/9/4K4/R8 w - - 0 1";
        let mut game = PlayGame::of_variant(Some(fen), Variant::Janggi).unwrap();
        assert!(!game.in_check());
        game.play(&game.pass_move().expect("under bikjang Cho may pass"))
            .unwrap();
        let outcome = game.outcome().expect("bikjang on two plies in a row");
        assert_eq!(outcome.termination, "bikjang");
        assert_eq!((outcome.result, outcome.winner), ("1-0", Some("red")));
        assert_eq!(outcome.counted, Some((26, 3)));
        // Under bikjang every move but the pass must break the facing.
        let mut game = PlayGame::of_variant(Some(fen), Variant::Janggi).unwrap();
        assert!(game.play("a0a1").is_err());
        game.play("e1d1").unwrap();
        assert_eq!(game.outcome(), None);
    }

    #[test]
    fn the_engine_plays_janggi_at_every_level() {
        let mut engine = PlayEngine::new(1, 1);
        let start = PlayGame::janggi("상마마상", "마상마상").unwrap();
        let fen = start.fen();
        let moves = vec!["a3b3".to_owned()];
        let mut game = PlayGame::of_variant(Some(&fen), Variant::Janggi).unwrap();
        game.play("a3b3").unwrap();
        for level in ["beginner", "casual", "club", "strong", "master"] {
            let answer = engine
                .best_move(&MoveRequest {
                    variant: Variant::Janggi,
                    fen: &fen,
                    moves: &moves,
                    level,
                    seed: Some(3),
                    movetime_ms: 100,
                })
                .unwrap();
            let mv = answer.mv.expect("a move");
            assert!(game.legal_moves().contains(&mv), "{level}: {mv}");
        }
        // The same moves read as xiangqi are no game.
        let wrong = engine.best_move(&MoveRequest {
            variant: Variant::Xiangqi,
            fen: &fen,
            moves: &moves,
            level: "club",
            seed: None,
            movetime_ms: 10,
        });
        assert!(wrong.is_err());
    }

    #[test]
    fn the_tables_are_the_crates_own() {
        let t = tables();
        let names: Vec<&str> = t.levels.iter().map(|l| l.name.as_str()).collect();
        assert_eq!(names, ["beginner", "casual", "club", "strong", "master"]);
        assert_eq!(t.levels[4].think_ms, MASTER_MOVETIME_MS);
        assert_eq!(t.terminations.len(), xiangqi_core::Termination::ALL.len());
        assert_eq!(t.terminations[2], (3, "perpetual check"));
        assert!(t.piece_values.contains(&("chariot", 1000)));
        assert_eq!((t.mate_cp, t.null_move), (100_000, "0000"));
        assert_eq!(t.arrangements.len(), 4);
        assert_eq!(t.arrangements[0], ("masangsangma", "마상상마"));
        assert_eq!(t.variants[..2], ["xiangqi", "janggi"]);
    }
}
