// Drawing what every mode shares: the board, the player bars, the move list with its step
// buttons, the turn line, the engine line, the option toggles; and the live region and the
// alert box. A mode draws its own card (its `render()`), and says what the shared parts show
// through its answers (`turnLine()`, `barLabel()`, `interactive()`).

import { t, nativeNotation, language } from './i18n.js';
import {
  state, replay, outcome, moverOfPly, moveNumber, moveNotation, moveText, colorName, roleName, janggi, pointsText,
} from './state.js';
import { pieceGlyph, colorOf, roleOf, squareIndex } from './ui-board.js';
import { threadStatus } from './xiangqi.js';

export const $ = (id) => document.getElementById(id);

/** Reads `text` out through the live region (the same words twice are still read). */
export function announce(text) {
  const live = $('live');
  live.textContent = live.textContent === text ? `${text}\u00a0` : text;
}

export function showAlert(text, { retry = false } = {}) {
  $('alert-text').textContent = text;
  $('engine-retry').hidden = !retry;
  $('alert').hidden = false;
}

export function hideAlert() {
  $('alert').hidden = true;
}

/** The notation of the move list and the announcements. */
export function notation() {
  return moveNotation(nativeNotation());
}

function capturedBy(color, board) {
  // Pieces of the other colour missing from `board` since the start position.
  const count = (cells) => {
    const m = {};
    for (const c of cells) if (c && colorOf(c) !== color) m[roleOf(c)] = (m[roleOf(c)] ?? 0) + 1;
    return m;
  };
  const before = count(state.startBoard);
  const now = count(board);
  const out = [];
  for (const role of ['r', 'c', 'h', 'e', 'a', 'p']) {
    for (let i = 0; i < (before[role] ?? 0) - (now[role] ?? 0); i++) out.push(color === 'red' ? role : role.toUpperCase());
  }
  return out;
}

function renderBar(el, color, mode, board, points) {
  const whoEl = el.querySelector('.who');
  whoEl.textContent = mode.barLabel(color);
  // The side's colour: red and black in xiangqi; Cho blue-green and Han red in janggi.
  whoEl.classList.toggle('red', janggi() ? color === 'black' : color === 'red');
  whoEl.classList.toggle('cho', janggi() && color === 'red');
  // Janggi: the side's counting points (core's count of the position shown), a number in a
  // badge (a phone's bar has no room for the words, which the title and screen readers get).
  const pointsEl = el.querySelector('.points');
  if (points) {
    const number = pointsText(points[color]);
    const words = t('bar.points', { points: number });
    const shown = document.createElement('span');
    shown.setAttribute('aria-hidden', 'true');
    shown.textContent = number;
    const spoken = document.createElement('span');
    spoken.className = 'visually-hidden';
    spoken.textContent = words;
    pointsEl.replaceChildren(shown, spoken);
    pointsEl.title = words;
  } else if (pointsEl.firstChild) {
    pointsEl.replaceChildren();
    pointsEl.removeAttribute('title');
  }
  const toMove = state.game && !outcome() && state.game.turn() === color && state.view === null;
  el.classList.toggle('to-move', Boolean(toMove));
  el.classList.toggle('thinking', Boolean(toMove && state.thinking));
  el.querySelector('.captured').replaceChildren(...capturedBy(color, board).map((letter) => {
    const span = document.createElement('span');
    span.className = `cap ${colorOf(letter)}${janggi() ? ` ${colorOf(letter) === 'red' ? 'cho' : 'han'}` : ''}`;
    span.textContent = pieceGlyph(letter, state.pieces, state.variant);
    return span;
  }));
}

