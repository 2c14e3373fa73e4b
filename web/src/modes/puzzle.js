// Puzzles: the daily puzzle and the trainer (puzzles from the shipped set one after another,
// filtered by theme and level, with a local Glicko-2 rating as lichess keeps one). State: the
// puzzle on the board and the trainer's record. Input: the solver's move (a wrong one is played,
// then taken back), a hint (the piece to move; it costs the win), the solution shown move by
// move, start again, the next puzzle, a puzzle of the history. Drawing: the puzzle card (themes
// and source only once the puzzle is over) and the trainer card.

import { Game, loadRules } from '../xiangqi.js';
import { t } from '../i18n.js';
import * as store from '../ui-store.js';
import {
  state, hooks, params, daily, setGame, colorName, levelName, describeMove, pieceName, randomSeed,
  LEVEL_NAMES, moveSound,
} from '../state.js';
import { $, announce, showAlert, notation } from '../render.js';
import { askEngine, stopThinking } from '../engine-use.js';
import { parsePuzzles, dailyPuzzle } from '../ui-puzzle.js';
import { streak, extendStreak } from '../ui-daily.js';
import { dateInWords } from '../i18n.js';
import { squareIndex } from '../ui-board.js';
import { newRating, rate, ratingText } from '../glicko.js';

// The pause before the page plays the defender's scripted reply.
const REPLY_MS = 450;
// How long a wrong move stays on the board before it is taken back.
const WRONG_MS = 650;
// The pause between the moves of a solution shown.
const SOLUTION_MS = 700;

/** A puzzle's starting rating from its level (the weakest engine level that solves it). */
export const LEVEL_RATINGS = { beginner: 1100, casual: 1350, club: 1600, strong: 1850, master: 2100 };
const PUZZLE_DEVIATION = 150;
const HISTORY_SIZE = 100;

let puzzles = null;
let loading = null;

/** Whether `v` is a Glicko-2 rating `{ rating, deviation, volatility }`. */
const isRating = (v) => store.isObject(v) && Number.isFinite(v.rating)
  && Number.isFinite(v.deviation) && v.deviation > 0 && Number.isFinite(v.volatility) && v.volatility > 0;

/** Whether `v` is one attempt of the trainer's history (see rateAttempt()). */
const isAttempt = (v) => store.isObject(v) && typeof v.id === 'string' && ['solved', 'failed'].includes(v.result)
  && Number.isFinite(v.change) && Number.isFinite(v.puzzleRating);

/** Whether `v` is a trainer record as saveTrainer() writes it (older ones may lack fields). */
function isTrainer(v) {
  const optional = (value, check) => value === undefined || check(value);
  return store.isObject(v) && optional(v.rating, isRating) && optional(v.streak, store.isCount)
    && optional(v.best, store.isCount)
    && optional(v.history, (h) => Array.isArray(h) && h.every(isAttempt))
    && optional(v.ratings, (r) => store.isObject(r) && Object.values(r).every(isRating))
    && optional(v.theme, (x) => typeof x === 'string')
    && optional(v.level, (x) => x === '' || LEVEL_NAMES.includes(x));
}

function trainer() {
  const saved = store.load('trainer', null, isTrainer) ?? {};
  return {
    rating: saved.rating ?? newRating(),
    streak: saved.streak ?? 0,
    best: saved.best ?? 0,
    history: saved.history ?? [],
    ratings: saved.ratings ?? {},
    theme: saved.theme ?? '',
    level: saved.level ?? '',
    last: saved.last ?? null,
  };
}

function saveTrainer(record) {
  store.save('trainer', record);
}

/** The rating of a puzzle: moved by the results it had here, else from its level. */
export function puzzleRating(puzzle, record = trainer()) {
  return record.ratings[puzzle.id] ?? newRating(LEVEL_RATINGS[puzzle.level] ?? 1500, PUZZLE_DEVIATION);
}

