// The play page: four modes on one board (play the computer, the daily game, puzzles, and
// analysis). Every rule comes from the Rust core through `xiangqi.js`; the engine thinks in a
// worker through `engine.js`; every word comes from the translation files through `i18n.js`.
// This file starts the page, switches modes and wires the controls every mode shares. Each
// mode (modes/*.js) keeps its own state, takes its own input and draws its own card; state.js
// holds what they share, input.js the board and keyboard input, render.js the shared drawing.
//
// The address can say what to show:
//   ?fen=FEN          a game against the computer from that position (an invalid one is reported
//                     and the usual start position used); with ?level=club and ?color=black;
//                     ?variant=janggi reads it as a janggi position (Cho upper case, moves first)
//   ?pgn=TEXT         that game (PGN in any notation core reads, or a FEN) in the analysis
//                     board, reviewed at once
//   #daily, #puzzle, #analysis   the daily game, the puzzles, the analysis board
//   ?puzzle=ID        that puzzle instead of the daily one
//   ?date=YYYY-MM-DD  the UTC day the daily game and puzzle are taken for (tests, or yesterday's)
//   ?lang=vi          the page in that language (en, zh-Hans, zh-Hant, vi), remembered
//
// Kept in localStorage (ui-store.js): the game in progress, today's daily game and its result,
// the puzzle results and the trainer's rating and history, both streaks, the last 200 finished
// games (games.js), the game in the analysis board, and the language, piece, notation and
// sound choices. Each entry is checked where it is read (a saved game's moves by the rules);
// one that fails is dropped and named in a notice, and storage that is full or turned off is
// said once (the page plays on without saving).

import { loadRules, Game, registerServiceWorker } from './xiangqi.js';
import { BoardView } from './ui-board.js';
import * as store from './ui-store.js';
import { t, setLanguage, initialLanguage, translatePage, matchLanguage, language, LANGUAGES } from './i18n.js';
import { state, hooks, params, LEVEL_NAMES, outcome, colorName, janggi, pgnNotation } from './state.js';
import { $, announce, hideAlert, showAlert, renderShared, renderPieceKey, pointLabel } from './render.js';
import { activate, cancel, dragStart, showPly, step, useMode, listenForKeys } from './input.js';
import { startEngine, retryEngine, stopThinking } from './engine-use.js';
import { playMode, dailyMode, dailyGoal, syncSetup, syncSetupGame } from './modes/play.js';
import { puzzleMode, wirePuzzleControls, retranslatePuzzles } from './modes/puzzle.js';
import { analysisMode, wireAnalysisControls } from './modes/analysis.js';
import { unlockOnGesture } from './ui-sound.js';

const MODES = { play: playMode, daily: dailyMode, puzzle: puzzleMode, analysis: analysisMode };

let board;

/** Every part of the page that some modes show and others do not. */
const PANELS = [
  'result', 'btn-takeback', 'btn-resign', 'setup', 'daily-card',
  'puzzle-card', 'trainer-card', 'analysis-card', 'games-card', 'graph-box', 'eval-bar',
];

function mode() {
  return MODES[state.mode];
}

/** Draws everything: the shared parts, then the mode's own. */
function render() {
  if (!board || !state.game) {
    $('mode-title').textContent = mode().title?.() ?? '';
    return;
  }
  const current = mode();
  document.documentElement.dataset.mode = state.mode;
  // The mode's own parts are shown and the others' hidden; its render() fills them (and
  // shows the result box when a game is over).
  for (const id of PANELS) $(id).hidden = !current.panels.includes(id);
  if (current !== analysisMode) state.arrows = [];
  current.render();
  renderShared(board, current);
  // The daily game is analysed once it is over (not while it is being played).
  // The analysis board reads xiangqi only.
  $('btn-analyse-game').hidden = current === analysisMode || janggi();
  $('btn-analyse-game').disabled = state.game.ply() === 0 || (current === dailyMode && !outcome());
  $('fact-daily').textContent = dailyGoal();
}

hooks.render = render;
hooks.resume = () => mode().resume?.();
hooks.showPly = showPly;

/** Switches to `name` (with `options` for the mode's enter()). */
function go(name, options) {
  const next = MODES[name] ?? playMode;
  if (next === mode() && state.game && !options && (name !== 'puzzle' || puzzleMode.puzzle)) return;
  mode().leave?.();
  stopThinking();
  $('export-box').hidden = true;
  useMode(next);
  const hash = name === 'play' ? '' : `#${name}`;
  if (location.hash !== hash) history.replaceState(null, '', location.pathname + location.search + hash);
  next.enter(options);
}

function modeFromHash() {
  const name = location.hash.slice(1);
  return MODES[name] && name !== 'play' ? name : 'play';
}

