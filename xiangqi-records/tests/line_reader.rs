//! `PgnLineReader` (records cut from lines handed over one at a time, as the Python stream
//! reader feeds them) against `PgnReader` over the whole input: the same records, errors and
//! results, on the shared corpus sample put end to end and on records built to end in every
//! way a record can end.

mod common;

use common::shared;
use xiangqi_core::pgn::{
    read_bytes, PgnError, PgnGame, PgnLineReader, ReadOptions, DETECT_AHEAD_BYTES,
};

/// What two readings must agree on: tags, moves, result, or the error's kind and message
/// (line numbers differ: a line reader started at each record counts from there).
#[derive(Debug, PartialEq)]
enum Seen {
    Game(Vec<(String, String)>, Vec<String>, String),
    Error(String),
}

fn seen(record: &Result<PgnGame, PgnError>) -> Seen {
    match record {
        Ok(game) => Seen::Game(
            game.tags.clone(),
            game.mainline().map(|m| m.to_string()).collect(),
            game.result.to_string(),
        ),
        Err(e) => Seen::Error(format!("{:?}", e.kind)),
    }
}

/// Reads `bytes` as a Python stream does: one fresh line reader a record, the encoding decided
/// from the 64 KiB ahead (`ahead`, a file) or from each record's own lines (a pipe), a record's
/// last line given back from the byte where the next begins.
fn read_by_lines(bytes: &[u8], ahead: bool) -> Vec<Seen> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let mut reader = PgnLineReader::new(ReadOptions::default());
        if ahead {
            reader.detect(&bytes[at..bytes.len().min(at + DETECT_AHEAD_BYTES)]);
        }
        let mut ended = false;
        while at < bytes.len() {
            let len = bytes[at..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(bytes.len() - at, |k| k + 1);
            let line = &bytes[at..at + len];
            if let Some((record, next)) = reader.feed(line) {
                out.push(seen(&record));
                at += next.unwrap_or(len);
                assert!(
                    next.is_none_or(|k| k < len),
                    "the next record starts past its line"
                );
                ended = true;
                break;
            }
            at += len;
        }
        if !ended {
            out.extend(reader.finish().as_ref().map(seen));
        }
    }
    out
}

fn read_whole(bytes: &[u8]) -> Vec<Seen> {
    read_bytes(bytes, ReadOptions::default())
        .iter()
        .map(seen)
        .collect()
}

#[test]
fn the_corpus_sample_end_to_end_reads_alike_by_lines() {
    let Some(shared) = shared() else { return };
    let mut files: Vec<_> = walk(&shared.join("corpus/ccpd-sample"));
    files.sort();
    assert_eq!(files.len(), 3000);
    let mut all = Vec::new();
    for (k, file) in files.iter().enumerate() {
        let bytes = std::fs::read(file).unwrap();
        all.extend_from_slice(&bytes);
        // Some records end at their result, some at the next one's tags (the result dropped,
        // its line glued to the next record's first tag on every tenth).
        if k % 7 == 3 {
            while all.last().is_some_and(u8::is_ascii_whitespace) {
                all.pop();
            }
            for result in ["1-0", "0-1", "1/2-1/2", "*"] {
                if all.ends_with(result.as_bytes()) {
                    all.truncate(all.len() - result.len());
                }
            }
            all.push(b'\n');
        }
        if k % 10 == 5 {
            while all.last().is_some_and(u8::is_ascii_whitespace) {
                all.pop();
            }
            all.push(b' ');
        }
    }
    let whole = read_whole(&all);
    assert!(whole.len() >= 2900, "{} records", whole.len());
    let games = whole.iter().filter(|s| matches!(s, Seen::Game(..))).count();
    assert!(games >= 2900, "{games} games");
    for ahead in [true, false] {
        let by_lines = read_by_lines(&all, ahead);
        assert_eq!(by_lines.len(), whole.len());
        for (k, (a, b)) in by_lines.iter().zip(&whole).enumerate() {
            assert_eq!(a, b, "record {k}, read ahead: {ahead}");
        }
    }
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else if path.extension().is_some_and(|e| e == "pgn") {
            out.push(path);
        }
    }
    out
}

/// Big5 bytes of `text` (the characters used here only).
fn big5(text: &str) -> Vec<u8> {
    let mut out = Vec::new();
    for c in text.chars() {
        match c {
            // Each has `{`, `}`, `[` or `]` as its second byte.
            '弓' => out.extend_from_slice(&[0xA4, 0x7D]),
            '州' => out.extend_from_slice(&[0xA6, 0x7B]),
            '加' => out.extend_from_slice(&[0xA5, 0x5B]),
            '包' => out.extend_from_slice(&[0xA5, 0x5D]),
            '炮' => out.extend_from_slice(&[0xAC, 0xB6]),
            '二' => out.extend_from_slice(&[0xA4, 0x47]),
            '平' => out.extend_from_slice(&[0xA5, 0xAD]),
            '五' => out.extend_from_slice(&[0xA4, 0xAD]),
            c if c.is_ascii() => out.push(c as u8),
            c => panic!("no Big5 bytes here for {c}"),
        }
    }
    out
}

