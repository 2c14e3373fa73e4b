//! Game records from files and folders: a whole database at once, in parallel.
//!
//! `xiangqi-core` parses records from bytes and text but does no I/O and starts no threads;
//! this crate adds both: it lists a folder, reads every file in it by its format (PGN, XQF,
//! DhtmlXQ or a FEN list, chosen by extension), splits a large multi-game PGN file at its
//! records, and reads all of them on the rayon thread pool, as one list ([`read_path`]) or as a
//! stream of files in order with bounded memory ([`stream_path`]). [`Stats`] sums up what was
//! read, as `xiangqi pgn stats` prints it.
//!
//! ```no_run
//! use xiangqi_records::{read_path, ReadOptions};
//!
//! let files = read_path("games/".as_ref(), &ReadOptions::default()).unwrap();
//! for file in &files {
//!     for game in &file.games {
//!         match game {
//!             Ok(game) => println!("{} moves", game.moves.len()),
//!             Err(error) => println!("{}: {error}", file.path.display()),
//!         }
//!     }
//! }
//! ```

#![warn(missing_docs)]

mod stats;

pub use stats::{Report, Stats};

use rayon::prelude::*;
use std::fmt;
use std::path::{Path, PathBuf};
use xiangqi_core::encoding::{self, TextEncoding};
use xiangqi_core::pgn::{self, PgnError, PgnGame, PgnReader};
use xiangqi_core::record;
pub use xiangqi_core::record::Format;
pub use xiangqi_core::record::RecordError;

/// A multi-game PGN text larger than this is split at its records and read in parallel.
const SPLIT_BYTES: usize = 256 * 1024;

/// How many files [`stream_path`] reads at once.
const STREAM_BATCH: usize = 512;

/// How records are read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// How PGN text is read (its encoding included: [`TextEncoding::Auto`] detects it per file).
    pub pgn: pgn::ReadOptions,
    /// The format of every file, or `None` to choose by extension (files of other extensions
    /// in a folder are passed over; a single file named directly without a known extension
    /// is read in the format its bytes show, [`Format::sniff`]).
    pub format: Option<Format>,
}

/// Why a record (or a whole file) could not be read: the file, or the record as core's readers
/// judge it ([`RecordError`]: PGN, XQF, DhtmlXQ or `.gib`).
#[derive(Debug)]
pub enum ReadError {
    /// The file could not be read.
    Io(std::io::Error),
    /// A record is malformed (or a line of a FEN list is not a legal position).
    Record(RecordError),
}

impl ReadError {
    /// The PGN error, when the record is PGN (or a FEN list's line).
    pub fn pgn(&self) -> Option<&PgnError> {
        match self {
            ReadError::Record(RecordError::Pgn(e)) => Some(e),
            _ => None,
        }
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "read error: {e}"),
            ReadError::Record(e) => write!(f, "{e}"),
        }
    }
}

impl From<RecordError> for ReadError {
    fn from(e: RecordError) -> ReadError {
        ReadError::Record(e)
    }
}

impl From<PgnError> for ReadError {
    fn from(e: PgnError) -> ReadError {
        ReadError::Record(RecordError::Pgn(e))
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReadError::Io(e) => Some(e),
            ReadError::Record(e) => Some(e),
        }
    }
}

/// The records of one file.
#[derive(Debug)]
pub struct FileRecords {
    /// The file.
    pub path: PathBuf,
    /// Its format.
    pub format: Format,
    /// The text encoding found (or named); UTF-8 for binary formats read without text.
    pub encoding: TextEncoding,
    /// Each record, or why it could not be read, in the order of the file.
    pub games: Vec<Result<PgnGame, ReadError>>,
}

/// Every record file under `dir` (recursively, by extension), in sorted order.
///
/// The order is that of sorting the paths (`Path`'s order: component by component), found by
/// sorting each folder's entries by name and walking them depth first: sorting 58,000 whole
/// paths by their components cost more than reading the folder.
pub fn list_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    list_files_into(dir, &mut files)?;
    Ok(files)
}

fn list_files_into(dir: &Path, files: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let is_dir = entry.file_type()?.is_dir();
        entries.push((entry.file_name(), is_dir));
    }
    entries.sort_unstable();
    for (name, is_dir) in entries {
        let path = dir.join(name);
        if is_dir {
            list_files_into(&path, files)?;
        } else if Format::from_path(&path).is_some() {
            files.push(path);
        }
    }
    Ok(())
}

