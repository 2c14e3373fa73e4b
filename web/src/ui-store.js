// Everything the page remembers lives in this browser's localStorage, under keys starting
// with "xiangqi."; nothing is sent anywhere.
//
// What is read back is checked where it is read: every load() names a check, and an entry that
// is not valid JSON, fails its check or is larger than MAX_CHARS is removed and reported (the
// page shows which kind of thing was dropped; the other entries are kept). Storage can be
// unavailable (a private window, storage turned off, a full quota): then the page works on
// without saving and says so once.
//
//   import * as store from './ui-store.js';
//   const sound = store.load('sound', 'on', (v) => v === 'on' || v === 'off');
//   store.save('sound', 'off');
//   store.watch((problems) => ...);   // [{ kind: 'dropped', key, count? }, { kind: 'unsaved', why }]

const PREFIX = 'xiangqi.';

/**
 * The largest entry read back, in UTF-16 code units (a full list of 200 kept games is about
 * half of it); anything larger is taken for damage and removed unread.
 */
export const MAX_CHARS = 1 << 20;

/** The entries whose text passed their check (or was written by this page) this visit. */
const trusted = new Map();
/** What went wrong, in order: `{ kind: 'dropped', key, count? }` or `{ kind: 'unsaved', why }`. */
const problems = [];
const watchers = [];

function report(problem) {
  if (problem.kind === 'unsaved' && problems.some((p) => p.kind === 'unsaved')) return;
  if (problem.kind === 'dropped' && problems.some((p) => p.kind === 'dropped' && p.key === problem.key)) return;
  problems.push(problem);
  for (const watcher of watchers) watcher(problems.slice());
}

/**
 * The browser's localStorage, or null when the page may not use it (access throws a
 * SecurityError where storage is turned off; some browsers give null).
 */
function storage() {
  let local = null;
  try {
    local = globalThis.localStorage ?? null;
  } catch {
    local = null;
  }
  if (!local) report({ kind: 'unsaved', why: 'off' });
  return local;
}

/**
 * The entry `key`, parsed, when `check(value)` accepts it (returns true; false or a throw
 * rejects it); `fallback` when there is none, storage cannot be read, or the entry was bad. A bad
 * entry is removed and reported (see watch()). A check only judges: a reader that wants
 * defaults for missing fields fills them in itself.
 */
export function load(key, fallback, check) {
  const local = storage();
  if (!local) return fallback;
  let text;
  try {
    text = local.getItem(PREFIX + key);
  } catch {
    report({ kind: 'unsaved', why: 'off' });
    return fallback;
  }
  if (text === null) return fallback;
  let value;
  let good = false;
  if (text.length <= MAX_CHARS) {
    try {
      value = JSON.parse(text);
      good = trusted.get(key) === text || check(value) === true;
    } catch {
      good = false;
    }
  }
  if (!good) {
    drop(key);
    return fallback;
  }
  trusted.set(key, text);
  return value;
}

/**
 * Removes the entry `key` and reports it as dropped: for a reader that finds an entry unusable
 * after load() (say, a saved game whose moves the rules refuse).
 */
export function drop(key) {
  trusted.delete(key);
  remove(key);
  report({ kind: 'dropped', key });
}

/**
 * Reports that `count` parts of the entry `key` (say, some of the kept games) were unusable and
 * left out; the reader saves what it kept.
 */
export function reportDropped(key, count) {
  report({ kind: 'dropped', key, count });
}

/** Whether an exception from setItem says the quota is used up (each browser names it). */
function isQuotaError(error) {
  return error instanceof DOMException
    && (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED' || error.code === 22);
}

/** Saves `value` (as JSON) under `key`; true when it was saved. A failure is reported once. */
export function save(key, value) {
  const local = storage();
  if (!local) return false;
  const text = JSON.stringify(value);
  try {
    local.setItem(PREFIX + key, text);
  } catch (error) {
    trusted.delete(key);
    report({ kind: 'unsaved', why: isQuotaError(error) ? 'full' : 'off' });
    return false;
  }
  trusted.set(key, text);
  return true;
}

/** Removes the entry `key` (nothing happens when storage cannot be used). */
export function remove(key) {
  trusted.delete(key);
  let local = null;
  try {
    local = globalThis.localStorage ?? null;
    local?.removeItem(PREFIX + key);
  } catch {
    // Storage disabled: there is nothing to remove.
  }
}

/**
 * Calls `watcher(problems)` now when something went wrong already, and again after each new
 * problem: every entry dropped so far (`{ kind: 'dropped', key }`; `count` when only some parts
 * of it were left out) and, once, that the page
 * cannot save (`{ kind: 'unsaved', why: 'full' | 'off' }`).
 */
export function watch(watcher) {
  watchers.push(watcher);
  if (problems.length) watcher(problems.slice());
}

/** The problems so far (see watch()). */
export function problemList() {
  return problems.slice();
}

// Checks for the readers' own ones.

/** Whether `value` is a plain object (not null, not an array). */
export const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether `value` is an array of strings. */
export const isStringList = (value) => Array.isArray(value) && value.every((s) => typeof s === 'string');

/** Whether `value` is a whole number >= 0. */
export const isCount = (value) => Number.isInteger(value) && value >= 0;

/** Whether `value` is a YYYY-MM-DD text. */
export const isDateText = (value) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
