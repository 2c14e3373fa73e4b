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
        let decoded = encoding::decode(&all, encoding);
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
        self.line_errors = encoding::decode_into(&self.bytes[skip..], encoding, &mut self.line);
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
