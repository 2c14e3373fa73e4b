//! The PGN reader: bytes in any encoding to [`PgnGame`]s, one record at a time.
//!
//! This file holds the input side: the byte stream read a line at a time, its encoding (a byte
//! order mark, UTF-16 converted whole, GBK or Big5 detected from the lines ahead), records cut
//! apart and skipped after an error, and the convenience readers over a whole text. What a line
//! means (tag pairs, moves, comments, variations) is the parser's (`parser.rs`).

use super::parser::{ends_with_result, GameParser, Line, Step};
use super::{PgnError, PgnErrorKind, PgnGame, PgnWarningKind};
use crate::encoding::{self, TextEncoding};
use crate::position::Position;
use std::io::BufRead;

/// How deep variations are kept by default ([`ReadOptions::max_depth`]).
pub const MAX_VARIATION_DEPTH: usize = 128;

/// How much input a line-by-line reader reads ahead to find a legacy encoding.
pub const DETECT_AHEAD_BYTES: usize = 64 * 1024;

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
    cut: RecordCut,
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
            cut: RecordCut::new(options),
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
        let decoded = encoding::decode(&all, encoding);
        self.utf16 = Some(decoded.encoding);
        self.converted = Some(std::io::Cursor::new(decoded.text.into_owned().into_bytes()));
        Ok(())
    }

    /// Reads lines ahead until enough non-UTF-8 text is in view (after `line`, the first such
    /// line), then detects its encoding.
    fn detect_legacy(&mut self, line: &[u8]) -> std::io::Result<TextEncoding> {
        let mut sample: Vec<u8> = line.to_vec();
        push_legacy_lines(&mut sample, &self.ahead[self.ahead_at..]);
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
            push_legacy_lines(&mut sample, &ahead[start..]);
        }
        self.ahead = ahead;
        Ok(encoding::detect_legacy(&sample))
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
            if let Some(encoding) = utf16_of(&bytes, self.options.encoding) {
                self.convert_utf16(bytes, encoding)
                    .map_err(|e| io_error(self.line_no, e))?;
                return self.next_line();
            }
        }
        if read == 0 {
            self.bytes = bytes;
            return Ok(false);
        }
        self.line_no += 1;
        let mut line = core::mem::take(&mut self.line);
        line.clear();
        // After a UTF-16 conversion every line is UTF-8; the others are read as named or found.
        let named = match self.options.encoding {
            TextEncoding::Utf16Le | TextEncoding::Utf16Be => TextEncoding::Auto,
            named => named,
        };
        let decoded = decode_line(&bytes, self.line_no == 1, named, &mut line, |raw| {
            if self.converted.is_some() {
                return Ok(TextEncoding::Utf8);
            }
            if let Some(legacy) = self.legacy {
                return Ok(legacy);
            }
            let found = self.detect_legacy(raw)?;
            self.legacy = Some(found);
            Ok(found)
        });
        self.bytes = bytes;
        self.line = line;
        self.line_errors = decoded.map_err(|e| io_error(self.line_no, e))?.errors;
        Ok(true)
    }

    /// Reads the next record: `None` at the end of the input.
    pub fn read_game(&mut self) -> Option<Result<PgnGame, PgnError>> {
        if self.finished {
            return None;
        }
        loop {
            let from = match self.pending.take() {
                Some(from) => from,
                None => match self.next_line() {
                    Ok(true) => {
                        if self.line_errors > 0 {
                            let kind = PgnWarningKind::Undecodable {
                                count: self.line_errors,
                                encoding: self.encoding(),
                            };
                            self.cut.warn(self.line_no, kind);
                        }
                        0
                    }
                    Ok(false) => {
                        self.finished = true;
                        return self.cut.finish(&self.startpos);
                    }
                    Err(e) => {
                        self.finished = true;
                        return Some(Err(self.cut.abandon().unwrap_or(e)));
                    }
                },
            };
            let line = Line::new(self.line_no, &self.line);
            if let Some((record, next)) = self.cut.feed(&line, from, &self.startpos) {
                self.pending = next;
                return Some(record);
            }
        }
    }
}

