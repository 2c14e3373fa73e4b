// What the page knows, shared by every mode: the game on the board, the person's choices, the
// engine, and the small helpers every mode needs (a game replayed, the side of a ply, a move in
// words). No drawing and no input handling here: render.js draws, input.js listens.

import { Game } from './xiangqi.js';
import * as store from './ui-store.js';
import { t, nativeNotation } from './i18n.js';
import { knock } from './ui-sound.js';
import { todayUTC, parseDate, dailyChallenge } from './ui-daily.js';
import { squareIndex, colorOf, roleOf } from './ui-board.js';

export const LEVEL_NAMES = ['beginner', 'casual', 'club', 'strong', 'master'];

export const params = new URLSearchParams(location.search);
export const today = parseDate(params.get('date')) ?? todayUTC();
export const daily = dailyChallenge(today);
// One record per day: a game of another day (?date=) never touches today's one attempt.
export const DAILY_KEY = `daily-${daily.date}`;

export const state = {
  mode: 'play', // 'play' | 'daily' | 'puzzle' | 'analysis'
  game: null, // the Game on the board
  variant: 'xiangqi', // the game's: 'xiangqi' | 'janggi' (Cho is core's red, Han its black)
  startBoard: null, // the board of the game's start position, for the captured pieces
  startTurn: 'red',
  startMove: 1, // the full-move number of the start position (a puzzle's game number)
  player: 'red', // the side the person plays
  level: 'casual',
  seed: 1,
  flipped: false,
  selected: null,
  thinking: false,
  thinkSeq: 0,
  engine: null,
  engineStatus: 'loading', // 'loading' | 'ready' | 'dead'
  pieces: store.load('pieces', 'characters', (v) => v === 'characters' || v === 'letters'),
  notation: store.load('notation', 'native', (v) => v === 'native' || v === 'wxf'), // the language's own | 'wxf'
  sound: store.load('sound', 'on', (v) => v === 'on' || v === 'off'),
  threadStatus: null, // what registerServiceWorker() found
  view: null, // plies shown while looking back through the moves; null: the game as it stands
  animate: false,
  hint: null, // a point to mark on the board (a puzzle's hint)
  arrows: [], // arrows to draw on the board: { from, to, kind }
};

export const otherColor = (color) => (color === 'red' ? 'black' : 'red');

/** The notation of a PGN the page writes: the move list's. */
export function pgnNotation() {
  if (janggi()) return 'korean';
  return state.notation === 'wxf' ? 'wxf' : nativeNotation();
}

/** The knock of a move (`captured`: whether it took a piece), when the sound is on. */
export function moveSound(captured) {
  if (state.sound === 'on') knock({ capture: captured });
}
export const janggi = () => state.variant === 'janggi';
/** A side's name: Red and Black in xiangqi, Cho and Han in janggi (core's red is Cho). */
export const colorName = (color) => t(janggi()
  ? (color === 'red' ? 'color.cho' : 'color.han')
  : (color === 'red' ? 'color.red' : 'color.black'));
export const levelName = (level) => t(`level.${level}`);

/** A piece's name from its FEN letter, without the side: "cannon" (janggi's own names there). */
export function roleName(letter) {
  return janggi() ? t(`janggi.piece.${roleOf(letter)}`) : t(`piece.${colorOf(letter)}.${roleOf(letter)}`);
}

/** Words for a piece from its FEN letter, e.g. "Red cannon". */
export function pieceName(letter) {
  return t('piece.named', { color: colorName(colorOf(letter)), piece: roleName(letter) });
}

/** Puts `game` on the board (freeing the one before). */
export function setGame(game) {
  if (state.game && state.game !== game) state.game.free();
  state.game = game;
  state.variant = game.variant();
  const start = new Game(game.startFen(), state.variant);
  state.startBoard = start.board();
  state.startTurn = start.turn();
  start.free();
  state.startMove = Math.max(1, Number.parseInt(game.startFen().split(' ')[5] ?? '1', 10) || 1);
  state.selected = null;
  state.view = null;
  state.hint = null;
  state.arrows = [];
}

/** A game of `variant` replayed from a start FEN and ICCS moves, or null when that fails. */
export function replay(startFen, moves, variant = 'xiangqi') {
  let game;
  try {
    game = new Game(startFen, variant);
    for (const move of moves) game.play(move);
    return game;
  } catch {
    game?.free();
    return null;
  }
}

/**
 * A saved game read back: replayed through the rules from `startFen` and `moves` (ICCS), or
 * null when the rules refuse it (a bad FEN, a move that is not legal there). With `pastEnd`,
 * moves after the end of the game are accepted as the analysis board keeps them (core's
 * record reading). Whether the moves are legal is core's to say: nothing is checked here.
 */
