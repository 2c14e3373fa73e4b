// The play page: three ways to play on one board (against the computer, the daily game, the
// daily puzzle). Every rule comes from the Rust core through `xiangqi.js`; the engine thinks in
// a worker through `engine.js`. This file only decides what to show and whose turn it is.
//
// The address can say what to show:
//   ?fen=FEN          a game against the computer from that position (an invalid one is reported
//                     and the usual start position used); with ?level=club and ?color=black
//   #daily, #puzzle   the daily game, the daily puzzle (?puzzle=ID: that puzzle instead)
//   ?date=YYYY-MM-DD  the UTC day the daily game and puzzle are taken for (tests, or yesterday's)
//
// Kept in localStorage (ui-store.js): the game in progress, today's daily game (start FEN and
// moves, replayed through Game on load) and its result, the puzzle results, both streaks, and
// the piece and notation choices.

import { loadRules, Game, registerServiceWorker, threadStatus } from './xiangqi.js';
import { EngineClient } from './engine.js';
import { BoardView, pieceName, pieceGlyph, colorOf, roleOf, squareIndex, PIECE_CHARACTERS } from './ui-board.js';
import * as store from './ui-store.js';
import {
  todayUTC, parseDate, dailyChallenge, streak, extendStreak, dateInWords,
} from './ui-daily.js';
import { parsePuzzles, dailyPuzzle } from './ui-puzzle.js';
import { knock, unlockOnGesture } from './ui-sound.js';

export const LEVELS = {
  beginner: { name: 'Beginner', description: 'Knows the moves, drops pieces to simple tactics' },
  casual: { name: 'Casual', description: 'Sees direct threats, little more' },
  club: { name: 'Club', description: 'A sound player who sometimes slips' },
  strong: { name: 'Strong', description: 'Tactically sharp, hard to surprise' },
  master: { name: 'Master', description: 'The engine at full strength in your browser' },
};

// The engine's reply is shown no sooner than this after the player's move, so that a move
// found at once still reads as a reply.
const MIN_REPLY_MS = 350;
// The pause before the page plays the defender's scripted reply in a puzzle.
const PUZZLE_REPLY_MS = 450;

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const today = parseDate(params.get('date')) ?? todayUTC();
const daily = dailyChallenge(today);
// One record per day: a game of another day (?date=) never touches today's one attempt.
const DAILY_KEY = `daily-${daily.date}`;
const otherColor = (color) => (color === 'red' ? 'black' : 'red');
const colorName = (color) => (color === 'red' ? 'Red' : 'Black');

const state = {
  mode: 'play',
  game: null, // the Game on the board
  startBoard: null, // the board of the game's start position, for the captured pieces
  startTurn: 'red',
  player: 'red', // the side the person plays
  level: 'casual',
  seed: 1,
  flipped: false,
  selected: null,
  resigned: null, // the colour that resigned (the core knows nothing of resignation)
  thinking: false,
  thinkSeq: 0,
  engine: null,
  engineStatus: 'loading', // 'loading' | 'ready' | 'dead'
  pieces: store.load('pieces', 'characters'),
  notation: store.load('notation', 'chinese'),
  sound: store.load('sound', 'on'),
  puzzles: null, // the parsed puzzle file, once loaded
  puzzle: null, // the puzzle being solved: see startPuzzle()
  threadStatus: null, // what registerServiceWorker() found
  view: null, // plies shown while looking back through the moves; null: the game as it stands
  animate: false,
};

let board;

// ----- Messages -------------------------------------------------------------------------------

function announce(text) {
  const live = $('live');
  // The same words twice in a row are still read out.
  live.textContent = live.textContent === text ? `${text}\u00a0` : text;
}

function showAlert(text, { retry = false } = {}) {
  $('alert-text').textContent = text;
  $('engine-retry').hidden = !retry;
  $('alert').hidden = false;
}

function hideAlert() {
  $('alert').hidden = true;
}

// ----- The game on the board ------------------------------------------------------------------

function setGame(game) {
  if (state.game && state.game !== game) state.game.free();
  state.game = game;
  const start = new Game(game.startFen());
  state.startBoard = start.board();
  state.startTurn = start.turn();
  start.free();
  state.selected = null;
  state.resigned = null;
  state.view = null;
}

/** A game replayed from a start FEN and ICCS moves, or null when that fails. */
function replay(startFen, moves) {
  let game;
  try {
    game = new Game(startFen);
    for (const move of moves) game.play(move);
    return game;
  } catch {
    game?.free();
    return null;
  }
}

function outcome() {
  if (state.resigned) {
    const winner = otherColor(state.resigned);
    return {
      result: winner === 'red' ? '1-0' : '0-1',
      winner,
      termination: 'resignation',
      reason: `${colorName(winner)} wins: ${colorName(state.resigned)} resigned.`,
    };
  }
  return state.game.outcome();
}

function moverOfPly(ply) {
  return ply % 2 === 0 ? state.startTurn : otherColor(state.startTurn);
}

function playerMoveCount() {
  const plies = state.game.ply();
  let count = 0;
  for (let i = 0; i < plies; i++) if (moverOfPly(i) === state.player) count++;
  return count;
}

function isPlayersTurn() {
  if (!state.game || outcome() || state.thinking || state.view !== null) return false;
  if (state.mode === 'puzzle') {
    const p = state.puzzle;
    return Boolean(p) && !p.busy && p.status === 'solving' && state.game.turn() === p.solver;
  }
  return state.game.turn() === state.player;
}