/// One record being cut out of decoded lines: its parser, or after an error the skip to where
/// the record ends (a line that ends with a result, or the next record's tag pairs after
/// movetext). [`PgnReader`] and [`PgnLineReader`] feed it alike.
struct RecordCut {
    options: ReadOptions,
    parser: GameParser,
    /// After an error: the error (its partial record filled in) and whether movetext was seen.
    skipping: Option<(PgnError, bool)>,
}

/// A record and the byte of the same line where the next one begins, if it begins there.
type Cut = (Result<PgnGame, PgnError>, Option<usize>);

impl RecordCut {
    fn new(options: ReadOptions) -> RecordCut {
        RecordCut {
            options,
            parser: GameParser::new(options),
            skipping: None,
        }
    }

    fn warn(&mut self, line: usize, kind: PgnWarningKind) {
        if self.skipping.is_none() {
            self.parser.warn(line, 1, kind);
        }
    }

    /// The parser of the record just read, leaving a fresh one for the next.
    fn take_parser(&mut self) -> GameParser {
        core::mem::replace(&mut self.parser, GameParser::new(self.options))
    }

    /// Feeds `line` from byte `from` on; a record once it ended.
    fn feed(&mut self, line: &Line<'_>, from: usize, startpos: &Position) -> Option<Cut> {
        if let Some((_, in_movetext)) = &mut self.skipping {
            let trimmed = line.text.trim_start();
            let ends = if trimmed.starts_with('[') {
                if !*in_movetext {
                    return None;
                }
                Some(line.text.len() - trimmed.len())
            } else if trimmed.is_empty() {
                return None;
            } else {
                *in_movetext = true;
                if !ends_with_result(trimmed) {
                    return None;
                }
                None
            };
            let (error, _) = self.skipping.take()?;
            return Some((Err(error), ends));
        }
        match self.parser.feed(line, from, startpos) {
            Ok(Step::More) => None,
            Ok(Step::End { next }) => {
                let record = self.take_parser().finish(startpos, false)?;
                Some((record, next))
            }
            Ok(Step::Abort { mut error, next }) => {
                error.partial = Some(Box::new(self.parser.partial(startpos)));
                self.take_parser();
                Some((Err(error), Some(next)))
            }
            Err(mut error) => {
                let in_movetext = self.parser.in_movetext();
                error.partial = Some(Box::new(self.parser.partial(startpos)));
                self.take_parser();
                if in_movetext && error.line == line.no && ends_with_result(line.text) {
                    return Some((Err(error), None));
                }
                self.skipping = Some((error, in_movetext));
                None
            }
        }
    }

    /// The record at the end of the input.
    fn finish(&mut self, startpos: &Position) -> Option<Result<PgnGame, PgnError>> {
        if let Some(error) = self.abandon() {
            return Some(Err(error));
        }
        self.take_parser().finish(startpos, true)
    }

    /// The error of a record being skipped, when the input cannot be read further.
    fn abandon(&mut self) -> Option<PgnError> {
        self.skipping.take().map(|(error, _)| error)
    }
}

