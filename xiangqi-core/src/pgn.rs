//! Xiangqi PGN: reading and writing game records.
//!
//! A record is tag pairs (`[Game "Chinese Chess"]`, `[Format "WXF"]`, `[FEN "..."]`, `[Red "..."]`,
//! `[Result "1-0"]`, ...) then the moves, with move numbers (`1.`, `1...`), comments (`{...}`
//! and `; ...` to the end of the line), variations in parentheses, NAGs (`$1`, or `!`, `?`
//! after a move) and the result (`1-0`, `0-1`, `1/2-1/2`, `*`).
//!
//! Moves are read in the notation the `Format` tag names (ICCS, WXF or Chinese), or in whichever
//! one each move is written when the tag is missing or a move does not fit it, and every move is
//! checked by playing it. [`PgnReader`] streams the games of any [`BufRead`] one at a time, in
//! UTF-8 or GBK (detected line by line; GBK needs the default `gbk` feature). A malformed game
//! gives a [`PgnError`] with its line and column, and reading goes on with the next game.
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

use crate::fen::{FenError, STARTING_FEN};
use crate::moves::Move;
use crate::notation::{ChineseStyle, MoveParseError, Notation, RankDialect};
use crate::position::{IllegalMove, Position, Undo};
use core::fmt::{self, Write};
use std::io::BufRead;

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
}

impl MoveFormat {
    /// The value of the `Format` tag: `ICCS`, `WXF` or `Chinese`.
    pub const fn tag_value(self) -> &'static str {
        match self {
            MoveFormat::Iccs => "ICCS",
            MoveFormat::Wxf => "WXF",
            MoveFormat::Chinese => "Chinese",
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
        } else {
            None
        }
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
    pub fn parse(text: &str) -> Option<PgnResult> {
        Some(match text.trim() {
            "1-0" => PgnResult::RedWins,
            "0-1" => PgnResult::BlackWins,
            "1/2-1/2" | "½-½" | "1/2" | "0.5-0.5" => PgnResult::Draw,
            "*" => PgnResult::Unknown,
            _ => return None,
        })
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
        write_game(self, options, out)
    }

    /// The record as PGN text.
    pub fn to_pgn(&self, options: &WriteOptions) -> Result<String, PgnWriteError> {
        let mut out = String::with_capacity(256 + self.moves.len() * 8);
        self.write_pgn(options, &mut out)?;
        Ok(out)
    }
}

// ----- errors ------------------------------------------------------------------------------

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

// ----- reading -----------------------------------------------------------------------------

/// How bytes are turned into text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TextEncoding {
    /// Each line as UTF-8 when it is valid UTF-8, else as GBK (without the `gbk` feature,
    /// bad bytes become U+FFFD).
    #[default]
    Auto,
    /// UTF-8 only; bad bytes become U+FFFD.
    Utf8,
    /// GBK (GB18030) only. Without the `gbk` feature this reads as [`TextEncoding::Utf8`].
    Gbk,
}

/// How [`PgnReader`] reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ReadOptions {
    /// Keep variations (`true`) or skip them without checking their moves (`false`).
    pub variations: bool,
    /// Keep comments.
    pub comments: bool,
    /// The text encoding of the input.
    pub encoding: TextEncoding,
}

impl Default for ReadOptions {
    fn default() -> ReadOptions {
        ReadOptions {
            variations: true,
            comments: true,
            encoding: TextEncoding::Auto,
        }
    }
}

/// Reads PGN records one at a time from any buffered reader, one line in memory at a time.
///
/// As an iterator it yields `Ok(game)` or `Err(error)` per record; after a malformed record it
/// goes on with the next one. It stops at the end of the input or after an I/O error.
pub struct PgnReader<R> {
    input: R,
    options: ReadOptions,
    bytes: Vec<u8>,
    line: String,
    line_no: usize,
    /// The current line still holds the start of the next record, from this byte on.
    pending: Option<usize>,
    finished: bool,
    startpos: Position,
}

