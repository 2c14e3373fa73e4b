// What a player noticed, each fixed: a capture announced as a capture, a focus ring that shows
// on the wood, the arrow keys stepping through the moves from anywhere, "Really resign?" not
// growing its row, no layout shift while a game is played (the page's own CLS), and Rematch
// and New game under the result.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, waitInteractive, waitFenChange, boardFen, fenAfter } from './harness.mjs';

const site = useBrowser();

test('a capture is announced as one, with the piece taken', { timeout: 60_000 }, async () => {
  // Red's cannon on h2 takes the horse on h9 over the cannon on h7.
  const { page, context, errors } = await openPage(site.browser, site.url, '?fen=' + encodeURIComponent('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1'));
  await waitInteractive(page);
  await page.click('[data-square="h2"]');
  await page.click('[data-square="h9"]');
  await page.waitForSelector('[data-ply="0"]');
  assert.match(await page.textContent('[role="status"]'), /^Red cannon h2 takes the horse on h9 \(炮二進七\)/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the keyboard cursor shows a strong two-colour ring', { timeout: 60_000 }, async () => {
  const { page, context } = await openPage(site.browser, site.url, '', { waitEngine: false });
  await page.focus('[data-square="e0"]');
  await page.keyboard.press('ArrowUp');
  const ring = await page.$eval('[data-square="e1"]', (el) => {
    const style = getComputedStyle(el, '::before');
    return { border: style.borderTopColor, width: parseFloat(style.borderTopWidth), shadow: style.boxShadow };
  });
  assert.equal(ring.border, 'rgb(255, 255, 255)');
  assert.ok(ring.width >= 2, `${ring.width}px`);
  assert.match(ring.shadow, /rgb\(11, 61, 145\)/);
  await context.close();
});

test('arrow keys step through the moves from anywhere on the page; resigning keeps the row', { timeout: 90_000 }, async () => {
  const { page, context, errors } = await openPage(site.browser, site.url);
  await waitInteractive(page);
  await page.click('[data-square="h2"]');
  await page.click('[data-square="e2"]');
  const afterMine = await fenAfter(page, undefined, ['h2e2']);
  await waitFenChange(page, afterMine);
  await waitInteractive(page);
  // The focus on a button of the side panel, then on nothing at all.
  await page.focus('#btn-flip');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.getAttribute('#board', 'data-view-fen'), afterMine);
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.getAttribute('#board', 'data-view-fen'), 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.getAttribute('#board', 'data-view-fen'), null);
  // In a text field the arrows are the field's.
  await page.click('#btn-fen');
  await page.focus('#export-text');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.getAttribute('#board', 'data-view-fen'), null);

  // "Really resign?" keeps the buttons' row as it was, at 360 pixels too.
  await page.setViewportSize({ width: 360, height: 740 });
  const height = () => page.$eval('.controls', (el) => el.getBoundingClientRect().height);
  const before = await height();
  await page.click('#btn-resign');
  assert.match(await page.textContent('#btn-resign'), /Really resign\?/);
  assert.equal(await height(), before);
  assert.deepEqual(errors, []);
  await context.close();
});

test('no layout shift while a game is played: the page\'s cumulative layout shift stays under 0.02', { timeout: 90_000 }, async () => {
  const { page, context, errors } = await openPage(site.browser, site.url, '', { width: 412, height: 860, phone: true });
  await page.evaluate(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__shifts.push({ value: entry.value, input: entry.hadRecentInput });
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await waitInteractive(page);
  for (const [from, to] of [['h2', 'e2'], ['b0', 'c2']]) {
    const fen = await boardFen(page);
    await page.tap(`[data-square="${from}"]`);
    await page.tap(`[data-square="${to}"]`);
    const mine = await waitFenChange(page, fen);
    // The engine's reply lands with no input of the person's: any shift then counts.
    await waitFenChange(page, mine);
    await waitInteractive(page);
    await page.waitForTimeout(600);
  }
  const shifts = await page.evaluate(() => window.__shifts);
  const cls = shifts.filter((s) => !s.input).reduce((sum, s) => sum + s.value, 0);
  assert.ok(cls < 0.02, `CLS ${cls}: ${JSON.stringify(shifts)}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('after the game: Rematch starts the same level and colour again, Take back is off', { timeout: 60_000 }, async () => {
  const mate = '3k5/8R/9/9/9/9/9/9/R8/4K4 w - - 0 1';
  const { page, context, errors } = await openPage(site.browser, site.url, `?fen=${encodeURIComponent(mate)}&level=strong`);
  await waitInteractive(page);
  await page.click('[data-square="a1"]');
  await page.click('[data-square="a9"]');
  await page.waitForSelector('#result:not([hidden])');
  assert.equal(await page.isDisabled('#btn-takeback'), true);
  assert.equal(await page.isDisabled('#btn-resign'), true);
  await page.click('#btn-rematch');
  await page.waitForSelector('#result[hidden]', { state: 'attached' });
  assert.equal(await boardFen(page), 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1');
  assert.match(await page.textContent('#bar-top .who'), /Strong \(computer\)/);
  assert.match(await page.textContent('#bar-bottom .who'), /You · Red/);
  // New game… leads to the form with its level and colour choices.
  assert.deepEqual(errors, []);
  await context.close();
});
