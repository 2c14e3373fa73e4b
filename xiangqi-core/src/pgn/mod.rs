//! Xiangqi PGN: reading and writing game records.
//!
//! A record is tag pairs (`[Game "Chinese Chess"]`, `[Format "WXF"]`, `[FEN "..."]`, `[Red "..."]`,
//! `[Result "1-0"]`, ...) then the moves, with move numbers (`1.`, `1...`), comments (`{...}`
//! and `; ...` to the end of the line), variations in parentheses, NAGs (`$1`, or `!`, `?`
//! after a move) and the result (`1-0`, `0-1`, `1/2-1/2`, `*`).
//!
//! Moves are read in the notation the `Format` tag names (ICCS, WXF or Chinese), or in whichever
//! one each move is written when the tag is missing or a move does not fit it, and every move is
//! checked by playing it. [`PgnReader`] streams the games of any [`BufRead`](std::io::BufRead)
//! one at a time from raw bytes in any encoding (UTF-8, UTF-16, GBK or Big5, found by
//! [`crate::encoding`]; the legacy ones need the default `gbk` feature).
//!
//! The reader is lenient where real files are sloppy and strict where it matters: what it can
//! repair (an unescaped quote in a tag value, a stray bracket, a bad NAG, junk between records,
//! undecodable bytes, variations nested too deep) becomes a [`PgnWarning`] on the game; what it
//! cannot (an illegal move, a bad FEN) is a [`PgnError`] with its line and column, and reading
//! goes on with the next game.
//!
//! [`PgnLineReader`] reads the same records from lines a caller hands over one at a time, and
//! says where in the last one the next record begins (Python's `read_game` on a stream uses it
//! to leave the stream there).
//!
//! The modules: [`reader`] (bytes to records: the input, its encoding, records cut apart), its
//! parser (`parser.rs`: what a line of a record means), [`writer`] (records to text) and
//! [`tree`] (a record as a tree of nodes to walk and edit, shaped like python-chess's
//! `GameNode`).
//!
//! ```
//! use xiangqi_core::pgn::{PgnReader, MoveFormat, WriteOptions};
//!
//! let text = "[Game \"Chinese Chess\"]\n[Format \"Chinese\"]\n\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ 1-0\n";
//! let game = PgnReader::new(text.as_bytes()).next().unwrap().unwrap();
//! assert_eq!(game.moves.len(), 4);
//! assert_eq!(game.moves[0].mv.to_string(), "h2e2");
//! let options = WriteOptions { format: MoveFormat::Wxf, ..WriteOptions::default() };
//! assert!(game.to_pgn(&options).unwrap().contains("1. C2=5 H8+7 2. H2+3 R9=8 1-0"));
//! ```

mod parser;
pub mod reader;
pub mod tree;
pub mod writer;

pub use crate::encoding::TextEncoding;
pub use reader::{
    read_all, read_bytes, PgnLineReader, PgnReader, ReadOptions, DETECT_AHEAD_BYTES,
    MAX_VARIATION_DEPTH,
};
pub use tree::{GameTree, NodeId};
pub use writer::WriteOptions;

use crate::fen::FenError;
use crate::moves::Move;
use crate::notation::{ChineseStyle, MoveParseError, Notation};
use crate::position::{IllegalMove, Position};
use core::fmt::{self, Write};

/// The notation of a record's moves: the value of its `Format` tag.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MoveFormat {
    /// ICCS coordinates: `H2-E2` (read also as `h2e2`).
    #[default]
    Iccs,
    /// WXF: `C2=5` (read also as `C2.5`).
    Wxf,
    /// Chinese: `炮二平五`.
    Chinese,
    /// Vietnamese: `P2-5` (see [`crate::notation::vietnamese`]).
    Vietnamese,
    /// Korean janggi coordinates: `79졸78`, `한수쉼` (see [`crate::notation::korean`]).
    Korean,
}

