// The daily game and the daily puzzle: the same for everyone on a UTC day, derived from the date
// alone, and the streaks of consecutive days kept in this browser.

import * as store from './ui-store.js';

/** The levels a daily game can have (Master, the full engine, is left to free play). */
export const DAILY_LEVELS = ['beginner', 'casual', 'club', 'strong'];

/** Today's UTC date as YYYY-MM-DD. */
export function todayUTC(now = new Date()) {
  return now.toISOString().slice(0, 10);
}

/** The date itself when `text` is a real YYYY-MM-DD date, else null. */
export function parseDate(text) {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const date = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || todayUTC(date) !== text ? null : text;
}

/** The UTC day before (or after, with `days` = 1) a YYYY-MM-DD date. */
export function addDays(date, days) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return todayUTC(d);
}

/** FNV-1a, 32 bits: a small, well-spread hash that every browser computes the same way. */
export function hash32(text) {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  // A final avalanche so that neighbouring dates differ in the low bits too.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  return h >>> 0;
}

/** The daily game of a date: { date, level, color, seed }. */
export function dailyChallenge(date) {
  const h = hash32(`daily-game ${date}`);
  return {
    date,
    level: DAILY_LEVELS[h % DAILY_LEVELS.length],
    color: (h >>> 8) & 1 ? 'black' : 'red',
    seed: hash32(`daily-seed ${date}`),
  };
}

/** A streak as stored under `key`: `{ count, last }` (a malformed one is dropped). */
function loadStreak(key) {
  return store.load(key, { count: 0, last: null },
    (v) => store.isObject(v) && store.isCount(v.count) && (v.last === null || parseDate(v.last) !== null));
}

/** A streak of consecutive UTC days: its length as of `today` (0 once a day was missed). */
export function streak(key, today) {
  const s = loadStreak(key);
  if (s.last === today || s.last === addDays(today, -1)) return s.count;
  return 0;
}

/** Counts `date` as a won (or solved) day in the streak stored under `key`. */
export function extendStreak(key, date) {
  const s = loadStreak(key);
  if (s.last === date) return s.count;
  const count = s.last === addDays(date, -1) ? s.count + 1 : 1;
  store.save(key, { count, last: date });
  return count;
}
