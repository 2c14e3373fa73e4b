//! Reading `.gib` records, the janggi game files of Korean programs and sites.
//!
//! A `.gib` file is text in cp949 (EUC-KR) or UTF-8: header lines `[name "value"]`, among them
//! the setups `[초차림 "마상상마"]` and `[한차림 "상마상마"]` (each read from its side's own
//! left, as [`Arrangement`] reads them) and the result `[대국결과 "초 완승"]`, then the moves
//! numbered in Korean notation (`1. 79졸78 2. 41졸42 ...`, the pass `한수쉼`; see
//! [`crate::notation::korean`]). Several games may follow one another, each starting with its
//! headers. The reader gives each as a [`PgnGame`] of janggi (its tags the header lines, in
//! their order). [`write()`] writes one back.
//!
//! ```
//! use xiangqi_core::gib;
//! let text = "[초차림 \"상마상마\"]\n[한차림 \"마상상마\"]\n[대국결과 \"초 완승\"]\n\n1. 79졸78 2. 한수쉼\n";
//! let games = gib::read_str(text).unwrap();
//! assert_eq!(games.len(), 1);
//! let moves: Vec<String> = games[0].mainline().map(|m| m.to_string()).collect();
//! assert_eq!(moves, ["i3h3", "e8e8"]);
//! assert_eq!(games[0].result.as_str(), "1-0");
//! ```

use crate::janggi::Arrangement;
use crate::pgn::{PgnGame, PgnMove, PgnResult};
use crate::position::Position;
use core::fmt;

/// Why a `.gib` record could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GibError {
    /// The number of the record in the file (1 for the first).
    pub game: usize,
    /// What went wrong.
    pub reason: String,
}

impl fmt::Display for GibError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "gib record {}: {}", self.game, self.reason)
    }
}

impl std::error::Error for GibError {}

/// The text of a `.gib` file's bytes: UTF-8 when the bytes are, else cp949 (EUC-KR).
#[cfg(feature = "gbk")]
pub fn decode(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match core::str::from_utf8(bytes) {
        Ok(text) => std::borrow::Cow::Borrowed(text),
        Err(_) => encoding_rs::EUC_KR.decode_without_bom_handling(bytes).0,
    }
}

/// Reads every record of a `.gib` file's bytes (cp949 or UTF-8).
#[cfg(feature = "gbk")]
pub fn read_bytes(bytes: &[u8]) -> Result<Vec<PgnGame>, GibError> {
    read_str(&decode(bytes))
}

/// Reads every record of a `.gib` text.
pub fn read_str(text: &str) -> Result<Vec<PgnGame>, GibError> {
    let mut games = Vec::new();
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut moves = String::new();
    let mut finish =
        |tags: &mut Vec<(String, String)>, moves: &mut String| -> Result<(), GibError> {
            if tags.is_empty() && moves.trim().is_empty() {
                return Ok(());
            }
            let game = record(
                games.len() + 1,
                std::mem::take(tags),
                &std::mem::take(moves),
            )?;
            games.push(game);
            Ok(())
        };
    for line in text.lines() {
        let line = line.trim();
        if let Some(tag) = line.strip_prefix('[') {
            if !moves.trim().is_empty() {
                finish(&mut tags, &mut moves)?;
            }
            if let Some(pair) = header(tag) {
                tags.push(pair);
            }
        } else {
            moves.push_str(line);
            moves.push(' ');
        }
    }
    finish(&mut tags, &mut moves)?;
    Ok(games)
}

/// A header line's name and value (`초차림 "마상상마"]`, the `[` gone).
fn header(tag: &str) -> Option<(String, String)> {
    let tag = tag.trim_end().strip_suffix(']')?;
    let (name, value) = tag.split_once(char::is_whitespace)?;
    let value = value.trim().trim_matches('"');
    Some((name.trim().to_owned(), value.to_owned()))
}

fn record(number: usize, tags: Vec<(String, String)>, movetext: &str) -> Result<PgnGame, GibError> {
    let error = |reason: String| GibError {
        game: number,
        reason,
    };
    let setup = |name: &str| -> Result<Arrangement, GibError> {
        match tags.iter().find(|(n, _)| n == name) {
            None => Ok(Arrangement::MaSangSangMa),
            Some((_, value)) => value
                .parse()
                .map_err(|_| error(format!("unknown setup {value:?} in {name}"))),
        }
    };
    let start = Position::janggi_start(setup("초차림")?, setup("한차림")?);
    let mut game = PgnGame::new(start.clone());
    let mut pos = start;
    for word in movetext.split_whitespace() {
        // Move numbers (`12.`), and `한수` `쉼` written apart.
        if word
            .trim_end_matches('.')
            .chars()
            .all(|c| c.is_ascii_digit())
        {
            continue;
        }
        let text = if word == "한수" {
            continue;
        } else if word == "쉼" {
            "한수쉼"
        } else {
            word
        };
        if let Some(result) = PgnResult::parse(text) {
            game.result = result;
            continue;
        }
        let m = pos
            .parse_korean(text)
            .map_err(|e| error(format!("move {}: {e}", game.moves.len() + 1)))?;
        pos.make_move(m);
        game.moves.push(PgnMove::new(m));
    }
    if game.result == PgnResult::Unknown {
        if let Some((_, value)) = tags.iter().find(|(n, _)| n == "대국결과") {
            game.result = korean_result(value);
        }
    }
    game.tags = tags;
    Ok(game)
}

