//! Arbitrary text as a puzzle file (`puzzles.tsv`) and as an engine-lines file
//! (`puzzles-fsf.tsv`): reading never panics, a record read writes back to the same row, and
//! checking a record's position and solution never panics and gives only legal moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_puzzles::record::{read_file, PuzzleRecord};
use xiangqi_puzzles::second_line;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (_comments, rows) = read_file(text);
    let mut records = Vec::new();
    for (_, row) in rows.into_iter().take(64) {
        let Ok(record) = row else { continue };
        let again = PuzzleRecord::from_row(&record.to_string()).expect("a written row reads back");
        assert_eq!(again, record);
        let _ = record.mate_in();
        if let Ok((pos, moves)) = record.parse() {
            let mut cur = pos;
            for m in moves {
                cur.play(m).expect("the solution is checked for legality");
            }
        }
        records.push(record);
    }
    let (_comments, lines) = second_line::read_file(text);
    let lines: Vec<_> = lines
        .into_iter()
        .take(64)
        .filter_map(|(_, l)| l.ok())
        .collect();
    for l in &lines {
        let _ = second_line::judge(l);
    }
    let _ = second_line::screen(&records, &lines);
});
