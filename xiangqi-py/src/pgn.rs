//! Game records as plain Python data: the `xiangqi.pgn`, `xiangqi.xqf` and `xiangqi.dhtmlxq`
//! modules build their `Game` trees from these.
//!
//! A record is a dict: `headers` ((name, value) pairs), `fen`, `comment`, `result`, `warnings`
//! (texts), and its main line: `moves`, `comments` and `nags` (one entry per move; `None`
//! for a line without any comment, or without any NAG) and
//! `variations`, a list of `(index, [line, ...])` for the moves that have alternatives, where a
//! line is a dict of the same `moves`, `comments`, `nags`, `variations` and its `comment` (the
//! text before its first move). A record that could not be read whole also has `errors`, a
//! list holding its error message (with line and column), and holds what could be read.

use crate::board::{parse_notation, Board};
use crate::errors::{fen_error, PgnError, XiangqiError};
use crate::types::Move;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyModule};
use std::sync::Mutex;
use xiangqi_core::encoding::TextEncoding;
use xiangqi_core::notation::ChineseStyle;
use xiangqi_core::pgn::{
    read_all, MoveFormat, PgnGame, PgnMove, PgnResult, ReadOptions, Variation, WriteOptions,
};
use xiangqi_core::{Move as CoreMove, Position};

/// Variations nested deeper than this are left out of the Python data (the PGN reader keeps
/// no deeper ones; an XQF or DhtmlXQ file could hold them).
const MAX_DEPTH: usize = xiangqi_core::pgn::MAX_VARIATION_DEPTH;

fn line_dict<'py>(
    py: Python<'py>,
    moves: &[PgnMove],
    comment: Option<&String>,
    depth: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("comment", comment)?;
    let sequence = Bound::new(
        py,
        MoveSequence {
            moves: moves.iter().map(|m| m.mv).collect(),
        },
    )?;
    // SAFETY: the object was just made and is alive; a sequence holds no Python object, so it
    // is never part of a cycle and the collector need not see it (see `Move::object`).
    unsafe { pyo3::ffi::PyObject_GC_UnTrack(sequence.as_ptr().cast()) };
    d.set_item("moves", sequence)?;
    // A line without comments or NAGs (most of a database) gets `None` for either list.
    if moves.iter().any(|m| m.comment.is_some()) {
        d.set_item(
            "comments",
            moves
                .iter()
                .map(|m| m.comment.as_deref())
                .collect::<Vec<_>>(),
        )?;
    } else {
        d.set_item("comments", py.None())?;
    }
    if moves.iter().any(|m| !m.nags.is_empty()) {
        d.set_item(
            "nags",
            moves.iter().map(|m| m.nags.clone()).collect::<Vec<_>>(),
        )?;
    } else {
        d.set_item("nags", py.None())?;
    }
    let variations = PyList::empty(py);
    if depth < MAX_DEPTH {
        for (i, m) in moves.iter().enumerate() {
            if m.variations.is_empty() {
                continue;
            }
            let lines = m
                .variations
                .iter()
                .map(|v| line_dict(py, &v.moves, v.comment.as_ref(), depth + 1))
                .collect::<PyResult<Vec<_>>>()?;
            variations.append((i, lines))?;
        }
    }
    d.set_item("variations", variations)?;
    Ok(d)
}

/// The record as a dict (see the module documentation).
pub fn record_dict<'py>(py: Python<'py>, game: &PgnGame) -> PyResult<Bound<'py, PyDict>> {
    let d = line_dict(py, &game.moves, game.comment.as_ref(), 0)?;
    // A dict, as `Game.headers` keeps them (a later tag of the same name wins, as it does in
    // `dict(pairs)`): one object where a list of pairs took one per tag.
    let headers = PyDict::new(py);
    for (name, value) in &game.tags {
        headers.set_item(name, value)?;
    }
    d.set_item("headers", headers)?;
    d.set_item("fen", game.start.fen())?;
    d.set_item("result", game.result.as_str())?;
    d.set_item(
        "warnings",
        game.warnings
            .iter()
            .map(|w| w.to_string())
            .collect::<Vec<_>>(),
    )?;
    Ok(d)
}

/// The moves of a line read from a record, as an immutable sequence whose `Move` objects are
/// made only when they are read: a database read holds two bytes a move until a program looks
/// at its moves (most look at a few headers of each game, or at none of its moves).
#[pyclass(module = "xiangqi._xiangqi", name = "_MoveSequence", frozen, sequence)]
pub struct MoveSequence {
    moves: Vec<CoreMove>,
}

