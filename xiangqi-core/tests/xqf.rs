//! XQF: files written here in every version (1.0 in the clear, 1.1 and later encrypted with
//! random keys) read back exactly; damaged files give errors, never a panic.

mod common;

use common::{add_random_variations, random_game, random_game_from, Rng};
use xiangqi_core::pgn::{GameTree, PgnGame, PgnResult};
use xiangqi_core::xqf::{self, square_point, Keys, XqfError, HEADER_LEN, PIECE_SLOTS};
use xiangqi_core::{Color, Position, Square};

/// "柳大华" in GBK, as the XQF 1.0 description's example file holds it.
const LIU_DAHUA_GBK: &[u8] = b"\xC1\xF8\xB4\xF3\xBB\xAA";

fn put_string(header: &mut [u8], offset: usize, bytes: &[u8]) {
    header[offset] = bytes.len() as u8;
    header[offset + 1..offset + 1 + bytes.len()].copy_from_slice(bytes);
}

/// Writes `tree` as an XQF file of `version`, keys drawn from `rng` (comments must be ASCII).
fn write_xqf(tree: &GameTree, version: u8, rng: &mut Rng) -> Vec<u8> {
    let mut file = vec![0u8; HEADER_LEN];
    file[..2].copy_from_slice(b"XQ");
    file[2] = version;
    if version > 10 {
        for i in [3, 8, 9, 10, 11, 12, 13, 14, 15] {
            file[i] = rng.u64(..) as u8;
        }
    }
    let keys = Keys::from_header(&file);

    // The pieces: each in the first free slot of its role, then encrypted and rotated.
    let mut points = [0xFFu8; 32];
    for index in 0..90 {
        let sq = Square::new(index).unwrap();
        if let Some(piece) = tree.start.piece_at(sq) {
            let base = if piece.color == Color::Red { 0 } else { 16 };
            let k = (0..16)
                .find(|&k| PIECE_SLOTS[k] == piece.role && points[base + k] == 0xFF)
                .expect("no more of that piece than the slots");
            points[base + k] = square_point(sq);
        }
    }
    for i in 0..32 {
        let slot = if version >= 12 {
            (i + 1 + usize::from(keys.piece)) % 32
        } else {
            i
        };
        file[16 + i] = points[slot].wrapping_add(keys.piece);
    }
    file[50] = u8::from(tree.start.turn() == Color::Black);
    file[51] = match tree.result {
        PgnResult::Unknown => 0,
        PgnResult::RedWins => 1,
        PgnResult::BlackWins => 2,
        PgnResult::Draw => 3,
    };
    put_string(&mut file, 80, b"XQF test");
    put_string(&mut file, 304, LIU_DAHUA_GBK);
    put_string(&mut file, 320, b"Black player");

    // The tree in pre-order: a node, its first child's subtree, then its next sibling.
    let root = tree.root();
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        let parent = tree.parent(node);
        let next_sibling = parent.and_then(|p| {
            let siblings = tree.variations(p);
            let k = siblings.iter().position(|&s| s == node)?;
            siblings.get(k + 1).copied()
        });
        let first_child = tree.variations(node).first().copied();
        let (from, to) = tree
            .move_at(node)
            .map_or((0, 0), |m| (square_point(m.from()), square_point(m.to())));
        let comment = tree.comment(node).unwrap_or("").as_bytes();
        let mut tag = 0u8;
        if version <= 10 {
            if first_child.is_some() {
                tag |= 0xF0;
            }
            if next_sibling.is_some() {
                tag |= 0x0F;
            }
        } else {
            if first_child.is_some() {
                tag |= 0x80;
            }
            if next_sibling.is_some() {
                tag |= 0x40;
            }
            if !comment.is_empty() {
                tag |= 0x20;
            }
        }
        file.extend([
            from.wrapping_add(0x18).wrapping_add(keys.from),
            to.wrapping_add(0x20).wrapping_add(keys.to),
            tag,
            0,
        ]);
        if version <= 10 || !comment.is_empty() {
            let length = (comment.len() as u32).wrapping_add(keys.comment);
            file.extend(length.to_le_bytes());
        }
        file.extend_from_slice(comment);
        if let Some(s) = next_sibling {
            stack.push(s);
        }
        if let Some(c) = first_child {
            stack.push(c);
        }
    }
    for (i, byte) in file.iter_mut().enumerate().skip(HEADER_LEN) {
        *byte = byte.wrapping_add(keys.stream[i % 32]);
    }
    file
}

/// A random game with random variations and comments, from the start or a later position.
fn random_tree(rng: &mut Rng) -> GameTree {
    let mut start = Position::startpos();
    if rng.usize(..3) == 0 {
        let plies = 1 + rng.usize(..20);
        for m in random_game(rng, plies) {
            start.make_move(m);
        }
        start.set_counters(0, 1);
    }
    let plies = rng.usize(..60);
    let record = PgnGame::from_moves(start.clone(), random_game_from(&start, rng, plies)).unwrap();
    let mut tree = GameTree::from_record(&record);
    tree.result = [PgnResult::RedWins, PgnResult::Draw, PgnResult::Unknown][rng.usize(..3)];
    add_random_variations(&mut tree, rng);
    if rng.usize(..2) == 0 {
        let root = tree.root();
        tree.set_comment(root, Some("before the first move".to_owned()));
    }
    tree
}

