//! DhtmlXQ: the game records of xiangqi web sites, read and written.
//!
//! A record is a block `[DhtmlXQ]` ... `[/DhtmlXQ]` of fields `[DhtmlXQ_name]value[/DhtmlXQ_name]`:
//! the players, event and result; `binit`, the points of the 32 pieces (two digits each, `x`
//! the file from Red's left and `y` the row from Black's side, `99` for a piece off the
//! board); `movelist`, the main line as four digits a move; `move_A_P_B`, variation `B`
//! branching from line `A` (0: the main line) at ply `P`, its moves from that ply on; and
//! `commentP` or `commentB_P`, the comment after ply `P` of the main line or of line `B`
//! (ply 0: before the first move). Records are found anywhere in a text, as in a saved web
//! page.
//!
//! ```
//! use xiangqi_core::dhtmlxq;
//!
//! let page = "<p>[DhtmlXQ][DhtmlXQ_red]许银川[/DhtmlXQ_red][DhtmlXQ_result]红胜[/DhtmlXQ_result]\
//!     [DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][DhtmlXQ_move_0_2_1]1242[/DhtmlXQ_move_0_2_1]\
//!     [DhtmlXQ_comment1_2]also good[/DhtmlXQ_comment1_2][/DhtmlXQ]</p>";
//! let game = dhtmlxq::read(page).unwrap();
//! assert_eq!(game.tag("Red"), Some("许银川"));
//! assert_eq!(game.result.as_str(), "1-0");
//! let moves: Vec<String> = game.mainline().map(|m| m.to_string()).collect();
//! assert_eq!(moves, ["h2e2", "h9g7"]);
//! let variation = &game.moves[1].variations[0];
//! assert_eq!(variation.moves[0].mv.to_string(), "b7e7");
//! assert_eq!(variation.moves[0].comment.as_deref(), Some("also good"));
//! let again = dhtmlxq::read(&dhtmlxq::write(&game).unwrap()).unwrap();
//! assert_eq!(again.moves, game.moves);
//! ```

use crate::color::Color;
use crate::moves::Move;
use crate::notation::ChineseStyle;
use crate::pgn::{GameTree, NodeId, PgnGame, PgnResult, PgnWarning, PgnWarningKind, PgnWriteError};
use crate::position::{IllegalMove, Position};
use crate::role::Piece;
use crate::setup::Setup;
use crate::square::{File, Rank, Square};
use crate::xqf::PIECE_SLOTS;
use core::fmt::{self, Write};
use std::collections::BTreeMap;

/// The fields that become tags, and their tag names.
const TAGS: [(&str, &str); 22] = [
    ("title", "Title"),
    ("event", "Event"),
    ("date", "Date"),
    ("place", "Site"),
    ("round", "Round"),
    ("table", "Table"),
    ("red", "Red"),
    ("redteam", "RedTeam"),
    ("redtime", "RedTime"),
    ("redelo", "RedElo"),
    ("black", "Black"),
    ("blackteam", "BlackTeam"),
    ("blacktime", "BlackTime"),
    ("blackelo", "BlackElo"),
    ("open", "Opening"),
    ("ecco", "ECCO"),
    ("author", "Author"),
    ("remark", "Annotator"),
    ("type", "Type"),
    ("gametype", "GameType"),
    ("owner", "Owner"),
    ("judge", "Judge"),
];

/// What is wrong with a DhtmlXQ record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DhtmlXqError {
    /// The text holds no `[DhtmlXQ...]` field.
    NoRecord,
    /// The `binit` field is not 64 digits, or its pieces are not a legal position.
    BadSetup(String),
    /// A move list is not groups of four digits.
    BadMoveList(String),
}

impl fmt::Display for DhtmlXqError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DhtmlXqError::NoRecord => f.write_str("no DhtmlXQ record in the text"),
            DhtmlXqError::BadSetup(why) => write!(f, "bad binit: {why}"),
            DhtmlXqError::BadMoveList(field) => {
                write!(f, "the field {field} is not groups of four digits")
            }
        }
    }
}

impl std::error::Error for DhtmlXqError {}

/// The fields of one record, in the order read.
fn fields(block: &str) -> Vec<(&str, &str)> {
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(k) = block[at..].find("[DhtmlXQ_") {
        let name_start = at + k + "[DhtmlXQ_".len();
        let Some(name_len) = block[name_start..].find(']') else {
            break;
        };
        let name = &block[name_start..name_start + name_len];
        let value_start = name_start + name_len + 1;
        let close = format!("[/DhtmlXQ_{name}]");
        match block[value_start..].find(&close) {
            Some(v) if !name.contains('[') => {
                out.push((name, &block[value_start..value_start + v]));
                at = value_start + v + close.len();
            }
            _ => at = value_start,
        }
    }
    out
}