#[pymethods]
impl MoveSequence {
    #[new]
    fn new(moves: Vec<Move>) -> MoveSequence {
        MoveSequence {
            moves: moves.into_iter().map(|m| m.inner).collect(),
        }
    }

    fn __len__(&self) -> usize {
        self.moves.len()
    }

    fn __getitem__<'py>(&self, py: Python<'py>, index: isize) -> PyResult<Bound<'py, Move>> {
        let len = self.moves.len() as isize;
        let at = if index < 0 { index + len } else { index };
        if !(0..len).contains(&at) {
            return Err(pyo3::exceptions::PyIndexError::new_err(
                "move index out of range",
            ));
        }
        Move::object(py, self.moves[at as usize])
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.list(py)?.try_iter().map(Bound::into_any)
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, pyo3::types::PyType>, (Bound<'py, PyList>,))> {
        Ok((slf.get_type(), (slf.get().list(slf.py())?,)))
    }
}

impl MoveSequence {
    fn list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for &m in &self.moves {
            list.append(Move::object(py, m)?)?;
        }
        Ok(list)
    }
}

/// An error reading a record, and what of the record could be read before it.
trait RecordError: std::fmt::Display {
    fn partial(&self) -> Option<&PgnGame> {
        None
    }
}

impl RecordError for xiangqi_core::pgn::PgnError {
    fn partial(&self) -> Option<&PgnGame> {
        self.partial.as_deref()
    }
}

impl RecordError for xiangqi_records::ReadError {
    fn partial(&self) -> Option<&PgnGame> {
        self.pgn().and_then(|e| e.partial.as_deref())
    }
}

impl RecordError for xiangqi_core::dhtmlxq::DhtmlXqError {}

/// A record's dict; for a record that could not be read, what could be (an empty record if
/// nothing) with `errors`: the message, with line and column.
fn result_object(py: Python<'_>, r: Result<PgnGame, impl RecordError>) -> PyResult<Py<PyAny>> {
    Ok(match r {
        Ok(game) => record_dict(py, &game)?.into_any().unbind(),
        Err(e) => {
            let empty;
            let partial = match e.partial() {
                Some(game) => game,
                None => {
                    empty = PgnGame::default();
                    &empty
                }
            };
            let d = record_dict(py, partial)?;
            d.set_item("errors", vec![e.to_string()])?;
            d.into_any().unbind()
        }
    })
}

fn parse_text_encoding(name: Option<&str>) -> PyResult<TextEncoding> {
    match name {
        None => Ok(TextEncoding::Auto),
        Some(name) => TextEncoding::from_label(name).ok_or_else(|| {
            XiangqiError::new_err(format!(
                "unknown text encoding {name:?} (auto, utf-8, gbk, big5, utf-16le, utf-16be)"
            ))
        }),
    }
}

fn parse_format(name: Option<&str>) -> PyResult<Option<xiangqi_records::Format>> {
    use xiangqi_records::Format;
    Ok(match name {
        None => None,
        Some("pgn") => Some(Format::Pgn),
        Some("xqf") => Some(Format::Xqf),
        Some("dhtmlxq") => Some(Format::DhtmlXq),
        Some("fen") => Some(Format::FenList),
        Some(other) => {
            return Err(XiangqiError::new_err(format!(
                "unknown record format {other:?} (pgn, xqf, dhtmlxq, fen)"
            )))
        }
    })
}

/// Reads every PGN record of raw bytes, in `encoding` (`None`: detected). Items as for
/// `pgn_read`.
#[pyfunction]
#[pyo3(signature = (data, encoding = None))]
pub fn pgn_read_bytes(
    py: Python<'_>,
    data: &[u8],
    encoding: Option<&str>,
) -> PyResult<Vec<Py<PyAny>>> {
    let options = ReadOptions {
        encoding: parse_text_encoding(encoding)?,
        ..ReadOptions::default()
    };
    let records = py.detach(|| xiangqi_core::pgn::read_bytes(data, options));
    gc_paused(py, || {
        records.into_iter().map(|r| result_object(py, r)).collect()
    })
}

