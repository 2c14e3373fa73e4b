//! XQF: the binary records of XQStudio, the format of most downloadable game collections.
//!
//! A file is a 1024-byte header (signature `XQ`, version, keys, the points of the 32 pieces,
//! the result, the side to move, then length-prefixed strings: title, event, date, site,
//! players, opening, annotator, author) and then the move tree in pre-order: one record per
//! node (from, to, flags, a comment), the root first. A record's flags say whether the node
//! has a next move and whether a sibling (a variation) follows its subtree.
//!
//! Versions 1.0 (10) store everything in the clear. From 1.1 (11) on, files are encrypted:
//! the header's key bytes give offsets that are subtracted from the piece points, the move
//! points and the comment lengths, and a 32-byte key stream (the key bytes masked into a fixed
//! text) that is subtracted from every byte of the tree; 1.2 (12) and later also rotate the
//! piece points by a key. [`read`] handles every version and returns the same [`PgnGame`] as
//! the PGN reader, variations and comments included, header fields mapped to tags (`Title`,
//! `Event`, `Date`, `Site`, `Red`, `Black`, `TimeControl`, `RedTime`, `BlackTime`, `Annotator`,
//! `Author`, `Result`, `FEN`). Text is GBK or Big5 (detected over the whole file).
//!
//! Bad input gives an [`XqfError`]; a move that is not legal where it stands is cut off with
//! its subtree and noted as a warning (`line` 0, `column` the record's byte offset).
//!
//! [`write()`] makes a version 1.0 file (unencrypted, which every XQF reader takes) of one
//! record: the tags above in the header, text in GBK, the whole tree with its comments. XQF
//! has no place for NAGs (they are left out) nor for the comment that opens a variation (it is
//! put before the comment of the variation's first move).
//!
//! ```
//! // A 1.0 file of the start position with one move, 炮二平五, written by hand.
//! let mut file = vec![0u8; 1024];
//! file[..3].copy_from_slice(b"XQ\x0a");
//! let start = [0, 10, 20, 30, 40, 50, 60, 70, 80, 12, 72, 3, 23, 43, 63, 83,
//!              9, 19, 29, 39, 49, 59, 69, 79, 89, 17, 77, 6, 26, 46, 66, 86];
//! file[16..48].copy_from_slice(&start);
//! file.extend([0x18, 0x20, 0xf0, 0, 0, 0, 0, 0]); // the root: a next move follows
//! file.extend([72 + 0x18, 42 + 0x20, 0, 0, 0, 0, 0, 0]); // h2 (x 7, y 2) to e2
//! let game = xiangqi_core::xqf::read(&file).unwrap();
//! assert_eq!(game.moves.len(), 1);
//! assert_eq!(game.moves[0].mv.to_string(), "h2e2");
//! ```

use crate::color::Color;
use crate::encoding::{self, TextEncoding};
use crate::moves::Move;
use crate::pgn::{PgnGame, PgnResult, PgnWarning, PgnWarningKind};
use crate::position::Position;
use crate::position::PositionError;
use crate::role::{Piece, Role};
use crate::setup::Setup;
use crate::square::{File, Rank, Square};
use crate::variants::xiangqi::BACK_RANK;
use core::fmt;

/// The size of the header; the move tree starts here.
pub const HEADER_LEN: usize = 1024;

/// The roles of the 32 piece slots of the header, Red's 16 then Black's in the same order: the
/// start position's pieces rank by rank, the back rank from file a to i, the two cannons, the
/// five soldiers.
pub const PIECE_SLOTS: [Role; 16] = {
    let mut slots = [Role::Soldier; 16];
    let mut i = 0;
    while i < BACK_RANK.len() {
        slots[i] = BACK_RANK[i];
        i += 1;
    }
    slots[9] = Role::Cannon;
    slots[10] = Role::Cannon;
    slots
};

/// The text whose bytes, masked by the key bytes, make the key stream of encrypted files.
pub const KEY_TEXT: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

/// The header strings and the tags they become: (offset, size, tag).
pub const HEADER_STRINGS: [(usize, usize, &str); 11] = [
    (80, 64, "Title"),
    (208, 64, "Event"),
    (272, 16, "Date"),
    (288, 16, "Site"),
    (304, 16, "Red"),
    (320, 16, "Black"),
    (336, 64, "TimeControl"),
    (400, 16, "RedTime"),
    (416, 16, "BlackTime"),
    (464, 16, "Annotator"),
    (480, 16, "Author"),
];