// Chinese move text in the board's own (traditional) characters: 傌二進三, 馬8進7.
function moveNotation() {
  return state.notation === 'chinese' ? 'chinese-traditional' : state.notation;
}

function describeMove(letter, move, index) {
  const from = move.slice(0, 2);
  const to = move.slice(2, 4);
  let text = `${letter ? pieceName(letter) : 'Move'} ${from} to ${to}`;
  try {
    text += ` (${state.game.moveText(index, moveNotation())})`;
  } catch {
    // The move text is a courtesy; the squares already say it.
  }
  if (state.game.inCheck()) text += ', check';
  return text;
}

/** Plays a move on the board, saves, announces, and lets the other side answer. */
/** The knock of the move just played (`captured`: whether it took a piece). */
function moveSound(captured) {
  if (state.sound === 'on') knock({ capture: captured });
}

function playMove(move, { by }) {
  const game = state.game;
  const letter = game.board()[squareIndex(move.slice(0, 2))];
  const captured = Boolean(game.board()[squareIndex(move.slice(2, 4))]);
  game.play(move);
  moveSound(captured);
  state.selected = null;
  state.view = null;
  state.animate = true;
  saveProgress();
  const words = describeMove(letter, move, game.ply() - 1);
  const over = outcome();
  if (over) {
    finish(over, words);
  } else {
    const suffix = by === 'engine' && isPlayersTurnAfterEngine() ? '. Your move.' : '.';
    announce(words + suffix);
  }
  render();
  if (!over && state.mode !== 'puzzle') requestEngineMove();
}

function isPlayersTurnAfterEngine() {
  return state.mode !== 'puzzle' && state.game.turn() === state.player;
}

/** The game has ended: say how, and score the daily game. */
function finish(over, lastWords = '') {
  let headline;
  if (state.mode === 'puzzle') {
    headline = '';
  } else if (!over.winner) {
    headline = 'Draw.';
  } else {
    headline = over.winner === state.player ? 'You won!' : 'You lost.';
  }
  announce(`${lastWords ? `${lastWords}. ` : ''}Game over: ${over.reason} ${headline}`.trim());
  if (state.mode === 'daily') {
    const record = store.load(DAILY_KEY, null);
    if (record && record.date === daily.date && !record.result) {
      record.result = !over.winner ? 'draw' : over.winner === state.player ? 'win' : 'loss';
      record.reason = over.reason;
      record.moves = state.game.moves();
      store.save(DAILY_KEY, record);
      if (record.result === 'win') extendStreak('daily-streak', daily.date);
    }
  }
}

// ----- The engine -----------------------------------------------------------------------------

function engineToMove() {
  return state.game && state.mode !== 'puzzle' && !outcome() && state.game.turn() !== state.player;
}

async function requestEngineMove() {
  if (!engineToMove() || state.thinking || state.engineStatus !== 'ready') return;
  await askEngine({ level: state.level, seed: state.seed }, (move) => playMove(move, { by: 'engine' }));
}