/// The records of a text: each `[DhtmlXQ]` ... `[/DhtmlXQ]` block, or the whole text when it
/// has fields but no block marks.
fn blocks(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(k) = text[at..].find("[DhtmlXQ]") {
        let start = at + k + "[DhtmlXQ]".len();
        let end = text[start..]
            .find("[/DhtmlXQ]")
            .map_or(text.len(), |e| start + e);
        out.push(&text[start..end]);
        at = end;
    }
    if out.is_empty() && text.contains("[DhtmlXQ_") {
        out.push(text);
    }
    out
}

/// The square of two digits `x`, `y` (y the row from Black's side).
fn square_of(x: u8, y: u8) -> Option<Square> {
    let file = File::new(u32::from(x))?;
    let rank = Rank::new(9u32.checked_sub(u32::from(y))?)?;
    Some(Square::from_coords(file, rank))
}

fn digits(s: &str) -> Option<Vec<u8>> {
    s.bytes()
        .filter(|b| !b.is_ascii_whitespace())
        .map(|b| b.is_ascii_digit().then(|| b - b'0'))
        .collect()
}

fn parse_moves(field: &str, value: &str) -> Result<Vec<(Square, Square)>, DhtmlXqError> {
    let d = digits(value).ok_or_else(|| DhtmlXqError::BadMoveList(field.to_owned()))?;
    if d.len() % 4 != 0 {
        return Err(DhtmlXqError::BadMoveList(field.to_owned()));
    }
    d.chunks(4)
        .map(|c| {
            square_of(c[0], c[1])
                .zip(square_of(c[2], c[3]))
                .ok_or_else(|| DhtmlXqError::BadMoveList(field.to_owned()))
        })
        .collect()
}

fn parse_result(value: &str) -> PgnResult {
    let v = value.trim();
    if let Some(r) = PgnResult::parse(v) {
        return r;
    }
    if v.contains("红胜") || v.contains("紅勝") || v.contains("红方胜") || v.contains("紅方勝")
    {
        PgnResult::RedWins
    } else if v.contains("黑胜") || v.contains("黑勝") || v.contains("黑方胜") {
        PgnResult::BlackWins
    } else if v.contains('和') {
        PgnResult::Draw
    } else {
        PgnResult::Unknown
    }
}

fn start_position(binit: Option<&str>, fen: Option<&str>) -> Result<Setup, DhtmlXqError> {
    if let Some(fen) = fen.filter(|f| !f.trim().is_empty()) {
        return Position::from_fen(fen.trim())
            .map(|p| p.to_setup())
            .map_err(|e| DhtmlXqError::BadSetup(e.to_string()));
    }
    let Some(binit) = binit else {
        return Ok(Setup::start());
    };
    let d = digits(binit)
        .filter(|d| d.len() == 64)
        .ok_or_else(|| DhtmlXqError::BadSetup("not 64 digits".to_owned()))?;
    let mut setup = Setup::empty();
    for (i, pair) in d.chunks(2).enumerate() {
        let color = if i < 16 { Color::Red } else { Color::Black };
        if let Some(sq) = square_of(pair[0], pair[1]) {
            setup.board[sq.index()] = Some(Piece::new(color, PIECE_SLOTS[i % 16]));
        }
    }
    Ok(setup)
}

/// A variation as the record lists it.
struct Branch {
    base: u32,
    ply: usize,
    moves: Vec<(Square, Square)>,
}

/// Reads the first record of a text.
pub fn read(text: &str) -> Result<PgnGame, DhtmlXqError> {
    read_all(text)
        .into_iter()
        .next()
        .unwrap_or(Err(DhtmlXqError::NoRecord))
}

/// Reads every record of a text.
pub fn read_all(text: &str) -> Vec<Result<PgnGame, DhtmlXqError>> {
    blocks(text).into_iter().map(read_block).collect()
}

