// Playing against the computer: isolation and threads, moves by clicks and by keys, the
// engine's reply, take back, flip, letters, no request off the origin, no console error, and
// the screenshots in docs/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  useBrowser, openPage, boardFen, waitFenChange, waitInteractive, legalMoves, fenAfter,
  foreignRequests, screenshotPath, START_FEN,
} from './harness.mjs';

const site = useBrowser();

/** Clicks the elements one after the other inside one task of the page. */
function clickAll(page, selectors) {
  return page.evaluate((list) => {
    for (const selector of list) document.querySelector(selector).click();
  }, selectors);
}

/** Every page must stay on its origin and log no error. */
function assertClean({ requests, errors }) {
  assert.deepEqual(foreignRequests(requests, site.url), [], 'requests outside the origin');
  assert.deepEqual(errors, [], 'console errors');
}

test('the page is cross-origin isolated and the engine reports its threads', { timeout: 60_000 }, async () => {
  const opened = await openPage(site.browser, site.url);
  const { page, context } = opened;
  assert.equal(await page.evaluate(() => crossOriginIsolated), true);
  const threads = Number(await page.getAttribute('#engine-status', 'data-threads'));
  assert.ok(threads >= 2, `threads: ${threads}`);
  assert.match(await page.textContent('#engine-status'), new RegExp(`${threads} threads`));
  assert.equal(await boardFen(page), START_FEN);
  assert.equal(await page.locator('[data-square]').count(), 90);
  assert.equal(await page.locator('[data-piece]').count(), 32);
  assert.equal(await page.getAttribute('[data-square="e0"]', 'aria-label'), 'e0, Red general');
  assert.equal(await page.getAttribute('[data-square="e1"]', 'aria-label'), 'e1, empty');
  for (const name of ['Beginner', 'Casual', 'Club', 'Strong', 'Master']) {
    assert.ok(await page.getByText(name, { exact: true }).first().isVisible(), name);
  }
  for (const name of ['Take back', 'Flip', 'New game']) {
    assert.equal(await page.getByRole('button', { name: new RegExp(name) }).count(), 1, name);
  }
  assertClean(opened);
  await context.close();
});

test('a move by clicks shows the legal points, and the engine answers legally', { timeout: 90_000 }, async () => {
  const opened = await openPage(site.browser, site.url);
  const { page, context } = opened;
  await waitInteractive(page);
  const legal = await legalMoves(page, START_FEN);
  const fromH2 = legal.filter((m) => m.startsWith('h2')).map((m) => m.slice(2)).sort();
  await page.click('[data-square="h2"]');
  const dots = await page.$$eval('.pt.target', (els) => els.map((el) => el.dataset.square).sort());
  assert.deepEqual(dots, fromH2);
  assert.ok(dots.includes('e2'));

  // A click on a point that is not a legal target cancels; nothing moves.
  await page.click('[data-square="e5"]');
  assert.equal(await page.locator('.pt.target').count(), 0);
  assert.equal(await boardFen(page), START_FEN);

  await page.click('[data-square="h2"]');
  await page.click('[data-square="e2"]');
  const afterMove = await fenAfter(page, START_FEN, ['h2e2']);
  assert.equal(await page.$eval('[data-ply="0"]', (el) => el.firstChild.textContent), '炮二平五');
  const replyFen = await waitFenChange(page, afterMove);
  await page.waitForSelector('[data-ply="1"]');
  // Move text in the traditional characters the board draws, never simplified ones.
  assert.doesNotMatch(await page.$eval('[data-ply="1"]', (el) => el.firstChild.textContent), /[马车进后将帅]/);
  const blackMoves = await legalMoves(page, afterMove);
  const reachable = [];
  for (const m of blackMoves) reachable.push(await fenAfter(page, afterMove, [m]));
  assert.ok(reachable.includes(replyFen), `the reply ${replyFen} is no legal move from ${afterMove}`);
  // The live region told the moves.
  assert.match(await page.textContent('[role="status"]'), /Black \w+ [a-i]\d to [a-i]\d/);
  // The last move is highlighted on two points.
  assert.equal(await page.locator('.pt.last').count(), 2);
  assertClean(opened);
  await context.close();
});

