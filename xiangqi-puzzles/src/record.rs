//! The puzzle file: tab-separated, one puzzle a line.
//!
//! Lines starting with `#` before the header row are comments (the source and licence
//! notes). The header row names the columns; readers find columns by name:
//!
//! | column | meaning |
//! |---|---|
//! | `id` | a stable identifier, `xq` and 10 hexadecimal digits of the position's hash |
//! | `fen` | the position, the solver to move |
//! | `moves` | the solution in ICCS, separated by spaces: solver, reply, solver, ..., solver |
//! | `themes` | theme tags separated by spaces (see [`crate::themes`]) |
//! | `level` | the weakest level that finds the first move and sees the win: `beginner` .. `master` |
//! | `daily` | `1` when the puzzle suits the daily puzzle (see [`is_daily`]), else `0` |
//! | `source` | the game it comes from and that game's licence |

use std::fmt;
use xiangqi_core::{Move, Position};
use xiangqi_search::Level;

/// The column names, in the order written.
pub const COLUMNS: [&str; 7] = ["id", "fen", "moves", "themes", "level", "daily", "source"];

/// Most solver moves of a daily puzzle.
pub const DAILY_MAX_SOLVER_MOVES: usize = 4;

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleRecord {
    /// Identifier.
    pub id: String,
    /// The position (FEN).
    pub fen: String,
    /// The solution in ICCS, solver's move first.
    pub moves: Vec<String>,
    /// Theme tags.
    pub themes: Vec<String>,
    /// Difficulty grade: the weakest level that finds the first move.
    pub level: Level,
    /// Suits the daily puzzle.
    pub daily: bool,
    /// Origin and licence.
    pub source: String,
}

/// The daily-puzzle rule: graded Casual or harder (a level that only sees one ply and
/// captures does not find it), at most [`DAILY_MAX_SOLVER_MOVES`] solver moves.
pub fn is_daily(level: Level, moves: usize) -> bool {
    level != Level::Beginner && moves.div_ceil(2) <= DAILY_MAX_SOLVER_MOVES
}

/// The identifier of a position: `xq` and the first 10 hex digits of its hash.
pub fn id_of(pos: &Position) -> String {
    format!("xq{:010x}", pos.hash() >> 24)
}

impl PuzzleRecord {
    /// The mate length from the `mate-in-N` theme, if any.
    pub fn mate_in(&self) -> Option<u32> {
        self.themes
            .iter()
            .find_map(|t| t.strip_prefix("mate-in-").and_then(|n| n.parse().ok()))
    }

    /// The position and the solution as moves, checked for legality.
    pub fn parse(&self) -> Result<(Position, Vec<Move>), String> {
        let pos = Position::from_fen(&self.fen).map_err(|e| format!("bad FEN: {e}"))?;
        let mut cur = pos.clone();
        let mut moves = Vec::new();
        for (i, text) in self.moves.iter().enumerate() {
            let mv = cur
                .parse_move(text, xiangqi_core::Notation::Iccs)
                .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
            cur.play(mv)
                .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
            moves.push(mv);
        }
        if moves.len() % 2 == 0 {
            return Err("the line must end with a solver move (odd move count)".into());
        }
        Ok((pos, moves))
    }

    /// Reads one data row (tab-separated, in [`COLUMNS`] order).
    pub fn from_row(row: &str) -> Result<PuzzleRecord, String> {
        let cols: Vec<&str> = row.split('\t').collect();
        if cols.len() != COLUMNS.len() {
            return Err(format!(
                "{} columns, expected {}",
                cols.len(),
                COLUMNS.len()
            ));
        }
        let words = |s: &str| s.split_whitespace().map(str::to_owned).collect::<Vec<_>>();
        Ok(PuzzleRecord {
            id: cols[0].to_owned(),
            fen: cols[1].to_owned(),
            moves: words(cols[2]),
            themes: words(cols[3]),
            level: cols[4]
                .parse()
                .map_err(|_| format!("unknown level {:?}", cols[4]))?,
            daily: match cols[5] {
                "1" => true,
                "0" => false,
                other => return Err(format!("daily must be 0 or 1, not {other:?}")),
            },
            source: cols[6].to_owned(),
        })
    }
}

impl fmt::Display for PuzzleRecord {
    /// Writes the data row (without a newline).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}\t{}\t{}\t{}\t{}\t{}\t{}",
            self.id,
            self.fen,
            self.moves.join(" "),
            self.themes.join(" "),
            self.level.name().to_lowercase(),
            u8::from(self.daily),
            self.source
        )
    }
}

/// A data row of a puzzle file: its line number (from 1) and the record or why it is
/// malformed.
pub type Row = (usize, Result<PuzzleRecord, String>);

/// Reads a puzzle file: the comment lines, then each data row with its line number (from 1)
/// and the record or why it is malformed.
pub fn read_file(text: &str) -> (Vec<String>, Vec<Row>) {
    let mut comments = Vec::new();
    let mut rows = Vec::new();
    let mut header_seen = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        if !header_seen {
            if let Some(c) = line.strip_prefix('#') {
                comments.push(c.trim_start().to_owned());
                continue;
            }
            header_seen = true;
            if line.split('\t').collect::<Vec<_>>() != COLUMNS {
                rows.push((
                    i + 1,
                    Err(format!("header row must be {}", COLUMNS.join(" "))),
                ));
            }
            continue;
        }
        rows.push((i + 1, PuzzleRecord::from_row(line)));
    }
    (comments, rows)
}

/// The header row.
pub fn header() -> String {
    COLUMNS.join("\t")
}

/// The comment lines of the shipped puzzle file: what it is, where the games come from and
/// their licences, and the daily rule.
pub const SHIPPED_COMMENTS: &[&str] = &[
    "Xiangqi puzzles: positions from real games where the side to move has exactly one winning move.",
    "Mined by `xiangqi puzzles mine` and re-verified by `xiangqi puzzles verify` with a deeper search; see data/puzzles/README.md.",
    "Screened by `xiangqi puzzles screen`: Fairy-Stockfish's best move is the first move and its second-best line no rival (puzzles-fsf.tsv holds its lines).",
    "Columns (tab-separated, found by name): id fen moves themes level daily source.",
    "moves: the solution in ICCS, solver's move first, the defender's best replies between; it ends with a solver move.",
    "level: the weakest engine level (beginner casual club strong master) whose own search plays the first move and sees the win.",
    "daily: 1 when the puzzle suits the daily puzzle: level casual or above and at most 4 solver moves.",
    "Games marked CCPD: Yu-Han Tseng and Bo-Nian Chen (2026). Chinese Chess Practical Dataset (CCPD). github.com/Yvonne761/Chinese-Chess-Practical-Dataset, CC BY 4.0.",
    "Games marked engine: played by this toolkit's engine levels (MIT OR Apache-2.0).",
];

/// Writes a puzzle file: `comments` as `#` lines, the header row, the records.
pub fn write_file(
    out: &mut dyn std::io::Write,
    comments: &[&str],
    records: &[PuzzleRecord],
) -> std::io::Result<()> {
    for c in comments {
        writeln!(out, "# {c}")?;
    }
    writeln!(out, "{}", header())?;
    for r in records {
        writeln!(out, "{r}")?;
    }
    Ok(())
}
