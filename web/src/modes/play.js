// Playing the computer, and the daily game (the same play with the day's level and colour, one
// attempt, no take back). State: the level, the side, the seed, a resignation. Input: the
// person's move, take back, resign, a new game or a rematch. Drawing: the turn line, the bars,
// the result panel with what to do next, the setup form and the daily card.
//
// Against the computer the game is xiangqi or janggi, chosen in the setup form; for janggi each
// side's arrangement of horses and elephants is chosen there too (the computer's may be left to
// chance), and the Pass button passes when core says passing is legal.

import { Game, tables } from '../xiangqi.js';
import { t } from '../i18n.js';
import * as store from '../ui-store.js';
import {
  state, hooks, params, daily, DAILY_KEY, LEVEL_NAMES, setGame, savedGame, outcome, moverOfPly,
  colorName, levelName, otherColor, randomSeed, describeMove, janggi, resignedColor, resignGame,
  moveSound,
} from '../state.js';
import { $, announce, showAlert, hideAlert, notation, squareIndex } from '../render.js';
import { askEngine, stopThinking } from '../engine-use.js';
import { extendStreak, streak, todayUTC } from '../ui-daily.js';
import { dateInWords } from '../i18n.js';
import { saveGame } from '../games.js';


/** Janggi's four arrangements of horses and elephants, `{ name, korean }`, from core (none
 * before the rules are loaded). */
export function arrangements() {
  try {
    return tables().arrangements;
  } catch {
    return [];
  }
}

function playerMoveCount() {
  const plies = state.game.ply();
  let count = 0;
  for (let i = 0; i < plies; i++) if (moverOfPly(i) === state.player) count++;
  return count;
}

/** Whether `v` is a side: 'red' or 'black'. */
const isColor = (v) => v === 'red' || v === 'black';

/**
 * Today's daily record, `{ date, startFen, moves, level, color, result, reason? }`, or null (a
 * malformed one, or one of another day under today's key, is dropped). Its moves are
 * replayed through the rules when the daily game is entered (dailyMode.enter).
 */
function dailyRecord() {
  return store.load(DAILY_KEY, null, (v) => store.isObject(v) && v.date === daily.date
    && typeof v.startFen === 'string' && store.isStringList(v.moves)
    && [null, 'win', 'loss', 'draw'].includes(v.result ?? null) && ['undefined', 'string'].includes(typeof v.reason));
}

/**
 * The game in progress against the computer, as saved by saveProgress('play'), or null (an
 * entry of another shape, or with a level the page does not have, is dropped). Entries from
 * before janggi have no `variant`; the moves are replayed through the rules by the reader.
 */
function playRecord() {
  return store.load('play', null, (v) => store.isObject(v) && typeof v.startFen === 'string'
    && store.isStringList(v.moves) && isColor(v.player) && LEVEL_NAMES.includes(v.level)
    && (v.seed === undefined || (Number.isInteger(v.seed) && v.seed >= 0 && v.seed < 2 ** 32))
    && (v.resigned === undefined || v.resigned === null || isColor(v.resigned))
    && [undefined, 'xiangqi', 'janggi'].includes(v.variant));
}

function saveProgress(mode) {
  const game = state.game;
  if (mode === 'play') {
    store.save('play', {
      startFen: game.startFen(), moves: game.moves(), player: state.player, level: state.level,
      seed: state.seed, resigned: resignedColor(), variant: game.variant(),
    });
  } else if (mode === 'daily') {
    const record = dailyRecord();
    if (record && !record.result) {
      record.moves = game.moves();
      store.save(DAILY_KEY, record);
    }
  }
}

/** The PGN tags of the game on the board. */
export function pgnTags(mode) {
  const over = outcome();
  const engineName = t('pgn.computer', { level: levelName(state.level) });
  const tags = {
    Event: mode === 'daily' ? t('pgn.event.daily', { date: daily.date }) : t('pgn.event.play', { level: levelName(state.level) }),
    Site: t('pgn.site'),
    Date: todayUTC().replaceAll('-', '.'),
    Red: state.player === 'red' ? t('pgn.you') : engineName,
    Black: state.player === 'black' ? t('pgn.you') : engineName,
  };
  if (over) tags.Result = over.result;
  return tags;
}