/// Reads PGN records from lines handed to it one at a time, for a caller that owns the input
/// and must leave it where the next record begins (a Python stream read record by record, a
/// pipe): a record comes back as soon as the line that ends it is fed, with the byte of that
/// line where the next record begins when it begins there. It reads as [`PgnReader`] does,
/// errors, warnings and skipping included. It cannot read ahead for a legacy encoding: given
/// the bytes ahead ([`PgnLineReader::detect`]) it decides from them as [`PgnReader`] does;
/// without them it decides from the lines that are not UTF-8 as they come, deciding again as
/// they add up (every such line of the first KiB, then each time they have doubled, to 64
/// KiB), and reads the record begun again when GBK and Big5 change places. UTF-16 cannot be
/// cut into lines at `\n` bytes: read it whole.
///
/// ```
/// use xiangqi_core::pgn::{PgnLineReader, ReadOptions};
///
/// let text = "[Event \"a\"]\n1. h2e2 h9g7\n[Event \"b\"]\n1. b2e2 1-0 [Event \"c\"]\n";
/// let mut reader = PgnLineReader::new(ReadOptions::default());
/// let mut lines = text.split_inclusive('\n');
/// assert!(reader.feed(lines.next().unwrap().as_bytes()).is_none());
/// assert!(reader.feed(lines.next().unwrap().as_bytes()).is_none());
/// // The first record had no result: it ends where the next one's tags begin.
/// let (first, next) = reader.feed(lines.next().unwrap().as_bytes()).unwrap();
/// assert_eq!(first.unwrap().tag("Event"), Some("a"));
/// assert_eq!(next, Some(0)); // feed this line again for the next record
/// assert!(reader.feed(b"[Event \"b\"]\n").is_none());
/// let line = lines.next().unwrap().as_bytes();
/// let (second, next) = reader.feed(line).unwrap();
/// assert_eq!(second.unwrap().moves.len(), 1);
/// assert_eq!(&line[next.unwrap()..], b"[Event \"c\"]\n");
/// ```
pub struct PgnLineReader {
    options: ReadOptions,
    cut: RecordCut,
    /// The legacy encoding, once known or guessed.
    legacy: Option<TextEncoding>,
    /// `true` when the legacy encoding is settled: named, found from the bytes ahead, or
    /// found from 64 KiB of lines.
    decided: bool,
    /// The lines that are not UTF-8 so far, while the encoding is not settled.
    sample: Vec<u8>,
    /// The sample's length at which to decide again.
    next_check: usize,
    /// The raw lines of the record being read, while the encoding is not settled.
    record: Vec<Vec<u8>>,
    /// Their bytes.
    record_bytes: usize,
    line: String,
    line_no: usize,
    startpos: Position,
}

/// A record and the byte of the line that ended it where the next record begins, if there.
pub type FedRecord = (Result<PgnGame, PgnError>, Option<usize>);

/// A record's lines kept for reading it again in the other legacy encoding, at most.
const MAX_RECORD_KEPT: usize = 1 << 20;

/// Below this many bytes of lines that are not UTF-8, each such line decides the encoding
/// again; past it, each doubling does.
const CHECK_EVERY_LINE_BYTES: usize = 1024;

impl PgnLineReader {
    /// A reader with `options` (their encoding: [`TextEncoding::Auto`], UTF-8, GBK or Big5).
    pub fn new(options: ReadOptions) -> PgnLineReader {
        let named = match options.encoding {
            TextEncoding::Gbk | TextEncoding::Big5 => Some(options.encoding),
            _ => None,
        };
        PgnLineReader {
            options,
            cut: RecordCut::new(options),
            legacy: named,
            decided: options.encoding != TextEncoding::Auto,
            sample: Vec::new(),
            next_check: 0,
            record: Vec::new(),
            record_bytes: 0,
            line: String::new(),
            line_no: 0,
            startpos: Position::startpos(),
        }
    }

    /// Decides the legacy encoding from raw bytes ahead in the input (the caller's read-ahead:
    /// [`DETECT_AHEAD_BYTES`] is what [`PgnReader`] looks at), as [`PgnReader`] does from the
    /// lines it reads ahead. Does nothing when the options name an encoding, the encoding is
    /// already settled or the sample is all UTF-8.
    pub fn detect(&mut self, sample: &[u8]) {
        if self.decided {
            return;
        }
        let mut legacy = Vec::new();
        push_legacy_lines(&mut legacy, sample);
        if !legacy.is_empty() {
            self.legacy = Some(encoding::detect_legacy(&legacy));
            self.decided = true;
            self.sample = Vec::new();
        }
    }