/// Decodes bytes in `encoding` (`None`: detected: byte order mark, UTF-8, else GBK or Big5).
/// Returns the text and the encoding's name.
#[pyfunction]
#[pyo3(signature = (data, encoding = None))]
pub fn decode_text(data: &[u8], encoding: Option<&str>) -> PyResult<(String, &'static str)> {
    let decoded = xiangqi_core::encoding::decode(data, parse_text_encoding(encoding)?);
    Ok((decoded.text.into_owned(), decoded.encoding.name()))
}

/// Reads an XQF file's bytes into a record dict; raises `PgnError` when the file is broken.
#[pyfunction]
pub fn xqf_read(py: Python<'_>, data: &[u8]) -> PyResult<Py<PyAny>> {
    match py.detach(|| xiangqi_core::xqf::read(data)) {
        Ok(game) => Ok(record_dict(py, &game)?.into_any().unbind()),
        Err(e) => Err(PgnError::new_err(format!("XQF: {e}"))),
    }
}

/// Writes a record dict as an XQF 1.0 file (see `xiangqi_core::xqf::write`).
#[pyfunction]
pub fn xqf_write<'py>(
    py: Python<'py>,
    record: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
    let game = record_from_dict(record)?;
    let bytes =
        xiangqi_core::xqf::write(&game).map_err(|e| XiangqiError::new_err(format!("XQF: {e}")))?;
    Ok(pyo3::types::PyBytes::new(py, &bytes))
}

/// Reads every DhtmlXQ record of a text (items as for `pgn_read`).
#[pyfunction]
pub fn dhtmlxq_read(py: Python<'_>, text: &str) -> PyResult<Vec<Py<PyAny>>> {
    let records = py.detach(|| xiangqi_core::dhtmlxq::read_all(text));
    gc_paused(py, || {
        records.into_iter().map(|r| result_object(py, r)).collect()
    })
}

type FileTuple = (String, &'static str, &'static str, Vec<Py<PyAny>>);

/// Runs `f` with Python's cyclic garbage collector paused: the records of a database are
/// millions of acyclic objects, and the collections their creation would set off cost more
/// than creating them (with the GIL held throughout, no other thread sees the pause).
fn gc_paused<T>(py: Python<'_>, f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    /// Enables the collector again when dropped, whatever `f` did.
    struct Resume<'py>(Option<Bound<'py, PyModule>>);
    impl Drop for Resume<'_> {
        fn drop(&mut self) {
            if let Some(gc) = &self.0 {
                let _ = gc.call_method0("enable");
            }
        }
    }
    let gc = py.import("gc")?;
    let enabled: bool = gc.call_method0("isenabled")?.extract()?;
    let _resume = if enabled {
        gc.call_method0("disable")?;
        Resume(Some(gc))
    } else {
        Resume(None)
    };
    f()
}

fn file_tuple(py: Python<'_>, file: xiangqi_records::FileRecords) -> PyResult<FileTuple> {
    let games = gc_paused(py, || {
        file.games
            .into_iter()
            .map(|r| result_object(py, r))
            .collect::<PyResult<Vec<_>>>()
    })?;
    Ok((
        file.path.to_string_lossy().into_owned(),
        file.format.name(),
        file.encoding.name(),
        games,
    ))
}

fn records_options(
    encoding: Option<&str>,
    format: Option<&str>,
) -> PyResult<xiangqi_records::ReadOptions> {
    Ok(xiangqi_records::ReadOptions {
        pgn: ReadOptions {
            encoding: parse_text_encoding(encoding)?,
            ..ReadOptions::default()
        },
        format: parse_format(format)?,
    })
}

/// Reads a file or every record file of a folder on all cores, the GIL released. Returns one
/// `(path, format, encoding, records)` per file, in sorted order; each record a dict or an
/// error message.
#[pyfunction]
#[pyo3(signature = (path, encoding = None, format = None))]
pub fn records_read(
    py: Python<'_>,
    path: std::path::PathBuf,
    encoding: Option<&str>,
    format: Option<&str>,
) -> PyResult<Vec<FileTuple>> {
    let options = records_options(encoding, format)?;
    let files = py
        .detach(|| xiangqi_records::read_path(&path, &options))
        .map_err(|e| PgnError::new_err(format!("{}: {e}", path.display())))?;
    files.into_iter().map(|f| file_tuple(py, f)).collect()
}

/// The files of a folder read a batch at a time on all cores (the GIL released while a batch
/// is read): iterating gives `(path, format, encoding, records)` tuples as `records_read`.
#[pyclass(module = "xiangqi")]
pub struct RecordStream {
    inner: Mutex<xiangqi_records::RecordStream>,
}