/// Reads records from bytes in `format` ([`xiangqi_core::record::read_bytes`]). Large PGN
/// texts are split at their records and read on the rayon pool.
pub fn read_bytes(
    bytes: &[u8],
    format: Format,
    options: &ReadOptions,
) -> (TextEncoding, Vec<Result<PgnGame, ReadError>>) {
    if format == Format::Pgn {
        return read_pgn_bytes(bytes, &options.pgn);
    }
    let (encoding, games) = record::read_bytes(bytes, format, &options.pgn);
    let games = games
        .into_iter()
        .map(|g| g.map_err(ReadError::from))
        .collect();
    (encoding, games)
}

fn read_pgn_bytes(
    bytes: &[u8],
    options: &pgn::ReadOptions,
) -> (TextEncoding, Vec<Result<PgnGame, ReadError>>) {
    if bytes.len() <= SPLIT_BYTES {
        let mut reader = PgnReader::with_options(bytes, *options);
        let games = reader
            .by_ref()
            .map(|g| g.map_err(ReadError::from))
            .collect();
        return (reader.encoding(), games);
    }
    // One encoding for the whole text, then the records read in parallel pieces.
    let decoded = encoding::decode(bytes, options.encoding);
    let options = pgn::ReadOptions {
        encoding: TextEncoding::Utf8,
        ..*options
    };
    let pieces = split_records(&decoded.text, SPLIT_BYTES / 4);
    let games = pieces
        .par_iter()
        .map(|&(from, to, first_line)| {
            PgnReader::with_options(decoded.text[from..to].as_bytes(), options)
                .map(|g| match g {
                    Ok(mut game) => {
                        for w in &mut game.warnings {
                            w.line += first_line;
                        }
                        Ok(game)
                    }
                    Err(mut e) => {
                        e.line += first_line;
                        Err(ReadError::from(e))
                    }
                })
                .collect::<Vec<_>>()
        })
        .collect::<Vec<_>>()
        .into_iter()
        .flatten()
        .collect();
    (decoded.encoding, games)
}

/// Splits a PGN text into pieces of about `target` bytes, each cut just before a line that
/// opens a record's tag pairs (a `[` line after a line that is not one). Returns (start, end,
/// lines before the piece).
fn split_records(text: &str, target: usize) -> Vec<(usize, usize, usize)> {
    let mut pieces = Vec::new();
    let (mut start, mut start_line) = (0, 0);
    let (mut at, mut line) = (0, 0);
    let mut previous_was_tag = true;
    for raw in text.split_inclusive('\n') {
        let is_tag = raw.trim_start().starts_with('[');
        if is_tag && !previous_was_tag && at - start >= target {
            pieces.push((start, at, start_line));
            (start, start_line) = (at, line);
        }
        if !raw.trim().is_empty() {
            previous_was_tag = is_tag;
        }
        at += raw.len();
        line += 1;
    }
    if start < text.len() || pieces.is_empty() {
        pieces.push((start, text.len(), start_line));
    }
    pieces
}

/// Reads one file, in `options.format` or by its extension (by its content,
/// [`Format::sniff`], when it has none known).
pub fn read_file(path: &Path, options: &ReadOptions) -> FileRecords {
    let format = options.format.or_else(|| Format::from_path(path));
    match std::fs::read(path) {
        Ok(bytes) => {
            let format = format.unwrap_or_else(|| Format::sniff(&bytes));
            let (encoding, games) = read_bytes(&bytes, format, options);
            FileRecords {
                path: path.to_path_buf(),
                format,
                encoding,
                games,
            }
        }
        Err(e) => FileRecords {
            path: path.to_path_buf(),
            format: format.unwrap_or(Format::Pgn),
            encoding: TextEncoding::Auto,
            games: vec![Err(ReadError::Io(e))],
        },
    }
}

fn files_of(path: &Path) -> std::io::Result<Vec<PathBuf>> {
    if path.is_dir() {
        list_files(path)
    } else {
        std::fs::metadata(path)?;
        Ok(vec![path.to_path_buf()])
    }
}

/// Reads a file, or every record file of a folder and its subfolders, on the rayon pool. The
/// files come in sorted order. Fails only when the folder cannot be listed.
pub fn read_path(path: &Path, options: &ReadOptions) -> std::io::Result<Vec<FileRecords>> {
    let files = files_of(path)?;
    Ok(files.par_iter().map(|f| read_file(f, options)).collect())
}

