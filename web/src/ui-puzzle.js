// The shipped puzzle file, read by column name. Two layouts are understood:
//   id, fen, moves (the whole line in ICCS, the solver's move first), themes, level, daily, source
//   id, fen, mate_in_moves, best_moves_iccs (the first moves that mate in that many), category, source

import { hash32 } from './ui-daily.js';

// The proleptic Gregorian ordinal of 1970-01-01 (Python's date.toordinal()).
const EPOCH_ORDINAL = 719163;

/**
 * Parses the TSV text into puzzles: { id, fen, line (array or null), firstMoves, mateIn
 * (number or null), themes, level, source }. Lines starting with '#' are comments.
 */
export function parsePuzzles(text) {
  const rows = text.split('\n').filter((line) => line.trim() && line[0] !== '#');
  if (rows.length === 0) return [];
  const header = rows[0].split('\t').map((name) => name.trim());
  const index = Object.fromEntries(header.map((name, i) => [name, i]));
  const at = (cells, name) => (name in index ? (cells[index[name]] ?? '').trim() : '');
  const words = (text) => (text ? text.split(/[\s,;|]+/).filter(Boolean) : []);
  const puzzles = [];
  for (let r = 1; r < rows.length; r++) {
    const cells = rows[r].split('\t');
    const fen = at(cells, 'fen');
    if (!fen) continue;
    const line = 'moves' in index ? words(at(cells, 'moves')) : null;
    const themes = words(at(cells, 'themes') || at(cells, 'category'));
    const mateTheme = themes.find((t) => t.startsWith('mate-in-'));
    const mate = Number.parseInt(at(cells, 'mate_in_moves') || (mateTheme ? mateTheme.slice(8) : ''), 10);
    const firstMoves = line ? line.slice(0, 1) : words(at(cells, 'best_moves_iccs'));
    if (firstMoves.length === 0) continue;
    puzzles.push({
      id: at(cells, 'id') || `puzzle-${puzzles.length + 1}`,
      fen,
      line: line && line.length ? line : null,
      firstMoves,
      mateIn: Number.isFinite(mate) && mate > 0 ? mate : null,
      themes: themes.filter((t) => !t.startsWith('mate-in-')),
      level: at(cells, 'level'),
      daily: 'daily' in index ? at(cells, 'daily') === '1' : true,
      source: at(cells, 'source'),
    });
  }
  return puzzles;
}

/**
 * The daily puzzle of a YYYY-MM-DD date. A file with a `daily` column: its daily rows taken in
 * turn by day number (as `xiangqi.puzzles.daily_puzzle` does in Python, so both give the same
 * puzzle); otherwise a hash of the date picks one.
 */
export function dailyPuzzle(puzzles, date) {
  const pool = puzzles.filter((p) => p.daily);
  const list = pool.length ? pool : puzzles;
  if (puzzles.some((p) => !p.daily)) {
    const days = Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
    return list[(days + EPOCH_ORDINAL) % list.length];
  }
  return list[hash32(`daily-puzzle ${date}`) % list.length];
}
