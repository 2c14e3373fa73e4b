//! Training data: whole games, each a start position and, for every ply, the move played with
//! the search's score before it.
//!
//! A game is stored once as a board and then as four bytes a ply, so a file holds about
//! 4.5 bytes a position; the positions are rebuilt by replaying the moves. A file is the
//! header [`MAGIC`] followed by records, each framed as
//!
//! ```text
//! u32 length of what follows (little-endian)
//! u64 game number          (the run's game index: resuming skips the numbers already there)
//! [u8; 45] board           (one nibble a point, A0 first: 0 empty, else Piece::index() + 1)
//! u8  turn and game        (bit 0: 0 Red/Cho, 1 Black/Han; bits 1-3: the Variant's code,
//!                           0 xiangqi, 1-4 the janggi rule sets)
//! u16 no-capture plies, u16 move number (saturated)
//! i8  result               (1 Red won, 0 draw, -1 Black won)
//! u8  termination          (Termination::code(), or 255 when adjudicated)
//! u16 plies
//! plies x (u16 move, i16 score)   (score from the side to move's view, before the move)
//! u32 FNV-1a of everything after the length field and before this checksum
//! ```
//!
//! A record cut short by an interrupted run fails its length or checksum: [`DataFile::open`]
//! drops such a tail, so a run can always be resumed and appended to.

use core::fmt;
use std::collections::BTreeSet;
use std::fs::{File, OpenOptions};
use std::io::{self, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use xiangqi_core::{Color, Move, Piece, Position, Setup, Square, Variant};

/// The first eight bytes of a data file (the last byte is the format version).
pub const MAGIC: &[u8; 8] = b"XQNNDAT1";
/// The score of a ply the search did not score (it is then left out of training).
pub const SCORE_NONE: i16 = i16::MIN;
/// A mate in `n` moves is stored as `SCORE_MATE - n` (negated when the side to move is mated).
pub const SCORE_MATE: i16 = 32_000;
/// Scores at least this large in magnitude are mates.
pub const SCORE_MATE_BOUND: i16 = SCORE_MATE - 1_000;
/// The termination byte of a game ended by adjudication rather than by the rules.
pub const ADJUDICATED: u8 = 255;
/// The termination byte of a recorded game (not played by the generator): its result is the
/// record's.
pub const RECORDED: u8 = 254;
/// The longest record accepted (a game of 65,535 plies and its header).
const MAX_RECORD: usize = 8 + 45 + 1 + 4 + 2 + 2 + 4 * 65_535 + 4;

/// The game's result, from Red's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// Red won.
    RedWin,
    /// A draw.
    Draw,
    /// Black won.
    BlackWin,
}

impl GameResult {
    /// The result for the side `color`: 1 a win, 0.5 a draw, 0 a loss.
    pub fn score_for(self, color: Color) -> f32 {
        match (self, color) {
            (GameResult::Draw, _) => 0.5,
            (GameResult::RedWin, Color::Red) | (GameResult::BlackWin, Color::Black) => 1.0,
            _ => 0.0,
        }
    }

    /// The result of a game `winner` won (`None`: a draw).
    pub fn from_winner(winner: Option<Color>) -> GameResult {
        match winner {
            Some(Color::Red) => GameResult::RedWin,
            Some(Color::Black) => GameResult::BlackWin,
            None => GameResult::Draw,
        }
    }

    fn to_byte(self) -> u8 {
        match self {
            GameResult::RedWin => 1,
            GameResult::Draw => 0,
            GameResult::BlackWin => 0xff,
        }
    }

    fn from_byte(b: u8) -> Option<GameResult> {
        match b {
            1 => Some(GameResult::RedWin),
            0 => Some(GameResult::Draw),
            0xff => Some(GameResult::BlackWin),
            _ => None,
        }
    }
}

/// One ply of a game: the move played and the search's score of the position before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScoredMove {
    /// The move played.
    pub mv: Move,
    /// The score from the side to move's point of view in centipawns, mates as described at
    /// [`SCORE_MATE`], or [`SCORE_NONE`].
    pub score: i16,
}