/// What is wrong with an XQF file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XqfError {
    /// The file does not start with `XQ`.
    NotXqf,
    /// The file ends inside its header or inside the move record at this offset.
    Truncated {
        /// Where the missing bytes were expected.
        offset: usize,
    },
    /// A comment's length (after decryption) runs past the end of the file: a damaged file
    /// or wrong keys.
    BadComment {
        /// The offset of the record.
        offset: usize,
        /// The length read.
        length: i64,
    },
    /// The pieces of the header do not make a legal position.
    Position(String),
    /// A comment or name holds a character that GBK lacks (only without the `gbk` feature,
    /// when GBK holds ASCII alone).
    Unencodable(encoding::Unencodable),
}

impl fmt::Display for XqfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            XqfError::NotXqf => f.write_str("not an XQF file (no XQ signature)"),
            XqfError::Truncated { offset } => write!(f, "the file ends at byte {offset}"),
            XqfError::BadComment { offset, length } => write!(
                f,
                "the comment of the record at byte {offset} has length {length}, past the end \
                 of the file (damaged, or wrong keys)"
            ),
            XqfError::Position(why) => write!(f, "the start position is not legal: {why}"),
            XqfError::Unencodable(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for XqfError {}

/// The decryption keys a header gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Keys {
    /// The version byte (10 for 1.0, 11 for 1.1, ...).
    pub version: u8,
    /// Subtracted from the piece points (and the rotation of the slots from 1.2 on).
    pub piece: u8,
    /// Subtracted from a move's from point (after 0x18).
    pub from: u8,
    /// Subtracted from a move's to point (after 0x20).
    pub to: u8,
    /// Subtracted from a comment's length.
    pub comment: u32,
    /// Subtracted from every byte of the tree, by file offset modulo 32.
    pub stream: [u8; 32],
}

/// One step of the key derivation, in bytes as XQStudio computes it.
fn derive(key: u8, seed: u8) -> u8 {
    let k = u32::from(key);
    let v = (((((k * k) * 3 + 9) * 3 + 8) * 2 + 1) * 3 + 8).wrapping_mul(u32::from(seed));
    (v & 0xFF) as u8
}

impl Keys {
    /// The keys of a header (at least 16 bytes).
    pub fn from_header(header: &[u8]) -> Keys {
        let b = |i: usize| header.get(i).copied().unwrap_or(0);
        let version = b(2);
        if version <= 10 {
            return Keys {
                version,
                piece: 0,
                from: 0,
                to: 0,
                comment: 0,
                stream: [0; 32],
            };
        }
        let (mask, sum, xy, xyf, xyt) = (b(3), b(12), b(13), b(14), b(15));
        let piece = derive(xy, xy);
        let from = derive(xyf, piece);
        let to = derive(xyt, from);
        let comment = (u32::from(sum) * 256 + u32::from(xy)) % 32000 + 767;
        let key_bytes = [
            (sum & mask) | b(8),
            (xy & mask) | b(9),
            (xyf & mask) | b(10),
            (xyt & mask) | b(11),
        ];
        let mut stream = [0; 32];
        for (i, s) in stream.iter_mut().enumerate() {
            *s = KEY_TEXT[i] & key_bytes[i % 4];
        }
        Keys {
            version,
            piece,
            from,
            to,
            comment,
            stream,
        }
    }
}

/// The square of an XQF point (x * 10 + y, x the file from Red's left, y the rank from Red's
/// side), if on the board.
pub fn point_square(point: u8) -> Option<Square> {
    if point > 89 {
        return None;
    }
    let file = File::new(u32::from(point / 10))?;
    let rank = Rank::new(u32::from(point % 10))?;
    Some(Square::from_coords(file, rank))
}

/// The XQF point of a square.
pub fn square_point(sq: Square) -> u8 {
    (sq.file().index() * 10 + sq.rank().index()) as u8
}

/// The header's pieces, decrypted: the point of each slot (above 89: not on the board).
fn piece_points(header: &[u8], keys: &Keys) -> [u8; 32] {
    let mut points = [0u8; 32];
    for (i, &raw) in header[16..48].iter().enumerate() {
        let slot = if keys.version >= 12 {
            (i + 1 + usize::from(keys.piece)) % 32
        } else {
            i
        };
        points[slot] = raw;
    }
    for p in &mut points {
        *p = p.wrapping_sub(keys.piece);
    }
    points
}