fn read_block(block: &str) -> Result<PgnGame, DhtmlXqError> {
    let fields = fields(block);
    let get = |name: &str| fields.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
    let mut setup = start_position(get("binit"), get("fen"))?;
    let mut branches: BTreeMap<u32, Branch> = BTreeMap::new();
    branches.insert(
        0,
        Branch {
            base: 0,
            ply: 1,
            moves: parse_moves("movelist", get("movelist").unwrap_or(""))?,
        },
    );
    let mut comments: Vec<(u32, usize, String)> = Vec::new();
    for &(name, value) in &fields {
        if let Some(rest) = name.strip_prefix("move_") {
            let numbers: Vec<usize> = rest.split('_').filter_map(|n| n.parse().ok()).collect();
            if let [base, ply, number] = numbers[..] {
                if number > 0 && ply > 0 {
                    branches.insert(
                        number as u32,
                        Branch {
                            base: base as u32,
                            ply,
                            moves: parse_moves(name, value)?,
                        },
                    );
                }
            }
        } else if let Some(rest) = name.strip_prefix("comment") {
            let numbers: Vec<usize> = rest.split('_').filter_map(|n| n.parse().ok()).collect();
            let comment = value.replace("||", "\n").trim().to_owned();
            match numbers[..] {
                [ply] => comments.push((0, ply, comment)),
                [branch, ply] => comments.push((branch as u32, ply, comment)),
                _ => {}
            }
        }
    }
    // The side to move: whoever moves first.
    if let Some(&(from, _)) = branches[&0].moves.first() {
        if let Some(piece) = setup.piece_at(from) {
            setup.turn = piece.color;
        }
    }
    let start = Position::from_setup(setup).map_err(|e| DhtmlXqError::BadSetup(e.to_string()))?;
    let mut tree = GameTree::new(start.clone());
    for &(field, tag) in &TAGS {
        if let Some(value) = get(field).map(str::trim).filter(|v| !v.is_empty()) {
            tree.tags.push((tag.to_owned(), value.to_owned()));
        }
    }
    tree.result = get("result").map_or(PgnResult::Unknown, parse_result);
    tree.tags
        .push(("Result".to_owned(), tree.result.as_str().to_owned()));
    if start.fen() != crate::STARTING_FEN {
        tree.tags.push(("FEN".to_owned(), start.fen()));
    }

    // Each line placed: its first ply, the parent of its first move, and its nodes.
    let mut placed: BTreeMap<u32, (usize, NodeId, Vec<NodeId>)> = BTreeMap::new();
    let mut warnings = Vec::new();
    let mut progress = true;
    while progress {
        progress = false;
        for (&number, branch) in &branches {
            if placed.contains_key(&number) {
                continue;
            }
            let parent = if number == 0 {
                Some(tree.root())
            } else {
                match placed.get(&branch.base) {
                    None => continue,
                    Some((first, parent, nodes)) => {
                        if branch.ply == *first {
                            Some(*parent)
                        } else if branch.ply > *first {
                            nodes.get(branch.ply - first - 1).copied()
                        } else {
                            None
                        }
                    }
                }
            };
            progress = true;
            let Some(parent) = parent else {
                placed.insert(number, (branch.ply, tree.root(), Vec::new()));
                continue;
            };
            let mut pos = tree.position(parent);
            let mut nodes = Vec::new();
            let mut at = parent;
            for &(from, to) in &branch.moves {
                let mv = Move::new(from, to);
                if !pos.is_legal(mv) {
                    warnings.push(PgnWarning {
                        line: 0,
                        column: 0,
                        kind: PgnWarningKind::IllegalMove(format!(
                            "{mv} in line {number} at ply {}",
                            branch.ply + nodes.len()
                        )),
                    });
                    break;
                }
                pos.make_move(mv);
                at = tree.push_child(at, mv);
                nodes.push(at);
            }
            placed.insert(number, (branch.ply, parent, nodes));
        }
    }
    for (branch, ply, comment) in comments {
        if comment.is_empty() {
            continue;
        }
        let node = if ply == 0 && branch == 0 {
            Some(tree.root())
        } else {
            placed
                .get(&branch)
                .and_then(|(first, _, nodes)| nodes.get(ply.checked_sub(*first)?).copied())
        };
        if let Some(node) = node {
            tree.set_comment(node, Some(comment));
        }
    }
    let mut record = tree.to_record();
    record.warnings = warnings;
    Ok(record)
}

fn xy(sq: Square) -> (usize, usize) {
    (sq.file().index(), 9 - sq.rank().index())
}