/// The files of [`stream_path`], read a batch at a time on the rayon pool by a thread of
/// its own, one batch ahead of the one being used.
pub struct RecordStream {
    batches: std::sync::mpsc::Receiver<Vec<FileRecords>>,
    ready: std::collections::VecDeque<FileRecords>,
}

impl Iterator for RecordStream {
    type Item = FileRecords;

    fn next(&mut self) -> Option<FileRecords> {
        if self.ready.is_empty() {
            self.ready = self.batches.recv().ok()?.into();
        }
        self.ready.pop_front()
    }
}

/// Like [`read_path`], as an iterator over the files in sorted order. Only a few batches of
/// files are in memory at a time: the next batch is read while the current one is used (so
/// the work done with each file overlaps the reading), and dropping the stream stops the
/// reading after the batch under way. Fails when the folder cannot be listed or no thread
/// can be started.
pub fn stream_path(path: &Path, options: &ReadOptions) -> std::io::Result<RecordStream> {
    let files = files_of(path)?;
    let options = *options;
    let (sender, batches) = std::sync::mpsc::sync_channel(1);
    std::thread::Builder::new()
        .name("xiangqi-records".into())
        .spawn(move || {
            for batch in files.chunks(STREAM_BATCH) {
                let read: Vec<FileRecords> =
                    batch.par_iter().map(|f| read_file(f, &options)).collect();
                if sender.send(read).is_err() {
                    break; // the stream was dropped
                }
            }
        })?;
    Ok(RecordStream {
        batches,
        ready: Default::default(),
    })
}

/// How records are written by [`write_bytes`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WriteOptions {
    /// How PGN is written (notation, line width, ...).
    pub pgn: pgn::WriteOptions,
    /// The encoding of the text written.
    pub encoding: TextEncoding,
}

impl Default for WriteOptions {
    fn default() -> WriteOptions {
        WriteOptions {
            pgn: pgn::WriteOptions::default(),
            encoding: TextEncoding::Utf8,
        }
    }
}

/// Why records could not be written.
#[derive(Debug)]
pub enum WriteError {
    /// The format cannot hold this many records in one file (XQF holds one).
    OneRecordPerFile(Format, usize),
    /// A record holds a move that is not legal where it stands.
    Record(pgn::PgnWriteError),
    /// XQF cannot hold the record's start position.
    Xqf(xiangqi_core::xqf::XqfError),
    /// `.gib` cannot hold the record (it starts from no janggi setup, or a move is illegal).
    Gib(xiangqi_core::gib::GibWriteError),
    /// The encoding lacks a character of the record at this index (from 0) in a tag, a name or
    /// a comment: nothing is written in its place.
    Unencodable(usize, encoding::Unencodable),
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::OneRecordPerFile(format, n) => write!(
                f,
                "a {} file holds one record, not {n} (write one file per record)",
                format.name()
            ),
            WriteError::Record(e) => write!(f, "{e}"),
            WriteError::Xqf(e) => write!(f, "XQF: {e}"),
            WriteError::Gib(e) => write!(f, "gib: {e}"),
            WriteError::Unencodable(index, e) => write!(
                f,
                "record {}: {e} of its text; nothing written (utf-8, gbk and utf-16 have every \
                 character)",
                index + 1
            ),
        }
    }
}

impl std::error::Error for WriteError {}