/// A whole game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The game's number in its run.
    pub index: u64,
    /// Where the game starts (after any opening and random plies, which are not stored).
    pub start: Position,
    /// How it ended.
    pub result: GameResult,
    /// `Termination::code()` of the rules' ending, or [`ADJUDICATED`].
    pub termination: u8,
    /// Every ply from `start`.
    pub moves: Vec<ScoredMove>,
}

/// Why data could not be read.
#[derive(Debug)]
pub enum DataError {
    /// Reading or writing the file failed.
    Io(io::Error),
    /// The file does not start with [`MAGIC`].
    NotADataFile,
    /// A record is malformed: the byte offset of its start and what is wrong.
    Corrupt {
        /// Offset of the record in the file.
        offset: u64,
        /// What is wrong.
        reason: &'static str,
    },
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::Io(e) => write!(f, "{e}"),
            DataError::NotADataFile => write!(
                f,
                "not a training data file (it does not start with {:?})",
                String::from_utf8_lossy(MAGIC)
            ),
            DataError::Corrupt { offset, reason } => {
                write!(f, "corrupt record at byte {offset}: {reason}")
            }
        }
    }
}

impl std::error::Error for DataError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DataError::Io(e) => Some(e),
            _ => None,
        }
    }
}

impl From<io::Error> for DataError {
    fn from(e: io::Error) -> DataError {
        DataError::Io(e)
    }
}

fn fnv1a(bytes: &[u8]) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for &b in bytes {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    h
}

/// Appends the record's bytes, framed as the module documentation describes.
///
/// # Panics
/// When the game has more than 65,535 plies.
pub fn encode(record: &GameRecord, out: &mut Vec<u8>) {
    assert!(
        record.moves.len() <= usize::from(u16::MAX),
        "game too long to store"
    );
    let start = out.len();
    out.extend_from_slice(&[0; 4]);
    out.extend_from_slice(&record.index.to_le_bytes());
    let mut board = [0u8; 45];
    for sq in Square::ALL {
        if let Some(piece) = record.start.piece_at(sq) {
            let nibble = piece.index() as u8 + 1;
            board[sq.index() / 2] |= nibble << (4 * (sq.index() % 2));
        }
    }
    out.extend_from_slice(&board);
    out.push(u8::from(record.start.turn() == Color::Black) | (record.start.variant() as u8) << 1);
    let halfmoves = record.start.halfmoves().min(u32::from(u16::MAX)) as u16;
    let fullmoves = record.start.fullmoves().min(u32::from(u16::MAX)) as u16;
    out.extend_from_slice(&halfmoves.to_le_bytes());
    out.extend_from_slice(&fullmoves.to_le_bytes());
    out.push(record.result.to_byte());
    out.push(record.termination);
    out.extend_from_slice(&(record.moves.len() as u16).to_le_bytes());
    for m in &record.moves {
        out.extend_from_slice(&m.mv.to_u16().to_le_bytes());
        out.extend_from_slice(&m.score.to_le_bytes());
    }
    let checksum = fnv1a(&out[start + 4..]);
    out.extend_from_slice(&checksum.to_le_bytes());
    let length = (out.len() - start - 4) as u32;
    out[start..start + 4].copy_from_slice(&length.to_le_bytes());
}