/** The move list: one row per move number, each move a button showing the position after it. */
export function renderMoves(marks = []) {
  const list = $('move-list');
  const game = state.game;
  const moves = game.moves();
  const rows = [];
  const style = notation();
  const firstBlack = moverOfPly(0) === 'black';
  const slots = moves.length === 0 ? [] : firstBlack ? [null, ...moves.map((_, i) => i)] : moves.map((_, i) => i);
  const shownPly = (state.view ?? moves.length) - 1;
  for (let i = 0; i < slots.length; i += 2) {
    const li = document.createElement('li');
    const num = document.createElement('span');
    num.className = 'num';
    num.textContent = `${moveNumber(slots[i] ?? slots[i + 1])}.`;
    li.appendChild(num);
    for (const slot of [slots[i], slots[i + 1]]) {
      let cell;
      if (slot === null || slot === undefined) {
        cell = document.createElement('span');
        cell.className = 'mv';
        if (slot === null) cell.textContent = '…';
      } else {
        cell = document.createElement('button');
        cell.type = 'button';
        cell.className = 'mv';
        cell.textContent = moveText(game, slot, style);
        const mark = marks[slot];
        if (mark) {
          const sym = document.createElement('span');
          sym.className = `nag ${mark.judgement}`;
          sym.textContent = mark.symbol;
          cell.appendChild(sym);
          cell.dataset.judgement = mark.judgement;
        }
        cell.dataset.ply = String(slot);
        cell.dataset.move = moves[slot];
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
  // Screen readers read Chinese moves as Chinese, Korean ones as Korean, Vietnamese ones as
  // Vietnamese.
  list.lang = style === 'korean' ? 'ko' : style.startsWith('chinese') ? (style === 'chinese' ? 'zh-Hans' : 'zh-Hant') : language();
  list.classList.toggle('empty', rows.length === 0);
  list.dataset.empty = t('moves.empty');
  // Keep the shown move in sight, scrolling the list only (never the page).
  const current = list.querySelector('.mv.current');
  if (current) {
    const row = current.closest('li');
    const top = row.offsetTop - list.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + row.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + row.offsetHeight - list.clientHeight;
  } else if (state.view === 0) {
    list.scrollTop = 0;
  }
}

/** Everything shared, for the mode `mode` (its answers fill the turn line and the bars). */
export function renderShared(board, mode) {
  const game = state.game;
  if (state.view !== null && state.view >= game.ply()) state.view = null;
  const interactive = mode.interactive();
  const selected = interactive ? state.selected : null;
  const shown = state.view === null ? game : replay(game.startFen(), game.moves().slice(0, state.view), state.variant);
  // A janggi pass is played with the Pass button, not on the board.
  const pass = interactive ? shown.passMove() : undefined;
  const legal = interactive ? shown.legalMoves().filter((m) => m !== pass) : [];
  const shownBoard = shown.board();
  const points = shown.points();
  board.render({
    board: shownBoard,
    variant: state.variant,
    fen: game.fen(),
    viewFen: shown === game ? null : shown.fen(),
    flipped: state.flipped,
    pieceStyle: state.pieces,
    selected,
    targets: selected ? legal.filter((m) => m.startsWith(selected)).map((m) => m.slice(2, 4)) : [],
    lastMove: shown.lastMove() ?? undefined,
    check: shown.inCheck() ? shown.generalSquare(shown.turn()) : null,
    interactive,
    movable: [...new Set(legal.map((m) => m.slice(0, 2)))],
    animate: state.animate,
    hint: state.hint,
    arrows: state.arrows,
  });
  if (shown !== game) shown.free();
  state.animate = false;
  const root = $('board');
  root.setAttribute('aria-busy', 'false');
  root.dataset.mode = state.mode;
  root.dataset.variant = state.variant;
  root.setAttribute('aria-roledescription', t(janggi() ? 'board.roledescription.janggi' : 'board.roledescription'));
  const passButton = $('btn-pass');
  passButton.hidden = !janggi() || !mode.pass;
  passButton.disabled = !pass;
  passButton.parentElement.classList.toggle('with-pass', !passButton.hidden);
  $('notation-toggle').hidden = janggi();

  renderBar($('bar-top'), state.flipped ? 'red' : 'black', mode, shownBoard, points);
  renderBar($('bar-bottom'), state.flipped ? 'black' : 'red', mode, shownBoard, points);

  // The step buttons are always there (nothing moves when the first move is played).
  const plies = game.ply();
  const at = state.view ?? plies;
  $('btn-review-first').disabled = at === 0;
  $('btn-review-prev').disabled = at === 0;
  $('btn-review-next').disabled = at >= plies;
  $('btn-review-last').disabled = at >= plies;
  const looking = state.view !== null && mode.name !== 'analysis';
  $('btn-review-live').hidden = !looking;
  $('review-text').textContent = state.view === null ? '' : state.view === 0 ? t('review.start') : t('review.position', { n: state.view, total: plies });

  for (const b of document.querySelectorAll('.mode')) {
    const pressed = b.dataset.mode === state.mode || (b.dataset.mode === 'play' && state.mode === 'play');
    b.setAttribute('aria-pressed', String(pressed));
  }
  $('mode-title').textContent = mode.title();
  const { turn, sub } = mode.turnLine();
  $('turn-text').textContent = turn;
  $('sub-text').textContent = sub ?? '';

  for (const b of document.querySelectorAll('[data-pieces]')) b.setAttribute('aria-pressed', String(b.dataset.pieces === state.pieces));
  for (const b of document.querySelectorAll('[data-notation]')) b.setAttribute('aria-pressed', String(b.dataset.notation === state.notation));
  for (const b of document.querySelectorAll('[data-sound]')) b.setAttribute('aria-pressed', String(b.dataset.sound === state.sound));
  const own = document.querySelector('[data-notation="native"]');
  own.lang = nativeNotation() === 'vietnamese' ? 'vi' : 'zh';

  renderEngineLine();
  renderMoves(mode.marks?.() ?? []);
}

function renderEngineLine() {
  const line = $('engine-status');
  if (state.engineStatus === 'ready') {
    const threads = state.engine.threads;
    line.textContent = t('engine.running', { n: threads });
    if (threads === 1) {
      const { code } = state.threadStatus ?? threadStatus();
      if (code && code !== 'on') line.textContent += ` (${t(`engine.why.${code}`)})`;
    }
    line.dataset.threads = String(threads);
  } else {
    line.textContent = t(state.engineStatus === 'dead' ? 'engine.stopped' : 'engine.loading');
    line.dataset.threads = '';
  }
  line.dataset.state = state.engineStatus;
}

/** The key of pieces under the rules, in the chosen style. */
export function renderPieceKey() {
  const key = $('piece-key');
  const roles = [['K', 'General'], ['A', 'Advisor'], ['E', 'Elephant'], ['H', 'Horse'], ['R', 'Chariot'], ['C', 'Cannon'], ['P', 'Soldier']];
  key.classList.toggle('letters', state.pieces === 'letters');
  key.replaceChildren(...roles.map(([letter, name]) => {
    const item = document.createElement('div');
    item.className = 'key-item';
    const red = document.createElement('span');
    red.className = 'piece red';
    red.textContent = pieceGlyph(letter, state.pieces);
    const black = document.createElement('span');
    black.className = 'piece black';
    black.textContent = pieceGlyph(letter.toLowerCase(), state.pieces);
    const label = document.createElement('span');
    label.className = 'key-name';
    label.textContent = t('piece.key', { name: t(`piece.${name}`), letter });
    item.append(red, black, label);
    return item;
  }));
}

/** Words for a point of the board, for screen readers. */
export function pointLabel(name, letter, marks) {
  const parts = [name, letter ? pieceNameOf(letter) : t('board.empty')];
  if (marks.selected) parts.push(t('board.selected'));
  if (marks.target) parts.push(t(letter ? 'board.capturable' : 'board.legal'));
  if (marks.check) parts.push(t('board.inCheck'));
  if (marks.last) parts.push(t('board.lastMove'));
  if (marks.hint) parts.push(t('board.hint'));
  return parts.join(', ');
}

function pieceNameOf(letter) {
  return t('piece.named', { color: colorName(colorOf(letter)), piece: roleName(letter) });
}

export { squareIndex };
