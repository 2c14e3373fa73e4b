// What the page remembers, when storage goes wrong: an entry that is not JSON, of the wrong
// shape, a saved game whose moves are not legal, a language the page does not have, an unknown
// level, a huge entry, a list of kept games with some bad ones; storage that is full, and
// storage that is turned off (access throws, or gives null). Each time the page loads, a move
// can be made, the notice says what happened (in the page's language), and the good entries
// are kept.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  useBrowser, openPage, boardFen, waitFenChange, waitInteractive, legalMoves, fenAfter, REPO, START_FEN,
} from './harness.mjs';

const site = useBrowser();

// Entries that are fine: each test stores them beside its bad ones and checks they are kept.
const GOOD_GAME = {
  id: 'kept-1', date: '2026-03-01T10:00:00.000Z', mode: 'play', level: 'club', color: 'red',
  result: '0-1', termination: 'resignation', startFen: START_FEN, moves: ['h2e2', 'h9g7'],
};
const GOOD = {
  'xiangqi.sound': '"off"',
  'xiangqi.pieces': '"letters"',
  'xiangqi.trainer': JSON.stringify({
    rating: { rating: 1612, deviation: 80, volatility: 0.06 }, streak: 2, best: 5, history: [], ratings: {}, theme: '', level: '',
  }),
  'xiangqi.games': JSON.stringify([GOOD_GAME]),
  'xiangqi.daily-streak': JSON.stringify({ count: 3, last: '2026-03-01' }),
};

/**
 * Opens the page (empty storage, a game against the computer with Red to move: nothing more is
 * written), stores `entries` (raw texts) in place of what is there, and loads `query` + `hash`.
 */
async function openWith(entries, { hash = '', query = '' } = {}) {
  // A query of its own, so that the load below is a new document even for a bare hash.
  const opened = await openPage(site.browser, site.url, '?first', { waitEngine: false });
  await opened.page.evaluate((all) => {
    localStorage.clear();
    for (const [key, text] of Object.entries(all)) localStorage.setItem(key, text);
  }, entries);
  await reload(opened.page, `${site.url}${query}${hash}`);
  return opened;
}

/** Loads `url` (or the page again) and waits for the board and the engine. */
async function reload(page, url = null) {
  if (url) await page.goto(url);
  else await page.reload();
  await page.waitForSelector('#board[aria-busy="false"] [data-square="e0"]', { timeout: 20_000 });
  await page.waitForSelector('#engine-status[data-state="ready"]', { timeout: 30_000 });
}

const stored = (page, key) => page.evaluate((k) => localStorage.getItem(k), key);

/** The good entries are all still there, as they were stored. */
async function assertGoodKept(page) {
  for (const [key, text] of Object.entries(GOOD)) assert.equal(await stored(page, key), text, key);
  // And the page uses them.
  assert.equal(await page.getAttribute('[data-pieces="letters"]', 'aria-pressed'), 'true');
  assert.equal(await page.getAttribute('[data-sound="off"]', 'aria-pressed'), 'true');
}

/** The notice is shown; resolves to its lines. */
async function noticeLines(page) {
  await page.waitForSelector('#store-notice:not([hidden])', { timeout: 10_000 });
  assert.ok(await page.isVisible('#store-notice'));
  return page.$$eval('#store-notice-text p', (els) => els.map((el) => el.textContent));
}

/**
 * A move on the board by clicks: the first legal move of the position (core's list), from the
 * side that is to move; resolves once the board shows the position after it.
 */
async function makeMove(page) {
  await waitInteractive(page);
  const fen = await boardFen(page);
  const [move] = await legalMoves(page, fen);
  await page.click(`[data-square="${move.slice(0, 2)}"]`);
  await page.click(`[data-square="${move.slice(2, 4)}"]`);
  const expected = await fenAfter(page, fen, [move]);
  await page.waitForFunction((f) => document.querySelector('#board').dataset.fen === f, expected, { timeout: 10_000 });
  return move;
}

