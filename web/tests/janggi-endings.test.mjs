// Janggi game ends in the wasm build against Fairy-Stockfish: every row of
// data/rules/janggi_endings.tsv (pyffish's verdicts, written by tools/janggi_endings_data.py)
// replayed in the page's `Game` (web/dist/pkg/st, loaded in node without a browser). Before each
// move the game goes on; after the last, `outcome()` names pyffish's termination and winner,
// with pyffish's counted points where counting decides, and the FEN is pyffish's.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PKG = join(REPO, 'web', 'dist', 'pkg', 'st');
const { initSync, Game } = await import(join(PKG, 'xiangqi_wasm.js'));
initSync({ module: readFileSync(join(PKG, 'xiangqi_wasm_bg.wasm')) });

const lines = readFileSync(join(REPO, 'data', 'rules', 'janggi_endings.tsv'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() && !l.startsWith('#'));
const header = lines[0].split('\t');
const CASES = lines.slice(1).map((line, i) => {
  const row = Object.fromEntries(line.split('\t').map((v, k) => [header[k], v]));
  return { ...row, row: i + 1 };
});

function replay(c) {
  const game = new Game(c.fen, c.variant);
  const moves = c.moves_iccs === '-' ? [] : c.moves_iccs.split(' ');
  for (const move of moves) {
    assert.equal(game.outcome(), null, `over before ${move}`);
    game.play(move);
  }
  return game;
}

function check(c) {
  const game = replay(c);
  const outcome = game.outcome();
  if (c.termination === 'none') {
    assert.equal(outcome, null);
  } else {
    assert.ok(outcome, 'the game is over');
    assert.equal(outcome.termination, c.termination.replaceAll('_', ' '));
    assert.equal(outcome.winner, c.winner === 'draw' ? null : c.winner);
    const points = c.cho_points === '-' ? null : { red: Number(c.cho_points), black: Number(c.han_points) };
    assert.deepEqual(outcome.points, points);
  }
  if (['bikjang', 'double_pass', 'checkmate'].includes(c.termination)) assert.deepEqual(game.legalMoves(), []);
  assert.equal(game.fen(), c.fen_after);
  game.free();
}

test('every janggi ending is judged as Fairy-Stockfish judges it', () => {
  const kinds = {};
  for (const c of CASES) {
    try {
      check(c);
    } catch (e) {
      throw new Error(`row ${c.row} (${c.variant} ${c.fen} ${c.moves_iccs}): ${e.message}`);
    }
    kinds[`${c.variant} ${c.termination}`] = (kinds[`${c.variant} ${c.termination}`] ?? 0) + 1;
  }
  for (const kind of ['checkmate', 'double_pass', 'bikjang', 'repetition', 'perpetual_check', 'move_limit']) {
    assert.ok((kinds[`janggi ${kind}`] ?? 0) >= 24, `janggi ${kind}: ${kinds[`janggi ${kind}`]}`);
  }
  assert.ok((kinds['janggimodern back_and_forth'] ?? 0) >= 8, `janggimodern back_and_forth: ${kinds['janggimodern back_and_forth']}`);
});