#[test]
fn records_end_alike_in_every_way_by_lines() {
    let cases: Vec<Vec<u8>> = vec![
        // Results, no results, tags on the result's line, a tag seen twice.
        b"[Event \"a\"]\n\n1. h2e2 h9g7 1-0\n[Event \"b\"]\n1. b2e2 *\n".to_vec(),
        b"[Event \"a\"]\n1. h2e2 h9g7\n[Event \"b\"]\n1. b2e2\n\n[Event \"c\"]\n1. h0g2\n".to_vec(),
        b"[Event \"a\"]\n1. h2e2 h9g7 0-1 [Event \"b\"] 1. b2e2 1/2-1/2 [Event \"c\"]\n1. h0g2 *"
            .to_vec(),
        b"[Event \"a\"]\n[Event \"b\"]\n[Round \"1\"]\n1. h2e2 1-0\n".to_vec(),
        // Comments over lines, holding brackets and a result; a ; comment; an escape line.
        b"[Event \"a\"]\n1. h2e2 {a comment\n[not a tag] 1-0\n} h9g7 ; 0-1\n%escaped 1-0\n1-0\n[Event \"b\"]\n1. b2e2 *\n"
            .to_vec(),
        // A comment never closed runs into the next record's tags.
        b"[Event \"a\"]\n1. h2e2 {open\n[Event \"b\"]\n1. b2e2 *\n".to_vec(),
        // Variations, one holding a result; one never closed.
        b"[Event \"a\"]\n1. h2e2 (1. b2e2 1-0) h9g7 1-0\n[Event \"b\"]\n1. h2e2 (1. b2e2\n[Event \"c\"]\n1. b2e2 *\n"
            .to_vec(),
        // An illegal move: skipped to the result, or to the next tags; a bad FEN.
        b"[Event \"a\"]\n1. h2e2 h2e2 h9g7\n2. b2e2 1-0\n[Event \"b\"]\n1. h2e3\n\n[Event \"c\"]\n1. b2e2 *\n"
            .to_vec(),
        b"[FEN \"bad\"]\n1. h2e2 1-0\n[Event \"b\"]\n1. b2e2 0-1\n".to_vec(),
        // Junk between records, a UTF-8 byte order mark, CRLF.
        b"\xEF\xBB\xBF[Event \"a\"]\r\n1. h2e2 1-0\r\nsome words here\r\n[Event \"b\"]\r\n1. b2e2 *\r\n"
            .to_vec(),
        // No newline at the end, nothing but whitespace, nothing at all.
        b"[Event \"a\"]\n1. h2e2".to_vec(),
        b"  \n\n".to_vec(),
        Vec::new(),
    ];
    let mut cases = cases;
    // Big5: a comment whose characters have brackets and braces as their second byte; a tag
    // value and a move in Chinese; the next record glued after the result.
    let mut chinese = big5("[Event \"弓州加包\"]\n[Format \"Chinese\"]\n1. 炮二平五 {弓州加包\n州} 1-0 [Event \"x\"]\n1. h2e2 *\n");
    cases.push(chinese.clone());
    chinese.extend_from_slice(&big5("[Event \"y\"]\n1. 炮二平五 { 弓 } {州} *\n"));
    cases.push(chinese);
    for (k, case) in cases.iter().enumerate() {
        for ahead in [true, false] {
            assert_eq!(
                read_by_lines(case, ahead),
                read_whole(case),
                "case {k} {ahead}"
            );
        }
    }
    // The cases do reach every ending: results, errors, and each of the three records glued
    // on one line.
    let glued = read_by_lines(&cases[2], true);
    assert_eq!(glued.len(), 3);
    assert!(glued.iter().all(|s| matches!(s, Seen::Game(..))));
    let broken = read_by_lines(&cases[7], true);
    assert_eq!(
        broken
            .iter()
            .map(|s| matches!(s, Seen::Game(..)))
            .collect::<Vec<_>>(),
        [false, false, true]
    );
}

#[test]
fn the_next_record_begins_at_a_raw_byte_of_a_big5_line() {
    let line = big5("1. 炮二平五 {州} 1-0 [Event \"x\"]\n");
    let mut reader = PgnLineReader::new(ReadOptions::default());
    assert!(reader.feed(b"[Event \"a\"]\n").is_none());
    let (record, next) = reader.feed(&line).unwrap();
    assert_eq!(record.unwrap().moves.len(), 1);
    assert_eq!(&line[next.unwrap()..], b"[Event \"x\"]\n");
}
