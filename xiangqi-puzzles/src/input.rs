//! Reading game collections: one PGN file or a folder of them (searched recursively, in
//! sorted order), in UTF-8, GBK or Big5.
//!
//! The bytes of each file are decoded here and the text is handed to
//! [`xiangqi_core::pgn::read_all`]: UTF-8 when the file is valid UTF-8, else GBK when it decodes
//! without errors as GBK, else Big5 (the CCPD corpus). A game that does not parse is returned
//! as an error with its reason, so that a run can count it and go on.

use std::path::{Path, PathBuf};
use xiangqi_core::pgn::{read_all, PgnErrorKind, PgnGame};

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
    /// `unbalanced`, `empty`.
    pub reason: &'static str,
    /// The details (line, column and message).
    pub detail: String,
}

/// The PGN files of `path`: the file itself, or every `*.pgn` file below the folder, sorted.
pub fn list_files(path: &Path) -> std::io::Result<Vec<PathBuf>> {
    if path.is_file() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut files = Vec::new();
    let mut stack = vec![path.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let p = entry?.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("pgn")) {
                files.push(p);
            }
        }
    }
    files.sort();
    Ok(files)
}

/// Decodes a file's bytes: UTF-8 (a byte-order mark is dropped), else GBK when it decodes
/// cleanly, else Big5 (bad bytes become U+FFFD). Returns the text and the encoding's name.
pub fn decode(bytes: &[u8]) -> (String, &'static str) {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Ok(text) = std::str::from_utf8(bytes) {
        return (text.to_owned(), "UTF-8");
    }
    // Big5 and GBK share most lead bytes; a Big5 file read as GBK gives wrong characters but
    // rarely errors, so Big5 is tried first and GBK only when Big5 reports errors.
    let (text, had_errors) = encoding_rs::BIG5.decode_without_bom_handling(bytes);
    if !had_errors {
        return (text.into_owned(), "Big5");
    }
    let (gbk, gbk_errors) = encoding_rs::GB18030.decode_without_bom_handling(bytes);
    if !gbk_errors {
        return (gbk.into_owned(), "GBK");
    }
    (text.into_owned(), "Big5")
}

/// Reads every game of one file; `key` names the file in the entries.
pub fn read_file(path: &Path, key: &str) -> Vec<GameEntry> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            return vec![GameEntry {
                key: key.to_owned(),
                game: Err(Skip {
                    reason: "read",
                    detail: e.to_string(),
                }),
            }]
        }
    };
    read_text(&decode(&bytes).0, key)
}

/// Reads every game of a text; `key` names its source in the entries.
pub fn read_text(text: &str, key: &str) -> Vec<GameEntry> {
    let results = read_all(text);
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
                reason: match e.kind {
                    PgnErrorKind::Io(_) => "read",
                    PgnErrorKind::Tag(_) => "tag",
                    PgnErrorKind::Fen(_) => "fen",
                    PgnErrorKind::Move(_) => "move",
                    PgnErrorKind::Unexpected(_) => "unexpected",
                    PgnErrorKind::Unbalanced(_) => "unbalanced",
                },
                detail: e.to_string(),
            }),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big5_text_is_decoded() {
        // "馬八進七" in Big5: B0A8 A44B B669 A443.
        let (text, enc) = decode(b"\xB0\xA8\xA4\x4B\xB6\x69\xA4\x43");
        assert_eq!((text.as_str(), enc), ("馬八進七", "Big5"));
        assert_eq!(decode("馬".as_bytes()).1, "UTF-8");
    }

    #[test]
    fn a_bad_game_is_a_counted_skip() {
        let text = "[Game \"Chinese Chess\"]\n\n1. h2e2 h9g7 2. zzzz 1-0\n";
        let entries = read_text(text, "x.pgn");
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].game.as_ref().unwrap_err().reason, "move");
    }
}
