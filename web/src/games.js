// Your games: the last 200 finished games, kept in this browser's storage (localStorage, key
// "xiangqi.games"), newest first. Each is { id, date (ISO time), mode ('play' | 'daily'), level,
// color (the side the person played), result ('1-0' | '0-1' | '1/2-1/2'), termination,
// startFen, moves (ICCS) }: enough to replay it through the rules, show it and write its PGN.

import * as store from './ui-store.js';
import { LEVEL_NAMES, savedGame } from './state.js';
import { rulesLoaded } from './xiangqi.js';

/** How many finished games are kept. */
export const MAX_GAMES = 200;

const KEY = 'games';

/** Whether `g` is a kept game of the shape above whose moves the rules accept. */
function usable(g) {
  const shaped = store.isObject(g) && typeof g.id === 'string' && typeof g.date === 'string'
    && ['play', 'daily'].includes(g.mode) && LEVEL_NAMES.includes(g.level) && ['red', 'black'].includes(g.color)
    && ['1-0', '0-1', '1/2-1/2'].includes(g.result) && typeof g.termination === 'string'
    && typeof g.startFen === 'string' && store.isStringList(g.moves);
  if (!shaped) return false;
  const game = savedGame(g.startFen, g.moves);
  game?.free();
  return Boolean(game);
}

// The list is checked game by game once a visit (its moves replayed through the rules); what
// this page writes afterwards is the checked list and new games it played itself.
let checked = false;

/** The kept games, newest first. A list that is not one is dropped; unusable games are left out (and said). */
export function listGames() {
  const games = store.load(KEY, [], Array.isArray);
  if (checked || !rulesLoaded()) return games;
  const kept = games.filter(usable);
  checked = true;
  if (kept.length < games.length) {
    store.reportDropped(KEY, games.length - kept.length);
    // Checked again next time when the shorter list could not be saved.
    checked = store.save(KEY, kept);
  }
  return kept;
}

/** Keeps a finished game (the oldest goes beyond MAX_GAMES); returns it. */
export function saveGame(game) {
  const entry = { id: `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`, ...game };
  const games = [entry, ...listGames().filter((g) => g.id !== entry.id)].slice(0, MAX_GAMES);
  store.save(KEY, games);
  return entry;
}

/** The kept game with this id, or null. */
export function findGame(id) {
  return listGames().find((g) => g.id === id) ?? null;
}

/** The person's result in a kept game: 'win', 'loss' or 'draw'. */
export function personalResult(game) {
  if (game.result === '1/2-1/2') return 'draw';
  const winner = game.result === '1-0' ? 'red' : 'black';
  return winner === game.color ? 'win' : 'loss';
}

/** Offers `text` as a file to save (a blob: URL on this device; nothing is uploaded). */
export function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pgn;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