async function loadPuzzles() {
  if (puzzles) return puzzles;
  loading ??= fetch('puzzles.tsv').then(async (response) => {
    if (!response.ok) throw new Error(`puzzles.tsv: HTTP ${response.status}`);
    const text = await response.text();
    await loadRules(); // the file is read by the rules' wasm
    const list = parsePuzzles(text);
    if (list.length === 0) throw new Error('puzzles.tsv holds no puzzle');
    puzzles = list;
    return list;
  }).finally(() => { loading = null; });
  return loading;
}

/** The puzzles that pass the trainer's filters. */
function filtered(record = trainer()) {
  return (puzzles ?? []).filter((p) => (!record.theme || p.themes.includes(record.theme) || (record.theme === 'mate' && p.mateIn))
    && (!record.level || p.level === record.level));
}

/** The trainer's next puzzle: one not tried yet that fits the filters, rated near the solver. */
function nextPuzzle(exclude) {
  const record = trainer();
  const tried = new Set(record.history.map((h) => h.id));
  let pool = filtered(record).filter((p) => p.id !== exclude);
  if (pool.length === 0) return null;
  const fresh = pool.filter((p) => !tried.has(p.id));
  if (fresh.length) pool = fresh;
  const mine = record.rating.rating;
  const near = pool
    .map((p) => ({ p, gap: Math.abs(puzzleRating(p, record).rating - mine) }))
    .sort((a, b) => a.gap - b.gap)
    .slice(0, 12);
  return near[randomSeed() % near.length].p;
}

function goal(p) {
  const side = colorName(p.solver);
  return p.mateIn ? t('puzzle.mateIn', { color: side, n: p.mateIn }) : t('puzzle.win', { color: side });
}

/** The solver's expected move now, when the puzzle has a line (or one first move). */
function expectedMove(p) {
  if (p.line) return p.line[2 * p.step] ?? null;
  return p.step === 0 ? p.firstMoves[0] : null;
}

/** The puzzle the address or the date asks for. */
function wantedPuzzle(list) {
  const wanted = params.get('puzzle');
  return (wanted && list.find((p) => p.id === wanted)) || dailyPuzzle(list, daily.date);
}