function makeMode(name) {
  const mode = {
    name,
    /** The page's parts this mode shows (app.js hides the others'; render() shows the result). */
    panels: name === 'play' ? ['btn-takeback', 'btn-resign', 'setup'] : ['btn-resign', 'daily-card'],
    resignArmed: null,

    interactive() {
      return Boolean(state.game) && !outcome() && !state.thinking && state.view === null
        && state.game.turn() === state.player;
    },

    moverColor() {
      return state.player;
    },

    engineToMove() {
      return state.game && !outcome() && state.game.turn() !== state.player;
    },

    requestEngineMove() {
      if (!this.engineToMove() || state.thinking || state.engineStatus !== 'ready' || state.mode !== name) return;
      askEngine({ level: state.level, seed: state.seed }, (move) => this.play(move, 'engine'));
    },

    resume() {
      this.requestEngineMove();
    },

    playMove(move) {
      this.play(move, 'player');
    },

    /** Janggi: the person passes (the Pass button), when core says passing is legal now. */
    pass() {
      const pass = this.interactive() ? state.game.passMove() : undefined;
      if (pass) this.play(pass, 'player');
    },

    play(move, by) {
      const game = state.game;
      const before = game.board();
      const pass = move === game.passMove();
      game.play(move);
      moveSound(!pass && Boolean(before[squareIndex(move.slice(2, 4))]));
      state.selected = null;
      state.view = null;
      state.animate = true;
      saveProgress(name);
      const words = describeMove(before, move, game, game.ply() - 1, notation());
      const over = outcome();
      if (over) {
        this.finish(over, words);
      } else {
        announce(by === 'engine' && game.turn() === state.player ? `${words}. ${t('say.yourMove')}` : `${words}.`);
      }
      hooks.render();
      if (!over) this.requestEngineMove();
    },

    /** The game has ended: say how, keep it in Your games, and score the daily game. */
    finish(over, lastWords = '') {
      const headline = !over.winner ? t('turn.draw') : over.winner === state.player ? t('turn.won') : t('turn.lost');
      announce(`${lastWords ? `${lastWords}. ` : ''}${t('say.gameOver', { reason: over.reason })} ${headline}.`);
      // Your games and the analysis board are xiangqi's: a janggi game is not kept there.
      if (state.game.ply() > 0 && !janggi()) {
        saveGame({
          date: new Date().toISOString(), mode: name, level: state.level, color: state.player,
          result: over.result, termination: over.termination, startFen: state.game.startFen(),
          moves: state.game.moves(),
        });
      }
      if (name === 'daily') {
        const record = dailyRecord();
        if (record && !record.result) {
          record.result = !over.winner ? 'draw' : over.winner === state.player ? 'win' : 'loss';
          record.reason = over.reason;
          record.moves = state.game.moves();
          store.save(DAILY_KEY, record);
          if (record.result === 'win') extendStreak('daily-streak', daily.date);
        }
      }
    },

    canTakeBack() {
      return name === 'play' && state.game && !outcome() && playerMoveCount() > 0;
    },

    takeBack() {
      if (!this.canTakeBack()) return;
      stopThinking();
      const game = state.game;
      game.undo();
      while (game.turn() !== state.player && game.ply() > 0) game.undo();
      state.selected = null;
      state.view = null;
      state.animate = false;
      saveProgress(name);
      announce(`${t('say.takenBack')}${game.turn() === state.player ? ` ${t('say.yourMove')}` : ''}`);
      hooks.render();
      this.requestEngineMove();
    },

    canResign() {
      return state.game && !outcome() && state.game.ply() > 0;
    },

    resign() {
      if (!this.canResign()) return;
      const label = $('btn-resign').querySelector('.label');
      if (!this.resignArmed) {
        label.textContent = t('btn.reallyResign');
        $('btn-resign').classList.add('armed');
        this.resignArmed = setTimeout(() => this.disarmResign(), 3000);
        return;
      }
      this.disarmResign();
      stopThinking();
      state.game.resign(state.player);
      saveProgress(name);
      this.finish(outcome());
      hooks.render();
    },

    disarmResign() {
      clearTimeout(this.resignArmed);
      this.resignArmed = null;
      $('btn-resign').querySelector('.label').textContent = t('btn.resign');
      $('btn-resign').classList.remove('armed');
    },

    leave() {
      this.disarmResign();
    },

    title() {
      if (name === 'daily') return t('title.daily', { date: dateInWords(daily.date) });
      return t(janggi() ? 'title.playJanggi' : 'title.play');
    },

    turnLine() {
      const game = state.game;
      const over = outcome();
      let turn;
      let sub = '';
      if (over) {
        turn = !over.winner ? t('turn.draw') : over.winner === state.player ? t('turn.won') : t('turn.lost');
      } else if (state.thinking) {
        turn = t('turn.thinking', { color: colorName(game.turn()) });
      } else if (game.turn() === state.player) {
        turn = t('turn.yours', { color: colorName(state.player) });
        if (game.inCheck()) sub = t('turn.inCheck');
      } else if (state.engineStatus === 'dead') {
        turn = t('turn.engineDead');
      } else {
        turn = t('turn.waiting', { color: colorName(game.turn()) });
      }
      if (!over && !sub) sub = t('turn.against', { level: levelName(state.level), description: t(`level.${state.level}.about`) });
      return { turn, sub };
    },

    barLabel(color) {
      return color === state.player
        ? t('bar.you', { color: colorName(color) })
        : t('bar.computer', { level: levelName(state.level), color: colorName(color) });
    },

    pgnTags() {
      return pgnTags(name);
    },

    render() {
      const over = outcome();
      const box = $('result');
      box.hidden = !over;
      if (over) {
        box.dataset.result = over.result;
        const result = over.result === '1/2-1/2' ? t('result.draw') : over.result;
        $('result-title').textContent = `${result} · ${t(`termination.${over.termination}`)}`;
        $('result-reason').textContent = over.reason + (name === 'daily' ? ` ${t('result.dailySaved')}` : '');
        $('btn-rematch').hidden = name !== 'play';
        $('btn-new-other').hidden = name !== 'play';
        // The analysis board reads xiangqi only.
        $('btn-analyse').hidden = janggi();
      }
      $('btn-takeback').disabled = !this.canTakeBack();
      $('btn-resign').disabled = !this.canResign();
      if (name === 'daily') renderDailyCard();
    },
  };
  return mode;
}