impl<R: BufRead> PgnReader<R> {
    /// A reader with the default options (keep variations and comments, detect the encoding).
    pub fn new(input: R) -> PgnReader<R> {
        PgnReader::with_options(input, ReadOptions::default())
    }

    /// A reader with `options`.
    pub fn with_options(input: R, options: ReadOptions) -> PgnReader<R> {
        PgnReader {
            input,
            options,
            bytes: Vec::with_capacity(256),
            line: String::with_capacity(256),
            line_no: 0,
            pending: None,
            finished: false,
            startpos: Position::startpos(),
        }
    }

    /// Reads the next line into `self.line`; `Ok(false)` at the end of the input.
    fn next_line(&mut self) -> Result<bool, PgnError> {
        self.bytes.clear();
        let read = self
            .input
            .read_until(b'\n', &mut self.bytes)
            .map_err(|e| PgnError {
                line: self.line_no + 1,
                column: 1,
                kind: PgnErrorKind::Io(e),
            })?;
        if read == 0 {
            return Ok(false);
        }
        self.line_no += 1;
        while matches!(self.bytes.last(), Some(b'\n' | b'\r')) {
            self.bytes.pop();
        }
        let mut bytes = &self.bytes[..];
        if self.line_no == 1 && bytes.starts_with(b"\xEF\xBB\xBF") {
            bytes = &bytes[3..];
        }
        self.line.clear();
        match self.options.encoding {
            TextEncoding::Gbk => decode_gbk(bytes, &mut self.line),
            // Chinese text in GBK is practically never valid UTF-8 (most of its lead bytes are
            // UTF-8 continuation bytes), so each line can be told apart on its own, which also
            // reads files put together from sources in both encodings.
            TextEncoding::Auto => match core::str::from_utf8(bytes) {
                Ok(text) => self.line.push_str(text),
                Err(_) => decode_gbk(bytes, &mut self.line),
            },
            TextEncoding::Utf8 => self.line.push_str(&String::from_utf8_lossy(bytes)),
        }
        Ok(true)
    }

    /// Reads the next record: `None` at the end of the input.
    pub fn read_game(&mut self) -> Option<Result<PgnGame, PgnError>> {
        if self.finished {
            return None;
        }
        let mut parser = GameParser::new(self.options);
        loop {
            let from = match self.pending.take() {
                Some(from) => from,
                None => match self.next_line() {
                    Ok(true) => 0,
                    Ok(false) => {
                        self.finished = true;
                        return parser.finish(&self.startpos, true);
                    }
                    Err(e) => {
                        self.finished = true;
                        return Some(Err(e));
                    }
                },
            };
            match parser.feed(self.line_no, &self.line, from, &self.startpos) {
                Ok(Step::More) => {}
                Ok(Step::End { next }) => {
                    self.pending = next;
                    return parser.finish(&self.startpos, false);
                }
                Ok(Step::Abort { error, next }) => {
                    self.pending = Some(next);
                    return Some(Err(error));
                }
                Err(error) => {
                    self.skip_record(parser.in_movetext(), &error);
                    return Some(Err(error));
                }
            }
        }
    }

    /// After an error, skips the rest of the record: up to a line that ends with a result, or up
    /// to the tag pairs of the next record.
    fn skip_record(&mut self, mut in_movetext: bool, error: &PgnError) {
        if in_movetext && error.line == self.line_no && ends_with_result(&self.line) {
            return;
        }
        loop {
            match self.next_line() {
                Ok(true) => {}
                Ok(false) => {
                    self.finished = true;
                    return;
                }
                Err(_) => {
                    self.finished = true;
                    return;
                }
            }
            let trimmed = self.line.trim_start();
            if trimmed.starts_with('[') {
                if in_movetext {
                    self.pending = Some(self.line.len() - trimmed.len());
                    return;
                }
            } else if !trimmed.is_empty() {
                in_movetext = true;
                if ends_with_result(trimmed) {
                    return;
                }
            }
        }
    }
}