impl MoveFormat {
    /// The value of the `Format` tag: `ICCS`, `WXF`, `Chinese`, `Vietnamese` or `Korean`.
    pub const fn tag_value(self) -> &'static str {
        match self {
            MoveFormat::Iccs => "ICCS",
            MoveFormat::Wxf => "WXF",
            MoveFormat::Chinese => "Chinese",
            MoveFormat::Vietnamese => "Vietnamese",
            MoveFormat::Korean => "Korean",
        }
    }

    /// Reads a `Format` tag value, in any case.
    pub fn from_tag_value(value: &str) -> Option<MoveFormat> {
        let value = value.trim();
        if value.eq_ignore_ascii_case("iccs") || value.eq_ignore_ascii_case("ucci") {
            Some(MoveFormat::Iccs)
        } else if value.eq_ignore_ascii_case("wxf") {
            Some(MoveFormat::Wxf)
        } else if value.eq_ignore_ascii_case("chinese") || value == "中文" {
            Some(MoveFormat::Chinese)
        } else if value.eq_ignore_ascii_case("vietnamese") || value == "Tiếng Việt" {
            Some(MoveFormat::Vietnamese)
        } else if value.eq_ignore_ascii_case("korean") || value == "한국어" {
            Some(MoveFormat::Korean)
        } else {
            None
        }
    }

    /// The record format and Chinese style that write moves in `notation`: the one mapping
    /// from a notation's name (what the command line, Python and the page take) to PGN's
    /// `Format`. ICCS with ranks 1-10 is written as ICCS; `None` for Fairy-Stockfish's janggi
    /// notation, which PGN has no `Format` value for.
    ///
    /// ```
    /// use xiangqi_core::pgn::MoveFormat;
    /// use xiangqi_core::{ChineseStyle, Notation};
    /// assert_eq!(
    ///     MoveFormat::from_notation(Notation::ChineseTraditional),
    ///     Some((MoveFormat::Chinese, ChineseStyle::TRADITIONAL))
    /// );
    /// assert_eq!(MoveFormat::from_notation(Notation::KoreanFsf), None);
    /// ```
    pub const fn from_notation(notation: Notation) -> Option<(MoveFormat, ChineseStyle)> {
        let simplified = ChineseStyle::SIMPLIFIED;
        Some(match notation {
            Notation::Iccs | Notation::IccsOneBased => (MoveFormat::Iccs, simplified),
            Notation::Wxf => (MoveFormat::Wxf, simplified),
            Notation::Chinese => (MoveFormat::Chinese, simplified),
            Notation::ChineseTraditional => (MoveFormat::Chinese, ChineseStyle::TRADITIONAL),
            Notation::Vietnamese => (MoveFormat::Vietnamese, simplified),
            Notation::Korean => (MoveFormat::Korean, simplified),
            Notation::KoreanFsf => return None,
        })
    }

    /// [`MoveFormat::from_notation`] of a notation's name (`iccs`, `wxf`, `chinese`,
    /// `chinese-traditional`, `vietnamese`, `korean`; [`Notation`]'s names), with the
    /// message to show when it names none PGN writes.
    pub fn from_notation_name(name: &str) -> Result<(MoveFormat, ChineseStyle), String> {
        let notation: Notation = name.parse().map_err(|_| {
            format!(
                "unknown notation {name:?} (expected iccs, wxf, chinese, chinese-traditional, \
                 vietnamese or korean)"
            )
        })?;
        MoveFormat::from_notation(notation)
            .ok_or_else(|| format!("PGN has no {name} format: use korean or iccs"))
    }
}

/// The result of a game as PGN writes it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PgnResult {
    /// `1-0`.
    RedWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unknown, or the game goes on.
    #[default]
    Unknown,
}

