// What the person does on the board and the keyboard, for every mode: a point chosen (click,
// tap, Enter/Space, or a piece dropped after a drag), Escape, and the arrow keys anywhere on the
// page (lichess's way: left and right step through the moves) unless a text field or the board itself has the focus. The mode decides what a move means
// (`mode.playMove(move)`).

import { t } from './i18n.js';
import { state, hooks, pieceName } from './state.js';
import { announce } from './render.js';
import { colorOf, squareIndex } from './ui-board.js';

let currentMode = null;

/** The mode whose `interactive()`, `moverColor()` and `playMove()` the board input asks. */
export function useMode(mode) {
  currentMode = mode;
}

/** The position the board takes moves in: the game, or the one shown (analysis). */
function position() {
  return currentMode?.position?.() ?? state.game;
}

function legalTargets(from) {
  // A janggi pass (from and to the general's point) is the Pass button's, not a target.
  const pass = position().passMove();
  return position().legalMoves().filter((m) => m.startsWith(from) && m !== pass).map((m) => m.slice(2, 4));
}

function select(square, letter) {
  state.selected = square;
  const targets = legalTargets(square);
  const piece = pieceName(letter);
  announce(targets.length ? t('say.picked', { piece, square, n: targets.length }) : t('say.pickedNone', { piece, square }));
}

/** A point was chosen on the board. */
export function activate(square) {
  const mode = currentMode;
  if (!mode || !state.game) return;
  // A click on the board while looking back returns to the game (the analysis board plays
  // from the position shown instead).
  if (state.view !== null && !mode.playsFromView) {
    showPly(state.game.ply());
    return;
  }
  if (!mode.interactive()) return;
  const board = position().board();
  const letter = board[squareIndex(square)];
  const own = letter && colorOf(letter) === mode.moverColor();
  if (state.selected) {
    const from = state.selected;
    if (square === from) {
      state.selected = null;
      announce(t('say.cancelled'));
    } else if (legalTargets(from).includes(square)) {
      state.selected = null;
      mode.playMove(from + square);
      return;
    } else if (own) {
      select(square, letter);
    } else {
      state.selected = null;
      announce(t('say.notLegal'));
    }
    state.animate = false;
    hooks.render();
    return;
  }
  if (own) {
    select(square, letter);
    state.animate = false;
    hooks.render();
  }
}

export function cancel() {
  if (!state.selected) return;
  state.selected = null;
  state.animate = false;
  announce(t('say.cancelled'));
  hooks.render();
}

export function dragStart(square) {
  if (state.selected !== square) activate(square);
}

/** Shows the position after `plies` moves (the game as it stands when that is all of them). */
export function showPly(plies) {
  if (!state.game) return;
  const total = state.game.ply();
  const n = Math.max(0, Math.min(total, plies));
  const before = state.view;
  state.view = n === total ? null : n;
  if (before === state.view) return;
  state.selected = null;
  state.animate = false;
  if (state.view === null) announce(t('say.backToGame'));
  else if (n === 0) announce(t('say.lookingStart'));
  else announce(t('say.looking', { n, total }));
  currentMode?.onView?.();
  hooks.render();
}

/** Steps `delta` moves from the one shown. */
export function step(delta) {
  if (!state.game) return;
  showPly((state.view ?? state.game.ply()) + delta);
}

function typing(target) {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/** The arrow keys step through the moves wherever the focus is, except in text and the board. */
export function listenForKeys(boardRoot) {
  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (typing(event.target) || boardRoot.contains(event.target)) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1 };
    if (event.key in moves) {
      event.preventDefault();
      step(moves[event.key]);
    }
  });
}