export const playMode = makeMode('play');
export const dailyMode = makeMode('daily');

/** The daily game's goal in words. */
export function dailyGoal() {
  return t('daily.goal', { level: levelName(daily.level), color: colorName(daily.color) });
}

function renderDailyCard() {
  $('daily-goal').textContent = dailyGoal();
  const todays = dailyRecord()?.result ?? null;
  const days = streak('daily-streak', daily.date);
  $('daily-streak').textContent = t('daily.streak', { n: days }) + (todays ? t(`daily.today.${todays}`) : '');
  const card = $('daily-card');
  card.dataset.result = todays ?? '';
  card.dataset.level = daily.level;
  card.dataset.color = daily.color;
}

/**
 * Against the computer: the saved game, or a position from the address (`fen`, of `variant`:
 * 'xiangqi' or 'janggi').
 */
playMode.enter = function enter({ fen, variant = 'xiangqi' } = {}) {
  state.mode = 'play';
  let game = null;
  let saved = fen === undefined ? playRecord() : null;
  if (fen !== undefined) {
    try {
      game = new Game(fen, variant);
      hideAlert();
    } catch (error) {
      showAlert(t('alert.badFen', { why: error.message }));
      announce(t('say.badFen'));
      game = null;
    }
    const color = params.get('color');
    state.player = color === 'red' || color === 'black' ? color : game ? game.turn() : 'red';
    state.level = LEVEL_NAMES.includes(params.get('level')) ? params.get('level') : state.level;
    state.seed = randomSeed();
    game ??= new Game(undefined, variant);
  } else if (saved) {
    game = savedGame(saved.startFen, saved.moves, { variant: saved.variant ?? 'xiangqi' });
    if (game) {
      state.player = saved.player;
      state.level = saved.level;
      state.seed = saved.seed ?? randomSeed();
    } else {
      // Moves the rules refuse: the entry is dropped (and said), a new game begins.
      store.drop('play');
      saved = null;
    }
  }
  if (!game) {
    game = new Game();
    state.seed = randomSeed();
  }
  setGame(game);
  syncSetup();
  if (saved?.resigned && fen === undefined) resignGame(game, saved.resigned);
  state.flipped = state.player === 'black';
  saveProgress('play');
  hooks.render();
  this.requestEngineMove();
};

/** A random one of janggi's four arrangements (its name). */
function randomArrangement() {
  const all = arrangements();
  return all[randomSeed() % all.length].name;
}

/**
 * A new game against the computer with the form's game, level, colour and janggi setups (or
 * the given ones; a rematch passes the game's start position as `startFen`).
 */