fn setup_of(points: &[u8; 32], turn: Color) -> Setup {
    let mut setup = Setup::empty();
    for (i, &point) in points.iter().enumerate() {
        let color = if i < 16 { Color::Red } else { Color::Black };
        if let Some(sq) = point_square(point) {
            setup.board[sq.index()] = Some(Piece::new(color, PIECE_SLOTS[i % 16]));
        }
    }
    setup.turn = turn;
    setup
}

/// A length-prefixed string of the header, its bytes.
fn header_string(header: &[u8], offset: usize, size: usize) -> &[u8] {
    let len = usize::from(header[offset]).min(size - 1);
    let bytes = &header[offset + 1..offset + 1 + len];
    // Some writers end the text with NUL bytes inside the length.
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    &bytes[..end]
}

/// A node of the tree as the file holds it.
struct RawNode {
    /// The index of the parent in the list (the root has none).
    parent: Option<usize>,
    from: u8,
    to: u8,
    comment: Option<Vec<u8>>,
    offset: usize,
}

/// Reads the move tree: every record in pre-order, without recursion.
fn read_tree(data: &[u8], keys: &Keys) -> Result<Vec<RawNode>, XqfError> {
    let byte = |i: usize| -> Result<u8, XqfError> {
        data.get(i)
            .map(|&b| b.wrapping_sub(keys.stream[i % 32]))
            .ok_or(XqfError::Truncated { offset: i })
    };
    let int = |i: usize| -> Result<u32, XqfError> {
        Ok(u32::from_le_bytes([
            byte(i)?,
            byte(i + 1)?,
            byte(i + 2)?,
            byte(i + 3)?,
        ]))
    };
    let mut nodes: Vec<RawNode> = Vec::new();
    // Parents of the siblings still to come, innermost last.
    let mut pending: Vec<Option<usize>> = Vec::new();
    let mut parent: Option<usize> = None;
    let mut at = HEADER_LEN;
    loop {
        if at >= data.len() && nodes.is_empty() {
            // A file of only a header: the start position and no move.
            return Ok(nodes);
        }
        let offset = at;
        let (from, to, tag) = (byte(at)?, byte(at + 1)?, byte(at + 2)?);
        at += 4;
        let length = if keys.version <= 10 {
            let length = int(at)?;
            at += 4;
            i64::from(length as i32)
        } else if tag & 0x20 != 0 {
            let length = int(at)?;
            at += 4;
            i64::from(length.wrapping_sub(keys.comment) as i32)
        } else {
            0
        };
        if length < 0 || length as usize > data.len().saturating_sub(at) {
            return Err(XqfError::BadComment { offset, length });
        }
        let comment = if length > 0 {
            let bytes = (at..at + length as usize)
                .map(&byte)
                .collect::<Result<Vec<u8>, _>>()?;
            at += length as usize;
            Some(bytes)
        } else {
            None
        };
        let (has_next, has_sibling) = if keys.version <= 10 {
            (tag & 0xF0 != 0, tag & 0x0F != 0)
        } else {
            (tag & 0x80 != 0, tag & 0x40 != 0)
        };
        let index = nodes.len();
        nodes.push(RawNode {
            parent,
            from: from.wrapping_sub(0x18).wrapping_sub(keys.from),
            to: to.wrapping_sub(0x20).wrapping_sub(keys.to),
            comment,
            offset,
        });
        if has_sibling {
            pending.push(parent);
        }
        if has_next {
            parent = Some(index);
        } else {
            match pending.pop() {
                Some(p) => parent = p,
                None => return Ok(nodes),
            }
        }
        if at >= data.len() {
            // The flags promise more records than the file holds.
            return Err(XqfError::Truncated { offset: at });
        }
    }
}

/// The text of header strings and comments, in the encoding found for the whole file.
fn decode_all(pieces: &[&[u8]]) -> (TextEncoding, Vec<String>) {
    let all: Vec<u8> = pieces.iter().flat_map(|p| p.iter().copied()).collect();
    let encoding = match encoding::detect(&all) {
        TextEncoding::Utf8 if core::str::from_utf8(&all).is_ok() => TextEncoding::Utf8,
        TextEncoding::Utf8 => TextEncoding::Gbk,
        TextEncoding::Big5 => TextEncoding::Big5,
        _ => TextEncoding::Gbk,
    };
    let texts = pieces
        .iter()
        .map(|p| encoding::decode(p, encoding).text.trim().to_owned())
        .collect();
    (encoding, texts)
}