export function savedGame(startFen, moves, { variant = 'xiangqi', pastEnd = false } = {}) {
  const game = replay(startFen, moves, variant);
  if (game || !pastEnd || variant !== 'xiangqi') return game;
  let read = null;
  try {
    read = Game.fromRecord(`[FEN "${startFen}"]\n${moves.join(' ')} *`);
  } catch {
    return null;
  }
  // The record must be these moves, all of them (a token the reader skipped is no move).
  if (read.moves().join(' ') === moves.join(' ')) return read;
  read.free();
  return null;
}

/** The side that made ply `ply` (0-based) of the game on the board. */
export function moverOfPly(ply) {
  return ply % 2 === 0 ? state.startTurn : otherColor(state.startTurn);
}

/** How the game ended (a resignation too: core's `Game.resign`), with the reason in the page's
 * language; null while it goes on. */
export function outcome() {
  const over = state.game?.outcome();
  return over ? describeOutcome(over) : null;
}

/** The side that resigned the game on the board, or null. */
export function resignedColor() {
  const over = state.game?.outcome();
  return over?.termination === 'resignation' ? otherColor(over.winner) : null;
}

/** `color` resigns `game` (core's `Game.resign`), unless the game is already over. */
export function resignGame(game, color) {
  if (!game.outcome()) game.resign(color);
}

/**
 * An outcome from the core with `reason` in words of the page's language; a janggi ending that
 * counting decided names both sides' points (`over.points`, core's count).
 */
export function describeOutcome(over) {
  const winner = over.winner ? colorName(over.winner) : '';
  const loser = over.winner ? colorName(otherColor(over.winner)) : '';
  if (over.points && over.winner) {
    const won = pointsText(over.points[over.winner]);
    const lost = pointsText(over.points[otherColor(over.winner)]);
    return { ...over, reason: t(`janggi.counted.${over.termination}`, { winner, loser, won, lost }) };
  }
  return { ...over, reason: t(`end.${over.termination}`, { winner, loser }) };
}

/** Counting points as written: "26", "73.5" (with the language's decimal mark). */
export function pointsText(points) {
  return new Intl.NumberFormat(document.documentElement.lang || 'en', { maximumFractionDigits: 1 }).format(points);
}


/** The core's name of the move notation in use (janggi's moves are Korean in every language). */
export function moveNotation(nativeNotation) {
  if (janggi()) return 'korean';
  return state.notation === 'wxf' ? 'wxf' : nativeNotation;
}

/** A move of `game` (0-based `index`) in `notation`, or its ICCS text when that fails. */
export function moveText(game, index, notation) {
  try {
    return game.moveText(index, notation);
  } catch {
    return game.moves()[index];
  }
}

/**
 * A move in words, from the position before it (`board`, 90 letters) and the game after it:
 * "Red cannon h2 to e2 (炮二平五), check" or "Black cannon c7 takes the horse on c0 (...)".
 */
export function describeMove(board, move, game, index, notation) {
  const from = move.slice(0, 2);
  const to = move.slice(2, 4);
  const letter = board[squareIndex(from)];
  const taken = from === to ? '' : board[squareIndex(to)];
  const piece = letter ? pieceName(letter) : '';
  let text;
  if (from === to) text = t('say.pass', { color: colorName(colorOf(letter)) });
  else if (taken) text = t('say.capture', { piece, from, to, captured: roleName(taken) });
  else text = t('say.move', { piece, from, to });
  text += ` (${moveText(game, index, notation)})`;
  if (game.ply() === index + 1 && game.inCheck()) text += `, ${t('say.check')}`;
  return text;
}

/** The move number and side of ply `ply` for the move list: "28." or "28…". */
export function moveNumber(ply) {
  const blackFirst = state.startTurn === 'black';
  return state.startMove + Math.floor((ply + (blackFirst ? 1 : 0)) / 2);
}

export function randomSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

/**
 * A score for the eye, from Red's side: "+0.35", "−1.20", "#3" (Red mates in 3), "#−2".
 * `score`/`mate` are the engine's (side to move's view), `turn` the side to move.
 */
export function scoreText(score, mate, turn) {
  const sign = turn === 'red' ? 1 : -1;
  if (mate !== null && mate !== undefined) {
    const m = mate * sign;
    return m === 0 ? '#' : `#${m > 0 ? '' : '−'}${Math.abs(m)}`;
  }
  const cp = (score * sign) / 100;
  return `${cp > 0 ? '+' : cp < 0 ? '−' : ''}${Math.abs(cp).toFixed(2)}`;
}

/**
 * What the modes and the shared parts call on each other without importing each other:
 * app.js fills these in at start (render: draw everything; resume: the engine is ready, let
 * whoever waits for it go on).
 */
export const hooks = {
  render() {},
  resume() {},
};