#[pymethods]
impl RecordStream {
    #[new]
    #[pyo3(signature = (path, encoding = None, format = None))]
    fn new(
        path: std::path::PathBuf,
        encoding: Option<&str>,
        format: Option<&str>,
    ) -> PyResult<RecordStream> {
        let options = records_options(encoding, format)?;
        let inner = xiangqi_records::stream_path(&path, &options)
            .map_err(|e| PgnError::new_err(format!("{}: {e}", path.display())))?;
        Ok(RecordStream {
            inner: Mutex::new(inner),
        })
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<FileTuple>> {
        let next = py.detach(|| match self.inner.lock() {
            Ok(mut stream) => stream.next(),
            Err(_) => None,
        });
        next.map(|f| file_tuple(py, f)).transpose()
    }
}

fn line_from_dict(
    line: &Bound<'_, PyAny>,
    depth: usize,
) -> PyResult<(Option<String>, Vec<PgnMove>)> {
    let moves = line.get_item("moves")?;
    let moves: Vec<CoreMove> = match moves.cast::<MoveSequence>() {
        Ok(sequence) => sequence.get().moves.clone(),
        Err(_) => moves
            .extract::<Vec<Move>>()?
            .into_iter()
            .map(|m| m.inner)
            .collect(),
    };
    let comments: Vec<Option<String>> = line
        .get_item("comments")?
        .extract::<Option<_>>()?
        .unwrap_or_default();
    let nags: Vec<Vec<u8>> = line
        .get_item("nags")?
        .extract::<Option<_>>()?
        .unwrap_or_default();
    let comment: Option<String> = line.get_item("comment")?.extract()?;
    let mut out: Vec<PgnMove> = moves
        .iter()
        .enumerate()
        .map(|(i, &m)| {
            let mut pm = PgnMove::new(m);
            pm.comment = comments.get(i).cloned().flatten();
            pm.nags = nags.get(i).cloned().unwrap_or_default();
            pm
        })
        .collect();
    if depth < MAX_DEPTH {
        let variations: Vec<(usize, Vec<Bound<'_, PyAny>>)> =
            line.get_item("variations")?.extract()?;
        for (i, lines) in variations {
            for l in lines {
                let (comment, moves) = line_from_dict(&l, depth + 1)?;
                if let Some(m) = out.get_mut(i) {
                    m.variations.push(Variation { comment, moves });
                }
            }
        }
    }
    Ok((comment, out))
}

pub(crate) fn record_from_dict(record: &Bound<'_, PyAny>) -> PyResult<PgnGame> {
    let fen: String = record.get_item("fen")?.extract()?;
    let start = Position::from_fen(&fen).map_err(fen_error)?;
    let mut game = PgnGame::new(start);
    let headers = record.get_item("headers")?;
    game.tags = match headers.cast::<PyDict>() {
        Ok(dict) => dict
            .iter()
            .map(|(name, value)| Ok((name.extract()?, value.extract()?)))
            .collect::<PyResult<_>>()?,
        Err(_) => headers.extract()?,
    };
    let result: String = record.get_item("result")?.extract()?;
    game.result = PgnResult::parse(&result).ok_or_else(|| {
        XiangqiError::new_err(format!(
            "result must be 1-0, 0-1, 1/2-1/2 or *, not {result:?}"
        ))
    })?;
    let (comment, moves) = line_from_dict(record, 0)?;
    game.comment = comment;
    game.moves = moves;
    Ok(game)
}

/// Writes a record dict as `"pgn"` (moves in `notation`) or `"dhtmlxq"`. Every move must be
/// legal where it stands.
#[pyfunction]
#[pyo3(signature = (record, format = "pgn", notation = "iccs", line_width = 80))]
pub fn record_write(
    record: &Bound<'_, PyAny>,
    format: &str,
    notation: &str,
    line_width: usize,
) -> PyResult<String> {
    let game = record_from_dict(record)?;
    let illegal = |e: xiangqi_core::pgn::PgnWriteError| {
        crate::errors::IllegalMoveError::new_err(e.to_string())
    };
    match format {
        "pgn" => game
            .to_pgn(&pgn_options(notation, line_width)?)
            .map_err(illegal),
        "dhtmlxq" => xiangqi_core::dhtmlxq::write(&game).map_err(illegal),
        other => Err(XiangqiError::new_err(format!(
            "records are written as pgn or dhtmlxq, not {other:?}"
        ))),
    }
}

/// Writes records as `"pgn"` (moves in `notation`) or `"dhtmlxq"`, encoded in `encoding`
/// with only the characters it has: Chinese moves in the ones records in that encoding use
/// (Big5: traditional, 車 and 馬 for both sides); a tag or comment holding a character the
/// encoding lacks raises `XiangqiError` naming it.
#[pyfunction]
#[pyo3(signature = (records, format = "pgn", notation = "iccs", line_width = 80, encoding = "utf-8"))]
pub fn records_write_bytes<'py>(
    py: Python<'py>,
    records: Vec<Bound<'_, PyAny>>,
    format: &str,
    notation: &str,
    line_width: usize,
    encoding: &str,
) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
    let games = records
        .iter()
        .map(record_from_dict)
        .collect::<PyResult<Vec<_>>>()?;
    let format = match parse_format(Some(format))? {
        Some(f @ (xiangqi_records::Format::Pgn | xiangqi_records::Format::DhtmlXq)) => f,
        _ => {
            return Err(XiangqiError::new_err(format!(
                "records are written as pgn or dhtmlxq, not {format:?}"
            )))
        }
    };
    let (move_format, chinese) = notation_format(notation)?;
    let options = xiangqi_records::WriteOptions {
        pgn: WriteOptions {
            format: move_format,
            chinese,
            line_width,
            ..WriteOptions::default()
        },
        encoding: match parse_text_encoding(Some(encoding))? {
            TextEncoding::Auto => TextEncoding::Utf8,
            named => named,
        },
    };
    let bytes = xiangqi_records::write_bytes(&games, format, &options).map_err(|e| match e {
        xiangqi_records::WriteError::Record(e) => {
            crate::errors::IllegalMoveError::new_err(e.to_string())
        }
        other => XiangqiError::new_err(other.to_string()),
    })?;
    Ok(pyo3::types::PyBytes::new(py, &bytes))
}