function screenshot(name) {
  const dir = join(REPO, 'target', 'web-screenshots');
  mkdirSync(dir, { recursive: true });
  return join(dir, name);
}

test('an entry that is not JSON is dropped and said; the rest is kept', { timeout: 90_000 }, async () => {
  const { page, context, errors } = await openWith({ ...GOOD, 'xiangqi.play': '{"startFen": "rnbakabnr/9/1c5' });
  const lines = await noticeLines(page);
  assert.deepEqual(lines, ['Some saved data could not be read and was removed: the game in progress. Everything else is kept.']);
  assert.equal(await boardFen(page), START_FEN);
  // The bad text is gone: the new game is saved in its place.
  assert.deepEqual(JSON.parse(await stored(page, 'xiangqi.play')).moves, []);
  await assertGoodKept(page);
  await page.locator('.status-block').first().screenshot({ path: screenshot('storage-notice-en.png') });
  const move = await makeMove(page);
  assert.deepEqual(JSON.parse(await stored(page, 'xiangqi.play')).moves.slice(0, 1), [move]);
  // Dismissed, it stays away (a reload with nothing bad shows none).
  await page.click('#store-notice-close');
  assert.equal(await page.isVisible('#store-notice'), false);
  await reload(page);
  assert.equal(await page.isVisible('#store-notice'), false);
  assert.deepEqual(errors, []);
  await context.close();
});

test('entries of the wrong type or shape are dropped, each named once', { timeout: 90_000 }, async () => {
  const { page, context, errors } = await openWith({
    ...GOOD,
    'xiangqi.notation': '{"native":true}',
    'xiangqi.puzzle-streak': '{"count":-1,"last":"yesterday"}',
    'xiangqi.setup': '"club"',
    'xiangqi.trainer': '[1, 2, 3]',
  });
  const [line, ...more] = await noticeLines(page);
  assert.deepEqual(more, []);
  // The trainer and the puzzle streak are read in the puzzle mode only.
  assert.equal(line, 'Some saved data could not be read and was removed: a display or sound setting and the new-game choices. Everything else is kept.');
  assert.equal(await stored(page, 'xiangqi.notation'), null);
  assert.equal(await stored(page, 'xiangqi.setup'), null);
  for (const key of ['xiangqi.sound', 'xiangqi.pieces', 'xiangqi.games', 'xiangqi.daily-streak']) {
    assert.equal(await stored(page, key), GOOD[key], key);
  }
  await makeMove(page);
  await page.click('.mode[data-mode="puzzle"]');
  await page.waitForSelector('#trainer-card:not([hidden])');
  await page.waitForFunction(() => /streak of days/.test(document.querySelector('#store-notice-text').textContent)
    && /puzzle rating/.test(document.querySelector('#store-notice-text').textContent));
  const all = await page.textContent('#store-notice-text p');
  assert.match(all, /^Some saved data could not be read and was removed: a display or sound setting, the new-game choices, .*\. Everything else is kept\.$/);
  for (const name of ['the puzzle rating and history', 'a streak of days']) assert.ok(all.includes(name), name);
  assert.equal(await stored(page, 'xiangqi.trainer'), null);
  assert.equal(await stored(page, 'xiangqi.puzzle-streak'), null);
  // The trainer starts afresh.
  assert.equal(await page.getAttribute('#trainer-card', 'data-rating'), '1500');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a saved game whose moves the rules refuse is dropped; a new game starts', { timeout: 90_000 }, async () => {
  // From the start position Red's chariot on a0 cannot reach a5: its own soldier stands on a3.
  const { page, context, errors } = await openWith({
    ...GOOD,
    'xiangqi.play': JSON.stringify({
      startFen: START_FEN, moves: ['h2e2', 'h9g7', 'a0a5'], player: 'red', level: 'club', seed: 7, resigned: null, variant: 'xiangqi',
    }),
  });
  assert.ok(!(await legalMoves(page, await fenAfter(page, START_FEN, ['h2e2', 'h9g7']))).includes('a0a5'));
  assert.deepEqual(await noticeLines(page), ['Some saved data could not be read and was removed: the game in progress. Everything else is kept.']);
  assert.equal(await boardFen(page), START_FEN);
  await assertGoodKept(page);
  await makeMove(page);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a language the page no longer has is dropped; an entry of the older format is kept', { timeout: 90_000 }, async () => {
  // A game in progress saved before janggi: no variant and no seed.
  const old = { startFen: START_FEN, moves: ['h2e2', 'h9g7'], player: 'red', level: 'strong', resigned: null };
  const { page, context, errors } = await openWith({ ...GOOD, 'xiangqi.language': '"tlh"', 'xiangqi.play': JSON.stringify(old) });
  assert.deepEqual(await noticeLines(page), ['Some saved data could not be read and was removed: the language choice. Everything else is kept.']);
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  assert.equal(await stored(page, 'xiangqi.language'), null);
  assert.equal(await boardFen(page), await fenAfter(page, START_FEN, old.moves));
  assert.match(await page.textContent('#sub-text'), /Strong/);
  assert.equal(JSON.parse(await stored(page, 'xiangqi.play')).level, 'strong');
  await assertGoodKept(page);
  await makeMove(page);
  assert.deepEqual(errors, []);
  await context.close();
});

