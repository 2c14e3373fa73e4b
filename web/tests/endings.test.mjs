// How games and mishaps end: a game played to checkmate from `?fen=`, an invalid `?fen=`, and
// an engine worker that dies.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  useBrowser, serve, openPage, boardFen, waitInteractive, foreignRequests, START_FEN, legalMoves,
} from './harness.mjs';

const site = useBrowser();

// Red to move; a1a9 mates: the chariot on i8 holds rank 8, the general on e0 holds the e-file.
const MATE_IN_ONE = '3k5/8R/9/9/9/9/9/9/R8/4K4 w - - 0 1';

test('a game from ?fen= played to checkmate: result and reason shown and announced', { timeout: 60_000 }, async () => {
  const opened = await openPage(site.browser, site.url, `?fen=${encodeURIComponent(MATE_IN_ONE)}`);
  const { page, context, requests, errors } = opened;
  assert.equal(await boardFen(page), MATE_IN_ONE);
  await waitInteractive(page);
  assert.ok((await legalMoves(page, MATE_IN_ONE)).includes('a1a9'));
  await page.click('[data-square="a1"]');
  await page.click('[data-square="a9"]');
  await page.waitForSelector('#result:not([hidden])');
  const result = await page.textContent('#result');
  assert.match(result, /1-0/);
  assert.match(await page.textContent('#turn-text'), /You won/);
  assert.match(result, /checkmate/i);
  const status = await page.textContent('[role="status"]');
  assert.match(status, /Game over/);
  assert.match(status, /checkmate/i);
  // The mated general is marked, and the board takes no more moves.
  assert.equal(await page.getAttribute('[data-square="d9"]', 'class').then((c) => c.includes('check')), true);
  assert.equal(await page.locator('#board.interactive').count(), 0);
  await page.click('[data-square="a9"]');
  assert.equal(await page.locator('.pt.target').count(), 0);
  // The finished game is kept: a reload shows it, not the position of the address again.
  assert.equal(new URL(page.url()).searchParams.has('fen'), false);
  await page.reload();
  await page.waitForSelector('#result:not([hidden])');
  assert.equal(await page.getAttribute('[data-ply="0"]', 'data-move'), 'a1a9');
  assert.deepEqual(foreignRequests(requests, site.url), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('an invalid ?fen= shows the error and falls back to the start position', { timeout: 60_000 }, async () => {
  const bad = 'rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHX w - - 0 1';
  const opened = await openPage(site.browser, site.url, `?fen=${encodeURIComponent(bad)}`, { waitEngine: false });
  const { page, context, requests } = opened;
  await page.waitForSelector('#alert:not([hidden])');
  assert.match(await page.textContent('#alert'), /could not be set up/);
  assert.equal(await boardFen(page), START_FEN);
  await waitInteractive(page);
  assert.deepEqual(foreignRequests(requests, site.url), []);
  await context.close();
});

test('a dead engine worker is reported and a retry starts a new one', { timeout: 90_000 }, async () => {
  const opened = await openPage(site.browser, site.url);
  const { page, context } = opened;
  await waitInteractive(page);
  // Kill the engine's worker from the outside, as a crash would.
  assert.ok(page.workers().length >= 1, 'no worker');
  await page.evaluate(() => window.__xiangqiPage.engine.crashForTest());
  await page.waitForSelector('#alert:not([hidden]) #engine-retry:not([hidden])', { timeout: 20_000 });
  assert.match(await page.textContent('#alert'), /engine stopped working/);
  assert.equal(await page.getAttribute('#engine-status', 'data-state'), 'dead');
  // The game goes on once the engine is back.
  await page.getByRole('button', { name: 'Retry the engine' }).click();
  await page.waitForSelector('#engine-status[data-state="ready"]', { timeout: 30_000 });
  assert.equal(await page.locator('#alert[hidden]').count(), 1);
  await page.click('[data-square="h2"]');
  await page.click('[data-square="e2"]');
  await page.waitForSelector('[data-ply="1"]', { timeout: 30_000 });
  await context.close();
});

test('on a host without the isolation headers the page reloads once and gets its threads', { timeout: 60_000 }, async () => {
  const plain = await serve(undefined, { isolation: false });
  try {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    let loads = 0;
    page.on('load', () => { loads++; });
    await page.goto(plain.url);
    await page.waitForFunction(() => crossOriginIsolated, null, { timeout: 30_000 });
    await page.waitForSelector('#engine-status[data-state="ready"]', { timeout: 30_000 });
    assert.equal(loads, 2, 'one reload');
    assert.ok(Number(await page.getAttribute('#engine-status', 'data-threads')) >= 2);
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    await plain.close();
  }
});
