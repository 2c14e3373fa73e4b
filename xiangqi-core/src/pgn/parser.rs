//! The PGN parser: one record's lines to a [`PgnGame`], fed a line at a time by the reader.
//!
//! Every position in the input is found in time linear in its length: columns are counted
//! forward from the last one asked for, never from the start of the line again, so a record
//! written on one line of millions of characters reads as fast as one wrapped at 80.

use super::reader::ReadOptions;
use super::{
    MoveFormat, PgnError, PgnErrorKind, PgnGame, PgnMove, PgnResult, PgnWarning, PgnWarningKind,
    Variation,
};
use crate::moves::Move;
use crate::notation::{MoveParseError, RankDialect};
use crate::position::{Position, Undo};
use core::cell::Cell;

/// A line being read, with its number and a forward-only column counter.
pub(super) struct Line<'a> {
    pub(super) no: usize,
    pub(super) text: &'a str,
    /// The last byte offset whose column was asked for, and that column (0-based).
    counted: Cell<(usize, usize)>,
}

impl<'a> Line<'a> {
    pub(super) fn new(no: usize, text: &'a str) -> Line<'a> {
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

pub(super) fn ends_with_result(line: &str) -> bool {
    line.split_whitespace()
        .last()
        .is_some_and(|w| PgnResult::parse(w).is_some())
}

/// What feeding a line to the parser gave.
pub(super) enum Step {
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
pub(super) struct GameParser {
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
    pub(super) fn new(options: ReadOptions) -> GameParser {
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

    pub(super) fn in_movetext(&self) -> bool {
        self.phase == Phase::Moves
    }

    pub(super) fn warn(&mut self, line: usize, column: usize, kind: PgnWarningKind) {
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
    pub(super) fn feed(
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
    pub(super) fn partial(&mut self, startpos: &Position) -> PgnGame {
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
    pub(super) fn finish(
        mut self,
        startpos: &Position,
        at_eof: bool,
    ) -> Option<Result<PgnGame, PgnError>> {
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