test('an unknown level drops the saved game and the setup choices', { timeout: 90_000 }, async () => {
  const { page, context, errors } = await openWith({
    ...GOOD,
    'xiangqi.play': JSON.stringify({ startFen: START_FEN, moves: ['h2e2'], player: 'red', level: 'grandmaster', seed: 3, variant: 'xiangqi' }),
    'xiangqi.setup': JSON.stringify({ level: 'expert', colour: 'red', game: 'xiangqi' }),
  });
  assert.deepEqual(await noticeLines(page), ['Some saved data could not be read and was removed: the new-game choices and the game in progress. Everything else is kept.']);
  assert.equal(await boardFen(page), START_FEN);
  assert.equal(await stored(page, 'xiangqi.setup'), null);
  assert.equal(JSON.parse(await stored(page, 'xiangqi.play')).level, 'casual');
  await assertGoodKept(page);
  await makeMove(page);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a huge entry is dropped unread', { timeout: 90_000 }, async () => {
  const huge = JSON.stringify({ startFen: START_FEN, moves: ['h2e2'], tags: { Event: 'x'.repeat(1_500_000) } });
  const { page, context, errors } = await openWith({ ...GOOD, 'xiangqi.analysis': huge }, { hash: '#analysis' });
  assert.deepEqual(await noticeLines(page), ['Some saved data could not be read and was removed: the game on the analysis board. Everything else is kept.']);
  assert.equal(await boardFen(page), START_FEN);
  assert.ok((await stored(page, 'xiangqi.analysis')).length < 1000);
  await assertGoodKept(page);
  // The kept game is listed.
  assert.deepEqual(await page.$$eval('#games-list li', (els) => els.map((el) => el.dataset.game)), ['kept-1']);
  await makeMove(page);
  assert.deepEqual(errors, []);
  await context.close();
});

