// The puzzle card and the trainer: nothing about the answer (themes, source, id) before the
// solve; the move numbers of the game the puzzle comes from; a wrong move played, then taken
// back; the rating (Glicko-2, checked against Glickman's worked example) up after a solve and
// down after a failure; a hint that costs the win; the solution shown; the filters; the history.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { useBrowser, openPage, boardFen, waitInteractive, legalMoves, DIST } from './harness.mjs';

const site = useBrowser();

async function shipped() {
  const text = await readFile(join(DIST, 'puzzles.tsv'), 'utf8');
  const rows = text.split('\n').filter((l) => l.trim() && !l.startsWith('#')).map((l) => l.split('\t'));
  const header = rows[0];
  return rows.slice(1).map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i]])))
    .map((p) => ({ ...p, line: p.moves.split(' '), themes: p.themes.split(' ') }));
}

async function play(page, move) {
  await page.click(`[data-square="${move.slice(0, 2)}"]`);
  await page.click(`[data-square="${move.slice(2, 4)}"]`);
}

const rating = async (page) => Number(await page.getAttribute('#trainer-card', 'data-rating'));

/** Plays the whole solution of `p`, waiting for each scripted reply. */
async function solve(page, p) {
  for (let i = 0; i < p.line.length; i += 2) {
    await waitInteractive(page);
    await play(page, p.line[i]);
  }
  await page.waitForSelector('#puzzle-card[data-status="solved"]', { timeout: 20_000 });
}

test('Glicko-2 as Glickman\'s paper computes it', { timeout: 30_000 }, async () => {
  const { page, context } = await openPage(site.browser, site.url, '', { waitEngine: false });
  const r = await page.evaluate(async () => {
    const { ratePeriod } = await import('./src/glicko.js');
    return ratePeriod({ rating: 1500, deviation: 200, volatility: 0.06 },
      [[{ rating: 1400, deviation: 30 }, 1], [{ rating: 1550, deviation: 100 }, 0], [{ rating: 1700, deviation: 300 }, 0]]);
  });
  // "Example of the Glicko-2 system" (2013): r' = 1464.06, RD' = 151.52, sigma' = 0.05999.
  assert.ok(Math.abs(r.rating - 1464.06) < 0.05, String(r.rating));
  assert.ok(Math.abs(r.deviation - 151.52) < 0.05, String(r.deviation));
  assert.ok(Math.abs(r.volatility - 0.05999) < 0.00002, String(r.volatility));
  await context.close();
});