async function copyText(kind, text) {
  const box = $('export-box');
  const area = $('export-text');
  area.value = text;
  box.hidden = false;
  let copied = false;
  try {
    await navigator.clipboard.writeText(text);
    copied = true;
  } catch {
    // No clipboard here (permission, insecure context): the text box stays to copy from.
  }
  area.focus({ preventScroll: true });
  area.select();
  $('export-label').textContent = t(copied ? 'export.copied' : 'export.select', { kind });
  announce(t(copied ? 'say.copied' : 'say.notCopied', { kind }));
}

function pgnText() {
  const tags = mode().pgnTags();
  return state.game.pgn(tags, pgnNotation());
}

async function switchLanguage(code, { remember = true } = {}) {
  await setLanguage(code, { remember });
  $('language').value = language();
  translatePage(document);
  renderPieceKey();
  retranslatePuzzles();
  renderStoreNotice();
  syncSetup();
  render();
  announce(t('say.language'));
}

function wireControls() {
  $('btn-takeback').addEventListener('click', () => mode().takeBack?.());
  $('btn-pass').addEventListener('click', () => mode().pass?.());
  $('btn-resign').addEventListener('click', () => mode().resign?.());
  $('move-list').addEventListener('click', (event) => {
    const cell = event.target.closest('button.mv');
    if (cell) showPly(Number(cell.dataset.ply) + 1);
  });
  $('btn-review-first').addEventListener('click', () => showPly(0));
  $('btn-review-prev').addEventListener('click', () => step(-1));
  $('btn-review-next').addEventListener('click', () => step(1));
  $('btn-review-last').addEventListener('click', () => showPly(state.game.ply()));
  $('btn-review-live').addEventListener('click', () => showPly(state.game.ply()));
  $('btn-flip').addEventListener('click', () => {
    state.flipped = !state.flipped;
    announce(t('say.flipped', { color: colorName(state.flipped ? 'black' : 'red') }));
    render();
  });
  $('btn-pgn').addEventListener('click', () => copyText('PGN', pgnText()));
  $('btn-result-pgn').addEventListener('click', () => copyText('PGN', pgnText()));
  $('btn-fen').addEventListener('click', () => copyText('FEN', (analysisMode === mode() ? analysisMode.position() : state.game).fen()));
  $('btn-rematch').addEventListener('click', () => playMode.rematch());
  $('btn-new-other').addEventListener('click', () => {
    $('setup').scrollIntoView({ block: 'nearest' });
    $('setup').querySelector('input[name="level"]:checked')?.focus({ preventScroll: true });
  });
  // Analyse: the game on the board, at its end or from any point of it, reviewed.
  const analyse = () => {
    const game = state.game;
    const tags = mode().pgnTags();
    go('analysis', { startFen: game.startFen(), moves: game.moves(), tags: { Red: tags.Red, Black: tags.Black }, review: true });
  };
  $('btn-analyse').addEventListener('click', analyse);
  $('btn-analyse-game').addEventListener('click', analyse);
  $('engine-retry').addEventListener('click', retryEngine);
  $('alert-close').addEventListener('click', hideAlert);
  $('store-notice-close').addEventListener('click', () => {
    storeNoticeDismissed = true;
    $('store-notice').hidden = true;
  });
  $('setup').addEventListener('submit', (event) => {
    event.preventDefault();
    if (mode() !== playMode) {
      mode().leave?.();
      useMode(playMode);
    }
    playMode.newGame();
  });
  $('level-choices').addEventListener('change', () => {
    const level = $('setup').elements.level.value;
    $('level-description').textContent = t(`level.${level}.about`);
  });
  $('game-choices').addEventListener('change', syncSetupGame);
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
    b.addEventListener('click', () => go(b.dataset.mode));
  }
  window.addEventListener('hashchange', () => go(modeFromHash()));
  $('language').addEventListener('change', () => switchLanguage($('language').value));
  window.addEventListener('resize', () => {
    if (mode() === analysisMode && state.game) analysisMode.renderReview();
  });
  wirePuzzleControls();
  wireAnalysisControls(go);

  // The choices of the last new game (an entry of another shape, or with a level the page no
  // longer has, is dropped).
  const setup = store.load('setup', null, (v) => store.isObject(v) && LEVEL_NAMES.includes(v.level)
    && ['red', 'black', 'random'].includes(v.colour) && [undefined, 'xiangqi', 'janggi'].includes(v.game)
    && ['undefined', 'string'].includes(typeof v.mySetup) && ['undefined', 'string'].includes(typeof v.engineSetup));
  if (setup) {
    const form = $('setup');
    form.elements.level.value = setup.level;
    form.elements.colour.value = setup.colour;
    if (setup.game) form.elements.game.value = setup.game;
    // The setups' options come from core once the rules are loaded (syncSetupGame).
    if (setup.mySetup) $('my-setup').dataset.wanted = setup.mySetup;
    if (setup.engineSetup) $('engine-setup').dataset.wanted = setup.engineSetup;
    state.level = form.elements.level.value;
  }
}

