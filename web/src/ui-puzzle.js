// The shipped puzzle file, read by column name. Two layouts are understood:
//   id, fen, moves (the whole line in ICCS, the solver's move first), themes, level, source
//   id, fen, mate_in_moves, best_moves_iccs (the first moves that mate in that many), category, source

/**
 * Parses the TSV text into puzzles: { id, fen, line (array or null), firstMoves, mateIn
 * (number or null), themes, level, source }. Lines starting with '#' are comments.
 */
export function parsePuzzles(text) {
  const rows = text.split(/\r?\n/).filter((line) => line.trim() && !line.startsWith('#'));
  if (rows.length === 0) return [];
  const header = rows[0].split('\t').map((name) => name.trim());
  const column = (name) => header.indexOf(name);
  const at = (cells, name) => (column(name) >= 0 ? (cells[column(name)] ?? '').trim() : '');
  const words = (text) => text.split(/[\s,;|]+/).filter(Boolean);
  const puzzles = [];
  for (const row of rows.slice(1)) {
    const cells = row.split('\t');
    const fen = at(cells, 'fen');
    if (!fen) continue;
    const line = column('moves') >= 0 ? words(at(cells, 'moves')) : null;
    const mate = Number.parseInt(at(cells, 'mate_in_moves'), 10);
    const firstMoves = line ? line.slice(0, 1) : words(at(cells, 'best_moves_iccs'));
    if (firstMoves.length === 0) continue;
    puzzles.push({
      id: at(cells, 'id') || `puzzle-${puzzles.length + 1}`,
      fen,
      line: line && line.length ? line : null,
      firstMoves,
      mateIn: Number.isFinite(mate) && mate > 0 ? mate : null,
      themes: words(at(cells, 'themes') || at(cells, 'category')).map((t) => t.replaceAll('_', ' ')),
      level: at(cells, 'level'),
      source: at(cells, 'source'),
    });
  }
  return puzzles;
}