impl PgnResult {
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const fn as_str(self) -> &'static str {
        match self {
            PgnResult::RedWins => "1-0",
            PgnResult::BlackWins => "0-1",
            PgnResult::Draw => "1/2-1/2",
            PgnResult::Unknown => "*",
        }
    }

    /// Reads a result token or `Result` tag value (also `½-½`, `1/2` and `0.5-0.5` for a draw).
    ///
    /// ```
    /// use xiangqi_core::pgn::PgnResult;
    /// assert_eq!(PgnResult::parse("1-0"), Some(PgnResult::RedWins));
    /// assert_eq!(PgnResult::parse(" \u{3000}½-½\u{a0}"), Some(PgnResult::Draw));
    /// assert_eq!(PgnResult::parse("\u{2003}*"), Some(PgnResult::Unknown));
    /// assert_eq!(PgnResult::parse("炮二平五"), None);
    /// assert_eq!(PgnResult::parse("h2e2"), None);
    /// assert_eq!(PgnResult::parse(""), None);
    /// ```
    pub fn parse(text: &str) -> Option<PgnResult> {
        // Every word of movetext is asked, most of them moves: a result starts with 0, 1, * or
        // ½ (C2 BD in UTF-8) after any white space, which beyond ASCII starts with C2 or E1
        // to E3. A move's first byte (a letter, a digit from 2 or a Chinese character, E4 to
        // E9) tells it apart before any trimming.
        let may_be_result =
            |b: u8| matches!(b, b'0' | b'1' | b'*' | 0xC2 | 0xE1..=0xE3) || b.is_ascii_whitespace();
        if !text.as_bytes().first().is_some_and(|&b| may_be_result(b)) {
            return None;
        }
        Some(match text.trim() {
            "1-0" => PgnResult::RedWins,
            "0-1" => PgnResult::BlackWins,
            "1/2-1/2" | "½-½" | "1/2" | "0.5-0.5" => PgnResult::Draw,
            "*" => PgnResult::Unknown,
            _ => return None,
        })
    }
}

impl From<&crate::Outcome> for PgnResult {
    fn from(outcome: &crate::Outcome) -> PgnResult {
        match outcome.winner {
            Some(crate::Color::Red) => PgnResult::RedWins,
            Some(crate::Color::Black) => PgnResult::BlackWins,
            None => PgnResult::Draw,
        }
    }
}

impl fmt::Display for PgnResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A move of a record, with what the record says about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnMove {
    /// The move (legal in the position it is played from).
    pub mv: Move,
    /// Numeric annotation glyphs (`$1`; `!` is read as 1, `?` as 2, `!!` 3, `??` 4, `!?` 5, `?!` 6).
    pub nags: Vec<u8>,
    /// The comment after the move.
    pub comment: Option<String>,
    /// Other moves that could have been played instead of this one, each a line of play.
    pub variations: Vec<Variation>,
}

impl PgnMove {
    /// A move with no annotation.
    pub fn new(mv: Move) -> PgnMove {
        PgnMove {
            mv,
            nags: Vec::new(),
            comment: None,
            variations: Vec::new(),
        }
    }
}

/// A variation: a line played instead of a move of its parent line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variation {
    /// The comment before its first move.
    pub comment: Option<String>,
    /// Its moves.
    pub moves: Vec<PgnMove>,
}

/// One game record, independent of any rule set: tags, start position, moves and result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    /// The tag pairs in the order read (the `FEN` and `Format` tags included).
    pub tags: Vec<(String, String)>,
    /// The position before the first move (the `FEN` tag, else the start position).
    pub start: Position,
    /// The comment before the first move.
    pub comment: Option<String>,
    /// The main line.
    pub moves: Vec<PgnMove>,
    /// The result (the result token, else the `Result` tag).
    pub result: PgnResult,
    /// What the reader repaired to read the record.
    pub warnings: Vec<PgnWarning>,
}

impl Default for PgnGame {
    fn default() -> PgnGame {
        PgnGame::new(Position::startpos())
    }
}

impl PgnGame {
    /// An empty record from `start`.
    pub fn new(start: Position) -> PgnGame {
        PgnGame {
            tags: Vec::new(),
            start,
            comment: None,
            moves: Vec::new(),
            result: PgnResult::Unknown,
            warnings: Vec::new(),
        }
    }