impl<R: BufRead> Iterator for PgnReader<R> {
    type Item = Result<PgnGame, PgnError>;
    fn next(&mut self) -> Option<Self::Item> {
        self.read_game()
    }
}

/// Reads every record of a text (a convenience over [`PgnReader`]).
pub fn read_all(text: &str) -> Vec<Result<PgnGame, PgnError>> {
    PgnReader::new(text.as_bytes()).collect()
}

#[cfg(feature = "gbk")]
fn decode_gbk(bytes: &[u8], out: &mut String) {
    let (text, _) = encoding_rs::GBK.decode_without_bom_handling(bytes);
    out.push_str(&text);
}

#[cfg(not(feature = "gbk"))]
fn decode_gbk(bytes: &[u8], out: &mut String) {
    out.push_str(&String::from_utf8_lossy(bytes));
}

/// `true` for a line that holds only tag pairs, like `[Event "x"]`.
fn looks_like_tag_line(line: &str) -> bool {
    let t = line.trim();
    t.starts_with('[') && t.ends_with(']') && t.contains('"')
}

fn ends_with_result(line: &str) -> bool {
    line.split_whitespace()
        .last()
        .is_some_and(|w| PgnResult::parse(w).is_some())
}

/// What feeding a line to the parser gave.
enum Step {
    /// The record goes on.
    More,
    /// The record ended; the next one starts at this byte of the same line, if any.
    End { next: Option<usize> },
    /// The record is broken, and the next one starts at this byte of the same line.
    Abort { error: PgnError, next: usize },
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Nothing of the record read yet.
    Start,
    /// Reading tag pairs.
    Tags,
    /// Reading moves.
    Moves,
}

/// A line of play being read: the main line or a variation.
struct Level {
    pos: Position,
    moves: Vec<PgnMove>,
    last_undo: Option<Undo>,
    comment: Option<String>,
    /// Where its `(` stands (line, column).
    opened_at: (usize, usize),
}

/// A comment being read across lines.
struct OpenComment {
    text: String,
    keep: bool,
    line: usize,
    column: usize,
}

/// The state of one record being read, fed line by line.
struct GameParser {
    options: ReadOptions,
    phase: Phase,
    tags: Vec<(String, String)>,
    fen_at: (usize, usize),
    format: Option<MoveFormat>,
    levels: Vec<Level>,
    comment: Option<OpenComment>,
    /// Depth of the variation being skipped (when variations are not kept).
    skip_depth: usize,
    skip_at: (usize, usize),
    result: Option<PgnResult>,
    start: Option<Position>,
}

fn column_of(line: &str, byte: usize) -> usize {
    line.get(..byte).map_or(byte, |s| s.chars().count()) + 1
}

fn is_delimiter(c: char) -> bool {
    c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | ';' | '[' | ']')
}

fn append_comment(slot: &mut Option<String>, text: &str) {
    let text = text.trim();
    if text.is_empty() {
        return;
    }
    match slot {
        Some(existing) => {
            existing.push(' ');
            existing.push_str(text);
        }
        None => *slot = Some(text.to_owned()),
    }
}

/// The NAG that a suffix like `!?` stands for.
fn suffix_nag(suffix: &str) -> Option<u8> {
    Some(match suffix {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    })
}

/// Splits a leading move number (`12.`, `12...`) off a word. Returns the rest (possibly empty).
/// A word like `15.6` is a WXF soldier move with `.` for sideways, not a number and a move.
fn strip_move_number(word: &str) -> &str {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return word;
    }
    let rest = &word[digits..];
    let dots = rest.bytes().take_while(|&b| b == b'.').count();
    if dots == 0 {
        // A bare number is a move number without its dot.
        return if rest.is_empty() { rest } else { word };
    }
    let after = &rest[dots..];
    if digits == 2 && dots == 1 && after.len() == 1 && after.as_bytes()[0].is_ascii_digit() {
        return word;
    }
    after
}