test('a move by keyboard, with the cursor following the flip', { timeout: 60_000 }, async () => {
  const opened = await openPage(site.browser, site.url);
  const { page, context } = opened;
  await waitInteractive(page);
  await page.focus('[data-square="e0"]');
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowUp', 'ArrowUp']) await page.keyboard.press(key);
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), 'h2');
  await page.keyboard.press('Enter');
  assert.ok((await page.locator('.pt.target').count()) > 0);
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('.pt.target').count(), 0);
  await page.keyboard.press(' ');
  for (const key of ['ArrowLeft', 'ArrowLeft', 'ArrowLeft']) await page.keyboard.press(key);
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-ply="0"]');
  assert.equal(await page.$eval('[data-ply="0"]', (el) => el.firstChild.textContent), '炮二平五');
  await waitInteractive(page);
  // WXF on request, remembered.
  await page.getByRole('button', { name: 'WXF' }).click();
  assert.equal(await page.$eval('[data-ply="0"]', (el) => el.firstChild.textContent), 'C2=5');
  assert.equal(await page.evaluate(() => localStorage.getItem('xiangqi.notation')), '"wxf"');

  // Flipped, "up" on the screen goes towards Red's side.
  await page.getByRole('button', { name: /Flip/ }).click();
  await page.focus('[data-square="e4"]');
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), 'e3');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), 'f3');
  assertClean(opened);
  await context.close();
});

test('a move by dragging a piece', { timeout: 60_000 }, async () => {
  const opened = await openPage(site.browser, site.url);
  const { page, context } = opened;
  await waitInteractive(page);
  const centre = async (square) => {
    const box = await page.locator(`[data-square="${square}"]`).boundingBox();
    return [box.x + box.width / 2, box.y + box.height / 2];
  };
  const [x0, y0] = await centre('b0');
  const [x1, y1] = await centre('c2');
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, { steps: 4 });
  assert.ok((await page.locator('.pt.target').count()) > 0, 'dots while dragging');
  await page.mouse.move(x1, y1, { steps: 4 });
  await page.mouse.up();
  await page.waitForSelector('[data-ply="0"]');
  assert.equal(await page.getAttribute('[data-ply="0"]', 'data-move'), 'b0c2');
  // A drag that ends where it started moves nothing.
  await waitInteractive(page);
  const fen = await boardFen(page);
  const [x2, y2] = await centre('h2');
  await page.mouse.move(x2, y2);
  await page.mouse.down();
  await page.mouse.move(x2 + 30, y2 - 30, { steps: 3 });
  await page.mouse.move(x2, y2, { steps: 3 });
  await page.mouse.up();
  assert.equal(await boardFen(page), fen);
  assertClean(opened);
  await context.close();
});

test('a move by taps on a 360-pixel phone', { timeout: 60_000 }, async () => {
  const opened = await openPage(site.browser, site.url, '', { width: 360, height: 740, phone: true });
  const { page, context } = opened;
  await waitInteractive(page);
  const frame = await page.locator('#board-frame').boundingBox();
  assert.ok(frame.width <= 360 && frame.width >= 320, `board ${frame.width}px wide`);
  await page.tap('[data-square="b0"]');
  assert.ok((await page.locator('.pt.target').count()) > 0);
  await page.tap('[data-square="c2"]');
  await page.waitForSelector('[data-ply="0"]');
  assert.equal(await page.getAttribute('[data-ply="0"]', 'data-move'), 'b0c2');
  await page.waitForSelector('[data-ply="1"]');
  assertClean(opened);
  await context.close();
});

test('take back undoes the move and the reply; clicks during the engine\'s thinking change nothing', { timeout: 90_000 }, async () => {
  const opened = await openPage(site.browser, site.url);
  const { page, context } = opened;
  const takeBack = page.getByRole('button', { name: /Take back/ });
  await waitInteractive(page);
  assert.equal(await takeBack.isDisabled(), true);
  // The move, then at once (in the same task, before any reply can land) a second attempt.
  await clickAll(page, ['[data-square="b0"]', '[data-square="c2"]', '[data-square="h2"]', '[data-square="e2"]']);
  const afterMove = await fenAfter(page, START_FEN, ['b0c2']);
  assert.equal(await boardFen(page), afterMove);
  const reply = await waitFenChange(page, afterMove);
  assert.notEqual(reply, START_FEN);
  await waitInteractive(page);
  assert.equal(await page.locator('.move-list .mv[data-ply]').count(), 2);
  // Looking back at the first move shows its position and takes no move; then back again.
  await page.click('[data-ply="0"]');
  assert.equal(await page.getAttribute('#board', 'data-view-fen'), afterMove);
  assert.equal(await page.textContent('[data-square="c2"] [data-piece]'), '傌');
  assert.equal(await page.locator('#board.interactive').count(), 0);
  assert.equal(await boardFen(page), reply);
  await page.getByRole('button', { name: 'Back to the game' }).click();
  assert.equal(await page.getAttribute('#board', 'data-view-fen'), null);
  await waitInteractive(page);
  await page.getByRole('button', { name: 'Previous move' }).click();
  assert.equal(await page.getAttribute('#board', 'data-view-fen'), afterMove);
  await page.getByRole('button', { name: 'Next move' }).click();
  await waitInteractive(page);
  await takeBack.click();
  assert.equal(await boardFen(page), START_FEN);
  assert.equal(await page.locator('.move-list .mv[data-ply]').count(), 0);

  // Take back while the engine is thinking (twice, quickly): the reply never lands.
  await clickAll(page, ['[data-square="h2"]', '[data-square="e2"]', '#btn-takeback', '#btn-takeback']);
  assert.equal(await boardFen(page), START_FEN);
  await page.waitForTimeout(1500);
  assert.equal(await boardFen(page), START_FEN);
  await waitInteractive(page);
  assertClean(opened);
  await context.close();
});