    /// A record of `moves` from `start`, each checked by playing it.
    pub fn from_moves(
        start: Position,
        moves: impl IntoIterator<Item = Move>,
    ) -> Result<PgnGame, IllegalMove> {
        let mut pos = start.clone();
        let mut game = PgnGame::new(start);
        for m in moves {
            pos.play(m)?;
            game.moves.push(PgnMove::new(m));
        }
        Ok(game)
    }

    /// The record of a [`Game`](crate::Game): its start, its moves and, when it is over, its
    /// result (with a `Termination` tag naming why, and the ruling's explanation as the final
    /// comment). Other tags are left for the caller to set.
    ///
    /// ```
    /// use xiangqi_core::{Game, Position, RankDialect, Rules, pgn::{PgnGame, PgnResult}};
    /// let mut game = Game::new(Position::startpos(), Rules::axf());
    /// for text in ["b2c2", "b7c7", "c2c6", "f9e8", "c6c9"] {
    ///     let m = game.position().parse_iccs(text, RankDialect::Zero).unwrap();
    ///     game.push(m).unwrap();
    /// }
    /// let record = PgnGame::from_game(&game);
    /// assert_eq!(record.result, PgnResult::RedWins);
    /// assert_eq!(record.tag("Termination"), Some("checkmate"));
    /// ```
    pub fn from_game(game: &crate::Game) -> PgnGame {
        let mut record = PgnGame::new(game.start().clone());
        record.moves = game.moves().map(PgnMove::new).collect();
        if let Some(outcome) = game.outcome() {
            record.result = PgnResult::from(&outcome);
            record.set_tag("Termination", outcome.termination.name());
            if let Some(last) = record.moves.last_mut() {
                last.comment = Some(outcome.explain());
            }
        }
        record.set_tag("Result", record.result.as_str());
        record
    }

    /// Replays the main line into a [`Game`](crate::Game) judged by `rules`.
    pub fn to_game(&self, rules: crate::Rules) -> Result<crate::Game, IllegalMove> {
        let mut game = crate::Game::new(self.start.clone(), rules);
        for m in self.mainline() {
            game.push(m)?;
        }
        Ok(game)
    }

    /// The value of a tag (names compared without regard to case).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag, replacing a tag of that name or adding it at the end.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self
            .tags
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            Some(tag) => tag.1 = value,
            None => self.tags.push((name.to_owned(), value)),
        }
    }

    /// The moves of the main line.
    pub fn mainline(&self) -> impl Iterator<Item = Move> + '_ {
        self.moves.iter().map(|m| m.mv)
    }

    /// The position after the main line.
    pub fn end_position(&self) -> Result<Position, IllegalMove> {
        let mut pos = self.start.clone();
        for m in &self.moves {
            pos.play(m.mv)?;
        }
        Ok(pos)
    }

    /// Writes the record as PGN. Fails when a move is not legal where it stands.
    pub fn write_pgn<W: Write>(
        &self,
        options: &WriteOptions,
        out: &mut W,
    ) -> Result<(), PgnWriteError> {
        writer::write_game(self, options, out)
    }

    /// The record as PGN text.
    pub fn to_pgn(&self, options: &WriteOptions) -> Result<String, PgnWriteError> {
        let mut out = String::with_capacity(256 + self.moves.len() * 8);
        self.write_pgn(options, &mut out)?;
        Ok(out)
    }
}

// ----- errors and warnings -----------------------------------------------------------------

/// What the reader repaired in a record.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PgnWarningKind {
    /// A tag value held quotes that were not escaped; they were kept as part of the value.
    UnescapedQuote,
    /// A tag value had no closing quote; it was read up to the last `]` of the line.
    UnclosedQuote,
    /// A `$` annotation that is not a number from 0 to 255 was skipped.
    BadNag(String),
    /// A `}` or `]` that closes nothing was skipped.
    Stray(char),
    /// A line that is no PGN before the record was skipped.
    Junk,
    /// Variations nested deeper than `limit` were skipped (their moves unchecked).
    DeepVariation {
        /// The depth limit ([`ReadOptions::max_depth`]).
        limit: usize,
    },
    /// A move that is not legal where it stands was left out, with the moves after it (in
    /// formats that store moves as points: XQF, DhtmlXQ).
    IllegalMove(String),
    /// Bytes not valid in the encoding became U+FFFD.
    Undecodable {
        /// How many malformed sequences the line held.
        count: usize,
        /// The encoding they were read in.
        encoding: TextEncoding,
    },
}