impl GameParser {
    fn new(options: ReadOptions) -> GameParser {
        GameParser {
            options,
            phase: Phase::Start,
            tags: Vec::new(),
            fen_at: (0, 0),
            format: None,
            levels: Vec::new(),
            comment: None,
            skip_depth: 0,
            skip_at: (0, 0),
            result: None,
            start: None,
        }
    }

    fn in_movetext(&self) -> bool {
        self.phase == Phase::Moves
    }

    /// Parses the tag pair at `line[i..]` (which starts with `[`); returns the byte after it.
    fn tag_pair(
        &mut self,
        line_no: usize,
        line: &str,
        i: usize,
    ) -> Result<(usize, String, String), PgnError> {
        let error = |at: usize, why: &str| PgnError {
            line: line_no,
            column: column_of(line, at),
            kind: PgnErrorKind::Tag(why.to_owned()),
        };
        let bytes = line.as_bytes();
        let mut j = i + 1;
        while j < bytes.len() && bytes[j].is_ascii_whitespace() {
            j += 1;
        }
        let name_start = j;
        while j < bytes.len() && (bytes[j].is_ascii_alphanumeric() || bytes[j] == b'_') {
            j += 1;
        }
        if j == name_start {
            return Err(error(j, "expected a tag name"));
        }
        let name = line[name_start..j].to_owned();
        while j < bytes.len() && bytes[j].is_ascii_whitespace() {
            j += 1;
        }
        let mut value = String::new();
        if bytes.get(j) == Some(&b'"') {
            j += 1;
            let mut closed = false;
            let mut chars = line[j..].char_indices();
            while let Some((k, c)) = chars.next() {
                match c {
                    '\\' => {
                        if let Some((_, escaped)) = chars.next() {
                            value.push(escaped);
                        }
                    }
                    '"' => {
                        j += k + 1;
                        closed = true;
                        break;
                    }
                    _ => value.push(c),
                }
            }
            if !closed {
                return Err(error(line.len(), "the value has no closing quote"));
            }
            while j < bytes.len() && bytes[j].is_ascii_whitespace() {
                j += 1;
            }
        } else {
            // Some writers leave the value unquoted: take it up to the bracket.
            let end = line[j..].find(']').map_or(line.len(), |k| j + k);
            value.push_str(line[j..end].trim());
            j = end;
        }
        if bytes.get(j) != Some(&b']') {
            return Err(error(j, "expected ] after the value"));
        }
        Ok((j + 1, name, value))
    }

    /// Sets up the main line when the moves begin.
    fn begin_moves(&mut self, startpos: &Position) -> Result<(), PgnError> {
        // Even when the FEN fails, the text being read is movetext (for skipping the record).
        self.phase = Phase::Moves;
        let mut start = startpos.clone();
        for (name, value) in &self.tags {
            if name.eq_ignore_ascii_case("FEN") {
                start = Position::from_fen(value).map_err(|e| PgnError {
                    line: self.fen_at.0,
                    column: self.fen_at.1,
                    kind: PgnErrorKind::Fen(e),
                })?;
            } else if name.eq_ignore_ascii_case("Format") {
                self.format = MoveFormat::from_tag_value(value);
            }
        }
        self.start = Some(start.clone());
        self.levels.push(Level {
            pos: start,
            moves: Vec::new(),
            last_undo: None,
            comment: None,
            opened_at: (0, 0),
        });
        Ok(())
    }

    fn close_comment(&mut self) {
        if let Some(comment) = self.comment.take() {
            if !comment.keep {
                return;
            }
            if let Some(level) = self.levels.last_mut() {
                match level.moves.last_mut() {
                    Some(m) => append_comment(&mut m.comment, &comment.text),
                    None => append_comment(&mut level.comment, &comment.text),
                }
            }
        }
    }

    fn parse_move(&self, pos: &Position, text: &str) -> Result<Move, MoveParseError> {
        let named = match self.format {
            Some(MoveFormat::Iccs) => pos.parse_iccs(text, RankDialect::Zero),
            Some(MoveFormat::Wxf) => pos.parse_wxf(text),
            Some(MoveFormat::Chinese) => pos.parse_chinese(text),
            None => return pos.parse_any(text),
        };
        match named {
            // A record whose Format tag does not fit its moves: take what the moves are.
            Err(error @ MoveParseError::Invalid { .. }) => pos.parse_any(text).map_err(|_| error),
            other => other,
        }
    }