/** Asks the engine for a move in the current position and hands it to `then` if still wanted. */
async function askEngine({ level, seed }, then) {
  const seq = ++state.thinkSeq;
  const game = state.game;
  state.thinking = true;
  render();
  const started = performance.now();
  try {
    const reply = await state.engine.bestMove({ fen: game.startFen(), moves: game.moves(), level, seed });
    const wait = MIN_REPLY_MS - (performance.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (seq !== state.thinkSeq || game !== state.game) return;
    state.thinking = false;
    if (!game.legalMoves().includes(reply.move)) throw new Error(`the engine answered ${reply.move}, not a legal move`);
    then(reply.move);
  } catch (error) {
    if (seq !== state.thinkSeq) return;
    state.thinking = false;
    render();
    if (error?.name === 'AbortError') return;
    engineFailed(error);
  }
}

function stopThinking() {
  if (!state.thinking) return;
  state.thinkSeq++;
  state.thinking = false;
  try {
    state.engine?.stop();
  } catch {
    // A worker that is gone has nothing to stop.
  }
}

function engineFailed(error) {
  state.engineStatus = 'dead';
  state.thinkSeq++;
  state.thinking = false;
  const why = error?.message ? ` (${error.message})` : '';
  showAlert(`The engine stopped working${why}. Your game is kept.`, { retry: true });
  announce('The engine stopped working. Use Retry the engine to start it again.');
  render();
}

async function startEngine() {
  state.engineStatus = 'loading';
  render();
  try {
    const engine = await EngineClient.start();
    engine.onCrash = (error) => {
      if (state.engine === engine) engineFailed(error ?? new Error('the engine worker died'));
    };
    state.engine = engine;
    state.engineStatus = 'ready';
    render();
    resumeEngine();
  } catch (error) {
    engineFailed(error);
  }
}

async function retryEngine() {
  hideAlert();
  try {
    state.engine?.terminate();
  } catch {
    // Already gone.
  }
  state.engine = null;
  await startEngine();
}

/** Whatever was waiting for the engine goes on. */
function resumeEngine() {
  if (state.mode === 'puzzle') puzzleDefend();
  else requestEngineMove();
}

// ----- Saving and restoring ------------------------------------------------------------------

function saveProgress() {
  const game = state.game;
  if (state.mode === 'play') {
    store.save('play', {
      startFen: game.startFen(), moves: game.moves(), player: state.player, level: state.level,
      seed: state.seed, resigned: state.resigned,
    });
  } else if (state.mode === 'daily') {
    const record = store.load(DAILY_KEY, null);
    if (record && record.date === daily.date && !record.result) {
      record.moves = game.moves();
      store.save(DAILY_KEY, record);
    }
  }
}

// ----- Modes ------------------------------------------------------------------------------------

function leaveMode() {
  stopThinking();
  if (state.puzzle?.timer) clearTimeout(state.puzzle.timer);
  state.puzzle = null;
  $('export-box').hidden = true;
}

function enterPlay({ fen } = {}) {
  leaveMode();
  state.mode = 'play';
  let game = null;
  let saved = store.load('play', null);
  if (fen !== undefined) {
    saved = null;
    try {
      game = new Game(fen);
      hideAlert();
    } catch (error) {
      showAlert(`This position could not be set up: ${error.message}. The game starts from the usual position instead.`);
      announce('The position in the address is not valid; the game starts from the usual position.');
      game = null;
    }
    const color = params.get('color');
    state.player = color === 'red' || color === 'black' ? color : game ? game.turn() : 'red';
    state.level = LEVELS[params.get('level')] ? params.get('level') : state.level;
    state.seed = randomSeed();
    game ??= new Game();
  } else if (saved) {
    game = replay(saved.startFen, saved.moves ?? []);
    if (game) {
      state.player = saved.player === 'black' ? 'black' : 'red';
      state.level = LEVELS[saved.level] ? saved.level : 'casual';
      state.seed = saved.seed ?? randomSeed();
    }
  }
  if (!game) {
    game = new Game();
    state.seed = randomSeed();
  }
  setGame(game);
  syncSetup();
  if (saved?.resigned && !fen) state.resigned = saved.resigned;
  state.flipped = state.player === 'black';
  saveProgress();
  render();
  requestEngineMove();
}

/** The setup form shows the level (and colour, unless Random was chosen) of the game on the board. */
function syncSetup() {
  const form = $('setup');
  form.elements.level.value = state.level;
  if (form.elements.colour.value !== 'random') form.elements.colour.value = state.player;
  $('level-description').textContent = LEVELS[state.level].description;
}

function newGame() {
  const form = $('setup');
  const level = form.elements.level.value || 'casual';
  let color = form.elements.colour.value || 'red';
  if (color === 'random') color = randomSeed() & 1 ? 'black' : 'red';
  store.save('setup', { level, colour: form.elements.colour.value });
  leaveMode();
  state.mode = 'play';
  state.level = level;
  state.player = color;
  state.seed = randomSeed();
  setGame(new Game());
  state.flipped = color === 'black';
  hideAlert();
  saveProgress();
  if (location.hash) history.replaceState(null, '', location.pathname + location.search);
  announce(`New game against ${LEVELS[level].name}. You play ${colorName(color)}.${color === 'red' ? ' Your move.' : ''}`);
  render();
  requestEngineMove();
}

function enterDaily() {
  leaveMode();
  state.mode = 'daily';
  let record = store.load(DAILY_KEY, null);
  let game = record && record.date === daily.date ? replay(record.startFen, record.moves ?? []) : null;
  if (!game) {
    game = new Game();
    record = { date: daily.date, startFen: game.startFen(), moves: [], level: daily.level, color: daily.color, result: null };
    store.save(DAILY_KEY, record);
  }
  state.level = daily.level;
  state.player = daily.color;
  state.seed = daily.seed;
  setGame(game);
  if (record.result === 'loss' && !game.outcome()) state.resigned = state.player;
  state.flipped = state.player === 'black';
  render();
  if (!record.result) requestEngineMove();
}

async function loadPuzzles() {
  if (state.puzzles) return state.puzzles;
  const response = await fetch('puzzles.tsv');
  if (!response.ok) throw new Error(`puzzles.tsv: HTTP ${response.status}`);
  const puzzles = parsePuzzles(await response.text());
  if (puzzles.length === 0) throw new Error('puzzles.tsv holds no puzzle');
  state.puzzles = puzzles;
  return puzzles;
}

async function enterPuzzle() {
  leaveMode();
  state.mode = 'puzzle';
  render();
  let puzzles;
  try {
    puzzles = await loadPuzzles();
  } catch (error) {
    showAlert(`The puzzles could not be loaded (${error.message}).`);
    return;
  }
  if (state.mode !== 'puzzle') return;
  const wanted = params.get('puzzle');
  const chosen = (wanted && puzzles.find((p) => p.id === wanted)) || dailyPuzzle(puzzles, daily.date);
  startPuzzle(chosen);
}

function startPuzzle(puzzle) {
  let game;
  try {
    game = new Game(puzzle.fen);
  } catch (error) {
    showAlert(`Puzzle ${puzzle.id} could not be set up: ${error.message}.`);
    return;
  }
  const isDaily = puzzle === dailyPuzzle(state.puzzles, daily.date);
  const saved = isDaily ? store.load(`puzzle-${daily.date}`, null) : null;
  state.puzzle = {
    ...puzzle,
    isDaily,
    solver: game.turn(),
    step: 0,
    wrong: saved?.wrong ?? 0,
    status: 'solving',
    solvedBefore: Boolean(saved?.solved),
    busy: false,
    timer: null,
  };
  state.player = game.turn();
  state.flipped = game.turn() === 'black';
  setGame(game);
  render();
  const p = state.puzzle;
  announce(`${puzzleGoal(p)}${p.solvedBefore ? ' You solved this puzzle already today.' : ''}`);
}

function puzzleGoal(p) {
  const side = colorName(p.solver);
  return p.mateIn ? `${side} to move: mate in ${p.mateIn}.` : `${side} to move and win.`;
}

function savePuzzleResult() {
  const p = state.puzzle;
  if (!p.isDaily) return;
  const saved = store.load(`puzzle-${daily.date}`, { id: p.id, solved: false, wrong: 0 });
  saved.wrong = p.wrong;
  if (p.status === 'solved' && !saved.solved) {
    saved.solved = true;
    extendStreak('puzzle-streak', daily.date);
  }
  store.save(`puzzle-${daily.date}`, saved);
}

/** The solver's move in a puzzle: kept when right, taken back when wrong. */
function puzzleMove(move) {
  const p = state.puzzle;
  const game = state.game;
  const letter = game.board()[squareIndex(move.slice(0, 2))];
  const captured = Boolean(game.board()[squareIndex(move.slice(2, 4))]);
  game.play(move);
  moveSound(captured);
  state.selected = null;
  state.animate = true;
  const words = describeMove(letter, move, game.ply() - 1);
  const over = game.outcome();
  if (over && over.winner === p.solver) {
    puzzleSolved(words);
    return;
  }
  const expected = p.line ? p.line[2 * p.step] : p.step === 0 ? null : undefined;
  const right = p.line ? move === expected : p.step === 0 ? p.firstMoves.includes(move) : true;
  if (!right) {
    game.undo();
    p.wrong++;
    savePuzzleResult();
    board.flash(move.slice(2, 4));
    p.note = 'Not that move. Try again.';
    announce(`${words}: wrong move, try again.`);
    state.animate = false;
    render();
    return;
  }
  p.step++;
  p.note = 'Good move. Keep going.';
  announce(`${words}: good move.`);
  if (p.line) {
    const reply = p.line[2 * p.step - 1];
    if (!reply) {
      puzzleSolved(words);
      return;
    }
    p.busy = true;
    render();
    p.timer = setTimeout(() => {
      p.timer = null;
      if (state.puzzle !== p) return;
      p.busy = false;
      puzzleReply(reply);
      if (!p.line[2 * p.step] && p.status === 'solving') puzzleSolved('');
    }, PUZZLE_REPLY_MS);
  } else if (p.mateIn && p.step >= p.mateIn) {
    puzzleFailed(`That is not mate in ${p.mateIn}.`);
  } else {
    p.busy = true;
    render();
    puzzleDefend();
  }
}

/** The defender's reply from the engine (puzzles listed with their first moves only). */
function puzzleDefend() {
  const p = state.puzzle;
  if (!p || p.status !== 'solving' || p.line || state.game.turn() === p.solver || state.thinking) return;
  if (state.engineStatus !== 'ready') return;
  askEngine({ level: 'master', seed: 1 }, (move) => {
    p.busy = false;
    puzzleReply(move);
  });
}

function puzzleReply(move) {
  const game = state.game;
  state.view = null;
  const letter = game.board()[squareIndex(move.slice(0, 2))];
  const captured = Boolean(game.board()[squareIndex(move.slice(2, 4))]);
  game.play(move);
  moveSound(captured);
  state.animate = true;
  const words = describeMove(letter, move, game.ply() - 1);
  const over = game.outcome();
  if (over) {
    puzzleFailed(`${words}. ${over.reason}`);
    return;
  }
  announce(`${words}. Your move.`);
  render();
}

function puzzleSolved(words) {
  const p = state.puzzle;
  p.status = 'solved';
  p.busy = false;
  savePuzzleResult();
  const wrong = p.wrong === 0 ? 'with no wrong move' : `after ${p.wrong} wrong ${p.wrong === 1 ? 'move' : 'moves'}`;
  announce(`${words ? `${words}. ` : ''}Puzzle solved ${wrong}!`);
  render();
}

function puzzleFailed(why) {
  const p = state.puzzle;
  p.wrong++;
  p.status = 'failed';
  p.busy = false;
  savePuzzleResult();
  announce(`${why} Use Start again to retry.`);
  render();
}

function restartPuzzle() {
  const p = state.puzzle;
  if (!p) return;
  stopThinking();
  if (p.timer) clearTimeout(p.timer);
  const wrong = p.wrong;
  startPuzzle(state.puzzles.find((q) => q.id === p.id));
  state.puzzle.wrong = Math.max(state.puzzle.wrong, wrong);
  render();
}

// ----- Input ------------------------------------------------------------------------------------

function legalTargets(from) {
  return state.game.legalMoves().filter((m) => m.startsWith(from)).map((m) => m.slice(2, 4));
}

function moverColor() {
  return state.mode === 'puzzle' ? state.puzzle?.solver : state.player;
}

function activate(square) {
  // A click on the board while looking back returns to the game.
  if (state.view !== null) {
    showPly(state.game.ply());
    return;
  }
  if (!isPlayersTurn()) return;
  const letter = state.game.board()[squareIndex(square)];
  const own = letter && colorOf(letter) === moverColor();
  if (state.selected) {
    const from = state.selected;
    if (square === from) {
      state.selected = null;
      announce('Cancelled.');
    } else if (legalTargets(from).includes(square)) {
      const move = from + square;
      if (state.mode === 'puzzle') puzzleMove(move);
      else playMove(move, { by: 'player' });
      return;
    } else if (own) {
      select(square, letter);
    } else {
      state.selected = null;
      announce('Not a legal move. Cancelled.');
    }
    state.animate = false;
    render();
    return;
  }
  if (own) {
    select(square, letter);
    state.animate = false;
    render();
  }
}

function select(square, letter) {
  state.selected = square;
  const targets = legalTargets(square);
  announce(`${pieceName(letter)} on ${square} picked up: ${targets.length ? `${targets.length} legal ${targets.length === 1 ? 'point' : 'points'}` : 'no legal move'}.`);
}

function cancel() {
  if (!state.selected) return;
  state.selected = null;
  state.animate = false;
  announce('Cancelled.');
  render();
}

function canTakeBack() {
  return state.mode === 'play' && state.game && !state.resigned && playerMoveCount() > 0;
}

function takeBack() {
  if (!canTakeBack()) return;
  stopThinking();
  const game = state.game;
  game.undo();
  while (game.turn() !== state.player && game.ply() > 0) game.undo();
  state.selected = null;
  state.view = null;
  state.animate = false;
  saveProgress();
  announce(`Move taken back. ${game.turn() === state.player ? 'Your move.' : ''}`.trim());
  render();
  requestEngineMove();
}

/** Shows the position after `plies` moves (the game as it stands when that is all of them). */
function showPly(plies) {
  if (!state.game) return;
  const total = state.game.ply();
  const n = Math.max(0, Math.min(total, plies));
  state.view = n === total ? null : n;
  state.selected = null;
  state.animate = false;
  announce(state.view === null ? 'Back to the game.' : `Looking at the position after move ${n} of ${total}.`);
  render();
}

let resignArmed = null;

function resign() {
  if (!canResign()) return;
  const button = $('btn-resign');
  if (!resignArmed) {
    button.lastChild.textContent = ' Really resign?';
    resignArmed = setTimeout(() => {
      resignArmed = null;
      button.lastChild.textContent = ' Resign';
    }, 3000);
    return;
  }
  clearTimeout(resignArmed);
  resignArmed = null;
  button.lastChild.textContent = ' Resign';
  stopThinking();
  state.resigned = state.player;
  saveProgress();
  finish(outcome());
  render();
}

function canResign() {
  return state.mode !== 'puzzle' && state.game && !outcome() && state.game.ply() > 0;
}

async function copyText(kind, text) {
  const box = $('export-box');
  $('export-label').textContent = kind;
  const area = $('export-text');
  area.value = text;
  box.hidden = false;
  let copied = false;
  try {
    await navigator.clipboard.writeText(text);
    copied = true;
  } catch {
    // No clipboard here (permission, insecure context): the text box below stays to copy from.
  }
  area.focus();
  area.select();
  $('export-label').textContent = copied ? `${kind} (copied to the clipboard)` : `${kind} (select and copy)`;
  announce(copied ? `${kind} copied to the clipboard.` : `${kind} shown in the text box; copy it from there.`);
}

function pgnText() {
  const game = state.game;
  const over = outcome();
  const engineName = `Computer (${LEVELS[state.level]?.name ?? 'engine'})`;
  const tags = {
    Event: state.mode === 'daily' ? `Daily game ${daily.date}` : state.mode === 'puzzle' ? `Puzzle ${state.puzzle?.id ?? ''}` : 'Casual game',
    Site: 'Xiangqi in the browser',
    Date: todayUTC().replaceAll('-', '.'),
    Red: state.mode === 'puzzle' ? '?' : state.player === 'red' ? 'You' : engineName,
    Black: state.mode === 'puzzle' ? '?' : state.player === 'black' ? 'You' : engineName,
  };
  if (over) tags.Result = over.result;
  if (state.resigned) tags.Termination = 'resignation';
  return game.pgn(tags, state.notation);
}

function randomSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

// ----- Drawing ----------------------------------------------------------------------------------

function capturedBy(color) {
  // Pieces of the other colour missing since the start position.
  const count = (cells) => {
    const m = {};
    for (const c of cells) if (c && colorOf(c) !== color) m[roleOf(c)] = (m[roleOf(c)] ?? 0) + 1;
    return m;
  };
  const before = count(state.startBoard);
  const now = count(state.game.board());
  const order = ['r', 'c', 'h', 'e', 'a', 'p'];
  const out = [];
  for (const role of order) {
    for (let i = 0; i < (before[role] ?? 0) - (now[role] ?? 0); i++) out.push(color === 'red' ? role : role.toUpperCase());
  }
  return out;
}

function renderBar(el, color) {
  const isPlayer = state.mode === 'puzzle' ? color === state.puzzle?.solver : color === state.player;
  let who;
  if (state.mode === 'puzzle') who = isPlayer ? `You · ${colorName(color)}` : `Defender · ${colorName(color)}`;
  else who = isPlayer ? `You · ${colorName(color)}` : `${LEVELS[state.level].name} (computer) · ${colorName(color)}`;
  const whoEl = el.querySelector('.who');
  whoEl.textContent = who;
  whoEl.classList.toggle('red', color === 'red');
  const toMove = state.game && !outcome() && state.game.turn() === color;
  el.classList.toggle('to-move', Boolean(toMove));
  el.classList.toggle('thinking', Boolean(toMove && state.thinking));
  let thinking = el.querySelector('.thinking-text');
  if (toMove && state.thinking) {
    if (!thinking) {
      thinking = document.createElement('span');
      thinking.className = 'thinking-text';
      thinking.textContent = 'thinking…';
      whoEl.after(thinking);
    }
  } else if (thinking) {
    thinking.remove();
  }
  const cap = el.querySelector('.captured');
  cap.replaceChildren(...capturedBy(color).map((letter) => {
    const span = document.createElement('span');
    span.className = `cap ${colorOf(letter)}`;
    span.textContent = pieceGlyph(letter, state.pieces);
    return span;
  }));
}

function renderMoves() {
  const list = $('move-list');
  const game = state.game;
  const moves = game.moves();
  const rows = [];
  const firstBlack = moverOfPly(0) === 'black';
  const text = (i) => {
    try {
      return game.moveText(i, moveNotation());
    } catch {
      return moves[i];
    }
  };
  const slots = firstBlack ? [null, ...moves.map((_, i) => i)] : moves.map((_, i) => i);
  for (let i = 0; i < slots.length; i += 2) {
    const li = document.createElement('li');
    const num = document.createElement('span');
    num.className = 'num';
    num.textContent = `${i / 2 + 1}.`;
    li.appendChild(num);
    for (const slot of [slots[i], slots[i + 1]]) {
      let cell;
      if (slot === null || slot === undefined) {
        cell = document.createElement('span');
        cell.className = 'mv';
        if (slot === null) cell.textContent = '…';
      } else {
        // Each move is a button: it shows the position after it.
        cell = document.createElement('button');
        cell.type = 'button';
        cell.className = 'mv';
        cell.textContent = text(slot);
        cell.dataset.ply = String(slot);
        cell.dataset.move = moves[slot];
        const shownPly = (state.view ?? moves.length) - 1;
        if (slot === shownPly) {
          cell.classList.add('current');
          cell.setAttribute('aria-current', 'step');
        }
      }
      li.appendChild(cell);
    }
    rows.push(li);
  }
  list.replaceChildren(...rows);
  // Screen readers read the Chinese moves as Chinese.
  list.lang = state.notation === 'chinese' ? 'zh' : 'en';
  list.classList.toggle('empty', rows.length === 0);
  if (state.view === null) list.scrollTop = list.scrollHeight;
}

function render() {
  if (!board || !state.game) return;
  const game = state.game;
  const over = outcome();
  if (state.view !== null && state.view >= game.ply()) state.view = null;
  const interactive = isPlayersTurn();
  const selected = interactive ? state.selected : null;
  // Looking back: the position after `state.view` plies, replayed by the rules.
  const shown = state.view === null ? game : replay(game.startFen(), game.moves().slice(0, state.view));
  board.render({
    board: shown.board(),
    fen: game.fen(),
    viewFen: shown === game ? null : shown.fen(),
    flipped: state.flipped,
    pieceStyle: state.pieces,
    selected,
    targets: selected ? legalTargets(selected) : [],
    lastMove: shown.lastMove() ?? undefined,
    check: shown.inCheck() ? shown.generalSquare(shown.turn()) : null,
    interactive,
    movable: interactive ? [...new Set(game.legalMoves().map((m) => m.slice(0, 2)))] : [],
    animate: state.animate,
  });
  if (shown !== game) shown.free();
  state.animate = false;
  const reviewing = state.view !== null;
  $('review').hidden = !reviewing;
  if (reviewing) $('review-text').textContent = `Move ${state.view} of ${game.ply()}`;
  document.querySelector('.review-bar').hidden = game.ply() === 0;
  $('btn-review-prev').disabled = (state.view ?? game.ply()) === 0;
  $('btn-review-next').disabled = !reviewing;
  $('board').setAttribute('aria-busy', 'false');
  $('board').dataset.mode = state.mode;

  renderBar($('bar-top'), state.flipped ? 'red' : 'black');
  renderBar($('bar-bottom'), state.flipped ? 'black' : 'red');

  // Mode buttons and titles.
  for (const b of document.querySelectorAll('.mode')) b.setAttribute('aria-pressed', String(b.dataset.mode === state.mode));
  const puzzleTitle = state.puzzle && !state.puzzle.isDaily ? 'Puzzle' : `Daily puzzle · ${dateInWords(daily.date)}`;
  const titles = { play: 'Play the computer', daily: `Daily game · ${dateInWords(daily.date)}`, puzzle: puzzleTitle };
  $('mode-title').textContent = titles[state.mode];

  // The turn line.
  let turn;
  let sub = '';
  const p = state.puzzle;
  if (over && state.mode !== 'puzzle') {
    turn = !over.winner ? 'Draw' : over.winner === state.player ? 'You won' : 'You lost';
  } else if (state.mode === 'puzzle') {
    if (!p) turn = 'Loading the puzzle…';
    else if (p.status === 'solved') turn = 'Solved!';
    else if (p.status === 'failed') turn = 'Not solved this time';
    else if (state.thinking || p.busy) turn = 'The defender is thinking…';
    else {
      turn = `Your move (${colorName(p.solver)})`;
      sub = p.note || (p.mateIn ? `Find the mate in ${p.mateIn}.` : 'Find the best line.');
    }
  } else if (state.thinking) {
    turn = `${colorName(game.turn())} is thinking…`;
  } else if (game.turn() === state.player) {
    turn = `Your move (${colorName(state.player)})`;
    if (game.inCheck()) sub = 'Your general is in check.';
  } else if (state.engineStatus === 'dead') {
    turn = 'The engine is not running';
  } else {
    turn = `Waiting for the engine (${colorName(game.turn())})…`;
  }
  if (!over && state.mode !== 'puzzle') {
    sub ||= `Against ${LEVELS[state.level].name}: ${LEVELS[state.level].description.toLowerCase()}.`;
  }
  $('turn-text').textContent = turn;
  $('sub-text').textContent = sub;
  const resultBox = $('result');
  if (over && state.mode !== 'puzzle') {
    resultBox.hidden = false;
    resultBox.dataset.result = over.result;
    $('result-title').textContent = `${over.result.replace('1/2-1/2', '½–½')} · ${over.termination}`;
    const after = state.mode === 'daily' ? ' Your daily result is saved; a new daily game starts at midnight UTC.' : '';
    $('result-reason').textContent = over.reason + after;
  } else {
    resultBox.hidden = true;
  }

  // Controls.
  const takeBackButton = $('btn-takeback');
  takeBackButton.hidden = state.mode !== 'play';
  takeBackButton.disabled = !canTakeBack();
  $('btn-resign').hidden = state.mode === 'puzzle';
  $('btn-resign').disabled = !canResign();

  // Daily card.
  const dailyText = `Beat ${LEVELS[daily.level].name}, you play ${colorName(daily.color)}`;
  $('fact-daily').textContent = dailyText;
  $('daily-card').hidden = state.mode !== 'daily';
  $('daily-goal').textContent = dailyText;
  const record = store.load(DAILY_KEY, null);
  const todays = record && record.date === daily.date ? record.result : null;
  const streakDays = streak('daily-streak', daily.date);
  $('daily-streak').textContent = `Streak: ${streakDays} ${streakDays === 1 ? 'day' : 'days'} won${todays ? ` · today: ${{ win: 'won', draw: 'drawn', loss: 'lost' }[todays]}` : ''}`;
  $('daily-card').dataset.result = todays ?? '';
  $('daily-card').dataset.level = daily.level;
  $('daily-card').dataset.color = daily.color;

  // Puzzle card.
  const card = $('puzzle-card');
  card.hidden = state.mode !== 'puzzle';
  if (p) {
    card.querySelector('.card-title').textContent = p.isDaily ? 'Daily puzzle' : 'Puzzle';
    card.dataset.puzzleId = p.id;
    card.dataset.status = p.status;
    $('puzzle-goal').textContent = puzzleGoal(p);
    const about = [p.themes.join(', '), p.level && `level ${p.level}`, p.source].filter(Boolean).join(' · ');
    $('puzzle-info').textContent = `Puzzle ${p.id}${about ? ` · ${about}` : ''}`;
    $('puzzle-wrong').textContent = `Wrong moves: ${p.wrong}`;
    const days = streak('puzzle-streak', daily.date);
    $('puzzle-streak').textContent = `Streak: ${days} ${days === 1 ? 'day' : 'days'}${p.solvedBefore || p.status === 'solved' ? ' · solved today' : ''}`;
    $('btn-puzzle-retry').textContent = p.status === 'solved' ? 'Play it again' : 'Start again';
    $('puzzle-card').classList.toggle('noted', p.note?.startsWith('Not') ?? false);
  }

  // Setup form follows the game in play.
  $('setup').hidden = state.mode !== 'play';
  for (const b of document.querySelectorAll('[data-pieces]')) b.setAttribute('aria-pressed', String(b.dataset.pieces === state.pieces));
  for (const b of document.querySelectorAll('[data-notation]')) b.setAttribute('aria-pressed', String(b.dataset.notation === state.notation));
  for (const b of document.querySelectorAll('[data-sound]')) b.setAttribute('aria-pressed', String(b.dataset.sound === state.sound));

  // Engine line.
  const engineLine = $('engine-status');
  if (state.engineStatus === 'ready') {
    const threads = state.engine.threads;
    engineLine.textContent = `Engine: running on this device, ${threads} ${threads === 1 ? 'thread' : 'threads'}`;
    if (threads === 1) {
      const why = (state.threadStatus ?? threadStatus()).reason;
      if (why && why !== 'threads are on') engineLine.textContent += ` (${why})`;
    }
    engineLine.dataset.threads = String(threads);
  } else {
    engineLine.textContent = state.engineStatus === 'dead' ? 'Engine: stopped' : 'Engine: loading…';
    engineLine.dataset.threads = '';
  }
  engineLine.dataset.state = state.engineStatus;

  renderMoves();
}

function renderPieceKey() {
  const key = $('piece-key');
  const roles = [['K', 'General'], ['A', 'Advisor'], ['E', 'Elephant'], ['H', 'Horse'], ['R', 'Chariot'], ['C', 'Cannon'], ['P', 'Soldier']];
  key.replaceChildren(...roles.map(([letter, name]) => {
    const item = document.createElement('div');
    item.className = 'key-item';
    item.innerHTML = `<span class="piece red"></span><span class="piece black"></span><span class="key-name"></span>`;
    const [red, black, label] = item.children;
    red.textContent = pieceGlyph(letter, state.pieces);
    black.textContent = pieceGlyph(letter.toLowerCase(), state.pieces);
    label.textContent = `${name} (${letter})`;
    return item;
  }));
}

// ----- Start ------------------------------------------------------------------------------------

function modeFromHash() {
  if (location.hash === '#daily') return 'daily';
  if (location.hash === '#puzzle') return 'puzzle';
  return 'play';
}

function enterMode(mode) {
  if (mode === state.mode && state.game && (mode !== 'puzzle' || state.puzzle)) return;
  if (mode === 'daily') enterDaily();
  else if (mode === 'puzzle') enterPuzzle();
  else enterPlay();
}

function wireControls() {
  $('btn-takeback').addEventListener('click', takeBack);
  $('move-list').addEventListener('click', (event) => {
    const cell = event.target.closest('button.mv');
    if (cell) showPly(Number(cell.dataset.ply) + 1);
  });
  $('btn-review-prev').addEventListener('click', () => showPly((state.view ?? state.game.ply()) - 1));
  $('btn-review-next').addEventListener('click', () => showPly((state.view ?? state.game.ply()) + 1));
  $('btn-review-live').addEventListener('click', () => showPly(state.game.ply()));
  $('btn-flip').addEventListener('click', () => {
    state.flipped = !state.flipped;
    announce(`Board flipped: ${state.flipped ? 'Black' : 'Red'} at the bottom.`);
    render();
  });
  $('btn-resign').addEventListener('click', resign);
  $('btn-pgn').addEventListener('click', () => copyText('PGN', pgnText()));
  $('btn-fen').addEventListener('click', () => copyText('FEN', state.game.fen()));
  $('btn-puzzle-retry').addEventListener('click', restartPuzzle);
  $('btn-puzzle-other').addEventListener('click', () => {
    if (!state.puzzles || !state.puzzle) return;
    stopThinking();
    if (state.puzzle.timer) clearTimeout(state.puzzle.timer);
    const others = state.puzzles.filter((q) => q.id !== state.puzzle.id);
    const next = others[randomSeed() % others.length] ?? state.puzzles[0];
    startPuzzle(next);
  });
  $('engine-retry').addEventListener('click', retryEngine);
  $('alert-close').addEventListener('click', hideAlert);
  $('setup').addEventListener('submit', (event) => {
    event.preventDefault();
    newGame();
  });
  const describeLevel = () => {
    const level = $('setup').elements.level.value;
    $('level-description').textContent = LEVELS[level]?.description ?? '';
  };
  $('level-choices').addEventListener('change', describeLevel);
  for (const b of document.querySelectorAll('[data-pieces]')) {
    b.addEventListener('click', () => {
      state.pieces = b.dataset.pieces;
      store.save('pieces', state.pieces);
      renderPieceKey();
      render();
    });
  }
  for (const b of document.querySelectorAll('[data-sound]')) {
    b.addEventListener('click', () => {
      state.sound = b.dataset.sound;
      store.save('sound', state.sound);
      render();
    });
  }
  for (const b of document.querySelectorAll('[data-notation]')) {
    b.addEventListener('click', () => {
      state.notation = b.dataset.notation;
      store.save('notation', state.notation);
      render();
    });
  }
  for (const b of document.querySelectorAll('.mode')) {
    b.addEventListener('click', () => {
      const hash = b.dataset.mode === 'play' ? '' : `#${b.dataset.mode}`;
      history.replaceState(null, '', location.pathname + location.search + hash);
      enterMode(b.dataset.mode);
    });
  }
  window.addEventListener('hashchange', () => {
    enterMode(modeFromHash());
    document.querySelector('.play').scrollIntoView({ block: 'start' });
  });

  const setup = store.load('setup', null);
  if (setup) {
    const form = $('setup');
    if (LEVELS[setup.level]) form.elements.level.value = setup.level;
    if (['red', 'black', 'random'].includes(setup.colour)) form.elements.colour.value = setup.colour;
    state.level = form.elements.level.value;
  }
  describeLevel();
}

async function main() {
  if (!['characters', 'letters'].includes(state.pieces)) state.pieces = 'characters';
  if (!['chinese', 'wxf'].includes(state.notation)) state.notation = 'chinese';
  if (!['on', 'off'].includes(state.sound)) state.sound = 'on';
  unlockOnGesture();
  wireControls();
  renderPieceKey();
  $('fact-daily').textContent = `Beat ${LEVELS[daily.level].name}, you play ${colorName(daily.color)}`;
  // Offline play, and the headers that turn threads on where the host sends none (the page
  // then reloads once).
  registerServiceWorker().then((status) => {
    state.threadStatus = status;
    render();
  }).catch(() => {});
  try {
    await loadRules();
  } catch (error) {
    $('turn-text').textContent = 'The rules could not be loaded.';
    showAlert(`The rules could not be loaded (${error.message}). Reload the page to try again.`);
    return;
  }
  board = new BoardView($('board'), $('board-frame'), {
    onActivate: activate,
    onCancel: cancel,
    onDragStart: (square) => {
      if (state.selected !== square) activate(square);
    },
  });
  if (params.has('fen')) {
    enterPlay({ fen: params.get('fen') });
    // The game is saved from here on: a reload goes on with it rather than starting again.
    const rest = new URLSearchParams(params);
    for (const name of ['fen', 'level', 'color']) rest.delete(name);
    const query = rest.toString();
    history.replaceState(null, '', `${location.pathname}${query ? `?${query}` : ''}`);
  } else {
    enterMode(modeFromHash());
  }
  startEngine();
}

// A handle for the browser tests (and the curious, in the console): the engine in use.
window.__xiangqiPage = {
  get engine() {
    return state.engine;
  },
};

main();
