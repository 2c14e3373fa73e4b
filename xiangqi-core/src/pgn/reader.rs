//! The PGN reader: bytes in any encoding to [`PgnGame`]s, one record at a time.
//!
//! Every position in the input is found in time linear in its length: columns are counted
//! forward from the last one asked for, never from the start of the line again, so a record
//! written on one line of millions of characters reads as fast as one wrapped at 80.

use super::{
    MoveFormat, PgnError, PgnErrorKind, PgnGame, PgnMove, PgnResult, PgnWarning, PgnWarningKind,
    Variation,
};
use crate::moves::Move;
use crate::notation::{MoveParseError, RankDialect};
use crate::position::{Position, Undo};
use crate::text::{self, TextEncoding};
use core::cell::Cell;
use std::io::BufRead;

/// How deep variations are kept by default ([`ReadOptions::max_depth`]).
pub const MAX_VARIATION_DEPTH: usize = 128;

/// How much input a line-by-line reader reads ahead to find a legacy encoding.
const DETECT_AHEAD_BYTES: usize = 64 * 1024;

/// How [`PgnReader`] reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ReadOptions {
    /// Keep variations (`true`) or skip them without checking their moves (`false`).
    pub variations: bool,
    /// Keep comments.
    pub comments: bool,
    /// The text encoding of the input ([`TextEncoding::Auto`]: found from the bytes).
    pub encoding: TextEncoding,
    /// Variations nested deeper than this are skipped, with a
    /// [`PgnWarningKind::DeepVariation`] warning: a record's tree stays of a depth that every
    /// recursive walk over it (dropping, cloning, writing, comparing) can take.
    pub max_depth: usize,
}

impl Default for ReadOptions {
    fn default() -> ReadOptions {
        ReadOptions {
            variations: true,
            comments: true,
            encoding: TextEncoding::Auto,
            max_depth: MAX_VARIATION_DEPTH,
        }
    }
}