test('kept games that are unusable are left out and counted; the others stay', { timeout: 90_000 }, async () => {
  const illegal = { ...GOOD_GAME, id: 'illegal', moves: ['h2e2', 'h2e2'] };
  const unknownLevel = { ...GOOD_GAME, id: 'old-level', level: 'expert' };
  const other = { ...GOOD_GAME, id: 'kept-2', result: '1/2-1/2', moves: ['b2e2', 'b9c7', 'b0c2'] };
  const { page, context, errors } = await openWith({
    ...GOOD, 'xiangqi.games': JSON.stringify([GOOD_GAME, illegal, 'a game', unknownLevel, other]),
  }, { hash: '#analysis' });
  assert.deepEqual(await noticeLines(page), ['Some saved data could not be read and was removed: 3 of your kept games. Everything else is kept.']);
  assert.deepEqual(await page.$$eval('#games-list li', (els) => els.map((el) => el.dataset.game)), ['kept-1', 'kept-2']);
  assert.deepEqual(JSON.parse(await stored(page, 'xiangqi.games')).map((g) => g.id), ['kept-1', 'kept-2']);
  await makeMove(page);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a saved daily game with illegal moves is dropped; the day can still be played', { timeout: 90_000 }, async () => {
  const date = '2026-03-02';
  const { page, context, errors } = await openWith({
    ...GOOD,
    [`xiangqi.daily-${date}`]: JSON.stringify({ date, startFen: START_FEN, moves: ['e0e5'], level: 'club', color: 'red', result: null }),
  }, { query: `?date=${date}`, hash: '#daily' });
  assert.deepEqual(await noticeLines(page), ['Some saved data could not be read and was removed: today’s daily game. Everything else is kept.']);
  const record = JSON.parse(await stored(page, `xiangqi.daily-${date}`));
  assert.equal(record.date, date);
  assert.ok(!record.moves.includes('e0e5'));
  await assertGoodKept(page);
  await makeMove(page);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the notice is in the page\'s language', { timeout: 120_000 }, async () => {
  for (const code of ['zh-Hans', 'zh-Hant', 'vi']) {
    const { page, context, errors } = await openWith({ ...GOOD, 'xiangqi.sound': '"loud"' }, { query: `?lang=${code}` });
    const dict = await page.evaluate(async (c) => (await import(`./src/i18n/${c}.js`)).default, code);
    const [line] = await noticeLines(page);
    assert.equal(line, dict['store.dropped'].replace('{what}', dict['store.what.settings']), code);
    assert.doesNotMatch(line, /could not be read/);
    if (code === 'vi') await page.locator('.status-block').first().screenshot({ path: screenshot('storage-notice-vi.png') });
    await makeMove(page);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('storage full: the page plays on without saving and says so once', { timeout: 120_000 }, async () => {
  const { page, context, errors } = await openPage(site.browser, site.url, '', { waitEngine: false });
  await page.evaluate((all) => {
    localStorage.clear();
    for (const [key, text] of Object.entries(all)) localStorage.setItem(key, text);
  }, GOOD);
  await context.addInitScript(() => {
    Storage.prototype.setItem = function setItem() {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await reload(page);
  assert.deepEqual(await noticeLines(page), ['This browser’s storage for the page is full: you can play on, but nothing new is saved.']);
  await assertGoodKept(page);
  // A move, the engine's answer, and another move: still one notice line.
  const fen = await boardFen(page);
  await makeMove(page);
  await waitFenChange(page, await boardFen(page));
  await makeMove(page);
  assert.notEqual(await boardFen(page), fen);
  assert.deepEqual(await noticeLines(page), ['This browser’s storage for the page is full: you can play on, but nothing new is saved.']);
  await page.locator('.status-block').first().screenshot({ path: screenshot('storage-full-en.png') });
  // Nothing was written (the entries were cleared before the reload).
  assert.equal(await stored(page, 'xiangqi.play'), null);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [name, getter] of [
  ['access throws a SecurityError', () => { throw new DOMException('The operation is insecure.', 'SecurityError'); }],
  ['localStorage is null', () => null],
]) {
  test(`storage turned off (${name}): the page plays and says once that it cannot save`, { timeout: 120_000 }, async () => {
    const { page, context, errors } = await openPage(site.browser, site.url, '', { waitEngine: false });
    await context.addInitScript(`Object.defineProperty(window, 'localStorage', { configurable: true, get: ${getter.toString()} });`);
    await reload(page);
    const off = 'This browser does not let the page save (storage is turned off): you can play, but nothing is remembered after you leave.';
    assert.deepEqual(await noticeLines(page), [off]);
    await makeMove(page);
    await waitFenChange(page, await boardFen(page));
    await makeMove(page);
    // Every mode works without storage.
    for (const mode of ['daily', 'puzzle', 'analysis']) {
      await page.click(`.mode[data-mode="${mode}"]`);
      await page.waitForFunction((m) => document.documentElement.dataset.mode === m, mode);
    }
    await page.waitForSelector('#games-card:not([hidden])');
    assert.deepEqual(await noticeLines(page), [off]);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