/// Decodes the body of one record (what follows its length field).
fn decode_body(body: &[u8], offset: u64) -> Result<GameRecord, DataError> {
    let corrupt = |reason| DataError::Corrupt { offset, reason };
    const FIXED: usize = 8 + 45 + 1 + 4 + 2 + 2;
    if body.len() < FIXED + 4 {
        return Err(corrupt("too short"));
    }
    let (payload, checksum) = body.split_at(body.len() - 4);
    if fnv1a(payload) != u32::from_le_bytes(checksum.try_into().expect("four bytes")) {
        return Err(corrupt("checksum mismatch"));
    }
    let u16_at = |i: usize| u16::from_le_bytes([payload[i], payload[i + 1]]);
    let index = u64::from_le_bytes(payload[0..8].try_into().expect("eight bytes"));
    let mut setup = Setup::empty();
    for sq in Square::ALL {
        let nibble = (payload[8 + sq.index() / 2] >> (4 * (sq.index() % 2))) & 0xf;
        if nibble != 0 {
            let piece = Piece::from_index(usize::from(nibble) - 1).ok_or(corrupt("bad piece"))?;
            setup.set(sq, Some(piece));
        }
    }
    setup.turn = if payload[53] & 1 == 0 {
        Color::Red
    } else {
        Color::Black
    };
    setup.variant = Variant::ALL
        .get(usize::from(payload[53] >> 1))
        .copied()
        .ok_or(corrupt("bad game"))?;
    setup.halfmoves = u32::from(u16_at(54));
    setup.fullmoves = u32::from(u16_at(56)).max(1);
    let start = Position::from_setup(setup).map_err(|_| corrupt("illegal start position"))?;
    let result = GameResult::from_byte(payload[58]).ok_or(corrupt("bad result"))?;
    let termination = payload[59];
    let plies = usize::from(u16_at(60));
    if payload.len() != FIXED + 4 * plies {
        return Err(corrupt("length does not match the ply count"));
    }
    let moves = (0..plies)
        .map(|i| {
            let at = FIXED + 4 * i;
            let mv = Move::from_u16(u16_at(at)).ok_or(corrupt("bad move"))?;
            let score = i16::from_le_bytes([payload[at + 2], payload[at + 3]]);
            Ok(ScoredMove { mv, score })
        })
        .collect::<Result<Vec<_>, DataError>>()?;
    Ok(GameRecord {
        index,
        start,
        result,
        termination,
        moves,
    })
}

/// Reads records one after another from a data file.
pub struct DataReader<R> {
    inner: R,
    offset: u64,
    buf: Vec<u8>,
    tail: Option<(u64, &'static str)>,
}

impl DataReader<BufReader<File>> {
    /// Opens a data file for reading.
    pub fn open(path: &Path) -> Result<Self, DataError> {
        DataReader::new(BufReader::with_capacity(1 << 20, File::open(path)?))
    }
}

impl<R: Read> DataReader<R> {
    /// Reads from a stream that starts with [`MAGIC`].
    pub fn new(mut inner: R) -> Result<Self, DataError> {
        let mut magic = [0u8; 8];
        match inner.read_exact(&mut magic) {
            Ok(()) if &magic == MAGIC => {}
            Ok(()) => return Err(DataError::NotADataFile),
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => {
                return Err(DataError::NotADataFile)
            }
            Err(e) => return Err(e.into()),
        }
        Ok(DataReader {
            inner,
            offset: MAGIC.len() as u64,
            buf: Vec::new(),
            tail: None,
        })
    }

    /// The byte offset of the next record.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// The next record; `None` at the end. A record cut short at the end is an error.
    pub fn next_record(&mut self) -> Option<Result<GameRecord, DataError>> {
        let offset = self.offset;
        let mut len = [0u8; 4];
        match read_full(&mut self.inner, &mut len) {
            Ok(0) => return None,
            Ok(4) => {}
            Ok(_) => {
                return Some(Err(DataError::Corrupt {
                    offset,
                    reason: "cut short",
                }))
            }
            Err(e) => return Some(Err(e.into())),
        }
        let len = u32::from_le_bytes(len) as usize;
        if len > MAX_RECORD {
            return Some(Err(DataError::Corrupt {
                offset,
                reason: "length out of range",
            }));
        }
        self.buf.resize(len, 0);
        match read_full(&mut self.inner, &mut self.buf) {
            Ok(n) if n == len => {}
            Ok(_) => {
                return Some(Err(DataError::Corrupt {
                    offset,
                    reason: "cut short",
                }))
            }
            Err(e) => return Some(Err(e.into())),
        }
        self.offset += 4 + len as u64;
        Some(decode_body(&self.buf, offset))
    }
}

impl<R: Read> DataReader<R> {
    /// The next whole game: `Ok(None)` at the end, and at a damaged tail (a game cut short by
    /// an interrupted write, or bytes after the last game that are not one), where reading
    /// stops; [`DataReader::damaged_tail`] then says where. Only a failed read is an error.
    pub fn next_whole_game(&mut self) -> io::Result<Option<GameRecord>> {
        if self.tail.is_some() {
            return Ok(None);
        }
        let offset = self.offset;
        match self.next_record() {
            None => Ok(None),
            Some(Ok(record)) => Ok(Some(record)),
            Some(Err(DataError::Io(e))) => Err(e),
            Some(Err(e)) => {
                let reason = match e {
                    DataError::Corrupt { reason, .. } => reason,
                    _ => "not a record",
                };
                self.offset = offset;
                self.tail = Some((offset, reason));
                Ok(None)
            }
        }
    }

