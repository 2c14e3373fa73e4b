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
        let end = if file.metadata()?.len() == 0 {
            file.write_all(MAGIC)?;
            MAGIC.len() as u64
        } else {
            let mut reader = DataReader::new(BufReader::new(&mut file))?;
            loop {
                let at = reader.offset();
                match reader.next_record() {
                    None => break at,
                    Some(Ok(record)) => {
                        done.insert(record.index);
                        positions += record.moves.len() as u64;
                    }
                    Some(Err(DataError::Io(e))) => return Err(e.into()),
                    Some(Err(_)) => break at,
                }
            }
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
}
