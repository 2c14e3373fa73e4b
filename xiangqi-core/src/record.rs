//! Game records of any of the formats the crate reads, from bytes: the format named, or found
//! from the bytes themselves ([`Format::sniff`]), and every record of the text or file as a
//! [`PgnGame`]. This is the one reader behind the command line, the record crate's folders,
//! the Python bindings and the page's pasted text.
//!
//! ```
//! use xiangqi_core::record::{self, Format};
//!
//! let pasted = "[Event \"casual\"]\n\n1. C2=5 h7e7 *\n";
//! let (format, _encoding, games) = record::read_any(pasted.as_bytes(), &Default::default());
//! assert_eq!(format, Format::Pgn);
//! assert_eq!(games[0].as_ref().unwrap().mainline().count(), 2);
//!
//! let fen = "4k4/9/9/9/9/9/9/9/R8/1R1K5 w - - 0 1";
//! assert_eq!(Format::sniff(fen.as_bytes()), Format::FenList);
//! assert_eq!(Format::sniff(b"XQ\x0a\x00"), Format::Xqf);
//! ```

use crate::encoding::{self, TextEncoding};
use crate::fen::FenError;
use crate::pgn::{self, PgnError, PgnErrorKind, PgnGame, PgnReader};
use crate::position::Position;
use core::fmt;
use std::path::Path;

/// The format of a record file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// PGN (`.pgn`), moves in ICCS, WXF or Chinese.
    Pgn,
    /// XQStudio's binary format (`.xqf`), one record a file.
    Xqf,
    /// The DhtmlXQ text of xiangqi web sites (`.dhtml`, `.dhtmlxq`, `.xqdhtml`).
    DhtmlXq,
    /// One FEN per line (`.fen`, `.epd`): records of a start position and no moves.
    FenList,
    /// The janggi records of Korean programs (`.gib`, cp949 or UTF-8).
    Gib,
}

/// Header names only `.gib` records use (the setups, the players, the result, the event).
const GIB_HEADERS: [&str; 6] = [
    "[초차림",
    "[한차림",
    "[대국결과",
    "[초대국자",
    "[한대국자",
    "[대회명",
];

impl Format {
    /// The format a file name's extension names (any case), if any.
    pub fn from_path(path: &Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        Some(match ext.as_str() {
            "pgn" => Format::Pgn,
            "xqf" => Format::Xqf,
            "dhtml" | "dhtmlxq" | "xqdhtml" => Format::DhtmlXq,
            "fen" | "epd" => Format::FenList,
            "gib" => Format::Gib,
            _ => return None,
        })
    }

    /// A short name: `pgn`, `xqf`, `dhtmlxq`, `fen`, `gib`.
    pub const fn name(self) -> &'static str {
        match self {
            Format::Pgn => "pgn",
            Format::Xqf => "xqf",
            Format::DhtmlXq => "dhtmlxq",
            Format::FenList => "fen",
            Format::Gib => "gib",
        }
    }

    /// The format of records given as bytes, by their content: XQF by its `XQ` signature,
    /// DhtmlXQ by its `[DhtmlXQ` tags, `.gib` by its Korean header names (in cp949 or UTF-8),
    /// a FEN list when the text has no tag and its first line (not empty, not a `#` comment)
    /// is a position; anything else is read as PGN.
    pub fn sniff(bytes: &[u8]) -> Format {
        if bytes.starts_with(b"XQ") {
            return Format::Xqf;
        }
        if contains(bytes, b"[DhtmlXQ") {
            return Format::DhtmlXq;
        }
        if bytes.contains(&b'[') {
            let text = gib_text(bytes);
            if GIB_HEADERS.iter().any(|h| text.contains(h)) {
                return Format::Gib;
            }
            return Format::Pgn;
        }
        let text = String::from_utf8_lossy(bytes);
        let first = text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#'));
        match first {
            Some(line) if fen_of_line(line).is_ok() => Format::FenList,
            _ => Format::Pgn,
        }
    }
}

/// The text of `.gib` bytes (cp949 or UTF-8; UTF-8 only without the `gbk` feature).
fn gib_text(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    #[cfg(feature = "gbk")]
    return crate::gib::decode(bytes);
    #[cfg(not(feature = "gbk"))]
    return String::from_utf8_lossy(bytes);
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// Why a record could not be read.
#[derive(Debug)]
pub enum RecordError {
    /// A PGN record is malformed (or a line of a FEN list is not a legal position).
    Pgn(PgnError),
    /// An XQF file is malformed.
    Xqf(crate::xqf::XqfError),
    /// A DhtmlXQ record is malformed.
    DhtmlXq(crate::dhtmlxq::DhtmlXqError),
    /// A `.gib` record is malformed (the file's records are not read).
    Gib(crate::gib::GibError),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Pgn(e) => write!(f, "{e}"),
            RecordError::Xqf(e) => write!(f, "XQF: {e}"),
            RecordError::DhtmlXq(e) => write!(f, "DhtmlXQ: {e}"),
            RecordError::Gib(e) => write!(f, "gib: {e}"),
        }
    }
}

impl std::error::Error for RecordError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RecordError::Pgn(e) => Some(e),
            _ => None,
        }
    }
}