/// A repair the reader made, with where (1-based line and column, in characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnWarning {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, counted in characters.
    pub column: usize,
    /// What was repaired.
    pub kind: PgnWarningKind,
}

impl fmt::Display for PgnWarningKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnWarningKind::UnescapedQuote => f.write_str("unescaped quote in a tag value"),
            PgnWarningKind::UnclosedQuote => f.write_str("a tag value without its closing quote"),
            PgnWarningKind::BadNag(text) => write!(f, "bad NAG {text:?} skipped"),
            PgnWarningKind::Stray(c) => write!(f, "stray {c:?} skipped"),
            PgnWarningKind::Junk => f.write_str("a line that is no PGN skipped"),
            PgnWarningKind::DeepVariation { limit } => {
                write!(f, "variations nested deeper than {limit} skipped")
            }
            PgnWarningKind::IllegalMove(what) => write!(f, "illegal move {what} left out"),
            PgnWarningKind::Undecodable { count, encoding } => {
                write!(f, "{count} byte sequences not valid {encoding} replaced")
            }
        }
    }
}

impl fmt::Display for PgnWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.kind
        )
    }
}

/// What is wrong with a record.
#[derive(Debug)]
pub enum PgnErrorKind {
    /// Reading the input failed (reading stops after this error).
    Io(std::io::Error),
    /// A tag pair is malformed.
    Tag(String),
    /// The `FEN` tag is not a legal position.
    Fen(FenError),
    /// A move could not be read or is not legal.
    Move(MoveParseError),
    /// A token that has no place here.
    Unexpected(String),
    /// A `{` comment or a `(` variation is never closed, or a `)` closes nothing.
    Unbalanced(&'static str),
}

/// An error in a PGN record, with where it is (1-based line and column, in characters).
#[derive(Debug)]
pub struct PgnError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, counted in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: PgnErrorKind,
    /// What the record held before the error, as python-chess keeps it: its tags, its start
    /// position and its main line up to the move that could not be read (without the
    /// variation being read, if the error is inside one). `None` where nothing of a record was
    /// read (an error reading the input).
    pub partial: Option<Box<PgnGame>>,
}

impl fmt::Display for PgnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnErrorKind::Io(e) => write!(f, "read error: {e}"),
            PgnErrorKind::Tag(why) => write!(f, "bad tag pair: {why}"),
            PgnErrorKind::Fen(e) => write!(f, "bad FEN tag: {e}"),
            PgnErrorKind::Move(e) => write!(f, "{e}"),
            PgnErrorKind::Unexpected(token) => write!(f, "unexpected {token:?}"),
            PgnErrorKind::Unbalanced(why) => f.write_str(why),
        }
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.kind
        )
    }
}

impl std::error::Error for PgnError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            PgnErrorKind::Io(e) => Some(e),
            PgnErrorKind::Fen(e) => Some(e),
            PgnErrorKind::Move(e) => Some(e),
            _ => None,
        }
    }
}

/// The error of writing a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnWriteError {
    /// A move of the record is not legal where it stands.
    Illegal(IllegalMove),
    /// The output refused the text.
    Fmt,
}

impl fmt::Display for PgnWriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnWriteError::Illegal(e) => write!(f, "cannot write the record: {e}"),
            PgnWriteError::Fmt => f.write_str("the output refused the text"),
        }
    }
}

impl std::error::Error for PgnWriteError {}

impl From<fmt::Error> for PgnWriteError {
    fn from(_: fmt::Error) -> PgnWriteError {
        PgnWriteError::Fmt
    }
}