/// Reads PGN records one at a time from any buffered reader of bytes, one line in memory at a
/// time.
///
/// As an iterator it yields `Ok(game)` or `Err(error)` per record; after a malformed record it
/// goes on with the next one. It stops at the end of the input or after an I/O error.
///
/// The encoding: with [`TextEncoding::Auto`], a byte order mark decides; otherwise each line
/// that is valid UTF-8 is read as UTF-8 and the others in the one legacy encoding (GBK or Big5)
/// detected from the first 64 KiB that hold such lines, so files put together from sources in
/// both UTF-8 and one legacy encoding read too. [`PgnReader::encoding`] tells what was found.
pub struct PgnReader<R> {
    input: R,
    options: ReadOptions,
    /// Raw lines read ahead to detect the encoding, in order, one after the other (each with
    /// its `\n`): one buffer for all of them, where a buffer a line cost an allocation a line.
    ahead: Vec<u8>,
    /// How much of `ahead` has been taken back as lines.
    ahead_at: usize,
    /// The whole input as UTF-8, when it was UTF-16 (which cannot be split at `\n` bytes).
    converted: Option<std::io::Cursor<Vec<u8>>>,
    /// The UTF-16 encoding `converted` was read from.
    utf16: Option<TextEncoding>,
    /// The legacy encoding of the lines that are not UTF-8, once known.
    legacy: Option<TextEncoding>,
    bytes: Vec<u8>,
    line: String,
    line_no: usize,
    /// Malformed sequences replaced in the current line.
    line_errors: usize,
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
            ahead: Vec::new(),
            ahead_at: 0,
            converted: None,
            utf16: None,
            legacy: match options.encoding {
                TextEncoding::Gbk | TextEncoding::Big5 => Some(options.encoding),
                _ => None,
            },
            bytes: Vec::with_capacity(256),
            line: String::with_capacity(256),
            line_no: 0,
            line_errors: 0,
            pending: None,
            finished: false,
            startpos: Position::startpos(),
        }
    }

    /// The encoding read so far: the legacy one (GBK or Big5) when a line needed it, else the
    /// one named by the options or a byte order mark, else UTF-8.
    pub fn encoding(&self) -> TextEncoding {
        if let Some(utf16) = self.utf16 {
            return utf16;
        }
        match (self.legacy, self.options.encoding) {
            (Some(legacy), _) => legacy,
            (None, TextEncoding::Auto) => TextEncoding::Utf8,
            (None, named) => named,
        }
    }

    /// Reads one raw line (with its `\n`) into `into`; 0 at the end of the input.
    fn read_raw(&mut self, into: &mut Vec<u8>) -> std::io::Result<usize> {
        match &mut self.converted {
            Some(cursor) => cursor.read_until(b'\n', into),
            None => self.input.read_until(b'\n', into),
        }
    }

    /// Reads the rest of the input after `first` and decodes it all from UTF-16.
    fn convert_utf16(&mut self, first: Vec<u8>, encoding: TextEncoding) -> std::io::Result<()> {
        let mut all = first;
        all.extend_from_slice(&self.ahead[self.ahead_at..]);
        self.ahead.clear();
        self.ahead_at = 0;
        self.input.read_to_end(&mut all)?;
        let decoded = text::decode(&all, encoding);
        self.utf16 = Some(decoded.encoding);
        self.converted = Some(std::io::Cursor::new(decoded.text.into_owned().into_bytes()));
        Ok(())
    }

    /// Reads lines ahead until enough non-UTF-8 text is in view, then detects its encoding.
    fn detect_legacy(&mut self) -> std::io::Result<TextEncoding> {
        let mut sample: Vec<u8> = self.bytes.clone();
        for line in self.ahead[self.ahead_at..].split_inclusive(|&b| b == b'\n') {
            if core::str::from_utf8(line).is_err() {
                sample.extend_from_slice(line);
            }
        }
        let mut seen = self.ahead.len() - self.ahead_at;
        let mut ahead = core::mem::take(&mut self.ahead);
        while seen < DETECT_AHEAD_BYTES {
            let start = ahead.len();
            let read = match self.read_raw(&mut ahead) {
                Ok(read) => read,
                Err(e) => {
                    self.ahead = ahead;
                    return Err(e);
                }
            };
            if read == 0 {
                break;
            }
            seen += read;
            let line = &ahead[start..];
            if core::str::from_utf8(line).is_err() {
                sample.extend_from_slice(line);
            }
        }
        self.ahead = ahead;
        Ok(text::detect_legacy(&sample))
    }

    /// Reads the next line into `self.line`; `Ok(false)` at the end of the input.
    fn next_line(&mut self) -> Result<bool, PgnError> {
        let io_error = |line_no: usize, e| PgnError {
            partial: None,
            line: line_no + 1,
            column: 1,
            kind: PgnErrorKind::Io(e),
        };
        let mut bytes = core::mem::take(&mut self.bytes);
        bytes.clear();
        let read = if self.ahead_at < self.ahead.len() {
            let rest = &self.ahead[self.ahead_at..];
            let len = rest
                .iter()
                .position(|&b| b == b'\n')
                .map_or(rest.len(), |k| k + 1);
            bytes.extend_from_slice(&rest[..len]);
            self.ahead_at += len;
            if self.ahead_at == self.ahead.len() {
                self.ahead.clear();
                self.ahead_at = 0;
            }
            len
        } else {
            self.read_raw(&mut bytes)
                .map_err(|e| io_error(self.line_no, e))?
        };
        if self.line_no == 0 && self.converted.is_none() {
            let utf16 = match (TextEncoding::from_bom(&bytes), self.options.encoding) {
                (Some((bom @ (TextEncoding::Utf16Le | TextEncoding::Utf16Be), _)), _) => Some(bom),
                (None, named @ (TextEncoding::Utf16Le | TextEncoding::Utf16Be)) => Some(named),
                _ => None,
            };
            if let Some(encoding) = utf16 {
                self.convert_utf16(bytes, encoding)
                    .map_err(|e| io_error(self.line_no, e))?;
                return self.next_line();
            }
        }
        self.bytes = bytes;
        if read == 0 {
            return Ok(false);
        }
        self.line_no += 1;
        while matches!(self.bytes.last(), Some(b'\n' | b'\r')) {
            self.bytes.pop();
        }
        let mut skip = 0;
        if self.line_no == 1 && self.bytes.starts_with(b"\xEF\xBB\xBF") {
            skip = 3;
        }
        self.line.clear();
        self.line_errors = 0;
        let encoding = match self.options.encoding {
            TextEncoding::Auto | TextEncoding::Utf16Le | TextEncoding::Utf16Be => {
                match core::str::from_utf8(&self.bytes[skip..]) {
                    Ok(text) => {
                        self.line.push_str(text);
                        return Ok(true);
                    }
                    Err(_) if self.converted.is_some() => TextEncoding::Utf8,
                    Err(_) => match self.legacy {
                        Some(legacy) => legacy,
                        None => {
                            let found = self
                                .detect_legacy()
                                .map_err(|e| io_error(self.line_no, e))?;
                            self.legacy = Some(found);
                            found
                        }
                    },
                }
            }
            named => named,
        };
        self.line_errors = text::decode_into(&self.bytes[skip..], encoding, &mut self.line);
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
                    Ok(true) => {
                        if self.line_errors > 0 {
                            parser.warn(
                                self.line_no,
                                1,
                                PgnWarningKind::Undecodable {
                                    count: self.line_errors,
                                    encoding: self.encoding(),
                                },
                            );
                        }
                        0
                    }
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
            let line = Line::new(self.line_no, &self.line);
            match parser.feed(&line, from, &self.startpos) {
                Ok(Step::More) => {}
                Ok(Step::End { next }) => {
                    self.pending = next;
                    return parser.finish(&self.startpos, false);
                }
                Ok(Step::Abort { mut error, next }) => {
                    self.pending = Some(next);
                    error.partial = Some(Box::new(parser.partial(&self.startpos)));
                    return Some(Err(error));
                }
                Err(mut error) => {
                    self.skip_record(parser.in_movetext(), &error);
                    error.partial = Some(Box::new(parser.partial(&self.startpos)));
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
                Ok(false) | Err(_) => {
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

/// Reads every record of raw bytes in any encoding (a convenience over [`PgnReader`]).
pub fn read_bytes(bytes: &[u8], options: ReadOptions) -> Vec<Result<PgnGame, PgnError>> {
    PgnReader::with_options(bytes, options).collect()
}

/// A line being read, with its number and a forward-only column counter.
struct Line<'a> {
    no: usize,
    text: &'a str,
    /// The last byte offset whose column was asked for, and that column (0-based).
    counted: Cell<(usize, usize)>,
}

impl<'a> Line<'a> {
    fn new(no: usize, text: &'a str) -> Line<'a> {
        Line {
            no,
            text,
            counted: Cell::new((0, 0)),
        }
    }

    /// The 1-based column, in characters, of byte `byte`. Asking for columns in increasing
    /// order (as the parser does) costs the length of the line in all.
    fn column(&self, byte: usize) -> usize {
        let (mut from, mut column) = self.counted.get();
        if byte < from {
            (from, column) = (0, 0);
        }
        let byte = byte.min(self.text.len());
        column += self
            .text
            .get(from..byte)
            .map_or(byte - from, |s| s.chars().count());
        self.counted.set((byte, column));
        column + 1
    }
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
    /// Depth of the variation being skipped (when variations are not kept or nest too deep).
    skip_depth: usize,
    skip_at: (usize, usize),
    result: Option<PgnResult>,
    start: Option<Position>,
    warnings: Vec<PgnWarning>,
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

fn is_number_digit(c: char) -> bool {
    c.is_ascii_digit() || ('０'..='９').contains(&c)
}

/// Splits a leading move number (`12.`, `12...`, `１２．`) off a word. Returns the rest
/// (possibly empty). A word like `15.6` is a WXF soldier move with `.` for sideways, not a
/// number and a move.
fn strip_move_number(word: &str) -> &str {
    let digits_end = word
        .char_indices()
        .find(|&(_, c)| !is_number_digit(c))
        .map_or(word.len(), |(k, _)| k);
    if digits_end == 0 {
        return word;
    }
    let rest = &word[digits_end..];
    let dots_end = rest
        .char_indices()
        .find(|&(_, c)| !matches!(c, '.' | '．' | '、' | '…'))
        .map_or(rest.len(), |(k, _)| k);
    if dots_end == 0 {
        // A bare number is a move number without its dot.
        return if rest.is_empty() { rest } else { word };
    }
    let after = &rest[dots_end..];
    if digits_end == 2 && dots_end == 1 && after.len() == 1 && after.as_bytes()[0].is_ascii_digit()
    {
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
            warnings: Vec::new(),
        }
    }

    fn in_movetext(&self) -> bool {
        self.phase == Phase::Moves
    }

    fn warn(&mut self, line: usize, column: usize, kind: PgnWarningKind) {
        self.warnings.push(PgnWarning { line, column, kind });
    }

    /// Parses the tag pair at `line[i..]` (which starts with `[`); returns the byte after it.
    ///
    /// Leniently: a quote inside the value ends it only when `]` follows (after spaces), as
    /// writers that do not escape quotes leave them; a value without its closing quote runs to
    /// the last `]` of the line. Both are repaired with a warning.
    fn tag_pair(&mut self, line: &Line<'_>, i: usize) -> Result<(usize, String, String), PgnError> {
        let text = line.text;
        let error = |at: usize, why: &str| PgnError {
            partial: None,
            line: line.no,
            column: line.column(at),
            kind: PgnErrorKind::Tag(why.to_owned()),
        };
        let bytes = text.as_bytes();
        let skip_spaces = |mut j: usize| {
            while j < bytes.len() && bytes[j].is_ascii_whitespace() {
                j += 1;
            }
            j
        };
        let mut j = skip_spaces(i + 1);
        let name_start = j;
        let name_end = text[j..]
            .char_indices()
            .find(|&(_, c)| !(c.is_alphanumeric() || c == '_' || c == '-'))
            .map_or(text.len(), |(k, _)| j + k);
        if name_end == name_start {
            return Err(error(j, "expected a tag name"));
        }
        let name = text[name_start..name_end].to_owned();
        j = skip_spaces(name_end);
        let mut value = String::new();
        if bytes.get(j) == Some(&b'"') {
            let value_start = j + 1;
            let mut end = None;
            let mut unescaped_quote = false;
            let mut chars = text[value_start..].char_indices();
            while let Some((k, c)) = chars.next() {
                match c {
                    '\\' => {
                        if let Some((_, escaped)) = chars.next() {
                            value.push(escaped);
                        }
                    }
                    '"' => {
                        let after = skip_spaces(value_start + k + 1);
                        if bytes.get(after) == Some(&b']') {
                            end = Some(after);
                            break;
                        }
                        unescaped_quote = true;
                        value.push(c);
                    }
                    _ => value.push(c),
                }
            }
            if unescaped_quote && end.is_some() {
                let column = line.column(value_start);
                self.warn(line.no, column, PgnWarningKind::UnescapedQuote);
            }
            j = match end {
                Some(end) => end,
                None => {
                    // No closing quote: the value runs to the last `]`.
                    let Some(close) = text.rfind(']').filter(|&k| k >= value_start) else {
                        return Err(error(text.len(), "the value has no closing quote"));
                    };
                    value = text[value_start..close].trim_end().to_owned();
                    let column = line.column(value_start);
                    self.warn(line.no, column, PgnWarningKind::UnclosedQuote);
                    close
                }
            };
        } else {
            // Some writers leave the value unquoted: take it up to the bracket.
            let end = text[j..].find(']').map_or(text.len(), |k| j + k);
            value.push_str(text[j..end].trim());
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
        // A `Variant` tag naming janggi (`janggi`, `janggimodern`, ...) sets the game; any
        // other value is read as xiangqi.
        let variant = self
            .tags
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case("Variant"))
            .and_then(|(_, value)| value.parse::<crate::Variant>().ok());
        let mut start = match variant {
            Some(v) if v.is_janggi() => Position::start_of(v),
            _ => startpos.clone(),
        };
        for (name, value) in &self.tags {
            if name.eq_ignore_ascii_case("FEN") {
                let variant = variant.unwrap_or(crate::Variant::Xiangqi);
                start = Position::from_fen_variant(value, variant).map_err(|e| PgnError {
                    partial: None,
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

    /// `true` while nothing of a record has been read but perhaps a comment: text that is not
    /// PGN here is junk between records, not a broken record.
    fn nothing_read(&self) -> bool {
        self.tags.is_empty()
            && self.levels.len() == 1
            && self.levels[0].moves.is_empty()
            && self.result.is_none()
    }

    /// Forgets a record begun by junk, keeping its warnings for the next one.
    fn restart(&mut self) {
        let warnings = core::mem::take(&mut self.warnings);
        *self = GameParser::new(self.options);
        self.warnings = warnings;
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
            Some(MoveFormat::Vietnamese) => pos.parse_vietnamese(text),
            Some(MoveFormat::Korean) => pos.parse_korean(text),
            None => return pos.parse_any(text),
        };
        match named {
            // A record whose Format tag does not fit its moves: take what the moves are.
            Err(error @ MoveParseError::Invalid { .. }) => pos.parse_any(text).map_err(|_| error),
            other => other,
        }
    }

    /// Handles one word of movetext. Returns `true` when it ends the record.
    fn word(&mut self, line: &Line<'_>, at: usize, word: &str) -> Result<bool, PgnError> {
        if let Some(result) = PgnResult::parse(word) {
            if self.levels.len() == 1 {
                self.result = Some(result);
                return Ok(true);
            }
            return Ok(false);
        }
        if let Some(digits) = word.strip_prefix('$') {
            match digits.parse::<u8>() {
                Ok(nag) => {
                    if let Some(m) = self.levels.last_mut().and_then(|l| l.moves.last_mut()) {
                        m.nags.push(nag);
                    }
                }
                Err(_) => {
                    let column = line.column(at);
                    self.warn(line.no, column, PgnWarningKind::BadNag(word.to_owned()));
                }
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
        let rest = rest.trim_start_matches(['.', '…', '．']);
        if rest.is_empty() {
            return Ok(false);
        }
        let at = at + (word.len() - rest.len());
        let body = rest.trim_end_matches(['!', '?']);
        let nag = suffix_nag(&rest[body.len()..]);
        let Some(level) = self.levels.last() else {
            return Err(PgnError {
                partial: None,
                line: line.no,
                column: line.column(at),
                kind: PgnErrorKind::Unexpected(word.to_owned()),
            });
        };
        let mv = self.parse_move(&level.pos, body).map_err(|e| PgnError {
            partial: None,
            line: line.no,
            column: line.column(at),
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

    fn open_variation(&mut self, line: &Line<'_>, at: usize) -> Result<(), PgnError> {
        let error = PgnError {
            partial: None,
            line: line.no,
            column: line.column(at),
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
        let opened_at = (line.no, line.column(at));
        self.levels.push(Level {
            pos,
            moves: Vec::new(),
            last_undo: None,
            comment: None,
            opened_at,
        });
        Ok(())
    }

    fn close_variation(&mut self, line: &Line<'_>, at: usize) -> Result<(), PgnError> {
        if self.levels.len() < 2 {
            return Err(PgnError {
                partial: None,
                line: line.no,
                column: line.column(at),
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
        line: &Line<'_>,
        from: usize,
        startpos: &Position,
    ) -> Result<Step, PgnError> {
        let text = line.text;
        let mut i = from;
        if from == 0 && self.comment.is_some() && looks_like_tag_line(text) {
            // A comment left open runs into the next record's tags: end it there.
            if let Some(comment) = self.comment.take() {
                let error = PgnError {
                    partial: None,
                    line: comment.line,
                    column: comment.column,
                    kind: PgnErrorKind::Unbalanced("the { comment is never closed"),
                };
                return Ok(Step::Abort {
                    error,
                    next: text.len() - text.trim_start().len(),
                });
            }
        }
        loop {
            if let Some(comment) = &mut self.comment {
                match text[i..].find('}') {
                    Some(k) => {
                        if comment.keep {
                            comment.text.push_str(&text[i..i + k]);
                        }
                        i += k + 1;
                        self.close_comment();
                    }
                    None => {
                        if comment.keep {
                            comment.text.push_str(&text[i..]);
                            comment.text.push('\n');
                        }
                        return Ok(Step::More);
                    }
                }
            }
            let Some(skip) = text[i..].find(|c: char| !c.is_whitespace()) else {
                return Ok(Step::More);
            };
            i += skip;
            let c = text[i..].chars().next().unwrap_or(' ');
            if c == '%' && i == 0 {
                // An escape line, for other programs.
                return Ok(Step::More);
            }
            if c == '[' && self.skip_depth == 0 {
                if self.phase == Phase::Moves && !self.nothing_read() {
                    // The next record's tags: this one ended without a result.
                    return Ok(Step::End { next: Some(i) });
                }
                if self.phase == Phase::Moves {
                    // Only a comment came before: it belongs to no record.
                    self.restart();
                }
                let (end, name, value) = self.tag_pair(line, i)?;
                if self.tags.iter().any(|(n, _)| n.eq_ignore_ascii_case(&name)) {
                    // A tag seen twice starts the next record (this one had no moves).
                    return Ok(Step::End { next: Some(i) });
                }
                if name.eq_ignore_ascii_case("FEN") {
                    self.fen_at = (line.no, line.column(i));
                }
                self.tags.push((name, value));
                self.phase = Phase::Tags;
                i = end;
                continue;
            }
            if self.phase != Phase::Moves {
                self.begin_moves(startpos)?;
            }
            match c {
                '{' => {
                    let keep = self.options.comments && self.skip_depth == 0;
                    self.comment = Some(OpenComment {
                        text: String::new(),
                        keep,
                        line: line.no,
                        column: line.column(i),
                    });
                    i += 1;
                }
                ';' => {
                    if self.options.comments && self.skip_depth == 0 {
                        self.comment = Some(OpenComment {
                            text: text[i + 1..].to_owned(),
                            keep: true,
                            line: line.no,
                            column: line.column(i),
                        });
                        self.close_comment();
                    }
                    return Ok(Step::More);
                }
                '(' if self.skip_depth > 0
                    || !self.options.variations
                    || self.levels.len() > self.options.max_depth =>
                {
                    if self.skip_depth == 0 {
                        self.skip_at = (line.no, line.column(i));
                        if self.options.variations {
                            let limit = self.options.max_depth;
                            self.warn(
                                line.no,
                                self.skip_at.1,
                                PgnWarningKind::DeepVariation { limit },
                            );
                        }
                    }
                    self.skip_depth += 1;
                    i += 1;
                }
                ')' if self.skip_depth > 0 => {
                    self.skip_depth -= 1;
                    i += 1;
                }
                '(' => {
                    self.open_variation(line, i)?;
                    i += 1;
                }
                ')' => {
                    self.close_variation(line, i)?;
                    i += 1;
                }
                _ if self.skip_depth > 0 => {
                    // Skip to the next character that matters.
                    let after = i + c.len_utf8();
                    i = text[after..]
                        .find(['(', ')', '{', ';'])
                        .map_or(text.len(), |k| after + k);
                }
                '}' | ']' => {
                    let column = line.column(i);
                    self.warn(line.no, column, PgnWarningKind::Stray(c));
                    i += 1;
                }
                _ => {
                    let end = text[i..].find(is_delimiter).map_or(text.len(), |k| i + k);
                    let word = &text[i..end];
                    match self.word(line, i, word) {
                        Ok(true) => {
                            let next = text[end..]
                                .find(|c: char| !c.is_whitespace())
                                .map(|k| end + k);
                            return Ok(Step::End { next });
                        }
                        Ok(false) => i = end,
                        Err(PgnError {
                            kind: PgnErrorKind::Move(MoveParseError::Invalid { .. }),
                            ..
                        }) if self.nothing_read() && !word.starts_with(is_number_digit) => {
                            // A line of junk before a record (no move in any notation): skip it.
                            let column = line.column(i);
                            self.restart();
                            self.warn(line.no, column, PgnWarningKind::Junk);
                            return Ok(Step::More);
                        }
                        Err(error) => return Err(error),
                    }
                }
            }
        }
    }

    /// What the record held so far, for an error's [`PgnError::partial`]: the tags, the start
    /// position (the standard one if the `FEN` tag was not read) and the main line.
    fn partial(&mut self, startpos: &Position) -> PgnGame {
        let main = self.levels.first_mut();
        let tag_result = self
            .tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case("Result"))
            .and_then(|(_, v)| PgnResult::parse(v));
        PgnGame {
            tags: core::mem::take(&mut self.tags),
            start: self.start.clone().unwrap_or_else(|| startpos.clone()),
            comment: main.as_ref().and_then(|m| m.comment.clone()),
            moves: main
                .map(|m| core::mem::take(&mut m.moves))
                .unwrap_or_default(),
            result: self.result.or(tag_result).unwrap_or_default(),
            warnings: core::mem::take(&mut self.warnings),
        }
    }

    /// Builds the record once it ended (`at_eof` when the input ended).
    fn finish(mut self, startpos: &Position, at_eof: bool) -> Option<Result<PgnGame, PgnError>> {
        if self.phase == Phase::Start {
            return None;
        }
        match self.finish_checked(startpos, at_eof) {
            Some(Err(mut error)) => {
                error.partial = Some(Box::new(self.partial(startpos)));
                Some(Err(error))
            }
            other => other,
        }
    }

    fn finish_checked(
        &mut self,
        startpos: &Position,
        at_eof: bool,
    ) -> Option<Result<PgnGame, PgnError>> {
        let unbalanced = |line, column, why| {
            Some(Err(PgnError {
                partial: None,
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
            tags: core::mem::take(&mut self.tags),
            start,
            comment: main.comment,
            moves: main.moves,
            result: self.result.or(tag_result).unwrap_or_default(),
            warnings: core::mem::take(&mut self.warnings),
        }))
    }
}