    /// `true` when an input that begins with `start` (its first bytes, or its first line) in
    /// `encoding` cannot be read a line at a time: UTF-16, named or by its byte order mark.
    /// Read such an input whole ([`PgnReader`]).
    pub fn needs_whole_input(start: &[u8], encoding: TextEncoding) -> bool {
        utf16_of(start, encoding).is_some()
    }

    /// Feeds one line (with or without its `\n`). Returns the record it ended, if any, and
    /// the byte of `bytes` where the next record begins when it begins on this line (feed
    /// `bytes[k..]` again, or the line whole when `k` is 0).
    pub fn feed(&mut self, bytes: &[u8]) -> Option<FedRecord> {
        self.line_no += 1;
        if !self.decided {
            self.record.push(bytes.to_vec());
            self.record_bytes += bytes.len();
            if let Some(raw) = legacy_line(bytes, self.line_no) {
                self.learn(raw);
            }
            if self.record_bytes > MAX_RECORD_KEPT {
                // A record this long is no game: keep memory bounded, settle on the guess.
                self.decided = true;
                self.record = Vec::new();
                self.sample = Vec::new();
            }
        }
        let fed = self.feed_line(bytes, self.line_no);
        if fed.is_some() {
            self.record.clear();
            self.record_bytes = 0;
        }
        fed
    }

    /// The last record, once the input has ended.
    pub fn finish(&mut self) -> Option<Result<PgnGame, PgnError>> {
        self.record.clear();
        self.record_bytes = 0;
        self.cut.finish(&self.startpos)
    }

    /// Adds a line that is not UTF-8 to the sample and, at a checkpoint, decides the legacy
    /// encoding again; when it changes, the record begun is read again in the new one (unless
    /// that reading would have ended it before the line being fed).
    fn learn(&mut self, raw: &[u8]) {
        self.sample.extend_from_slice(raw);
        self.sample.push(b'\n');
        if self.sample.len() < self.next_check {
            return;
        }
        if self.sample.len() >= CHECK_EVERY_LINE_BYTES {
            self.next_check = 2 * self.sample.len();
        }
        if self.sample.len() >= DETECT_AHEAD_BYTES {
            self.decided = true;
        }
        let found = encoding::detect_legacy(&self.sample);
        if self.decided {
            self.sample = Vec::new();
        }
        if self.legacy.is_none_or(|legacy| legacy == found) {
            self.legacy = Some(found);
            return;
        }
        let mut again = PgnLineReader::new(self.options);
        again.legacy = Some(found);
        again.decided = true;
        let before = &self.record[..self.record.len() - 1];
        again.line_no = self.line_no - 1 - before.len();
        for line in before {
            again.line_no += 1;
            if again.feed_line(line, again.line_no).is_some() {
                return;
            }
        }
        self.legacy = Some(found);
        self.cut = again.cut;
    }

    fn feed_line(&mut self, bytes: &[u8], line_no: usize) -> Option<FedRecord> {
        self.line.clear();
        let legacy = &mut self.legacy;
        let decoded = decode_line(
            bytes,
            line_no == 1,
            self.options.encoding,
            &mut self.line,
            |raw| {
                Ok::<_, core::convert::Infallible>(
                    *legacy.get_or_insert_with(|| encoding::detect_legacy(raw)),
                )
            },
        );
        let Ok(decoded) = decoded;
        if let (Some(named), errors @ 1..) = (decoded.legacy, decoded.errors) {
            let kind = PgnWarningKind::Undecodable {
                count: errors,
                encoding: named,
            };
            self.cut.warn(line_no, kind);
        }
        let line = Line::new(line_no, &self.line);
        let (record, next) = self.cut.feed(&line, 0, &self.startpos)?;
        let raw = &bytes[decoded.text.clone()];
        let next = next.and_then(|k| match decoded.legacy {
            None => Some(decoded.text.start + k),
            Some(named) => raw_offset(raw, named, &self.line[..k]).map(|r| decoded.text.start + r),
        });
        Some((record, next))
    }
}

