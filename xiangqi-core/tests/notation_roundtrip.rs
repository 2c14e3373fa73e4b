//! Every legal move of thousands of positions (seeded random games, and random positions with
//! crowded files) is written in WXF, Chinese and Vietnamese and read back as the same move, and
//! no other legal move of the position gets the same text; the notation value types (`Wxf`, `Chinese`,
//! `Iccs`) agree.

mod common;

use common::{random_crowded_position, random_game_positions, Rng};
use std::collections::HashMap;
use xiangqi_core::notation::chinese::{parse_chinese, write_chinese};
use xiangqi_core::{Chinese, ChineseStyle, Iccs, Notation, Position, Wxf};

fn positions() -> Vec<Position> {
    let mut all = random_game_positions(20240601, 60, 150);
    let mut rng = Rng::with_seed(77);
    for _ in 0..3000 {
        all.push(random_crowded_position(&mut rng));
    }
    all
}

fn check_round_trip(
    pos: &Position,
    write: impl Fn(&Position, xiangqi_core::Move) -> String,
    notation: &str,
) {
    let mut seen = HashMap::new();
    for &m in pos.legal_moves().iter() {
        let text = write(pos, m);
        if let Some(other) = seen.insert(text.clone(), m) {
            panic!(
                "{notation}: {other} and {m} both written {text:?} in {}",
                pos.fen()
            );
        }
        let parsed = match notation {
            "wxf" => pos.parse_wxf(&text),
            "vietnamese" => pos.parse_vietnamese(&text),
            _ => pos.parse_chinese(&text),
        };
        assert_eq!(parsed, Ok(m), "{notation}: {text:?} in {}", pos.fen());
        if notation == "vietnamese" {
            // parse_any reads a text that is also a legal WXF move as WXF.
            let any = pos.parse_any(&text);
            assert!(
                any == Ok(m) || pos.parse_wxf(&text) == any,
                "parse_any {text:?} in {}: {any:?}",
                pos.fen()
            );
            continue;
        }
        assert_eq!(
            pos.parse_any(&text),
            Ok(m),
            "parse_any {text:?} in {}",
            pos.fen()
        );
        // The same through the value types: text -> value -> move, and move -> value -> text.
        match notation {
            "wxf" => {
                let value: Wxf = text.parse().unwrap();
                assert_eq!(value.to_move(pos), Ok(m), "{text:?} in {}", pos.fen());
                assert_eq!(Wxf::from_move(pos, m), Some(value));
                assert_eq!(value.to_string(), text);
            }
            _ => {
                let value: Chinese = text.parse().unwrap();
                assert_eq!(value.to_move(pos), Ok(m), "{text:?} in {}", pos.fen());
                assert_eq!(value.to_string(), text);
            }
        }
        let iccs = Iccs::from_move(m);
        assert_eq!(iccs.to_string().parse::<Iccs>(), Ok(iccs));
        assert_eq!(iccs.to_move(pos), Ok(m));
    }
}

#[test]
fn every_legal_move_round_trips() {
    let positions = positions();
    assert!(positions.len() > 8000, "{}", positions.len());
    let mut forms = std::collections::HashSet::new();
    for pos in &positions {
        check_round_trip(pos, |p, m| p.to_wxf(m), "wxf");
        check_round_trip(pos, |p, m| p.to_vietnamese(m), "vietnamese");
        check_round_trip(pos, |p, m| p.to_chinese(m, false), "chinese");
        check_round_trip(pos, |p, m| p.to_chinese(m, true), "chinese");
        let full_width = ChineseStyle {
            traditional: true,
            full_width_digits: true,
            ..ChineseStyle::TRADITIONAL
        };
        check_round_trip(
            pos,
            |p, m| {
                let mut s = String::new();
                write_chinese(p, m, full_width, &mut s).unwrap();
                assert_eq!(parse_chinese(p, &s), Ok(m));
                s
            },
            "chinese",
        );
        for &m in pos.legal_moves().iter() {
            for notation in Notation::ALL {
                let text = pos.format_move(m, notation).unwrap();
                assert_eq!(pos.parse_move(&text, notation), Ok(m), "{notation} {text}");
            }
            // Record which WXF head forms were met, to show the crowded forms were exercised.
            let w = pos.to_wxf(m);
            let head: String = w
                .chars()
                .take(2)
                .map(|c| if c.is_ascii_digit() { 'd' } else { c })
                .collect();
            forms.insert(head);
        }
    }
    for form in [
        "P+", "P-", "Pd", "++", "--", "d+", "d-", "dd", "R+", "H-", "C+",
    ] {
        assert!(
            forms.contains(form),
            "no move was written with the form {form}: {forms:?}"
        );
    }
}
