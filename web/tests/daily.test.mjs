// The daily game and the daily puzzle, with the date fixed by `?date=`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  useBrowser, openPage, boardFen, waitFenChange, waitInteractive, legalMoves, foreignRequests,
  DIST, START_FEN,
} from './harness.mjs';

const site = useBrowser();

const LEVEL_NAMES = ['Beginner', 'Casual', 'Club', 'Strong', 'Master'];

/** The daily challenge the page shows on `date`, read in `page` (one page for many dates). */
async function dailyOf(page, date) {
  await page.goto(`${site.url}?date=${date}#daily`);
  await page.waitForSelector('#board[aria-busy="false"] [data-square="e0"]');
  await page.waitForSelector('#daily-card:not([hidden])');
  return { text: await page.textContent('#fact-daily'), card: await page.textContent('#daily-goal') };
}

test('the daily game is the same for a date, differs across dates, and has no take back', { timeout: 90_000 }, async () => {
  const dates = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'];
  const seen = new Set();
  const looking = await openPage(site.browser, site.url, '', { waitEngine: false });
  const other = await openPage(site.browser, site.url, '', { waitEngine: false });
  for (const [i, date] of dates.entries()) {
    const first = await dailyOf(looking.page, date);
    // Another browser profile (empty storage) sees the same.
    if (i < 2) assert.equal(first.text, (await dailyOf(other.page, date)).text, date);
    assert.equal(first.card, first.text);
    const m = first.text.match(/^Beat (\w+), you play (Red|Black)$/);
    assert.ok(m, first.text);
    assert.ok(LEVEL_NAMES.includes(m[1]), m[1]);
    seen.add(first.text);
  }
  await looking.context.close();
  await other.context.close();
  assert.ok(seen.size >= 2, `four days, one challenge: ${[...seen]}`);

  // Playing it: no Take back, scored, and it survives a reload.
  // A day of the weakest level, so that the replies come quickly.
  const opened = await openPage(site.browser, site.url, '?date=2026-03-03#daily');
  const { page, context, requests, errors } = opened;
  assert.equal(await page.getByRole('button', { name: /Take back/ }).count(), 0);
  const youPlay = (await page.textContent('#fact-daily')).endsWith('Red') ? 'red' : 'black';
  if (youPlay === 'black') await waitFenChange(page, START_FEN);
  await waitInteractive(page);
  const fen = await boardFen(page);
  const moves = await legalMoves(page, fen);
  const move = moves[0];
  await page.click(`[data-square="${move.slice(0, 2)}"]`);
  await page.click(`[data-square="${move.slice(2, 4)}"]`);
  const afterMine = await waitFenChange(page, fen);
  const afterReply = await waitFenChange(page, afterMine);
  await waitInteractive(page);
  await page.reload();
  await page.waitForSelector('#board[aria-busy="false"] [data-square="e0"]');
  assert.equal(await boardFen(page), afterReply);
  assert.equal(await page.getByRole('button', { name: /Take back/ }).count(), 0);

  // Resigning scores a loss, and the day's one attempt is spent.
  await page.getByRole('button', { name: /Resign/ }).click();
  await page.getByRole('button', { name: /Really resign/ }).click();
  await page.waitForSelector('#result:not([hidden])');
  assert.match(await page.textContent('#turn-text'), /You lost/);
  assert.match(await page.textContent('#result'), /0-1|1-0/);
  assert.match(await page.textContent('[role="status"]'), /resigned/);
  await page.reload();
  await page.waitForSelector('#board[aria-busy="false"] [data-square="e0"]');
  assert.match(await page.textContent('#daily-streak'), /today: lost/);
  assert.equal(await page.locator('#board.interactive').count(), 0);
  assert.equal(await boardFen(page), afterReply);

  // Streaks count consecutive UTC days (the page's own module, as the page uses it).
  const counts = await page.evaluate(async () => {
    const daily = await import('./src/ui-daily.js');
    localStorage.clear();
    const out = [daily.extendStreak('t', '2026-02-27'), daily.extendStreak('t', '2026-02-28'),
      daily.extendStreak('t', '2026-03-01'), daily.extendStreak('t', '2026-03-01'),
      daily.streak('t', '2026-03-02'), daily.streak('t', '2026-03-03'), daily.extendStreak('t', '2026-03-05')];
    localStorage.clear();
    return out;
  });
  assert.deepEqual(counts, [1, 2, 3, 3, 3, 0, 1]);
  assert.deepEqual(foreignRequests(requests, site.url), []);
  assert.deepEqual(errors, []);
  await context.close();
});

