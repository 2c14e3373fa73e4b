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
/// and the record or why it is malformed. Columns are found by the header row's names (any
/// order; other columns are ignored); `#` lines before it are comments. The one reader of the
/// format: the CLI and Python's `xiangqi.puzzles` use it.
///
/// ```
/// use xiangqi_puzzles::record::read_file;
/// let fen = "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1";
/// let text = format!("# a comment\nsource\tlevel\tid\tfen\tmoves\tthemes\tdaily\nme\tclub\tp1\t{fen}\tb0b9\tmate\t1\n");
/// let (comments, rows) = read_file(&text);
/// assert_eq!(comments, ["a comment"]);
/// let puzzle = rows[0].1.as_ref().unwrap();
/// assert_eq!((puzzle.id.as_str(), puzzle.moves.len(), puzzle.daily), ("p1", 1, true));
/// let (_, rows) = read_file("id\tfen\n");
/// assert!(rows[0].1.as_ref().unwrap_err().contains("lacks moves"));
/// ```
pub fn read_file(text: &str) -> (Vec<String>, Vec<Row>) {
    let mut comments = Vec::new();
    let mut rows = Vec::new();
    let mut order: Option<Vec<usize>> = None;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() {
            continue;
        }
        let Some(order) = &order else {
            if let Some(c) = line.strip_prefix('#') {
                comments.push(c.trim_start().to_owned());
                continue;
            }
            let names: Vec<&str> = line.split('\t').map(str::trim).collect();
            let found: Vec<Option<usize>> = COLUMNS
                .iter()
                .map(|c| names.iter().position(|n| n == c))
                .collect();
            let missing: Vec<&str> = COLUMNS
                .iter()
                .zip(&found)
                .filter(|(_, f)| f.is_none())
                .map(|(c, _)| *c)
                .collect();
            if !missing.is_empty() {
                rows.push((
                    i + 1,
                    Err(format!("the header row lacks {}", missing.join(" "))),
                ));
                return (comments, rows);
            }
            order = Some(found.into_iter().flatten().collect());
            continue;
        };
        let cells: Vec<&str> = line.split('\t').collect();
        let row: Vec<&str> = order
            .iter()
            .map(|&k| cells.get(k).copied().unwrap_or(""))
            .collect();
        rows.push((i + 1, PuzzleRecord::from_row(&row.join("\t"))));
    }
    (comments, rows)
}

/// Which of `pool` daily puzzles is the one of the day numbered `day` (the proleptic Gregorian
/// ordinal, 1 for 0001-01-01, as Python's `date.toordinal()`): they are taken in turn, so none
/// repeats within as many days as there are of them. The page's `dailyPuzzle` follows the same
/// rule (a test runs both).
///
/// ```
/// use xiangqi_puzzles::record::daily_index;
/// // 2027-01-01 is day 739982; with 645 daily puzzles it gets number 739982 % 645.
/// assert_eq!(daily_index(739_982, 645), Some(739_982 % 645));
/// assert_eq!(daily_index(5, 0), None);
/// ```
pub fn daily_index(day: i64, pool: usize) -> Option<usize> {
    let pool = i64::try_from(pool).ok().filter(|&n| n > 0)?;
    Some(day.rem_euclid(pool) as usize)
}

/// The day number of a `YYYY-MM-DD` date in the proleptic Gregorian calendar, as Python's
/// `date.toordinal()` counts (1 for 0001-01-01), for [`daily_index`]; `None` for a text that
/// is no such date (years 1 to 9999, as Python's).
///
/// ```
/// use xiangqi_puzzles::record::day_number;
/// assert_eq!(day_number("2027-01-01"), Some(739_982));
/// assert_eq!(day_number("0001-01-01"), Some(1));
/// assert_eq!(day_number("2024-02-29"), Some(738_945));
/// assert_eq!(day_number("2023-02-29"), None);
/// assert_eq!(day_number("2027-1-01"), None);
/// ```
pub fn day_number(date: &str) -> Option<i64> {
    let bytes = date.as_bytes();
    let digits = |range: std::ops::Range<usize>| -> Option<i64> {
        let part = bytes.get(range)?;
        part.iter().all(u8::is_ascii_digit).then_some(())?;
        std::str::from_utf8(part).ok()?.parse().ok()
    };
    if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return None;
    }
    let (year, month, day) = (digits(0..4)?, digits(5..7)?, digits(8..10)?);
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let lengths = [
        31,
        if leap { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    if year < 1 || !(1..=12).contains(&month) || day < 1 || day > lengths[month as usize - 1] {
        return None;
    }
    let before_year = year - 1;
    let days_before_year =
        before_year * 365 + before_year / 4 - before_year / 100 + before_year / 400;
    let days_before_month: i64 = lengths[..month as usize - 1].iter().sum();
    Some(days_before_year + days_before_month + day)
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