#[test]
fn every_version_reads_back_exactly() {
    let mut rng = Rng::with_seed(0x5851_0a12);
    for version in [10u8, 11, 12, 15, 16, 18] {
        for _ in 0..40 {
            let tree = random_tree(&mut rng);
            let file = write_xqf(&tree, version, &mut rng);
            let game = xqf::read(&file).unwrap_or_else(|e| panic!("version {version}: {e}"));
            let expected = tree.to_record();
            assert!(game.warnings.is_empty(), "{:?}", game.warnings);
            assert_eq!(game.start.fen(), expected.start.fen(), "version {version}");
            assert_eq!(game.moves, expected.moves, "version {version}");
            assert_eq!(game.comment, expected.comment);
            assert_eq!(game.result, tree.result);
            assert_eq!(game.tag("Title"), Some("XQF test"));
            assert_eq!(game.tag("Red"), Some("柳大华"));
            assert_eq!(game.tag("Black"), Some("Black player"));
        }
    }
}

#[test]
fn damaged_files_give_errors_not_panics() {
    let mut rng = Rng::with_seed(77);
    let tree = loop {
        let tree = random_tree(&mut rng);
        if tree.len() > 20 {
            break tree;
        }
    };
    for version in [10u8, 12, 18] {
        let file = write_xqf(&tree, version, &mut rng);
        // Every truncation: an error (or, cut at a record boundary, fewer moves), never a panic.
        for len in 0..file.len() {
            match xqf::read(&file[..len]) {
                Ok(game) => assert!(game.moves.len() <= tree.mainline(tree.root()).count()),
                Err(XqfError::Truncated { .. } | XqfError::BadComment { .. }) => {}
                Err(XqfError::NotXqf) => assert!(len < 2),
                Err(e) => panic!("{e}"),
            }
        }
        // Wrong keys: whatever comes out is legal.
        for i in [3, 8, 12, 13, 14, 15] {
            let mut wrong = file.clone();
            wrong[i] ^= 0x5A;
            if let Ok(game) = xqf::read(&wrong) {
                game.end_position().unwrap();
            }
        }
    }
    assert_eq!(xqf::read(b"PK\x03\x04"), Err(XqfError::NotXqf));
    // Random bytes after a valid signature.
    for _ in 0..200 {
        let mut junk: Vec<u8> = (0..HEADER_LEN + rng.usize(..4000))
            .map(|_| rng.u64(..) as u8)
            .collect();
        junk[..3].copy_from_slice(b"XQ\x12");
        if let Ok(game) = xqf::read(&junk) {
            game.end_position().unwrap();
        }
    }
}

#[test]
fn the_library_writer_makes_the_files_of_the_reference_writer() {
    let mut rng = Rng::with_seed(0x0a_5851);
    for _ in 0..60 {
        let tree = random_tree(&mut rng);
        let mut record = tree.to_record();
        record.tags = vec![
            ("Title".to_owned(), "XQF test".to_owned()),
            ("Red".to_owned(), "柳大华".to_owned()),
            ("Black".to_owned(), "Black player".to_owned()),
        ];
        let file = xqf::write(&record).unwrap();
        assert_eq!(file, write_xqf(&tree, 10, &mut rng));
        let back = xqf::read(&file).unwrap();
        assert_eq!(back.moves, record.moves);
        assert_eq!(back.comment, record.comment);
        assert_eq!(back.start.fen(), record.start.fen());
    }
}

#[test]
fn the_writer_keeps_chinese_text_and_what_xqf_has_no_place_for() {
    let start = Position::startpos();
    let text = "1. 炮二平五 {中炮} (1. 兵七进一 {仙人指路}) 1... 马8进7 $1 *";
    let mut game = xiangqi_core::pgn::read_all(&format!(
        "[Event \"{}\"]\n[Red \"吕钦\"]\n\n{text}\n",
        "很长的赛事名称".repeat(10)
    ))
    .remove(0)
    .unwrap();
    game.moves[0].variations[0].comment = Some("另一着".to_owned());
    let back = xqf::read(&xqf::write(&game).unwrap()).unwrap();
    assert_eq!(back.tag("Red"), Some("吕钦"));
    // Cut to the 63 bytes the header has, at a character boundary (two bytes each in GBK).
    let event = back.tag("Event").unwrap();
    assert_eq!(event.chars().count(), 31);
    assert!("很长的赛事名称".repeat(10).starts_with(event));
    assert_eq!(back.moves.len(), 2);
    assert_eq!(back.moves[0].comment.as_deref(), Some("中炮"));
    assert!(back.moves[1].nags.is_empty(), "XQF has no NAGs");
    let variation = &back.moves[0].variations[0];
    assert_eq!(
        variation.moves[0].mv,
        start
            .parse_move("兵七进一", xiangqi_core::Notation::Chinese)
            .unwrap()
    );
    assert_eq!(
        variation.moves[0].comment.as_deref(),
        Some("另一着\n仙人指路")
    );
}
