// The shipped puzzle file, read by the Rust reader the CLI and Python use (xiangqi-wasm's
// readPuzzles: columns found by name), and the daily puzzle chosen by the Rust rule Python's
// xiangqi.puzzles.daily_puzzle uses (dailyPuzzleIndex). The rules' wasm must be loaded
// (loadRules) before either is called.

import { readPuzzles, dailyPuzzleIndex } from './xiangqi.js';

/**
 * Parses the TSV text into puzzles: { id, fen, line (the solution in ICCS, solver first),
 * firstMoves, mateIn (number or null), themes, level, daily, source }. A malformed row is
 * left out with a console warning naming its line.
 */
export function parsePuzzles(text) {
  const { puzzles, errors } = readPuzzles(text);
  for (const error of errors) console.warn(`puzzles.tsv ${error}`);
  return puzzles.map((p) => ({
    id: p.id,
    fen: p.fen,
    line: p.moves,
    firstMoves: p.moves.slice(0, 1),
    mateIn: p.mateIn ?? null,
    themes: p.themes.filter((t) => !t.startsWith('mate-in-')),
    level: p.level,
    daily: p.daily,
    source: p.source,
  }));
}

/**
 * The daily puzzle of a YYYY-MM-DD date: the file's daily puzzles taken in turn by day number,
 * the choice Python's `xiangqi.puzzles.daily_puzzle` makes (all puzzles when none is marked
 * daily); `null` when there is none.
 */
export function dailyPuzzle(puzzles, date) {
  const pool = puzzles.filter((p) => p.daily);
  const list = pool.length ? pool : puzzles;
  const index = dailyPuzzleIndex(date, list.length);
  return index === undefined ? null : list[index];
}