/// Every record of `bytes` in `format`, in order, with the text encoding found (or named in
/// `options`; [`TextEncoding::Auto`] for XQF, which holds no text of its own encoding).
pub fn read_bytes(
    bytes: &[u8],
    format: Format,
    options: &pgn::ReadOptions,
) -> (TextEncoding, Vec<Result<PgnGame, RecordError>>) {
    match format {
        Format::Pgn => {
            let mut reader = PgnReader::with_options(bytes, *options);
            let games = reader
                .by_ref()
                .map(|g| g.map_err(RecordError::Pgn))
                .collect();
            (reader.encoding(), games)
        }
        Format::FenList => {
            let decoded = encoding::decode(bytes, options.encoding);
            (decoded.encoding, read_fen_list(&decoded.text))
        }
        Format::Xqf => (
            TextEncoding::Auto,
            vec![crate::xqf::read(bytes).map_err(RecordError::Xqf)],
        ),
        Format::DhtmlXq => {
            let decoded = encoding::decode(bytes, options.encoding);
            let games = crate::dhtmlxq::read_all(&decoded.text)
                .into_iter()
                .map(|g| g.map_err(RecordError::DhtmlXq))
                .collect();
            (decoded.encoding, games)
        }
        Format::Gib => {
            let encoding = match core::str::from_utf8(bytes) {
                Ok(_) => TextEncoding::Utf8,
                Err(_) => TextEncoding::Auto,
            };
            let games = match crate::gib::read_str(&gib_text(bytes)) {
                Ok(games) => games.into_iter().map(Ok).collect(),
                Err(e) => vec![Err(RecordError::Gib(e))],
            };
            (encoding, games)
        }
    }
}

/// [`read_bytes`] in the format [`Format::sniff`] finds, which it returns too.
pub fn read_any(
    bytes: &[u8],
    options: &pgn::ReadOptions,
) -> (Format, TextEncoding, Vec<Result<PgnGame, RecordError>>) {
    let format = Format::sniff(bytes);
    let (encoding, games) = read_bytes(bytes, format, options);
    (format, encoding, games)
}

/// The FEN of a line of a FEN list or an EPD file: all six fields (up to an EPD operation, which
/// ends in `;`), else the board, side and two unused fields of an EPD line whose operations
/// follow them (`... w - - id "x";`), else the board and side; the first reading's error when
/// none is a position.
pub fn fen_of_line(line: &str) -> Result<(String, Position), FenError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let full: Vec<&str> = words
        .iter()
        .take(6)
        .take_while(|f| !f.ends_with(';'))
        .copied()
        .collect();
    let parse = |fields: &[&str]| {
        let fen = fields.join(" ");
        Position::from_fen(&fen).map(|pos| (fen, pos))
    };
    parse(&full)
        .or_else(|e| parse(&words[..words.len().min(4)]).map_err(|_| e))
        .or_else(|e| parse(&words[..words.len().min(2)]).map_err(|_| e))
}

/// The records of a FEN list: one a line that is neither empty nor a `#` comment, each a start
/// position (its `FEN` tag the line's FEN) and no moves.
fn read_fen_list(text: &str) -> Vec<Result<PgnGame, RecordError>> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| {
            fen_of_line(l)
                .map(|(fen, pos)| {
                    let mut game = PgnGame::new(pos);
                    game.set_tag("FEN", fen);
                    game
                })
                .map_err(|e| {
                    RecordError::Pgn(PgnError {
                        partial: None,
                        line: i + 1,
                        column: 1,
                        kind: PgnErrorKind::Fen(e),
                    })
                })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_format_is_found_from_its_bytes() {
        let cases: [(&[u8], Format); 9] = [
            (b"XQ\x0a\x00\x00", Format::Xqf),
            (b"<p>[DhtmlXQ]\n[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\n[/DhtmlXQ]", Format::DhtmlXq),
            ("[초차림 \"상마상마\"]\n\n1. 79졸78\n".as_bytes(), Format::Gib),
            (b"[Event \"x\"]\n\n1. h2e2 *\n", Format::Pgn),
            (b"1. C2=5 *", Format::Pgn),
            (b"# openings\n\nrnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n", Format::FenList),
            (b"4k4/9/9/9/9/9/9/9/R8/1R1K5 w", Format::FenList),
            (b"rnbakabnr/9 w", Format::Pgn),
            (b"", Format::Pgn),
        ];
        for (bytes, format) in cases {
            assert_eq!(
                Format::sniff(bytes),
                format,
                "{:?}",
                String::from_utf8_lossy(bytes)
            );
        }
        // A `.gib` header in cp949.
        #[cfg(feature = "gbk")]
        {
            let (cp949, _, _) = encoding_rs::EUC_KR.encode("[대국결과 \"초 완승\"]\n\n1. 79졸78\n");
            assert!(core::str::from_utf8(&cp949).is_err());
            assert_eq!(Format::sniff(&cp949), Format::Gib);
        }
    }

    #[test]
    fn a_record_is_read_in_the_format_found() {
        let (format, _, games) =
            read_any(b"[Event \"x\"]\n\n1. h2e2 h9g7 *\n", &Default::default());
        assert_eq!(format, Format::Pgn);
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].as_ref().unwrap().mainline().count(), 2);
        let (format, _, games) = read_any(
            b"4k4/9/9/9/9/9/9/9/R8/1R1K5 w - - 0 1\nnot a fen\n",
            &Default::default(),
        );
        assert_eq!(format, Format::FenList);
        assert!(games[0].is_ok() && matches!(games[1], Err(RecordError::Pgn(_))));
        let (_, games) = read_bytes(b"XQ", Format::Xqf, &Default::default());
        assert!(matches!(games[..], [Err(RecordError::Xqf(_))]));
    }
}