/// How to write PGN: moves in `notation`, lines of at most `line_width` characters.
fn pgn_options(notation: &str, line_width: usize) -> PyResult<WriteOptions> {
    let (format, chinese) = notation_format(notation)?;
    Ok(WriteOptions {
        format,
        chinese,
        line_width,
        ..WriteOptions::default()
    })
}

fn notation_format(notation: &str) -> PyResult<(MoveFormat, ChineseStyle)> {
    MoveFormat::from_notation(parse_notation(notation)?).ok_or_else(|| {
        XiangqiError::new_err(format!("PGN has no {notation} format: use korean or iccs"))
    })
}

/// Reads every record of a PGN text. Each item is a record dict (see the module
/// documentation); a malformed record's holds what could be read and `errors`, its message
/// (with line and column).
#[pyfunction]
pub fn pgn_read(py: Python<'_>, text: &str) -> PyResult<Vec<Py<PyAny>>> {
    let records = py.detach(|| read_all(text));
    gc_paused(py, || {
        records.into_iter().map(|r| result_object(py, r)).collect()
    })
}

/// The record of a board's game: its root, its moves and, when the game is over, its result
/// with a `Termination` tag and the ruling's explanation as the final comment.
#[pyfunction]
pub fn pgn_from_board<'py>(
    py: Python<'py>,
    board: PyRef<'_, Board>,
) -> PyResult<Bound<'py, PyDict>> {
    record_dict(py, &PgnGame::from_game(board.game()?))
}

/// Writes a record as PGN. `notation` is `"iccs"`, `"wxf"`, `"chinese"`,
/// `"chinese-traditional"` or `"vietnamese"`; the moves must be legal from `fen`.
#[pyfunction]
#[pyo3(signature = (headers, fen, moves, comments, nags, comment, result, notation = "iccs", line_width = 80))]
#[allow(clippy::too_many_arguments)]
pub fn pgn_write(
    headers: Vec<(String, String)>,
    fen: &str,
    moves: Vec<Move>,
    comments: Vec<Option<String>>,
    nags: Vec<Vec<u8>>,
    comment: Option<String>,
    result: &str,
    notation: &str,
    line_width: usize,
) -> PyResult<String> {
    let start = Position::from_fen(fen).map_err(fen_error)?;
    let mut game = PgnGame::new(start);
    game.tags = headers;
    game.comment = comment;
    game.result = PgnResult::parse(result).ok_or_else(|| {
        XiangqiError::new_err(format!(
            "result must be 1-0, 0-1, 1/2-1/2 or *, not {result:?}"
        ))
    })?;
    for (i, m) in moves.iter().enumerate() {
        let mut pm = PgnMove::new(m.inner);
        pm.comment = comments.get(i).cloned().flatten();
        pm.nags = nags.get(i).cloned().unwrap_or_default();
        game.moves.push(pm);
    }
    game.to_pgn(&pgn_options(notation, line_width)?)
        .map_err(|e| crate::errors::IllegalMoveError::new_err(e.to_string()))
}