/// The `binit` of a position: the 32 slots, each piece in the first free slot of its role.
fn binit(pos: &Position) -> String {
    let mut slots = [None; 32];
    for index in 0..90u32 {
        let Some(sq) = Square::new(index) else {
            continue;
        };
        let Some(piece) = pos.piece_at(sq) else {
            continue;
        };
        let base = if piece.color == Color::Red { 0 } else { 16 };
        if let Some(k) =
            (0..16).find(|&k| PIECE_SLOTS[k] == piece.role && slots[base + k].is_none())
        {
            slots[base + k] = Some(sq);
        }
    }
    slots
        .iter()
        .map(|s| match s {
            Some(sq) => {
                let (x, y) = xy(*sq);
                format!("{x}{y}")
            }
            None => "99".to_owned(),
        })
        .collect()
}

fn write_field(out: &mut String, name: &str, value: &str) -> fmt::Result {
    writeln!(out, "[DhtmlXQ_{name}]{value}[/DhtmlXQ_{name}]")
}

/// Writes a record as DhtmlXQ (variations and comments included). Fails when a move of the
/// record is not legal where it stands.
pub fn write(game: &PgnGame) -> Result<String, PgnWriteError> {
    write_with(game, ChineseStyle::SIMPLIFIED)
}

/// [`write()`], the result's words (红胜, 黑胜, 和棋, 未知) in the characters of `style`
/// (traditional: 紅勝, 黑勝; what Big5 has, see [`ChineseStyle::for_encoding`]).
pub fn write_with(game: &PgnGame, style: ChineseStyle) -> Result<String, PgnWriteError> {
    let tree = game.tree();
    let mut out = String::from("[DhtmlXQ]\n");
    write_field(&mut out, "ver", "www_dhtmlxq_com")?;
    for &(field, tag) in &TAGS {
        if let Some(value) = game.tag(tag) {
            write_field(&mut out, field, &value.replace('[', "(").replace(']', ")"))?;
        }
    }
    let result = match (game.result, style.traditional) {
        (PgnResult::RedWins, false) => "红胜",
        (PgnResult::RedWins, true) => "紅勝",
        (PgnResult::BlackWins, false) => "黑胜",
        (PgnResult::BlackWins, true) => "黑勝",
        (PgnResult::Draw, _) => "和棋",
        (PgnResult::Unknown, _) => "未知",
    };
    write_field(&mut out, "result", result)?;
    write_field(&mut out, "binit", &binit(&game.start))?;
    // Lines in the order found: (first node, base line, first ply), numbered from 0.
    let root = tree.root();
    let mut lines: Vec<(NodeId, u32, usize)> = Vec::new();
    if let Some(&first) = tree.variations(root).first() {
        lines.push((first, 0, 1));
    }
    let mut comments: Vec<(u32, usize, String)> = Vec::new();
    if let Some(c) = tree.comment(root) {
        comments.push((0, 0, c.to_owned()));
    }
    let mut i = 0;
    while i < lines.len() {
        let (first, base, first_ply) = lines[i];
        let number = i as u32;
        let mut moves = String::new();
        let mut at = Some(first);
        let mut ply = first_ply;
        let mut pos = tree.position(tree.parent(first).unwrap_or(root));
        while let Some(node) = at {
            let Some(mv) = tree.move_at(node) else { break };
            if !pos.is_legal(mv) {
                return Err(PgnWriteError::Illegal(IllegalMove { mv }));
            }
            pos.make_move(mv);
            if node != first || tree.is_main_variation(node) {
                let parent = tree.parent(node).unwrap_or(root);
                for &sibling in &tree.variations(parent)[1..] {
                    lines.push((sibling, number, ply));
                }
            }
            let ((fx, fy), (tx, ty)) = (xy(mv.from()), xy(mv.to()));
            write!(moves, "{fx}{fy}{tx}{ty}")?;
            if let Some(c) = tree.comment(node) {
                comments.push((number, ply, c.to_owned()));
            }
            ply += 1;
            at = tree.variations(node).first().copied();
        }
        if number == 0 {
            write_field(&mut out, "movelist", &moves)?;
        } else {
            write_field(
                &mut out,
                &format!("move_{base}_{first_ply}_{number}"),
                &moves,
            )?;
        }
        i += 1;
    }
    for (line, ply, comment) in comments {
        let name = if line == 0 {
            format!("comment{ply}")
        } else {
            format!("comment{line}_{ply}")
        };
        let text = comment
            .replace("\r\n", "||")
            .replace('\n', "||")
            .replace('[', "(")
            .replace(']', ")");
        write_field(&mut out, &name, &text)?;
    }
    out.push_str("[/DhtmlXQ]\n");
    Ok(out)
}