/// Why a record cannot be written as `.gib`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GibWriteError {
    /// The record does not start from one of the sixteen janggi setups, Cho to move.
    NotASetup,
    /// The move at this index (from 0) is not legal where it stands.
    IllegalMove(usize),
}

impl fmt::Display for GibWriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GibWriteError::NotASetup => {
                f.write_str("a .gib record starts from one of the sixteen janggi setups")
            }
            GibWriteError::IllegalMove(i) => write!(f, "move {} is not legal", i + 1),
        }
    }
}

impl std::error::Error for GibWriteError {}

/// Writes a janggi record as `.gib` text (UTF-8; encode it for cp949 programs): its tags but
/// the setups, which come from its start, `[초차림 ...]` and `[한차림 ...]`, the result as
/// `대국결과` when it has none, then the moves in Korean notation, each ply numbered.
///
/// ```
/// use xiangqi_core::{gib, janggi::Arrangement, pgn::PgnGame, Position};
/// let start = Position::janggi_start(Arrangement::SangMaSangMa, Arrangement::MaSangSangMa);
/// let pass = start.pass_move();
/// let text = gib::write(&PgnGame::from_moves(start, [pass]).unwrap()).unwrap();
/// assert!(text.contains("[초차림 \"상마상마\"]") && text.ends_with("1. 한수쉼\n"));
/// assert_eq!(gib::read_str(&text).unwrap()[0].moves.len(), 1);
/// ```
pub fn write(game: &PgnGame) -> Result<String, GibWriteError> {
    let setups = Arrangement::ALL
        .iter()
        .flat_map(|&c| Arrangement::ALL.map(|h| (c, h)));
    let (cho, han) = setups
        .into_iter()
        .find(|&(c, h)| {
            let start = Position::janggi_start(c, h);
            start.fen() == game.start.fen() && start.variant() == game.start.variant()
        })
        .ok_or(GibWriteError::NotASetup)?;
    let mut out = String::new();
    let header = |out: &mut String, name: &str, value: &str| {
        let value = value.replace('"', "'");
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    };
    for (name, value) in &game.tags {
        if name != "초차림" && name != "한차림" {
            header(&mut out, name, value);
        }
    }
    header(&mut out, "초차림", cho.korean());
    header(&mut out, "한차림", han.korean());
    if !game.tags.iter().any(|(n, _)| n == "대국결과") {
        let result = match game.result {
            PgnResult::RedWins => Some("초 승"),
            PgnResult::BlackWins => Some("한 승"),
            PgnResult::Draw => Some("무승부"),
            PgnResult::Unknown => None,
        };
        if let Some(result) = result {
            header(&mut out, "대국결과", result);
        }
    }
    out.push('\n');
    let mut pos = game.start.clone();
    let mut words = Vec::with_capacity(game.moves.len());
    for (i, m) in game.moves.iter().enumerate() {
        let text = pos
            .format_move(m.mv, crate::notation::Notation::Korean)
            .map_err(|_| GibWriteError::IllegalMove(i))?;
        words.push(format!("{}. {text}", i + 1));
        pos.make_move(m.mv);
    }
    out.push_str(&words.join(" "));
    out.push('\n');
    Ok(out)
}

/// The result a `대국결과` value names: `초 완승`, `한 기권승`, `무승부` ...
fn korean_result(value: &str) -> PgnResult {
    let value = value.trim();
    if value.contains("무승부") || value.contains("비김") {
        PgnResult::Draw
    } else if value.starts_with('초') && value.contains('승') {
        PgnResult::RedWins
    } else if value.starts_with('한') && value.contains('승') {
        PgnResult::BlackWins
    } else {
        PgnResult::Unknown
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: &str = "[대회명 \"연습\"]\n[초차림 \"마상마상\"]\n[한차림 \"상마마상\"]\n\
                       [대국결과 \"한 완승\"]\n\n1. 02마83 2. 17마36\n3. 한수 쉼 4. 41졸51\n\n\
                       [초차림 \"마상상마\"]\n[대국결과 \"무승부\"]\n1. 79졸78\n";

    #[test]
    fn reads_headers_setups_moves_and_results() {
        let games = read_str(TWO).unwrap();
        assert_eq!(games.len(), 2);
        let first = &games[0];
        assert_eq!(first.tag("대회명"), Some("연습"));
        assert_eq!(
            first.start,
            Position::janggi_start(Arrangement::MaSangMaSang, Arrangement::SangMaMaSang)
        );
        let moves: Vec<String> = first.mainline().map(|m| m.to_string()).collect();
        assert_eq!(moves, ["b0c2", "g9f7", "e1e1", "a6a5"]);
        assert_eq!(first.result, PgnResult::BlackWins);
        assert_eq!(games[1].result, PgnResult::Draw);
        assert_eq!(games[1].moves.len(), 1);
    }

    #[test]
    fn bad_records_name_the_game_and_move() {
        let err = read_str("[초차림 \"마상상마\"]\n1. 79졸78 2. 79졸78\n").unwrap_err();
        assert_eq!(err.game, 1);
        assert!(err.reason.starts_with("move 2:"), "{err}");
        assert!(read_str("[초차림 \"마마상상\"]\n").is_err());
    }

    #[cfg(feature = "gbk")]
    #[test]
    fn reads_cp949() {
        let (bytes, _, _) = encoding_rs::EUC_KR.encode(TWO);
        let games = read_bytes(&bytes).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("초차림"), Some("마상마상"));
    }
}