/** The shipped puzzles, read by column name (both layouts the build may ship). */
async function shippedPuzzles() {
  const text = await readFile(join(DIST, 'puzzles.tsv'), 'utf8');
  const rows = text.split('\n').filter((l) => l.trim() && !l.startsWith('#')).map((l) => l.split('\t'));
  const header = rows[0];
  return rows.slice(1).map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i]])));
}

test('the daily puzzle: the same for a date; a wrong move is taken back; solved', { timeout: 100_000 }, async () => {
  const puzzles = await shippedPuzzles();
  assert.ok(puzzles.length > 0);
  const dates = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'];
  const ids = [];
  const looking = await openPage(site.browser, site.url, '', { waitEngine: false });
  for (const date of [dates[0], ...dates]) {
    await looking.page.goto(`${site.url}?date=${date}#puzzle`);
    await looking.page.waitForSelector('#puzzle-card[data-puzzle-id]:not([hidden])');
    ids.push(await looking.page.getAttribute('#puzzle-card', 'data-puzzle-id'));
    // The next date starts from empty storage, as another person would.
    await looking.page.evaluate(() => localStorage.clear());
  }
  await looking.context.close();
  assert.equal(ids[0], ids[1], 'one date, two puzzles');
  ids.shift();
  // Rows marked for the daily puzzle (all rows in a file without that column).
  const pool = puzzles.filter((p) => p.daily === undefined || p.daily === '1').length;
  assert.ok(new Set(ids).size >= Math.min(2, pool), `${ids}`);
  const byId = new Map(puzzles.map((p) => [p.id, p]));
  for (const id of ids) assert.ok(byId.has(id), id);

  // The day of the shortest daily puzzle in the coming year (found with the page's own choice of
  // the day's puzzle, which the loop above checked) is the one solved.
  const length = (p) => (p.moves ? p.moves.split(' ').length : 2 * Number(p.mate_in_moves) - 1);
  const year = await openPage(site.browser, site.url, '', { waitEngine: false });
  const days = await year.page.evaluate(async () => {
    const { parsePuzzles, dailyPuzzle } = await import('./src/ui-puzzle.js');
    const { addDays } = await import('./src/ui-daily.js');
    const all = parsePuzzles(await (await fetch('puzzles.tsv')).text());
    const out = [];
    for (let i = 0, date = '2026-03-01'; i < 366; i++, date = addDays(date, 1)) out.push([date, dailyPuzzle(all, date).id]);
    return out;
  });
  await year.context.close();
  for (let i = 0; i < dates.length; i++) assert.deepEqual(days[i], [dates[i], ids[i]]);
  const [date, id] = days.reduce((best, d) => (length(byId.get(d[1])) < length(byId.get(best[1])) ? d : best));
  const puzzle = byId.get(id);
  const firstMoves = puzzle.moves ? [puzzle.moves.split(' ')[0]] : puzzle.best_moves_iccs.split(/[\s,]+/);
  const opened = await openPage(site.browser, site.url, `?date=${date}#puzzle`);
  const { page, context, requests, errors } = opened;
  await page.waitForSelector(`#puzzle-card[data-puzzle-id="${puzzle.id}"]`);
  assert.equal(await boardFen(page), puzzle.fen);
  await waitInteractive(page);

  // A legal move that is neither listed nor mates at once: wrong, and taken back.
  const legal = await legalMoves(page, puzzle.fen);
  const mates = await page.evaluate(async ([fen, moves]) => {
    const { Game } = await import('./src/xiangqi.js');
    return moves.filter((m) => {
      const g = new Game(fen);
      g.play(m);
      const over = g.outcome();
      g.free();
      return over !== null && over !== undefined;
    });
  }, [puzzle.fen, legal]);
  const wrong = legal.find((m) => !firstMoves.includes(m) && !mates.includes(m));
  await page.click(`[data-square="${wrong.slice(0, 2)}"]`);
  await page.click(`[data-square="${wrong.slice(2, 4)}"]`);
  await page.waitForFunction(() => /wrong/i.test(document.querySelector('[role="status"]').textContent));
  assert.equal(await boardFen(page), puzzle.fen);
  assert.match(await page.textContent('#puzzle-wrong'), /Wrong moves: 1/);
  await waitInteractive(page);

  // The solution: the listed line, or the listed first move and then the mating moves a second
  // engine (started here, at full strength) finds against the page's defence.
  if (puzzle.moves) {
    const line = puzzle.moves.split(' ');
    for (let i = 0; i < line.length; i += 2) {
      await waitInteractive(page);
      await page.click(`[data-square="${line[i].slice(0, 2)}"]`);
      await page.click(`[data-square="${line[i].slice(2, 4)}"]`);
    }
  } else {
    let move = firstMoves[0];
    for (let i = 0; i < Number(puzzle.mate_in_moves); i++) {
      await page.click(`[data-square="${move.slice(0, 2)}"]`);
      await page.click(`[data-square="${move.slice(2, 4)}"]`);
      const status = await page.waitForFunction(() => {
        const card = document.querySelector('#puzzle-card');
        if (card.dataset.status !== 'solving') return card.dataset.status;
        return document.querySelector('#board.interactive') ? 'move' : false;
      }, null, { timeout: 30_000 }).then((h) => h.jsonValue());
      if (status !== 'move') break;
      move = await page.evaluate(async () => {
        const { EngineClient } = await import('./src/engine.js');
        window.testEngine ??= await EngineClient.start();
        const fen = document.querySelector('#board').dataset.fen;
        return (await window.testEngine.bestMove({ fen, moves: [], level: 'master', seed: 1, movetimeMs: 5000 })).move;
      });
    }
  }
  await page.waitForSelector('#puzzle-card[data-status="solved"]', { timeout: 30_000 });
  assert.match(await page.textContent('[role="status"]'), /solved/i);
  assert.match(await page.textContent('#puzzle-streak'), /Streak: 1 day/);
  assert.deepEqual(foreignRequests(requests, site.url), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('another puzzle: a different shipped one, not called the daily puzzle', { timeout: 60_000 }, async () => {
  const byId = new Map((await shippedPuzzles()).map((p) => [p.id, p]));
  const opened = await openPage(site.browser, site.url, '?date=2026-03-01#puzzle', { waitEngine: false });
  const { page, context, errors } = opened;
  await page.waitForSelector('#puzzle-card[data-puzzle-id]:not([hidden])');
  const daily = await page.getAttribute('#puzzle-card', 'data-puzzle-id');
  assert.match(await page.textContent('#mode-title'), /^Daily puzzle · /);
  assert.equal(await page.textContent('#puzzle-card .card-title'), 'Daily puzzle');
  await page.click('#btn-puzzle-other');
  await page.waitForFunction((id) => document.querySelector('#puzzle-card').dataset.puzzleId !== id, daily);
  const other = byId.get(await page.getAttribute('#puzzle-card', 'data-puzzle-id'));
  assert.ok(other, 'a shipped puzzle');
  assert.equal(await boardFen(page), other.fen);
  assert.equal(await page.textContent('#mode-title'), 'Puzzle');
  assert.equal(await page.textContent('#puzzle-card .card-title'), 'Puzzle');
  assert.deepEqual(errors, []);
  await context.close();
});