    /// Handles one word of movetext. Returns `true` when it ends the record.
    fn word(
        &mut self,
        line_no: usize,
        line: &str,
        at: usize,
        word: &str,
    ) -> Result<bool, PgnError> {
        let error = |kind| PgnError {
            line: line_no,
            column: column_of(line, at),
            kind,
        };
        if let Some(result) = PgnResult::parse(word) {
            if self.levels.len() == 1 {
                self.result = Some(result);
                return Ok(true);
            }
            return Ok(false);
        }
        if let Some(digits) = word.strip_prefix('$') {
            let nag = digits
                .parse::<u8>()
                .map_err(|_| error(PgnErrorKind::Unexpected(word.to_owned())))?;
            if let Some(m) = self.levels.last_mut().and_then(|l| l.moves.last_mut()) {
                m.nags.push(nag);
            }
            return Ok(false);
        }
        if let Some(nag) = suffix_nag(word) {
            if let Some(m) = self.levels.last_mut().and_then(|l| l.moves.last_mut()) {
                m.nags.push(nag);
            }
            return Ok(false);
        }
        let rest = strip_move_number(word);
        let rest = rest.trim_start_matches(['.', '…']);
        if rest.is_empty() {
            return Ok(false);
        }
        let at = at + (word.len() - rest.len());
        let body = rest.trim_end_matches(['!', '?']);
        let nag = suffix_nag(&rest[body.len()..]);
        let Some(level) = self.levels.last() else {
            return Err(error(PgnErrorKind::Unexpected(word.to_owned())));
        };
        let mv = self.parse_move(&level.pos, body).map_err(|e| PgnError {
            line: line_no,
            column: column_of(line, at),
            kind: PgnErrorKind::Move(e),
        })?;
        let Some(level) = self.levels.last_mut() else {
            return Ok(false);
        };
        level.last_undo = Some(level.pos.make_move(mv));
        let mut pgn_move = PgnMove::new(mv);
        pgn_move.nags.extend(nag);
        level.moves.push(pgn_move);
        Ok(false)
    }

    fn open_variation(&mut self, line_no: usize, line: &str, at: usize) -> Result<(), PgnError> {
        let error = PgnError {
            line: line_no,
            column: column_of(line, at),
            kind: PgnErrorKind::Unexpected("( before any move".to_owned()),
        };
        let Some(parent) = self.levels.last() else {
            return Err(error);
        };
        let (Some(last), Some(undo)) = (parent.moves.last(), parent.last_undo) else {
            return Err(error);
        };
        let mut pos = parent.pos.clone();
        pos.unmake_move(last.mv, undo);
        let opened_at = (line_no, column_of(line, at));
        self.levels.push(Level {
            pos,
            moves: Vec::new(),
            last_undo: None,
            comment: None,
            opened_at,
        });
        Ok(())
    }

    fn close_variation(&mut self, line_no: usize, line: &str, at: usize) -> Result<(), PgnError> {
        if self.levels.len() < 2 {
            return Err(PgnError {
                line: line_no,
                column: column_of(line, at),
                kind: PgnErrorKind::Unbalanced(") closes no variation"),
            });
        }
        if let Some(child) = self.levels.pop() {
            if let Some(m) = self.levels.last_mut().and_then(|l| l.moves.last_mut()) {
                m.variations.push(Variation {
                    comment: child.comment,
                    moves: child.moves,
                });
            }
        }
        Ok(())
    }