export const puzzleMode = {
  name: 'puzzle',
  /** The page's parts this mode shows (app.js hides the others'). */
  panels: ['puzzle-card', 'trainer-card'],
  puzzle: null,

  /**
   * The puzzle's goal in words while the rules still load (it needs only the side to move of
   * its FEN): the first screen has its words early.
   */
  async preview() {
    try {
      const p = wantedPuzzle(await loadPuzzles());
      if (this.puzzle) return;
      const solver = p.fen.split(' ')[1] === 'b' ? 'black' : 'red';
      $('puzzle-goal').textContent = goal({ ...p, solver });
    } catch {
      // enter() reports it.
    }
  },

  interactive() {
    const p = this.puzzle;
    return Boolean(p) && Boolean(state.game) && !p.busy && p.status === 'solving' && !state.thinking
      && state.view === null && state.game.turn() === p.solver;
  },

  moverColor() {
    return this.puzzle?.solver;
  },

  async enter() {
    this.stop();
    state.mode = 'puzzle';
    hooks.render();
    let list;
    try {
      list = await loadPuzzles();
    } catch (error) {
      showAlert(t('alert.puzzles', { why: error.message }));
      return;
    }
    // The board's puzzle in a task of its own, after the file's reading.
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (state.mode !== 'puzzle') return;
    renderFilters();
    this.start(wantedPuzzle(list));
  },

  /** Stops what runs for the puzzle on the board (a reply, a solution being shown). */
  stop() {
    stopThinking();
    const p = this.puzzle;
    if (p?.timer) clearTimeout(p.timer);
    if (p) p.timer = null;
  },

  leave() {
    this.stop();
    state.hint = null;
  },

  start(puzzle) {
    this.stop();
    let game;
    try {
      game = new Game(puzzle.fen);
    } catch (error) {
      showAlert(t('alert.puzzle', { id: puzzle.id, why: error.message }));
      return;
    }
    const isDaily = puzzle === dailyPuzzle(puzzles, daily.date);
    const saved = isDaily ? dailyPuzzleRecord(puzzle.id) : null;
    this.puzzle = {
      ...puzzle,
      isDaily,
      solver: game.turn(),
      step: 0,
      wrong: saved?.wrong ?? 0,
      status: 'solving',
      solvedBefore: Boolean(saved?.solved),
      busy: false,
      timer: null,
      hinted: false,
      rated: null, // the rating change once this attempt is rated
      note: '',
    };
    state.player = game.turn();
    state.flipped = game.turn() === 'black';
    setGame(game);
    hooks.render();
    const p = this.puzzle;
    announce(`${goal(p)}${p.solvedBefore ? ` ${t('puzzle.say.solvedBefore')}` : ''}`);
  },

  restart() {
    const p = this.puzzle;
    if (!p) return;
    const wrong = p.wrong;
    const rated = p.rated;
    this.start(puzzles.find((q) => q.id === p.id));
    this.puzzle.wrong = Math.max(this.puzzle.wrong, wrong);
    // A puzzle is rated once; playing it again does not count.
    this.puzzle.rated = rated;
    hooks.render();
  },

  another() {
    if (!puzzles || !this.puzzle) return;
    const next = nextPuzzle(this.puzzle.id) ?? puzzles.find((q) => q.id !== this.puzzle.id) ?? puzzles[0];
    this.start(next);
  },

  /** Rates this attempt once: a solve without a wrong move or a hint wins, anything else loses. */
  rateAttempt(won) {
    const p = this.puzzle;
    if (!p || p.rated) return;
    const record = trainer();
    const before = record.rating;
    const puzzleBefore = puzzleRating(p, record);
    record.rating = rate(before, puzzleBefore, won ? 1 : 0);
    record.ratings[p.id] = rate(puzzleBefore, before, won ? 0 : 1);
    record.streak = won ? record.streak + 1 : 0;
    record.best = Math.max(record.best, record.streak);
    const change = record.rating.rating - before.rating;
    record.history.unshift({
      id: p.id, result: won ? 'solved' : 'failed', change: Math.round(change),
      rating: Math.round(record.rating.rating), puzzleRating: Math.round(puzzleBefore.rating),
      date: new Date().toISOString(),
    });
    record.history = record.history.slice(0, HISTORY_SIZE);
    saveTrainer(record);
    p.rated = { change, won };
  },

  playMove(move) {
    const p = this.puzzle;
    const game = state.game;
    const before = game.board();
    game.play(move);
    moveSound(Boolean(before[squareIndex(move.slice(2, 4))]));
    state.selected = null;
    state.animate = true;
    const words = describeMove(before, move, game, game.ply() - 1, notation());
    const over = game.outcome();
    if (over && over.winner === p.solver) {
      this.solved(words);
      return;
    }
    const expected = expectedMove(p);
    const right = p.line ? move === expected : p.step === 0 ? p.firstMoves.includes(move) : true;
    if (!right) {
      // The wrong move stays on the board a moment, then it is taken back.
      p.wrong++;
      p.busy = true;
      this.rateAttempt(false);
      saveDaily(p);
      hooks.render();
      p.timer = setTimeout(() => {
        p.timer = null;
        if (this.puzzle !== p) return;
        game.undo();
        p.busy = false;
        p.note = t('puzzle.wrongNote');
        state.animate = false;
        board().flash(move.slice(2, 4));
        announce(t('puzzle.say.wrong', { move: words }));
        hooks.render();
      }, WRONG_MS);
      return;
    }
    p.step++;
    state.hint = null;
    p.note = t('puzzle.goodNote');
    announce(t('puzzle.say.good', { move: words }));
    if (p.line) {
      const reply = p.line[2 * p.step - 1];
      if (!reply) {
        this.solved(words);
        return;
      }
      p.busy = true;
      hooks.render();
      p.timer = setTimeout(() => {
        p.timer = null;
        if (this.puzzle !== p) return;
        p.busy = false;
        this.reply(reply);
        if (!p.line[2 * p.step] && p.status === 'solving') this.solved('');
      }, REPLY_MS);
    } else if (p.mateIn && p.step >= p.mateIn) {
      this.failed(t('puzzle.notMate', { n: p.mateIn }));
    } else {
      p.busy = true;
      hooks.render();
      this.defend();
    }
  },

  resume() {
    this.defend();
  },

  /** The defender's reply from the engine (puzzles listed with their first moves only). */
  defend() {
    const p = this.puzzle;
    if (!p || p.status !== 'solving' || p.line || state.game.turn() === p.solver || state.thinking) return;
    if (state.engineStatus !== 'ready') return;
    askEngine({ level: 'master', seed: 1 }, (move) => {
      p.busy = false;
      this.reply(move);
    });
  },

  reply(move) {
    const game = state.game;
    state.view = null;
    const before = game.board();
    game.play(move);
    moveSound(Boolean(before[squareIndex(move.slice(2, 4))]));
    state.animate = true;
    const words = describeMove(before, move, game, game.ply() - 1, notation());
    const over = game.outcome();
    if (over) {
      this.failed(`${words}.`);
      return;
    }
    announce(`${words}. ${t('say.yourMove')}`);
    hooks.render();
  },

  solved(words) {
    const p = this.puzzle;
    p.status = 'solved';
    p.busy = false;
    state.hint = null;
    this.rateAttempt(p.wrong === 0 && !p.hinted);
    saveDaily(p);
    const said = p.wrong === 0 ? t('puzzle.say.solvedClean') : t('puzzle.say.solved', { n: p.wrong });
    announce(`${words ? `${words}. ` : ''}${said}`);
    hooks.render();
  },

  failed(why) {
    const p = this.puzzle;
    p.wrong++;
    p.status = 'failed';
    p.busy = false;
    this.rateAttempt(false);
    saveDaily(p);
    announce(t('puzzle.say.failed', { why }));
    hooks.render();
  },

  /** The piece to move, marked on the board. A hint costs the win. */
  hint() {
    const p = this.puzzle;
    if (!p || p.status !== 'solving' || p.busy) return;
    const move = expectedMove(p);
    if (!move) return;
    p.hinted = true;
    this.rateAttempt(false);
    state.hint = move.slice(0, 2);
    const letter = state.game.board()[squareIndex(state.hint)];
    const text = t('puzzle.hintShown', { piece: pieceName(letter), square: state.hint });
    p.note = text;
    announce(text);
    hooks.render();
  },

  /** Plays the rest of the solution on the board, one move after the other. */
  showSolution() {
    const p = this.puzzle;
    if (!p || p.status !== 'solving') return;
    this.stop();
    p.busy = false;
    // Back to the last position where the solver was to move on the line.
    const game = state.game;
    while (game.ply() > 2 * p.step) game.undo();
    const rest = p.line ? p.line.slice(2 * p.step) : p.firstMoves.slice(0, 1);
    p.status = 'failed';
    p.shown = true;
    state.hint = null;
    this.rateAttempt(false);
    saveDaily(p);
    announce(t('puzzle.solutionShown'));
    hooks.render();
    const playNext = (i) => {
      if (this.puzzle !== p || i >= rest.length) return;
      p.timer = setTimeout(() => {
        p.timer = null;
        if (this.puzzle !== p) return;
        const before = game.board();
        try {
          game.play(rest[i]);
        } catch {
          return;
        }
        moveSound(Boolean(before[squareIndex(rest[i].slice(2, 4))]));
        state.animate = true;
        state.view = null;
        announce(describeMove(before, rest[i], game, game.ply() - 1, notation()));
        hooks.render();
        playNext(i + 1);
      }, SOLUTION_MS);
    };
    playNext(0);
  },

  title() {
    const p = this.puzzle;
    return p && !p.isDaily ? t('title.puzzle') : t('title.dailyPuzzle', { date: dateInWords(daily.date) });
  },

  turnLine() {
    const p = this.puzzle;
    if (!p) return { turn: t('puzzle.loading'), sub: '' };
    if (p.status === 'solved') return { turn: t('puzzle.solved'), sub: '' };
    if (p.status === 'failed') return { turn: t('puzzle.failed'), sub: '' };
    if (state.thinking || p.busy) return { turn: t('puzzle.defending'), sub: p.note };
    return {
      turn: t('turn.yours', { color: colorName(p.solver) }),
      sub: p.note || (p.mateIn ? t('puzzle.findMate', { n: p.mateIn }) : t('puzzle.findWin')),
    };
  },

  barLabel(color) {
    const solver = this.puzzle?.solver;
    return color === solver ? t('bar.you', { color: colorName(color) }) : t('bar.defender', { color: colorName(color) });
  },

  pgnTags() {
    return {
      Event: t('pgn.event.puzzle', { id: this.puzzle?.id ?? '' }),
      Site: t('pgn.site'),
    };
  },

  render() {
    const p = this.puzzle;
    if (!p) return;
    const card = $('puzzle-card');
    card.querySelector('.card-title').textContent = p.isDaily ? t('puzzle.daily') : t('puzzle.title');
    card.dataset.puzzleId = p.id;
    card.dataset.status = p.status;
    $('puzzle-goal').textContent = goal(p);
    $('puzzle-wrong').textContent = t('puzzle.wrong', { n: p.wrong });
    const days = streak('puzzle-streak', daily.date);
    $('puzzle-streak').textContent = t('puzzle.streakDays', { n: days }) + (p.isDaily && (p.solvedBefore || p.status === 'solved') ? t('puzzle.solvedToday') : '');
    $('btn-puzzle-retry').textContent = p.status === 'solved' ? t('puzzle.again') : t('puzzle.retry');
    const solving = p.status === 'solving';
    $('btn-puzzle-hint').disabled = !solving || p.busy || Boolean(state.hint) || !expectedMove(p);
    $('btn-puzzle-solution').disabled = !solving;
    card.classList.toggle('noted', p.note === t('puzzle.wrongNote'));
    // What the puzzle is about gives the answer away: shown once it is over.
    const over = p.status !== 'solving';
    $('puzzle-about').hidden = !over;
    if (over) {
      const themes = p.themes.map(themeName);
      if (p.mateIn) themes.unshift(t('theme.mate-in', { n: p.mateIn }));
      $('puzzle-themes').textContent = t('puzzle.themes', { themes: themes.join(', ') });
      const meta = [];
      if (p.level) meta.push(t('puzzle.level', { level: levelName(p.level) }));
      meta.push(t('puzzle.rating', { rating: Math.round(puzzleRating(p).rating) }));
      $('puzzle-meta').textContent = meta.join(' · ');
      $('puzzle-source').textContent = sourceText(p.source);
    }
    renderTrainer(p);
  },
};