/** What each stored entry holds, in words (store.what.*), for the notice of a dropped one. */
function entryName(problem) {
  const { key } = problem;
  if (key === 'games' && problem.count) return t('store.what.someGames', { n: problem.count });
  if (key === 'daily-streak' || key === 'puzzle-streak') return t('store.what.streak');
  if (/^daily-\d/.test(key)) return t('store.what.daily');
  if (/^puzzle-\d/.test(key)) return t('store.what.puzzle');
  if (['pieces', 'notation', 'sound'].includes(key)) return t('store.what.settings');
  const known = ['play', 'games', 'trainer', 'analysis', 'language', 'setup'];
  return t(known.includes(key) ? `store.what.${key}` : 'store.what.other');
}

let storeNoticeDismissed = false;

/**
 * The notice of what storage could not do: the entries dropped as unreadable (by kind, in one
 * sentence) and, once, that nothing can be saved. `fresh`: a new problem (shows it again after
 * it was dismissed).
 */
function renderStoreNotice(fresh = false) {
  const problems = store.problemList();
  if (fresh) storeNoticeDismissed = false;
  const lines = [];
  const names = [...new Set(problems.filter((p) => p.kind === 'dropped').map(entryName))];
  if (names.length) {
    lines.push(t('store.dropped', { what: new Intl.ListFormat(language(), { type: 'conjunction' }).format(names) }));
  }
  const unsaved = problems.find((p) => p.kind === 'unsaved');
  if (unsaved) lines.push(t(`store.unsaved.${unsaved.why}`));
  $('store-notice-text').replaceChildren(...lines.map((line) => {
    const p = document.createElement('p');
    p.textContent = line;
    return p;
  }));
  $('store-notice').hidden = lines.length === 0 || storeNoticeDismissed;
}

async function main() {
  const asked = matchLanguage(params.get('lang'));
  await setLanguage(asked ?? initialLanguage(), { remember: Boolean(asked) });
  $('language').value = language();
  translatePage(document);
  // Entries dropped while the page started (and those found later) are shown from here on.
  store.watch(() => renderStoreNotice(true));
  unlockOnGesture();
  wireControls();
  renderPieceKey();
  $('fact-daily').textContent = dailyGoal();
  if (modeFromHash() === 'puzzle' && !params.has('pgn') && !params.has('fen')) puzzleMode.preview();
  try {
    await loadRules();
  } catch (error) {
    $('turn-text').textContent = t('turn.rulesFailed');
    showAlert(t('alert.rules', { why: error.message }));
    return;
  }
  // The first screen comes in short steps, each its own task, so that the page answers
  // input while it builds: the board, then the mode, then the engine and the service worker.
  await nextTask();
  board = new BoardView($('board'), $('board-frame'), {
    onActivate: activate,
    onCancel: cancel,
    onDragStart: dragStart,
    label: pointLabel,
  });
  hooks.board = board;
  listenForKeys($('board'));
  await nextTask();
  const rest = new URLSearchParams(params);
  if (params.has('pgn')) {
    let game = null;
    try {
      game = Game.fromRecord(params.get('pgn'));
    } catch (error) {
      showAlert(t('analysis.loadFailed', { why: error.message }));
    }
    useMode(analysisMode);
    state.mode = 'analysis';
    if (game) {
      const tags = game.tags();
      const startFen = game.startFen();
      const moves = game.moves();
      game.free();
      analysisMode.enter({ startFen, moves, tags, review: true });
    } else {
      analysisMode.enter();
    }
    rest.delete('pgn');
    history.replaceState(null, '', `${location.pathname}${rest.toString() ? `?${rest}` : ''}#analysis`);
  } else if (params.has('fen')) {
    useMode(playMode);
    playMode.enter({ fen: params.get('fen'), variant: params.get('variant') === 'janggi' ? 'janggi' : 'xiangqi' });
    // The game is saved from here on: a reload goes on with it rather than starting again.
    for (const name of ['fen', 'level', 'color', 'variant']) rest.delete(name);
    const query = rest.toString();
    history.replaceState(null, '', `${location.pathname}${query ? `?${query}` : ''}`);
  } else {
    const name = modeFromHash();
    useMode(MODES[name]);
    MODES[name].enter();
  }
  await nextTask();
  startEngine();
  // Offline play, and the headers that turn threads on where the host sends none (the page
  // then reloads once).
  await nextTask();
  registerServiceWorker().then((status) => {
    state.threadStatus = status;
    render();
  }).catch(() => {});
}

/** Resolves in a task of its own (after the browser had a chance to paint and take input). */
function nextTask() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// A handle for the browser tests (and the curious, in the console): the engine in use.
window.__xiangqiPage = {
  get engine() {
    return state.engine;
  },
  languages: LANGUAGES,
};

main();
