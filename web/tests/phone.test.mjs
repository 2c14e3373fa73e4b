// Phone first, on a 360 x 740 touch screen: the whole board (its 90 points), the side to move
// and the game buttons in the first screen when a game or a puzzle opens; a piece dragged with
// a finger; legal-move dots large enough for one; no scrolling of the page while tapping.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, waitInteractive, boardFen, START_FEN } from './harness.mjs';

const site = useBrowser();
const PHONE = { width: 360, height: 740, phone: true };

/** What of the first screen the page shows: every point inside it, and where the rest lies. */
async function firstScreen(page) {
  return page.evaluate(() => {
    const inside = (el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    };
    const points = [...document.querySelectorAll('#board [data-square]')];
    return {
      points: points.length,
      inside: points.filter(inside).length,
      turn: inside(document.querySelector('#turn-text')),
      bars: inside(document.querySelector('#bar-top .who')) && inside(document.querySelector('#bar-bottom .who')),
      flip: inside(document.querySelector('#btn-flip')),
      scrollY,
      wide: document.documentElement.scrollWidth - innerWidth,
    };
  });
}

for (const [what, query] of [['a game', ''], ['the daily puzzle', '?date=2026-03-01#puzzle'], ['the daily game', '?date=2026-03-01#daily'], ['the analysis board', '#analysis']]) {
  test(`360 x 740: ${what} opens with the 90 points, the turn line and the buttons in view`, { timeout: 60_000 }, async () => {
    const { page, context, errors } = await openPage(site.browser, site.url, query, { ...PHONE, waitEngine: false });
    if (query.includes('puzzle')) await page.waitForSelector('#puzzle-card[data-puzzle-id]');
    const seen = await firstScreen(page);
    assert.equal(seen.points, 90);
    assert.equal(seen.inside, 90, `${seen.inside} of the 90 points in the first screen`);
    assert.ok(seen.turn, 'the turn line is in view');
    assert.ok(seen.bars, 'both player bars are in view');
    assert.ok(seen.flip, 'the game buttons are in view');
    assert.equal(seen.scrollY, 0);
    assert.ok(seen.wide <= 0, `${seen.wide}px too wide`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a finger drags a piece; the dots are finger-sized; tapping never scrolls the page', { timeout: 90_000 }, async () => {
  const { page, context, errors } = await openPage(site.browser, site.url, '', PHONE);
  await waitInteractive(page);
  const centre = async (square) => {
    const box = await page.locator(`[data-square="${square}"]`).boundingBox();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2, size: box.width };
  };
  // Taps: pick up the horse, the dots appear, big enough for a finger (at least 14 px).
  await page.tap('[data-square="h0"]');
  const dot = await page.$eval('.pt.target', (el) => {
    const style = getComputedStyle(el, '::after');
    return { width: parseFloat(style.width), point: el.getBoundingClientRect().width };
  });
  assert.ok(dot.width >= 14, `dots ${dot.width}px wide on ${dot.point}px points`);
  await page.tap('[data-square="h0"]');
  assert.equal(await page.locator('.pt.target').count(), 0);
  assert.equal(await page.evaluate(() => scrollY), 0, 'the page scrolled while tapping');

  // A drag with a finger (touch events, as a phone sends them): the cannon from h2 to e2.
  const from = await centre('h2');
  const to = await centre('e2');
  const cdp = await context.newCDPSession(page);
  const touch = (type, p) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y }] : [] });
  await touch('touchStart', from);
  for (let i = 1; i <= 6; i++) await touch('touchMove', { x: from.x + ((to.x - from.x) * i) / 6, y: from.y + ((to.y - from.y) * i) / 6 });
  assert.ok((await page.locator('.pt.target').count()) > 0, 'dots while dragging');
  await touch('touchEnd');
  await page.waitForSelector('[data-ply="0"]');
  assert.equal(await page.getAttribute('[data-ply="0"]', 'data-move'), 'h2e2');
  assert.notEqual(await boardFen(page), START_FEN);
  assert.equal(await page.evaluate(() => scrollY), 0, 'the page scrolled while dragging');
  assert.deepEqual(errors, []);
  await context.close();
});