/// Writes `game` as a version 1.0 XQF file (see the module documentation). Fails with
/// [`XqfError::Position`] when the start position holds more pieces of a kind than XQF has
/// slots for (two of each, five soldiers, one general), and with [`XqfError::BadComment`] for
/// a comment of 2 GiB or more.
///
/// ```
/// use xiangqi_core::pgn::PgnGame;
/// use xiangqi_core::{xqf, Notation, Position};
///
/// let start = Position::startpos();
/// let mv = start.parse_move("炮二平五", Notation::Chinese).unwrap();
/// let mut game = PgnGame::from_moves(start, [mv]).unwrap();
/// game.set_tag("Red", "许银川");
/// let back = xqf::read(&xqf::write(&game).unwrap()).unwrap();
/// assert_eq!(back.moves[0].mv.to_string(), "h2e2");
/// assert_eq!(back.tag("Red"), Some("许银川"));
/// ```
pub fn write(game: &PgnGame) -> Result<Vec<u8>, XqfError> {
    let mut file = vec![0u8; HEADER_LEN];
    file[..3].copy_from_slice(b"XQ\x0a");
    // The pieces, each in the first free slot of its role; 0xFF: not on the board.
    let mut points = [0xFFu8; 32];
    for sq in Square::ALL {
        if let Some(piece) = game.start.piece_at(sq) {
            let base = if piece.color == Color::Red { 0 } else { 16 };
            let k = (0..16)
                .find(|&k| PIECE_SLOTS[k] == piece.role && points[base + k] == 0xFF)
                .ok_or_else(|| {
                    XqfError::Position(format!(
                        "more {} pieces than XQF has slots for",
                        piece.role.name()
                    ))
                })?;
            points[base + k] = square_point(sq);
        }
    }
    file[16..48].copy_from_slice(&points);
    file[50] = u8::from(game.start.turn() == Color::Black);
    file[51] = match game.result {
        PgnResult::Unknown => 0,
        PgnResult::RedWins => 1,
        PgnResult::BlackWins => 2,
        PgnResult::Draw => 3,
    };
    for &(offset, size, tag) in &HEADER_STRINGS {
        if let Some(value) = game.tag(tag) {
            let bytes = gbk_prefix(value, size - 1)?;
            file[offset] = bytes.len() as u8;
            file[offset + 1..offset + 1 + bytes.len()].copy_from_slice(&bytes);
        }
    }
    // The tree in pre-order: a node, its first child's subtree, then its next sibling.
    let tree = crate::pgn::GameTree::from_record(game);
    let mut stack = vec![tree.root()];
    while let Some(node) = stack.pop() {
        let next_sibling = tree.parent(node).and_then(|p| {
            let siblings = tree.variations(p);
            let k = siblings.iter().position(|&s| s == node)?;
            siblings.get(k + 1).copied()
        });
        let first_child = tree.variations(node).first().copied();
        let (from, to) = tree
            .move_at(node)
            .map_or((0, 0), |m| (square_point(m.from()), square_point(m.to())));
        let comment = [tree.starting_comment(node), tree.comment(node)]
            .into_iter()
            .flatten()
            .filter(|c| !c.is_empty())
            .collect::<Vec<_>>()
            .join("\n");
        let comment =
            encoding::encode(&comment, TextEncoding::Gbk).map_err(XqfError::Unencodable)?;
        let mut tag = 0u8;
        if first_child.is_some() {
            tag |= 0xF0;
        }
        if next_sibling.is_some() {
            tag |= 0x0F;
        }
        // Readers take the length as a signed 32-bit number.
        let length = i32::try_from(comment.len()).map_err(|_| XqfError::BadComment {
            offset: file.len(),
            length: comment.len() as i64,
        })?;
        file.extend([from + 0x18, to + 0x20, tag, 0]);
        file.extend(length.to_le_bytes());
        file.extend_from_slice(&comment);
        if let Some(s) = next_sibling {
            stack.push(s);
        }
        if let Some(c) = first_child {
            stack.push(c);
        }
    }
    Ok(file)
}