    /// Reads `line` from byte `from` on.
    fn feed(
        &mut self,
        line_no: usize,
        line: &str,
        from: usize,
        startpos: &Position,
    ) -> Result<Step, PgnError> {
        let mut i = from;
        if from == 0 && self.comment.is_some() && looks_like_tag_line(line) {
            // A comment left open runs into the next record's tags: end it there.
            if let Some(comment) = self.comment.take() {
                let error = PgnError {
                    line: comment.line,
                    column: comment.column,
                    kind: PgnErrorKind::Unbalanced("the { comment is never closed"),
                };
                return Ok(Step::Abort {
                    error,
                    next: line.len() - line.trim_start().len(),
                });
            }
        }
        loop {
            if let Some(comment) = &mut self.comment {
                match line[i..].find('}') {
                    Some(k) => {
                        if comment.keep {
                            comment.text.push_str(&line[i..i + k]);
                        }
                        i += k + 1;
                        self.close_comment();
                    }
                    None => {
                        if comment.keep {
                            comment.text.push_str(&line[i..]);
                            comment.text.push('\n');
                        }
                        return Ok(Step::More);
                    }
                }
            }
            let Some(skip) = line[i..].find(|c: char| !c.is_whitespace()) else {
                return Ok(Step::More);
            };
            i += skip;
            let c = line[i..].chars().next().unwrap_or(' ');
            if c == '%' && i == 0 {
                // An escape line, for other programs.
                return Ok(Step::More);
            }
            if c == '[' && self.skip_depth == 0 {
                if self.phase == Phase::Moves {
                    // The next record's tags: this one ended without a result.
                    return Ok(Step::End { next: Some(i) });
                }
                let (end, name, value) = self.tag_pair(line_no, line, i)?;
                if self.tags.iter().any(|(n, _)| n.eq_ignore_ascii_case(&name)) {
                    // A tag seen twice starts the next record (this one had no moves).
                    return Ok(Step::End { next: Some(i) });
                }
                if name.eq_ignore_ascii_case("FEN") {
                    self.fen_at = (line_no, column_of(line, i));
                }
                self.tags.push((name, value));
                self.phase = Phase::Tags;
                i = end;
                continue;
            }
            if self.phase != Phase::Moves {
                self.begin_moves(startpos)?;
            }
            let column = column_of(line, i);
            match c {
                '{' => {
                    let keep = self.options.comments && self.skip_depth == 0;
                    self.comment = Some(OpenComment {
                        text: String::new(),
                        keep,
                        line: line_no,
                        column,
                    });
                    i += 1;
                }
                ';' => {
                    if self.options.comments && self.skip_depth == 0 {
                        self.comment = Some(OpenComment {
                            text: line[i + 1..].to_owned(),
                            keep: true,
                            line: line_no,
                            column,
                        });
                        self.close_comment();
                    }
                    return Ok(Step::More);
                }
                '(' if self.skip_depth > 0 || !self.options.variations => {
                    if self.skip_depth == 0 {
                        self.skip_at = (line_no, column);
                    }
                    self.skip_depth += 1;
                    i += 1;
                }
                ')' if self.skip_depth > 0 => {
                    self.skip_depth -= 1;
                    i += 1;
                }
                '(' => {
                    self.open_variation(line_no, line, i)?;
                    i += 1;
                }
                ')' => {
                    self.close_variation(line_no, line, i)?;
                    i += 1;
                }
                _ if self.skip_depth > 0 => {
                    i += c.len_utf8();
                }
                '}' | ']' => {
                    return Err(PgnError {
                        line: line_no,
                        column,
                        kind: PgnErrorKind::Unexpected(c.to_string()),
                    });
                }
                _ => {
                    let end = line[i..].find(is_delimiter).map_or(line.len(), |k| i + k);
                    let word = &line[i..end];
                    if self.word(line_no, line, i, word)? {
                        let next = line[end..]
                            .find(|c: char| !c.is_whitespace())
                            .map(|k| end + k);
                        return Ok(Step::End { next });
                    }
                    i = end;
                }
            }
        }
    }