test('flip turns the board, letters replace the characters and are remembered', { timeout: 60_000 }, async () => {
  const opened = await openPage(site.browser, site.url);
  const { page, context } = opened;
  const top = async () => page.$eval('[data-square="e9"]', (el) => el.getBoundingClientRect().top);
  const bottom = async () => page.$eval('[data-square="e0"]', (el) => el.getBoundingClientRect().top);
  assert.ok((await top()) < (await bottom()));
  await page.getByRole('button', { name: /Flip/ }).click();
  assert.ok((await top()) > (await bottom()));

  assert.equal(await page.textContent('[data-square="e0"] [data-piece="K"]'), '帥');
  assert.equal(await page.textContent('[data-square="e9"] [data-piece="k"]'), '將');
  await page.getByRole('button', { name: 'Letters' }).click();
  assert.equal(await page.textContent('[data-square="e0"] [data-piece="K"]'), 'K');
  assert.equal(await page.textContent('[data-square="h2"] [data-piece="C"]'), 'C');
  await page.reload();
  await page.waitForSelector('#board[aria-busy="false"] [data-piece="K"]');
  assert.equal(await page.textContent('[data-square="e0"] [data-piece="K"]'), 'K');
  await page.getByRole('button', { name: 'Characters' }).click();
  assert.equal(await page.textContent('[data-square="e0"] [data-piece="K"]'), '帥');
  assertClean(opened);
  await context.close();
});

test('new game as Black: the engine opens; the game survives a reload; PGN and FEN copy', { timeout: 90_000 }, async () => {
  const opened = await openPage(site.browser, site.url);
  const { page, context } = opened;
  await page.locator('#setup').getByText('Club', { exact: true }).click();
  await page.locator('#setup').getByText('Black', { exact: true }).click();
  await page.getByRole('button', { name: /New game/ }).click();
  const first = await waitFenChange(page, START_FEN);
  await waitInteractive(page);
  assert.match(first, / b /);
  // Black at the bottom.
  const e0 = await page.$eval('[data-square="e0"]', (el) => el.getBoundingClientRect().top);
  const e9 = await page.$eval('[data-square="e9"]', (el) => el.getBoundingClientRect().top);
  assert.ok(e0 < e9);
  await page.reload();
  await page.waitForSelector('#board[aria-busy="false"] [data-square="e0"]');
  assert.equal(await boardFen(page), first);

  await page.getByRole('button', { name: 'Copy FEN' }).click();
  assert.equal(await page.inputValue('#export-text'), first);
  await page.getByRole('button', { name: 'Copy PGN' }).click();
  const pgn = await page.inputValue('#export-text');
  assert.match(pgn, /\[Red "Computer \(Club\)"\]/);
  assert.match(pgn, /\[Black "You"\]/);
  assert.match(pgn, /1\. \S+/);
  assertClean(opened);
  await context.close();
});

test('screenshots at 1280 and 360 pixels wide (docs/ with UPDATE_SCREENSHOTS=1)', { timeout: 60_000 }, async () => {
  for (const [width, height] of [[1280, 860], [360, 760]]) {
    const opened = await openPage(site.browser, site.url, '', { width, height });
    const { page, context } = opened;
    await waitInteractive(page);
    await page.click('[data-square="h2"]');
    // Nothing sticks out sideways: the board fits the width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than the window`);
    const box = await page.$eval('#board-frame', (el) => el.getBoundingClientRect().width);
    assert.ok(box <= width, `board ${box}px`);
    await page.mouse.move(0, 0);
    // On a phone the board is what one looks at while playing.
    if (width < 600) await page.$eval('.play', (el) => el.scrollIntoView());
    await page.screenshot({ path: screenshotPath(`play-page-${width}.png`), animations: 'disabled' });
    assertClean(opened);
    await context.close();
  }
});