test('a puzzle hides its answer until solved, counts the game\'s move numbers; a solve raises the rating', { timeout: 90_000 }, async () => {
  const puzzles = await shipped();
  const p = puzzles.find((q) => q.line.length === 3 && q.fen.includes(' b ') && q.source.startsWith('CCPD'));
  const opened = await openPage(site.browser, site.url, `?puzzle=${p.id}#puzzle`);
  const { page, context, errors } = opened;
  await page.waitForSelector(`#puzzle-card[data-puzzle-id="${p.id}"]`);
  await waitInteractive(page);
  // The card, the turn line and what the live region said (the trainer's filters list every theme).
  const card = async () => `${await page.textContent('#puzzle-card')} ${await page.textContent('.status-card')}`;
  const before = await card();
  assert.equal(await page.isHidden('#puzzle-about'), true);
  for (const word of [p.id, p.source.split('/')[0], 'ply', 'CC BY', 'sacrifice', 'wins a', 'by chariot', 'by horse', 'by cannon', 'Themes']) {
    assert.ok(!before.includes(word), `"${word}" shown before the solve`);
  }
  assert.equal(await rating(page), 1500);

  await solve(page, p);
  // The game's own move numbers: Black's first move carries the FEN's full-move number.
  const number = Number(p.fen.split(' ')[5]);
  assert.equal(await page.textContent('.move-list li:first-child .num'), `${number}.`);
  assert.equal(await page.textContent('.move-list li:nth-child(2) .num'), `${number + 1}.`);
  // Now the themes and the source are there, in words.
  assert.equal(await page.isVisible('#puzzle-about'), true);
  assert.match(await page.textContent('#puzzle-themes'), /Themes: /);
  assert.match(await page.textContent('#puzzle-source'), /real game.*CC BY 4\.0/);
  assert.ok(await rating(page) > 1500, `rating ${await rating(page)}`);
  assert.equal(await page.getAttribute('#trainer-change', 'data-sign'), 'up');
  assert.match(await page.textContent('#trainer-streak'), /Streak: 1/);
  assert.equal(await page.locator('#trainer-history li[data-result="solved"]').count(), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a wrong move is played, then taken back, and lowers the rating; hint and solution', { timeout: 120_000 }, async () => {
  const puzzles = await shipped();
  const [p, q, r] = puzzles.filter((x) => x.line.length === 3 && !x.themes.includes('mate'));
  const opened = await openPage(site.browser, site.url, `?puzzle=${p.id}#puzzle`);
  const { page, context, errors } = opened;
  await waitInteractive(page);
  // A legal move that is not the solution (nor a mate).
  const wrong = (await legalMoves(page, p.fen)).find((m) => m !== p.line[0]);
  await play(page, wrong);
  // On the board for a moment...
  await page.waitForFunction((fen) => document.querySelector('#board').dataset.fen !== fen, p.fen, { timeout: 5000 });
  assert.equal(await page.getAttribute('[data-ply="0"]', 'data-move'), wrong);
  // ...then taken back.
  await page.waitForFunction((fen) => document.querySelector('#board').dataset.fen === fen, p.fen, { timeout: 5000 });
  assert.match(await page.textContent('[role="status"]'), /wrong move, taken back/);
  assert.match(await page.textContent('#puzzle-wrong'), /Wrong moves: 1/);
  const afterFail = await rating(page);
  assert.ok(afterFail < 1500, `rating ${afterFail}`);
  assert.equal(await page.getAttribute('#trainer-change', 'data-sign'), 'down');
  // Solving it now does not win back the rating: a puzzle counts once.
  await solve(page, p);
  assert.equal(await rating(page), afterFail);

  // A hint marks the piece to move and costs the win.
  await page.goto(`${site.url}?puzzle=${q.id}#puzzle`);
  await waitInteractive(page);
  await page.click('#btn-puzzle-hint');
  assert.equal(await page.getAttribute('.pt.hint', 'data-square'), q.line[0].slice(0, 2));
  assert.match(await page.textContent('[role="status"]'), /does not count as a win/);
  const afterHint = await rating(page);
  assert.ok(afterHint < afterFail, `${afterHint} after the hint, ${afterFail} before`);
  await solve(page, q);
  assert.equal(await rating(page), afterHint);
  assert.match(await page.textContent('#trainer-streak'), /Streak: 0/);

  // View the solution: the line is played on the board, and the puzzle is not solved.
  await page.goto(`${site.url}?puzzle=${r.id}#puzzle`);
  await waitInteractive(page);
  await page.click('#btn-puzzle-solution');
  await page.waitForSelector(`[data-ply="${r.line.length - 1}"]`, { timeout: 10_000 });
  assert.deepEqual(await page.$$eval('.move-list button.mv', (els) => els.map((el) => el.dataset.move)), r.line);
  assert.equal(await page.getAttribute('#puzzle-card', 'data-status'), 'failed');
  assert.equal(await page.isVisible('#puzzle-about'), true);
  assert.equal(await page.locator('#trainer-history li').count(), 3);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the trainer\'s filters choose the next puzzle; the history reopens one', { timeout: 90_000 }, async () => {
  const puzzles = await shipped();
  const byId = new Map(puzzles.map((p) => [p.id, p]));
  const { page, context, errors } = await openPage(site.browser, site.url, '#puzzle', { waitEngine: false });
  await page.waitForSelector('#puzzle-card[data-puzzle-id]');
  await page.selectOption('#trainer-theme', 'wins-horse');
  await page.selectOption('#trainer-level', 'casual');
  const count = puzzles.filter((p) => p.themes.includes('wins-horse') && p.level === 'casual').length;
  assert.match(await page.textContent('#trainer-count'), new RegExp(`^${count} puzzles?$`));
  const seen = [];
  for (let i = 0; i < 3; i++) {
    const id = await page.getAttribute('#puzzle-card', 'data-puzzle-id');
    await page.click('#btn-puzzle-other');
    await page.waitForFunction((old) => document.querySelector('#puzzle-card').dataset.puzzleId !== old, id);
    const p = byId.get(await page.getAttribute('#puzzle-card', 'data-puzzle-id'));
    assert.ok(p.themes.includes('wins-horse') && p.level === 'casual', p.id);
    assert.equal(await boardFen(page), p.fen);
    seen.push(p.id);
  }
  // The choice is remembered.
  await page.reload();
  await page.waitForSelector('#puzzle-card[data-puzzle-id]');
  assert.equal(await page.inputValue('#trainer-theme'), 'wins-horse');
  // Give up on one (the solution), then reopen it from the history.
  await page.click('#btn-puzzle-other');
  await page.waitForTimeout(300);
  const given = await page.getAttribute('#puzzle-card', 'data-puzzle-id');
  await page.click('#btn-puzzle-solution');
  await page.click('#btn-puzzle-other');
  await page.click(`#trainer-history button[data-puzzle="${given}"]`);
  await page.waitForSelector(`#puzzle-card[data-puzzle-id="${given}"][data-status="solving"]`);
  assert.equal(await boardFen(page), byId.get(given).fen);
  assert.deepEqual(errors, []);
  await context.close();
});
