//! Reading game collections: one record file or a folder of them (searched recursively, in
//! sorted order), through `xiangqi-records`: PGN in any encoding it detects (UTF-8, GBK, Big5
//! as in the CCPD corpus), XQF, DhtmlXQ. A game that does not parse is returned as an error
//! with its reason, so that a run can count it and go on.

use std::path::{Path, PathBuf};
use xiangqi_core::pgn::{PgnErrorKind, PgnGame};
use xiangqi_core::record::RecordError;
use xiangqi_records::{Format, ReadError, ReadOptions};

/// One game of a collection, or why it could not be read.
#[derive(Debug)]
pub struct GameEntry {
    /// Where it came from: the file's path relative to the collection root, and `#N` (from 1)
    /// when the file holds more than one game.
    pub key: String,
    /// The game, or the reason it was skipped (a short category and the details).
    pub game: Result<PgnGame, Skip>,
}

/// Why a game was skipped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skip {
    /// A short category for counting: `read`, `tag`, `fen`, `move`, `unexpected`,
    /// `unbalanced`, `xqf`, `dhtmlxq`, `empty`.
    pub reason: &'static str,
    /// The details (line, column and message).
    pub detail: String,
}

/// The record files of `path`: the file itself, or every record file (`*.pgn`, `*.xqf`,
/// DhtmlXQ) below the folder, sorted.
pub fn list_files(path: &Path) -> std::io::Result<Vec<PathBuf>> {
    if path.is_file() {
        return Ok(vec![path.to_path_buf()]);
    }
    Ok(xiangqi_records::list_files(path)?
        .into_iter()
        .filter(|p| Format::from_path(p) != Some(Format::FenList))
        .collect())
}

/// Reads every game of one file (its format by extension, PGN otherwise); `key` names the
/// file in the entries.
pub fn read_file(path: &Path, key: &str) -> Vec<GameEntry> {
    entries(
        xiangqi_records::read_file(path, &ReadOptions::default()).games,
        key,
    )
}

fn entries(results: Vec<Result<PgnGame, ReadError>>, key: &str) -> Vec<GameEntry> {
    let several = results.len() > 1;
    if results.is_empty() {
        return vec![GameEntry {
            key: key.to_owned(),
            game: Err(Skip {
                reason: "empty",
                detail: "no game in the file".to_owned(),
            }),
        }];
    }
    results
        .into_iter()
        .enumerate()
        .map(|(i, r)| GameEntry {
            key: if several {
                format!("{key}#{}", i + 1)
            } else {
                key.to_owned()
            },
            game: r.map_err(|e| Skip {
                reason: reason(&e),
                detail: e.to_string(),
            }),
        })
        .collect()
}

fn reason(error: &ReadError) -> &'static str {
    match error {
        ReadError::Io(_) => "read",
        ReadError::Record(RecordError::Xqf(_)) => "xqf",
        ReadError::Record(RecordError::DhtmlXq(_)) => "dhtmlxq",
        ReadError::Record(RecordError::Gib(_)) => "gib",
        ReadError::Record(RecordError::Pgn(e)) => match e.kind {
            PgnErrorKind::Io(_) => "read",
            PgnErrorKind::Tag(_) => "tag",
            PgnErrorKind::Fen(_) => "fen",
            PgnErrorKind::Move(_) => "move",
            PgnErrorKind::Unexpected(_) => "unexpected",
            PgnErrorKind::Unbalanced(_) => "unbalanced",
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_game_is_a_counted_skip() {
        let text = "[Game \"Chinese Chess\"]\n\n1. h2e2 h9g7 2. zzzz 1-0\n";
        let (_, games) =
            xiangqi_records::read_bytes(text.as_bytes(), Format::Pgn, &ReadOptions::default());
        let entries = entries(games, "x.pgn");
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].game.as_ref().unwrap_err().reason, "move");
    }
}