    /// Where reading by [`DataReader::next_whole_game`] stopped before the end of the file:
    /// the byte offset of the damaged tail and what is wrong there.
    pub fn damaged_tail(&self) -> Option<(u64, &'static str)> {
        self.tail
    }
}

impl<R: Read> Iterator for DataReader<R> {
    type Item = Result<GameRecord, DataError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_record()
    }
}

/// Reads until `buf` is full or the stream ends; returns how much was read.
fn read_full(r: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match r.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

/// A data file open for appending, with the game numbers it already holds.
pub struct DataFile {
    path: PathBuf,
    writer: BufWriter<File>,
    done: BTreeSet<u64>,
    positions: u64,
    buf: Vec<u8>,
}

impl DataFile {
    /// Opens (or creates) a data file to append to. A damaged tail (an interrupted write) is
    /// cut off; every whole record before it is kept and counted.
    pub fn open(path: &Path) -> Result<DataFile, DataError> {
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)?;
        let mut done = BTreeSet::new();
        let mut positions = 0;
        let len = file.metadata()?.len();
        let mut head = Vec::new();
        (&mut file)
            .take(MAGIC.len() as u64)
            .read_to_end(&mut head)?;
        let end = if len < MAGIC.len() as u64 && MAGIC.starts_with(&head) {
            // Empty, or cut inside the magic before any game: start the file again.
            file.set_len(0)?;
            file.seek(SeekFrom::Start(0))?;
            file.write_all(MAGIC)?;
            MAGIC.len() as u64
        } else {
            file.seek(SeekFrom::Start(0))?;
            let mut reader = DataReader::new(BufReader::new(&mut file))?;
            while let Some(record) = reader.next_whole_game()? {
                done.insert(record.index);
                positions += record.moves.len() as u64;
            }
            reader.offset()
        };
        file.set_len(end)?;
        file.seek(SeekFrom::Start(end))?;
        Ok(DataFile {
            path: path.to_path_buf(),
            writer: BufWriter::new(file),
            done,
            positions,
            buf: Vec::new(),
        })
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether the game with this number is already stored.
    pub fn contains(&self, index: u64) -> bool {
        self.done.contains(&index)
    }

    /// Games stored.
    pub fn games(&self) -> u64 {
        self.done.len() as u64
    }

    /// Positions (plies) stored.
    pub fn positions(&self) -> u64 {
        self.positions
    }

    /// Appends a game and flushes it to the file.
    pub fn append(&mut self, record: &GameRecord) -> Result<(), DataError> {
        self.buf.clear();
        encode(record, &mut self.buf);
        self.writer.write_all(&self.buf)?;
        self.writer.flush()?;
        self.done.insert(record.index);
        self.positions += record.moves.len() as u64;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(index: u64) -> GameRecord {
        let start = Position::from_fen(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        )
        .unwrap();
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for (i, text) in ["h2e2", "h9g7", "h0g2", "i9h9"].iter().enumerate() {
            let mv = pos.parse_any(text).unwrap();
            moves.push(ScoredMove {
                mv,
                score: if i == 1 {
                    SCORE_NONE
                } else {
                    10 * i as i16 - 5
                },
            });
            pos.play(mv).unwrap();
        }
        GameRecord {
            index,
            start,
            result: GameResult::BlackWin,
            termination: ADJUDICATED,
            moves,
        }
    }

    #[test]
    fn records_round_trip_and_cost_four_bytes_a_ply() {
        let mut bytes = MAGIC.to_vec();
        encode(&sample(7), &mut bytes);
        let one = bytes.len();
        encode(&sample(8), &mut bytes);
        assert_eq!(bytes.len() - one, one - MAGIC.len());
        assert_eq!(one - MAGIC.len(), 4 + 62 + 4 * 4 + 4);
        let read: Vec<GameRecord> = DataReader::new(&bytes[..])
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert_eq!(read, vec![sample(7), sample(8)]);
    }

    #[test]
    fn a_janggi_game_keeps_its_rule_set_and_its_passes() {
        use xiangqi_core::janggi::Arrangement;
        for variant in [Variant::Janggi, Variant::JanggiModern] {
            let fen =
                Position::janggi_start(Arrangement::SangMaSangMa, Arrangement::MaSangMaSang).fen();
            let start = Position::from_fen_variant(&fen, variant).unwrap();
            let mut pos = start.clone();
            let mut moves = Vec::new();
            for i in 0..6 {
                // Passes and moves in turn.
                let mv = if i % 3 == 1 {
                    pos.pass_move()
                } else {
                    pos.legal_moves()[i]
                };
                pos.play(mv).unwrap();
                moves.push(ScoredMove { mv, score: 5 });
            }
            let record = GameRecord {
                index: 3,
                start,
                result: GameResult::BlackWin,
                termination: ADJUDICATED,
                moves,
            };
            let mut bytes = MAGIC.to_vec();
            encode(&record, &mut bytes);
            let read: Vec<GameRecord> = DataReader::new(&bytes[..])
                .unwrap()
                .map(Result::unwrap)
                .collect();
            assert_eq!(read[0].start.variant(), variant);
            assert_eq!(read, vec![record]);
        }
    }

    #[test]
    fn a_damaged_record_is_an_error_not_a_panic() {
        let mut bytes = MAGIC.to_vec();
        encode(&sample(1), &mut bytes);
        for cut in MAGIC.len() + 1..bytes.len() {
            let got: Vec<_> = DataReader::new(&bytes[..cut]).unwrap().collect();
            assert!(matches!(got.as_slice(), [Err(DataError::Corrupt { .. })]));
        }
        for i in MAGIC.len() + 4..bytes.len() {
            let mut flipped = bytes.clone();
            flipped[i] ^= 0x10;
            let got: Vec<_> = DataReader::new(&flipped[..]).unwrap().collect();
            assert!(
                matches!(got.as_slice(), [Err(DataError::Corrupt { .. })]),
                "{i}"
            );
        }
        assert!(matches!(
            DataReader::new(&b"XQNNDAT0"[..]),
            Err(DataError::NotADataFile)
        ));
    }

    #[test]
    fn a_file_resumes_after_a_cut_tail() {
        let dir = std::env::temp_dir().join(format!("xq-nnue-data-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("resume.bin");
        let _ = std::fs::remove_file(&path);
        {
            let mut f = DataFile::open(&path).unwrap();
            f.append(&sample(0)).unwrap();
            f.append(&sample(1)).unwrap();
        }
        let len = std::fs::metadata(&path).unwrap().len();
        let file = OpenOptions::new().write(true).open(&path).unwrap();
        file.set_len(len - 3).unwrap();
        drop(file);
        let mut f = DataFile::open(&path).unwrap();
        assert!(f.contains(0) && !f.contains(1));
        assert_eq!(f.positions(), 4);
        f.append(&sample(2)).unwrap();
        drop(f);
        let indices: Vec<u64> = DataReader::open(&path)
            .unwrap()
            .map(|r| r.unwrap().index)
            .collect();
        assert_eq!(indices, vec![0, 2]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A game of `plies` moves (shuffling the chariots), numbered `index`.
    fn game_of(index: u64, plies: usize) -> GameRecord {
        let start = Position::startpos();
        let mut pos = start.clone();
        let mut moves = Vec::new();
        let cycle = ["a0a1", "a9a8", "a1a0", "a8a9"];
        for i in 0..plies {
            let mv = pos.parse_any(cycle[i % 4]).unwrap();
            moves.push(ScoredMove {
                mv,
                score: i as i16,
            });
            pos.play(mv).unwrap();
        }
        GameRecord {
            index,
            start,
            result: GameResult::Draw,
            termination: ADJUDICATED,
            moves,
        }
    }

    /// A file of games numbered `0..n` (`n` prime to 7) stored out of order (as parallel runs
    /// write them), and the byte offset where each game ends.
    fn file_of(n: u64) -> (Vec<u8>, Vec<(u64, usize)>) {
        let mut bytes = MAGIC.to_vec();
        let mut ends = Vec::new();
        for k in 0..n {
            let index = (k * 7) % n;
            encode(&game_of(index, (index as usize * 5) % 11), &mut bytes);
            ends.push((index, bytes.len()));
        }
        (bytes, ends)
    }

    fn indices(path: &Path) -> Vec<u64> {
        let mut reader = DataReader::open(path).unwrap();
        let mut out = Vec::new();
        while let Some(record) = reader.next_whole_game().unwrap() {
            assert_eq!(
                record,
                game_of(record.index, (record.index as usize * 5) % 11)
            );
            out.push(record.index);
        }
        assert_eq!(
            reader.damaged_tail(),
            None,
            "a resumed file has no damaged tail"
        );
        out
    }

    /// Opens `bytes` as a file to resume, checks that exactly the whole games before
    /// `whole_end` are kept and the rest is cut off, then resumes to `n` games.
    fn check_resume(dir: &Path, bytes: &[u8], whole: &[u64], whole_end: usize, n: u64, what: &str) {
        let path = dir.join("data.bin");
        std::fs::write(&path, bytes).unwrap();
        // A reader reads the whole games and stops at the damaged tail.
        if bytes.len() >= MAGIC.len() {
            let mut reader = DataReader::open(&path).unwrap();
            let mut read = Vec::new();
            while let Some(record) = reader.next_whole_game().unwrap() {
                read.push(record.index);
            }
            assert_eq!(read, whole, "{what}");
            let tail = reader.damaged_tail().map(|(at, _)| at as usize);
            let expected_tail = (whole_end < bytes.len()).then_some(whole_end);
            assert_eq!(tail, expected_tail, "{what}");
        }
        let mut file = DataFile::open(&path).unwrap();
        assert_eq!(file.games(), whole.len() as u64, "{what}");
        for &i in whole {
            assert!(file.contains(i), "{what}: {i}");
        }
        assert_eq!(
            std::fs::metadata(&path).unwrap().len() as usize,
            whole_end.max(MAGIC.len()),
            "{what}: the damaged tail is cut off"
        );
        for i in 0..n {
            if !file.contains(i) {
                file.append(&game_of(i, (i as usize * 5) % 11)).unwrap();
            }
        }
        assert_eq!(file.games(), n, "{what}");
        drop(file);
        let mut found = indices(&path);
        assert_eq!(found.len() as u64, n, "{what}: each game once");
        found.sort_unstable();
        assert_eq!(found, (0..n).collect::<Vec<_>>(), "{what}");
    }

    #[test]
    fn a_file_cut_at_any_byte_keeps_its_whole_games_and_resumes_each_game_once() {
        let dir = std::env::temp_dir().join(format!("xq-nnue-cut-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let n = 6;
        let (bytes, ends) = file_of(n);
        for cut in 0..=bytes.len() {
            let kept: Vec<&(u64, usize)> = ends.iter().filter(|&&(_, end)| end <= cut).collect();
            let whole: Vec<u64> = kept.iter().map(|&&(i, _)| i).collect();
            let whole_end = kept.last().map_or(MAGIC.len().min(cut), |&&(_, end)| end);
            check_resume(
                &dir,
                &bytes[..cut],
                &whole,
                whole_end,
                n,
                &format!("cut at {cut}"),
            );
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn garbage_after_the_last_game_is_left_out_and_cut_off_on_resume() {
        let dir = std::env::temp_dir().join(format!("xq-nnue-garbage-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let n = 5;
        let (bytes, ends) = file_of(n);
        let mut s: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        for trial in 0..200 {
            // Keep the first games, then random bytes: short, long, or led by a plausible
            // record length (so that the reader must look at what follows it).
            let keep = (next() % (n + 1)) as usize;
            let end = if keep == 0 {
                MAGIC.len()
            } else {
                ends[keep - 1].1
            };
            let whole: Vec<u64> = ends[..keep].iter().map(|&(i, _)| i).collect();
            let mut file = bytes[..end].to_vec();
            let len = match trial % 3 {
                0 => 1 + next() % 8,
                1 => 1 + next() % 3_000,
                _ => 4 + next() % 300,
            } as usize;
            let mut garbage: Vec<u8> = (0..len).map(|_| next() as u8).collect();
            if trial % 3 == 2 {
                let plausible = (62 + 4 * (next() % 80)) as u32;
                garbage[..4].copy_from_slice(&plausible.to_le_bytes());
            }
            file.extend_from_slice(&garbage);
            check_resume(&dir, &file, &whole, end, n, &format!("trial {trial}"));
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