/// Writes records in `format`: PGN, DhtmlXQ (one block per record), a FEN list (the start
/// position of each record, one a line) or XQF (exactly one record; binary, GBK text).
///
/// Text is written in `options.encoding` with only the characters it has: Chinese moves in the
/// characters records in that encoding use ([`ChineseStyle::for_encoding`]: in Big5,
/// traditional with 車 and 馬 for both sides), and a tag or comment holding a character the
/// encoding lacks is refused ([`WriteError::Unencodable`]), never written as something else.
///
/// [`ChineseStyle::for_encoding`]: xiangqi_core::ChineseStyle::for_encoding
pub fn write_bytes(
    games: &[PgnGame],
    format: Format,
    options: &WriteOptions,
) -> Result<Vec<u8>, WriteError> {
    if format == Format::Xqf {
        return write_xqf(games);
    }
    let pgn_options = pgn::WriteOptions {
        chinese: options.pgn.chinese.for_encoding(options.encoding),
        ..options.pgn
    };
    let mut out = Vec::new();
    let mut text = String::new();
    for (index, game) in games.iter().enumerate() {
        text.clear();
        match format {
            Format::Pgn => game
                .write_pgn(&pgn_options, &mut text)
                .map_err(WriteError::Record)?,
            Format::DhtmlXq => {
                text.push_str(
                    &xiangqi_core::dhtmlxq::write_with(game, pgn_options.chinese)
                        .map_err(WriteError::Record)?,
                );
                text.push('\n');
            }
            Format::FenList => {
                text.push_str(&game.start.fen());
                text.push('\n');
            }
            Format::Xqf => return write_xqf(games),
            Format::Gib => text.push_str(&xiangqi_core::gib::write(game).map_err(WriteError::Gib)?),
        }
        let bytes = encoding::encode(&text, options.encoding)
            .map_err(|e| WriteError::Unencodable(index, e))?;
        // UTF-16's byte order mark once, at the start of the file.
        let skip = match (index, options.encoding) {
            (1.., TextEncoding::Utf16Le | TextEncoding::Utf16Be) => 2,
            _ => 0,
        };
        out.extend_from_slice(&bytes[skip..]);
    }
    Ok(out)
}

fn write_xqf(games: &[PgnGame]) -> Result<Vec<u8>, WriteError> {
    match games {
        [game] => xiangqi_core::xqf::write(game).map_err(WriteError::Xqf),
        _ => Err(WriteError::OneRecordPerFile(Format::Xqf, games.len())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_listed_in_the_order_of_sorted_paths() {
        // Names whose byte order differs from the order of paths: `-` and `.` sort before `/`.
        let dir = std::env::temp_dir().join(format!("xiangqi-list-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for sub in ["a", "a-b", "a.c", "b/c", "b/c d"] {
            std::fs::create_dir_all(dir.join(sub)).unwrap();
        }
        let names = [
            "a.pgn",
            "a/y.pgn",
            "a-b/x.pgn",
            "a.c/z.xqf",
            "b/c/1.pgn",
            "b/c d/2.pgn",
            "b/c.pgn",
            "b/c-1.pgn",
            "b/note.txt",
        ];
        for name in names {
            std::fs::write(dir.join(name), b"").unwrap();
        }
        let listed = list_files(&dir).unwrap();
        let mut expected: Vec<PathBuf> = names
            .iter()
            .filter(|n| !n.ends_with(".txt"))
            .map(|n| dir.join(n))
            .collect();
        expected.sort();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(listed, expected);
    }

    #[test]
    fn fen_lists_read_fens_and_epd_lines() {
        let start = xiangqi_core::Position::startpos().fen();
        let board_and_side = start.split(' ').take(2).collect::<Vec<_>>().join(" ");
        let text = format!(
            "# a comment\n{start}\n{board_and_side} - - id \"x\"; bm h2e2;\n\n{board_and_side}\n9/9 w\n"
        );
        let (_, games) = read_bytes(text.as_bytes(), Format::FenList, &ReadOptions::default());
        assert_eq!(games.len(), 4);
        for game in &games[..3] {
            assert_eq!(game.as_ref().unwrap().start.fen(), start);
        }
        match &games[3] {
            Err(e) if e.pgn().is_some() => assert_eq!(e.pgn().unwrap().line, 6),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn formats_by_extension() {
        assert_eq!(Format::from_path("a/b.PGN".as_ref()), Some(Format::Pgn));
        assert_eq!(Format::from_path("b.xqf".as_ref()), Some(Format::Xqf));
        assert_eq!(Format::from_path("b.txt".as_ref()), None);
    }

    #[test]
    fn split_at_records() {
        let record = "[Event \"x\"]\n[Red \"y\"]\n\n1. h2e2 h9g7 *\n\n";
        let text = record.repeat(10);
        let pieces = split_records(&text, record.len() * 3);
        assert!(pieces.len() > 1);
        let mut next = 0;
        for &(from, to, line) in &pieces {
            assert_eq!(from, next);
            assert!(text[from..].starts_with("[Event"));
            assert_eq!(line, text[..from].matches('\n').count());
            next = to;
        }
        assert_eq!(next, text.len());
    }
}