/// `text` in GBK, cut at a character boundary to at most `max` bytes.
fn gbk_prefix(text: &str, max: usize) -> Result<Vec<u8>, XqfError> {
    let mut out = Vec::new();
    let mut buf = [0u8; 4];
    for c in text.chars() {
        let bytes = encoding::encode(c.encode_utf8(&mut buf), TextEncoding::Gbk)
            .map_err(XqfError::Unencodable)?;
        if out.len() + bytes.len() > max {
            break;
        }
        out.extend_from_slice(&bytes);
    }
    Ok(out)
}

/// Reads an XQF file.
pub fn read(data: &[u8]) -> Result<PgnGame, XqfError> {
    if !data.starts_with(b"XQ") {
        return Err(XqfError::NotXqf);
    }
    if data.len() < HEADER_LEN {
        return Err(XqfError::Truncated { offset: data.len() });
    }
    let header = &data[..HEADER_LEN];
    let keys = Keys::from_header(header);
    let points = piece_points(header, &keys);
    let nodes = read_tree(data, &keys)?;

    // The side to move: the header's, unless the first move is the other side's.
    let mut turn = if header[50] == 1 {
        Color::Black
    } else {
        Color::Red
    };
    let board = setup_of(&points, turn);
    if let Some(first) = nodes.get(1).filter(|n| n.parent == Some(0)) {
        if let Some(piece) = point_square(first.from).and_then(|sq| board.piece_at(sq)) {
            turn = piece.color;
        }
    }
    let start = Position::from_setup(setup_of(&points, turn))
        .map_err(|e: PositionError| XqfError::Position(e.to_string()))?;

    let mut texts: Vec<&[u8]> = HEADER_STRINGS
        .iter()
        .map(|&(offset, size, _)| header_string(header, offset, size))
        .collect();
    texts.extend(nodes.iter().map(|n| n.comment.as_deref().unwrap_or(&[])));
    let (_, texts) = decode_all(&texts);
    let (header_texts, comments) = texts.split_at(HEADER_STRINGS.len());

    let mut tree = crate::pgn::GameTree::new(start.clone());
    for (&(_, _, tag), value) in HEADER_STRINGS.iter().zip(header_texts) {
        if !value.is_empty() {
            tree.tags.push((tag.to_owned(), value.clone()));
        }
    }
    tree.result = match header[51] {
        1 => PgnResult::RedWins,
        2 => PgnResult::BlackWins,
        3 | 4 => PgnResult::Draw,
        _ => PgnResult::Unknown,
    };
    tree.tags
        .push(("Result".to_owned(), tree.result.as_str().to_owned()));
    if start.fen() != crate::STARTING_FEN {
        tree.tags.push(("FEN".to_owned(), start.fen()));
    }
    let mut warnings = Vec::new();
    let comment = |i: usize| Some(comments[i].clone()).filter(|c| !c.is_empty());
    if !nodes.is_empty() {
        let root = tree.root();
        tree.set_comment(root, comment(0));
    }
    // Pre-order: the path from the root to the last node placed holds every parent to come.
    let mut path: Vec<(usize, Option<crate::pgn::NodeId>, Position)> =
        vec![(0, Some(tree.root()), start)];
    for (i, node) in nodes.iter().enumerate().skip(1) {
        let Some(parent) = node.parent else { continue };
        while path.last().is_some_and(|&(k, _, _)| k != parent) {
            path.pop();
        }
        let Some((_, parent_id, pos)) = path.last() else {
            continue;
        };
        let mv = point_square(node.from)
            .zip(point_square(node.to))
            .map(|(from, to)| Move::new(from, to))
            .filter(|&m| pos.is_legal(m));
        let placed = match (parent_id, mv) {
            (Some(parent_id), Some(mv)) => {
                let mut after = pos.clone();
                after.make_move(mv);
                let id = tree.push_child(*parent_id, mv);
                tree.set_comment(id, comment(i));
                (Some(id), after)
            }
            (Some(_), None) => {
                warnings.push(PgnWarning {
                    line: 0,
                    column: node.offset,
                    kind: PgnWarningKind::IllegalMove(format!(
                        "point {} to point {}",
                        node.from, node.to
                    )),
                });
                (None, pos.clone())
            }
            (None, _) => (None, pos.clone()),
        };
        path.push((i, placed.0, placed.1));
    }
    let mut record = tree.to_record();
    record.warnings = warnings;
    Ok(record)
}