function board() {
  return hooks.board;
}

/**
 * Today's daily puzzle result, `{ id, solved, wrong }`, for the puzzle `id`; null when there is
 * none (a malformed one is dropped; one of another puzzle, after a change of the set, is not
 * today's).
 */
function dailyPuzzleRecord(id) {
  const saved = store.load(`puzzle-${daily.date}`, null, (v) => store.isObject(v) && typeof v.id === 'string'
    && typeof v.solved === 'boolean' && store.isCount(v.wrong));
  return saved && saved.id === id ? saved : null;
}

function saveDaily(p) {
  if (!p.isDaily) return;
  const saved = dailyPuzzleRecord(p.id) ?? { id: p.id, solved: false, wrong: 0 };
  saved.wrong = p.wrong;
  if (p.status === 'solved' && !saved.solved) {
    saved.solved = true;
    extendStreak('puzzle-streak', daily.date);
  }
  store.save(`puzzle-${daily.date}`, saved);
}

/** A theme in words ("wins a chariot"); unknown ones as they are written. */
export function themeName(theme) {
  const key = `theme.${theme.replaceAll(' ', '-')}`;
  const text = t(key);
  return text === key ? theme : text;
}

/** Where a puzzle comes from, in words: never the internal file name. */
function sourceText(source) {
  if (!source) return '';
  if (source.startsWith('engine/')) return t('puzzle.source.engine');
  // CCPD/對局/大師對局/以棋手分類/呂欽/00001370.pgn: a master's game, named by the player.
  const player = /以棋手分類\/([^/]+)\//.exec(source);
  if (player) return t('puzzle.source.master', { where: player[1] });
  return t('puzzle.source.ccpd');
}