/// Reads PGN records from lines handed over one at a time (`xiangqi.pgn.read_game` on a
/// stream): core's `PgnLineReader`, so that the stream is left where the next record begins.
#[pyclass(module = "xiangqi._xiangqi", name = "_PgnLineReader")]
pub struct PgnLineReader {
    inner: xiangqi_core::pgn::PgnLineReader,
}

#[pymethods]
impl PgnLineReader {
    /// A reader in `encoding` (`None`: UTF-8 lines as UTF-8, the others in the legacy encoding
    /// detected). UTF-16 cannot be read a line at a time: `XiangqiError`.
    #[new]
    #[pyo3(signature = (encoding = None))]
    fn new(encoding: Option<&str>) -> PyResult<PgnLineReader> {
        let encoding = parse_text_encoding(encoding)?;
        if matches!(encoding, TextEncoding::Utf16Le | TextEncoding::Utf16Be) {
            return Err(XiangqiError::new_err(
                "UTF-16 cannot be read a line at a time: read the input whole",
            ));
        }
        let options = ReadOptions {
            encoding,
            ..ReadOptions::default()
        };
        Ok(PgnLineReader {
            inner: xiangqi_core::pgn::PgnLineReader::new(options),
        })
    }

    /// Decides the legacy encoding from raw bytes ahead in the input (up to `AHEAD` of them).
    fn detect(&mut self, sample: &[u8]) {
        self.inner.detect(sample);
    }

    /// How many bytes ahead `detect` wants, as the whole-input reader looks at.
    #[classattr]
    #[allow(non_snake_case)]
    fn AHEAD() -> usize {
        xiangqi_core::pgn::DETECT_AHEAD_BYTES
    }

    /// Whether an input beginning with `start` in `encoding` must be read whole: UTF-16
    /// (named, or by its byte order mark) cannot be cut into lines.
    #[staticmethod]
    #[pyo3(signature = (start, encoding = None))]
    fn needs_whole_input(start: &[u8], encoding: Option<&str>) -> PyResult<bool> {
        let encoding = parse_text_encoding(encoding)?;
        Ok(xiangqi_core::pgn::PgnLineReader::needs_whole_input(
            start, encoding,
        ))
    }

    /// Feeds one raw line. Returns `None`, or the record it ended (an item as for `pgn_read`)
    /// and the byte of the line where the next record begins (`None`: after the line).
    fn feed(
        &mut self,
        py: Python<'_>,
        line: &[u8],
    ) -> PyResult<Option<(Py<PyAny>, Option<usize>)>> {
        match self.inner.feed(line) {
            None => Ok(None),
            Some((record, next)) => Ok(Some((result_object(py, record)?, next))),
        }
    }

    /// The record being read when the input has ended, if any.
    fn finish(&mut self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        self.inner
            .finish()
            .map(|record| result_object(py, record))
            .transpose()
    }
}

/// Adds the PGN functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(pgn_read, m)?)?;
    m.add_function(wrap_pyfunction!(pgn_write, m)?)?;
    m.add_function(wrap_pyfunction!(pgn_from_board, m)?)?;
    m.add_function(wrap_pyfunction!(pgn_read_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(xqf_read, m)?)?;
    m.add_function(wrap_pyfunction!(xqf_write, m)?)?;
    m.add_function(wrap_pyfunction!(decode_text, m)?)?;
    m.add_function(wrap_pyfunction!(dhtmlxq_read, m)?)?;
    m.add_function(wrap_pyfunction!(records_read, m)?)?;
    m.add_function(wrap_pyfunction!(record_write, m)?)?;
    m.add_function(wrap_pyfunction!(records_write_bytes, m)?)?;
    m.add_class::<RecordStream>()?;
    m.add_class::<PgnLineReader>()?;
    m.add_class::<MoveSequence>()?;
    Ok(())
}