    /// Builds the record once it ended (`at_eof` when the input ended).
    fn finish(mut self, startpos: &Position, at_eof: bool) -> Option<Result<PgnGame, PgnError>> {
        if self.phase == Phase::Start {
            return None;
        }
        let unbalanced = |line, column, why| {
            Some(Err(PgnError {
                line,
                column,
                kind: PgnErrorKind::Unbalanced(why),
            }))
        };
        if let Some(comment) = &self.comment {
            return unbalanced(
                comment.line,
                comment.column,
                "the { comment is never closed",
            );
        }
        if self.skip_depth > 0 {
            return unbalanced(
                self.skip_at.0,
                self.skip_at.1,
                "the ( variation is never closed",
            );
        }
        if let Some(open) = self.levels.get(1..).and_then(|l| l.last()) {
            let why = if at_eof {
                "the ( variation is still open at the end"
            } else {
                "the ( variation is never closed"
            };
            return unbalanced(open.opened_at.0, open.opened_at.1, why);
        }
        if self.phase == Phase::Tags {
            if let Err(e) = self.begin_moves(startpos) {
                return Some(Err(e));
            }
        }
        let main = self.levels.pop()?;
        let start = self.start.take()?;
        let tag_result = self
            .tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case("Result"))
            .and_then(|(_, v)| PgnResult::parse(v));
        Some(Ok(PgnGame {
            tags: self.tags,
            start,
            comment: main.comment,
            moves: main.moves,
            result: self.result.or(tag_result).unwrap_or_default(),
        }))
    }
}

// ----- writing -----------------------------------------------------------------------------

/// How a record is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WriteOptions {
    /// The notation of the moves (also written as the `Format` tag).
    pub format: MoveFormat,
    /// ICCS moves as `H2-E2` (the xiangqi PGN convention, `true`) or as `h2e2` (`false`).
    pub iccs_dashed: bool,
    /// The characters and digits of Chinese moves.
    pub chinese: ChineseStyle,
    /// Write comments.
    pub comments: bool,
    /// Write variations.
    pub variations: bool,
    /// Wrap the moves at this many characters (0: never).
    pub line_width: usize,
}

impl Default for WriteOptions {
    fn default() -> WriteOptions {
        WriteOptions {
            format: MoveFormat::Iccs,
            iccs_dashed: true,
            chinese: ChineseStyle::SIMPLIFIED,
            comments: true,
            variations: true,
            line_width: 80,
        }
    }
}

/// Writes tokens separated by spaces, wrapping lines.
struct Wrapper<'a, W> {
    out: &'a mut W,
    width: usize,
    column: usize,
    /// No space before the next token (after `(`).
    glue: bool,
}

impl<W: Write> Wrapper<'_, W> {
    fn token(&mut self, token: &str) -> fmt::Result {
        self.token_with(token, false)
    }

    fn token_with(&mut self, token: &str, glue_left: bool) -> fmt::Result {
        let len = token.chars().count();
        let glued = self.glue || glue_left;
        self.glue = false;
        if self.column > 0 && !glued {
            if self.width > 0 && self.column + 1 + len > self.width {
                self.out.write_char('\n')?;
                self.column = 0;
            } else {
                self.out.write_char(' ')?;
                self.column += 1;
            }
        }
        self.out.write_str(token)?;
        match token.rfind('\n') {
            Some(k) => self.column = token[k + 1..].chars().count(),
            None => self.column += len,
        }
        Ok(())
    }
}

fn write_tag<W: Write>(out: &mut W, name: &str, value: &str) -> fmt::Result {
    write!(out, "[{name} \"")?;
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                out.write_char('\\')?;
                out.write_char(c)?;
            }
            '\n' | '\r' => out.write_char(' ')?,
            _ => out.write_char(c)?,
        }
    }
    out.write_str("\"]\n")
}

