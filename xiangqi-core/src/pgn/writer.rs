//! The PGN writer: a [`PgnGame`] as text, its variations, comments and NAGs included.

use super::{MoveFormat, PgnGame, PgnMove, PgnWriteError};
use crate::moves::Move;
use crate::notation::{ChineseStyle, Notation};
use crate::position::{IllegalMove, Position};
use core::fmt::{self, Write};

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
        MoveFormat::Vietnamese => pos.write_move(m, Notation::Vietnamese, buf),
        MoveFormat::Korean => pos.write_move(m, Notation::Korean, buf),
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

pub(super) fn write_game<W: Write>(
    game: &PgnGame,
    options: &WriteOptions,
    out: &mut W,
) -> Result<(), PgnWriteError> {
    let variant = game.start.variant();
    let default_game = if variant.is_janggi() {
        "Janggi"
    } else {
        "Chinese Chess"
    };
    write_tag(out, "Game", game.tag("Game").unwrap_or(default_game))?;
    for (name, value) in &game.tags {
        if !["Game", "Result", "FEN", "Format", "Variant"]
            .iter()
            .any(|n| n.eq_ignore_ascii_case(name))
        {
            write_tag(out, name, value)?;
        }
    }
    write_tag(out, "Result", game.result.as_str())?;
    if variant.is_janggi() {
        write_tag(out, "Variant", &variant.to_string())?;
    }
    let fen = game.start.fen();
    if fen != variant.start_fen() {
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