playMode.newGame = function newGame({ level, color, variant, startFen } = {}) {
  const form = $('setup');
  level ??= form.elements.level.value || 'casual';
  variant ??= form.elements.game.value === 'janggi' ? 'janggi' : 'xiangqi';
  let colour = color ?? form.elements.colour.value ?? 'red';
  if (colour === 'random') colour = randomSeed() & 1 ? 'black' : 'red';
  const mine = form.elements.mySetup.value;
  const theirs = form.elements.engineSetup.value;
  if (!color) {
    store.save('setup', { level, colour: form.elements.colour.value, game: variant, mySetup: mine, engineSetup: theirs });
  }
  let game;
  if (startFen) {
    game = new Game(startFen, variant);
  } else if (variant === 'janggi') {
    const own = mine || arrangements()[0].name;
    const other = !theirs || theirs === 'random' ? randomArrangement() : theirs;
    game = colour === 'red' ? Game.janggi(own, other) : Game.janggi(other, own);
  } else {
    game = new Game();
  }
  stopThinking();
  state.mode = 'play';
  state.level = level;
  state.player = colour;
  state.seed = randomSeed();
  setGame(game);
  state.flipped = colour === 'black';
  hideAlert();
  saveProgress('play');
  syncSetup();
  if (location.hash) history.replaceState(null, '', location.pathname + location.search);
  announce(`${t(variant === 'janggi' ? 'say.newJanggi' : 'say.newGame', { level: levelName(level), color: colorName(colour) })}${colour === 'red' ? ` ${t('say.yourMove')}` : ''}`);
  hooks.render();
  this.requestEngineMove();
};

/** The same game, level and colour again (janggi: from the same setups). */
playMode.rematch = function rematch() {
  const variant = state.variant;
  this.newGame({
    level: state.level, color: state.player, variant, startFen: variant === 'janggi' ? state.game.startFen() : undefined,
  });
};

/**
 * The setup form shows the game, level (and colour, unless Random was chosen) of the game on
 * the board, and the choices of the game it names (janggi: the setups, Cho and Han).
 */
export function syncSetup() {
  const form = $('setup');
  if (state.mode === 'play') form.elements.game.value = state.variant;
  form.elements.level.value = state.level;
  if (form.elements.colour.value !== 'random') form.elements.colour.value = state.player;
  $('level-description').textContent = t(`level.${state.level}.about`);
  syncSetupGame();
}

/** The parts of the setup form that depend on the game chosen in it. */
export function syncSetupGame() {
  const form = $('setup');
  const chosen = form.elements.game.value === 'janggi' ? 'janggi' : 'xiangqi';
  form.dataset.game = chosen;
  $('janggi-setups').hidden = chosen !== 'janggi';
  $('colour-red').textContent = t(chosen === 'janggi' ? 'setup.cho' : 'color.red');
  $('colour-black').textContent = t(chosen === 'janggi' ? 'setup.han' : 'color.black');
  for (const [id, withRandom] of [['my-setup', false], ['engine-setup', true]]) {
    const select = $(id);
    // The choice kept from a visit before is applied once the options are there.
    const value = select.dataset.wanted || select.value;
    const options = arrangements().map(({ name, korean }) => {
      const option = document.createElement('option');
      option.value = name;
      option.textContent = t('setup.arrangement', { korean, about: t(`arrangement.${name}`) });
      return option;
    });
    if (withRandom) {
      const option = document.createElement('option');
      option.value = 'random';
      option.textContent = t('setup.random');
      options.unshift(option);
    }
    if (options.length <= Number(withRandom)) continue;
    select.replaceChildren(...options);
    delete select.dataset.wanted;
    if (value && [...select.options].some((o) => o.value === value)) select.value = value;
  }
}

/** The daily game: today's record replayed, or a new one. */
dailyMode.enter = function enter() {
  state.mode = 'daily';
  let record = dailyRecord();
  let game = record ? savedGame(record.startFen, record.moves) : null;
  if (record && !game) store.drop(DAILY_KEY);
  if (!game) {
    game = new Game();
    record = { date: daily.date, startFen: game.startFen(), moves: [], level: daily.level, color: daily.color, result: null };
    store.save(DAILY_KEY, record);
  }
  state.level = daily.level;
  state.player = daily.color;
  state.seed = daily.seed;
  setGame(game);
  if (record.result === 'loss') resignGame(game, state.player);
  state.flipped = state.player === 'black';
  hooks.render();
  if (!record.result) this.requestEngineMove();
};

export { otherColor };