function renderFilters() {
  const record = trainer();
  const themes = new Map();
  for (const p of puzzles) for (const theme of p.themes) themes.set(theme, (themes.get(theme) ?? 0) + 1);
  const themeSelect = $('trainer-theme');
  const option = (value, text) => {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = text;
    return o;
  };
  themeSelect.replaceChildren(option('', t('trainer.anyTheme')),
    ...[...themes.entries()].sort((a, b) => b[1] - a[1]).map(([theme, n]) => option(theme, `${themeName(theme)} (${n})`)));
  themeSelect.value = record.theme;
  const levelSelect = $('trainer-level');
  levelSelect.replaceChildren(option('', t('trainer.anyLevel')), ...LEVEL_NAMES.map((l) => option(l, levelName(l))));
  levelSelect.value = record.level;
}

function renderTrainer(p) {
  const record = trainer();
  $('trainer-rating').textContent = t('trainer.rating', { rating: ratingText(record.rating) })
    + (record.rating.deviation > 110 ? t('trainer.provisional') : '');
  const change = $('trainer-change');
  if (p.rated) {
    const c = Math.round(p.rated.change);
    change.textContent = t('trainer.change', { change: c >= 0 ? `+${c}` : `−${-c}`, result: t(p.rated.won ? 'trainer.solvedItem' : 'trainer.failedItem') });
    change.dataset.sign = c >= 0 ? 'up' : 'down';
  } else {
    change.textContent = '';
    delete change.dataset.sign;
  }
  $('trainer-card').dataset.rating = String(Math.round(record.rating.rating));
  $('trainer-streak').textContent = t('trainer.streak', { n: record.streak });
  $('trainer-best').textContent = t('trainer.best', { n: record.best });
  const count = filtered(record).length;
  $('trainer-count').textContent = count ? t('trainer.count', { n: count }) : t('trainer.none');
  const list = $('trainer-history');
  if (record.history.length === 0) {
    const li = document.createElement('li');
    li.className = 'empty';
    li.textContent = t('trainer.historyEmpty');
    list.replaceChildren(li);
    return;
  }
  list.replaceChildren(...record.history.slice(0, 20).map((h, i) => {
    const li = document.createElement('li');
    li.dataset.result = h.result;
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.puzzle = h.id;
    button.setAttribute('aria-label', t('trainer.retryItem', { n: record.history.length - i }));
    const mark = document.createElement('span');
    mark.className = 'mark';
    mark.setAttribute('aria-hidden', 'true');
    mark.textContent = h.result === 'solved' ? '✓' : '✗';
    const text = document.createElement('span');
    const sign = h.change >= 0 ? `+${h.change}` : `−${-h.change}`;
    text.textContent = `${t(h.result === 'solved' ? 'trainer.solvedItem' : 'trainer.failedItem')} · ${h.puzzleRating} · ${sign}`;
    button.append(mark, text);
    li.appendChild(button);
    return li;
  }));
}

/** The trainer's controls (filters, history), wired once. */
export function wirePuzzleControls() {
  $('btn-puzzle-retry').addEventListener('click', () => puzzleMode.restart());
  $('btn-puzzle-other').addEventListener('click', () => puzzleMode.another());
  $('btn-puzzle-hint').addEventListener('click', () => puzzleMode.hint());
  $('btn-puzzle-solution').addEventListener('click', () => puzzleMode.showSolution());
  for (const [id, field] of [['trainer-theme', 'theme'], ['trainer-level', 'level']]) {
    $(id).addEventListener('change', () => {
      const record = trainer();
      record[field] = $(id).value;
      saveTrainer(record);
      const p = puzzleMode.puzzle;
      // A puzzle that no longer fits gives way to one that does, unless it is being solved.
      if (p && p.status !== 'solving') puzzleMode.another();
      else hooks.render();
    });
  }
  $('trainer-history').addEventListener('click', (event) => {
    const button = event.target.closest('button[data-puzzle]');
    const puzzle = button && puzzles?.find((q) => q.id === button.dataset.puzzle);
    if (puzzle) puzzleMode.start(puzzle);
  });
}

/** Translations for the filters after a language change. */
export function retranslatePuzzles() {
  if (puzzles) renderFilters();
}