/// A raw line as [`decode_line`] read it.
struct DecodedLine {
    /// The bytes decoded: the line without its end and, on the first line, a UTF-8 byte order
    /// mark.
    text: core::ops::Range<usize>,
    /// The encoding they were read in when they were not read as UTF-8 text.
    legacy: Option<TextEncoding>,
    /// Malformed sequences replaced.
    errors: usize,
}

/// Decodes a raw line into `out`, the one rule of both readers. The line's end (`\n`, `\r`)
/// and, on the `first` line, a UTF-8 byte order mark are left out. A line that is UTF-8 is read
/// as such when `named` is [`TextEncoding::Auto`] or UTF-8; any other line in `named`, or with
/// `Auto` in the legacy encoding `legacy` gives for its bytes.
fn decode_line<E>(
    bytes: &[u8],
    first: bool,
    named: TextEncoding,
    out: &mut String,
    legacy: impl FnOnce(&[u8]) -> Result<TextEncoding, E>,
) -> Result<DecodedLine, E> {
    let mut end = bytes.len();
    while end > 0 && matches!(bytes[end - 1], b'\n' | b'\r') {
        end -= 1;
    }
    let start = if first && bytes[..end].starts_with(b"\xEF\xBB\xBF") {
        3
    } else {
        0
    };
    let raw = &bytes[start..end];
    let chosen = match (core::str::from_utf8(raw), named) {
        (Ok(text), TextEncoding::Auto | TextEncoding::Utf8) => {
            out.push_str(text);
            return Ok(DecodedLine {
                text: start..end,
                legacy: None,
                errors: 0,
            });
        }
        (Err(_), TextEncoding::Auto) => legacy(raw)?,
        (_, named) => named,
    };
    let errors = encoding::decode_into(raw, chosen, out);
    Ok(DecodedLine {
        text: start..end,
        legacy: Some(chosen),
        errors,
    })
}

/// The UTF-16 encoding of an input that begins with `start` in `named`: by its byte order
/// mark, else named.
fn utf16_of(start: &[u8], named: TextEncoding) -> Option<TextEncoding> {
    match (TextEncoding::from_bom(start), named) {
        (Some((bom @ (TextEncoding::Utf16Le | TextEncoding::Utf16Be), _)), _) => Some(bom),
        (_, named @ (TextEncoding::Utf16Le | TextEncoding::Utf16Be)) => Some(named),
        _ => None,
    }
}

/// The line without its end and a first line's UTF-8 byte order mark, when it is not UTF-8.
fn legacy_line(bytes: &[u8], line_no: usize) -> Option<&[u8]> {
    let bytes = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) if line_no == 1 => rest,
        _ => bytes,
    };
    core::str::from_utf8(bytes).is_err().then_some(bytes)
}

/// Appends the lines of `bytes` that are not UTF-8 to `sample`.
fn push_legacy_lines(sample: &mut Vec<u8>, bytes: &[u8]) {
    for line in bytes.split_inclusive(|&b| b == b'\n') {
        if core::str::from_utf8(line).is_err() {
            sample.extend_from_slice(line);
        }
    }
}

/// The byte of `raw` (a line in `encoding`) that decodes to the end of `prefix`, a prefix of
/// its decoded text; `None` when no prefix of the bytes decodes to it (undecodable bytes
/// split across the boundary).
fn raw_offset(raw: &[u8], encoding: TextEncoding, prefix: &str) -> Option<usize> {
    let mut decoded = String::new();
    (0..=raw.len()).find(|&r| {
        decoded.clear();
        encoding::decode_into(&raw[..r], encoding, &mut decoded);
        decoded == prefix
    })
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