fn write_move_text(
    pos: &Position,
    m: Move,
    options: &WriteOptions,
    buf: &mut String,
) -> fmt::Result {
    buf.clear();
    match options.format {
        MoveFormat::Iccs if options.iccs_dashed => {
            let (from, to) = (m.from(), m.to());
            write!(
                buf,
                "{}{}-{}{}",
                from.file().char().to_ascii_uppercase(),
                from.rank().char(),
                to.file().char().to_ascii_uppercase(),
                to.rank().char()
            )
        }
        MoveFormat::Iccs => pos.write_move(m, Notation::Iccs, buf),
        MoveFormat::Wxf => pos.write_move(m, Notation::Wxf, buf),
        MoveFormat::Chinese => {
            crate::notation::chinese::write_chinese(pos, m, options.chinese, buf)
        }
    }
}

fn write_comment<W: Write>(w: &mut Wrapper<'_, W>, comment: &str, buf: &mut String) -> fmt::Result {
    buf.clear();
    buf.push('{');
    // A comment cannot hold its closing brace.
    buf.extend(comment.chars().map(|c| if c == '}' { ')' } else { c }));
    buf.push('}');
    w.token(buf)
}

struct LineWriter<'o> {
    options: &'o WriteOptions,
    buf: String,
    scratch: String,
}

impl LineWriter<'_> {
    fn line<W: Write>(
        &mut self,
        w: &mut Wrapper<'_, W>,
        mut pos: Position,
        moves: &[PgnMove],
    ) -> Result<(), PgnWriteError> {
        let mut need_number = true;
        for m in moves {
            if !pos.is_legal(m.mv) {
                return Err(PgnWriteError::Illegal(IllegalMove { mv: m.mv }));
            }
            self.buf.clear();
            match pos.turn() {
                crate::Color::Red => write!(self.buf, "{}.", pos.fullmoves())?,
                crate::Color::Black if need_number => write!(self.buf, "{}...", pos.fullmoves())?,
                crate::Color::Black => {}
            }
            if !self.buf.is_empty() {
                w.token(&self.buf)?;
            }
            write_move_text(&pos, m.mv, self.options, &mut self.buf)?;
            w.token(&self.buf)?;
            need_number = false;
            for nag in &m.nags {
                self.buf.clear();
                write!(self.buf, "${nag}")?;
                w.token(&self.buf)?;
            }
            if self.options.comments {
                if let Some(comment) = &m.comment {
                    write_comment(w, comment, &mut self.scratch)?;
                    need_number = true;
                }
            }
            if self.options.variations {
                for variation in &m.variations {
                    w.token("(")?;
                    w.glue = true;
                    if self.options.comments {
                        if let Some(comment) = &variation.comment {
                            write_comment(w, comment, &mut self.scratch)?;
                        }
                    }
                    self.line(w, pos.clone(), &variation.moves)?;
                    w.token_with(")", true)?;
                    need_number = true;
                }
            }
            pos.make_move(m.mv);
        }
        Ok(())
    }
}

fn write_game<W: Write>(
    game: &PgnGame,
    options: &WriteOptions,
    out: &mut W,
) -> Result<(), PgnWriteError> {
    write_tag(out, "Game", game.tag("Game").unwrap_or("Chinese Chess"))?;
    for (name, value) in &game.tags {
        if !["Game", "Result", "FEN", "Format"]
            .iter()
            .any(|n| n.eq_ignore_ascii_case(name))
        {
            write_tag(out, name, value)?;
        }
    }
    write_tag(out, "Result", game.result.as_str())?;
    let fen = game.start.fen();
    if fen != STARTING_FEN {
        write_tag(out, "FEN", &fen)?;
    }
    write_tag(out, "Format", options.format.tag_value())?;
    out.write_char('\n')?;
    let mut wrapper = Wrapper {
        out,
        width: options.line_width,
        column: 0,
        glue: false,
    };
    let mut writer = LineWriter {
        options,
        buf: String::with_capacity(32),
        scratch: String::new(),
    };
    if options.comments {
        if let Some(comment) = &game.comment {
            write_comment(&mut wrapper, comment, &mut writer.scratch)?;
        }
    }
    writer.line(&mut wrapper, game.start.clone(), &game.moves)?;
    wrapper.token(game.result.as_str())?;
    wrapper.out.write_str("\n\n")?;
    Ok(())
}
