// Your games: the last 200 finished games, kept in this browser's storage (localStorage, key
// "xiangqi.games"), newest first. Each is { id, date (ISO time), mode ('play' | 'daily'), level,
// color (the side the person played), result ('1-0' | '0-1' | '1/2-1/2'), termination,
// startFen, moves (ICCS) }: enough to replay it through the rules, show it and write its PGN.

import * as store from './ui-store.js';

/** How many finished games are kept. */
export const MAX_GAMES = 200;

const KEY = 'games';

/** The kept games, newest first (malformed entries left out). */
export function listGames() {
  const games = store.load(KEY, []);
  if (!Array.isArray(games)) return [];
  return games.filter((g) => g && typeof g.id === 'string' && Array.isArray(g.moves) && typeof g.startFen === 'string');
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
