// Analysis: a finished game from ?pgn= reviewed in the worker, the graph drawn, the blunder
// marked ?? with the right better move (checked by the rules, not by the engine: the only move
// that mates), arrow keys stepping through it from anywhere; the analysis board's live top
// three lines, legal and stopping when asked; a finished game kept in Your games and reopened.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  useBrowser, openPage, foreignRequests, fenAfter, legalMoves, waitInteractive, screenshotPath, REPO,
  boardFen, waitFenChange, START_FEN,
} from './harness.mjs';

const site = useBrowser();

// Red to move mates at once with a1a9 (the only mating move), but plays e0f0 and is mated by
// h4h0. The review must mark 1. e0f0 ?? with a1a9 as the better move.
const START = '3k5/8R/9/9/9/7r1/9/9/R7r/4K4 w - - 0 1';
const BLUNDER_GAME = `[Event "Test"]\n[FEN "${START}"]\n\n1. e0f0 h4h0 0-1`;

/** The moves of `fen` after which the side to move is checkmated, by the page's own rules. */
async function matingMoves(page, fen) {
  return page.evaluate(async (f) => {
    const { loadRules, Game } = await import('./src/xiangqi.js');
    await loadRules();
    const game = new Game(f);
    const out = game.legalMoves().filter((m) => {
      game.play(m);
      const over = game.outcome();
      game.undo();
      return over?.termination === 'checkmate';
    });
    game.free();
    return out;
  }, fen);
}

test('a finished game from ?pgn= is reviewed: graph, the blunder marked ?? with the better move', { timeout: 120_000 }, async () => {
  const opened = await openPage(site.browser, site.url, `?pgn=${encodeURIComponent(BLUNDER_GAME)}`);
  const { page, context, errors, requests } = opened;
  assert.deepEqual(await matingMoves(page, START), ['a1a9']);
  assert.ok((await legalMoves(page, START)).includes('e0f0'));
  assert.equal(new URL(page.url()).hash, '#analysis');
  await page.waitForSelector('#analysis-card[data-review="done"]', { timeout: 90_000 });
  // One graph point per position, the blunder's dot on it.
  assert.equal(await page.getAttribute('#graph-box', 'data-points'), '3');
  assert.equal(await page.locator('#graph .curve').count(), 1);
  assert.equal(await page.locator('#graph .dot.blunder').count(), 1);
  const first = page.locator('[data-ply="0"]');
  assert.equal(await first.getAttribute('data-judgement'), 'blunder');
  assert.match(await first.textContent(), /\?\?$/);
  // The mate that ended the game is the best move: no mark.
  assert.equal(await page.getAttribute('[data-ply="1"]', 'data-judgement'), null);
  assert.match(await page.textContent('#review-summary-red'), /0 \?!, 0 \?, 1 \?\?/);
  assert.match(await page.textContent('#review-summary-black'), /0 \?!, 0 \?, 0 \?\?/);

  // The blunder shown: its verdict names the better move, which the board draws as an arrow.
  await first.click();
  assert.equal(await page.getAttribute('#board', 'data-view-fen'), await fenAfter(page, START, ['e0f0']));
  assert.equal(await page.getAttribute('#verdict', 'data-judgement'), 'blunder');
  assert.equal(await page.getAttribute('#verdict .better', 'data-move'), 'a1a9');
  assert.match(await page.textContent('#verdict .better'), /Better was 俥九進八/);
  assert.equal(await page.locator('.arrows [data-arrow="a1a9"]').count(), 1);
  assert.match(await page.textContent('[role="status"]'), /blunder/);

  // Arrow keys step through the moves with the focus anywhere but the board and text fields.
  await page.focus('#btn-flip');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.getAttribute('#board', 'data-view-fen'), START);
  await page.locator('h2#rules-title').click();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.getAttribute('#board', 'data-view-fen'), null);
  // A click on the graph shows that position.
  await page.locator('#graph').click({ position: { x: 3, y: 60 } });
  assert.equal(await page.getAttribute('#board', 'data-view-fen'), START);
  assert.deepEqual(foreignRequests(requests, site.url), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the analysis board: live top three lines, legal, and stopped on request; free moves', { timeout: 120_000 }, async () => {
  const opened = await openPage(site.browser, site.url, '#analysis');
  const { page, context, errors } = opened;
  await page.click('#btn-start-position');
  // A move for Red, then one for Black, both by hand.
  await page.click('[data-square="h2"]');
  await page.click('[data-square="e2"]');
  await page.click('[data-square="h9"]');
  await page.click('[data-square="g7"]');
  assert.deepEqual(await page.$$eval('.move-list button.mv', (els) => els.map((el) => el.dataset.move)), ['h2e2', 'h9g7']);
  const fen = await fenAfter(page, undefined, ['h2e2', 'h9g7']);
  // Every set of lines the page shows, as it shows them: lines of two iterations must never
  // stand together (they may share a first move).
  await page.evaluate(() => {
    window.shownLines = [];
    new MutationObserver(() => {
      window.shownLines.push([...document.querySelectorAll('#lines li[data-pv]')].map((li) => li.dataset.pv.split(' ')[0]));
    }).observe(document.querySelector('#lines'), { childList: true });
  });
  await page.click('#btn-lines');
  assert.equal(await page.getAttribute('#btn-lines', 'aria-pressed'), 'true');
  await page.waitForFunction(() => document.querySelectorAll('#lines li[data-pv]').length === 3 && Number(document.querySelector('#lines').dataset.depth) >= 8, null, { timeout: 60_000 });
  const shown = await page.evaluate(() => window.shownLines);
  assert.ok(shown.length >= 4, `${shown.length} sets of lines shown`);
  for (const firsts of shown) assert.equal(new Set(firsts).size, firsts.length, `lines shown together: ${firsts}`);
  const lines = await page.$$eval('#lines li[data-pv]', (els) => els.map((el) => el.dataset.pv.split(' ')));
  const firsts = new Set(lines.map((l) => l[0]));
  assert.equal(firsts.size, 3, 'three different first moves');
  const legal = await legalMoves(page, fen);
  for (const line of lines) {
    assert.ok(legal.includes(line[0]), `${line[0]} is legal`);
    // The whole line is legal move after move.
    await fenAfter(page, fen, line);
  }
  await page.click('#btn-lines');
  assert.equal(await page.getAttribute('#btn-lines', 'aria-pressed'), 'false');
  assert.equal(await page.getAttribute('#lines', 'data-state'), 'off');
  await page.waitForTimeout(1500);
  assert.equal(await page.locator('#lines li').count(), 0);
  // The engine is free again: a review runs at once.
  await page.click('#btn-review');
  await page.waitForSelector('#analysis-card[data-review="done"]', { timeout: 60_000 });
  // A move in the middle of the game starts a new line from there.
  await page.click('[data-ply="0"]');
  await page.click('[data-square="b9"]');
  await page.click('[data-square="c7"]');
  assert.deepEqual(await page.$$eval('.move-list button.mv', (els) => els.map((el) => el.dataset.move)), ['h2e2', 'b9c7']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a finished game is kept in Your games, reopened in the analysis board and downloaded as PGN', { timeout: 120_000 }, async () => {
  const mate = '3k5/8R/9/9/9/9/9/9/R8/4K4 w - - 0 1';
  const opened = await openPage(site.browser, site.url, `?fen=${encodeURIComponent(mate)}&level=beginner`);
  const { page, context, errors } = opened;
  await waitInteractive(page);
  await page.click('[data-square="a1"]');
  await page.click('[data-square="a9"]');
  await page.waitForSelector('#result:not([hidden])');
  // What a finished game offers, and no take back.
  for (const name of ['Rematch', 'New game…', 'Analyse']) {
    assert.ok(await page.locator('#result').getByRole('button', { name, exact: true }).isVisible(), name);
  }
  assert.ok(await page.locator('#result').getByRole('button', { name: 'Copy PGN' }).isVisible());
  assert.equal(await page.isDisabled('#btn-takeback'), true);
  await page.locator('#result').getByRole('button', { name: 'Copy PGN' }).click();
  const pgn = await page.inputValue('#export-text');
  assert.match(pgn, /\[Event "Game against the computer \(Beginner\)"\]/);
  assert.doesNotMatch(pgn, /Casual game/);
  assert.match(pgn, /\[Result "1-0"\]/);

  // Kept: listed in the analysis board with date, level, colour and result.
  await page.click('.mode[data-mode="analysis"]');
  const item = page.locator('#games-list li').first();
  assert.match(await item.textContent(), /Beginner · you played Red · won 1-0/);
  const download = page.waitForEvent('download');
  await item.getByRole('button', { name: /Download/ }).click();
  const file = await download;
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  assert.match(text, /\[FEN "3k5\/8R\/9\/9\/9\/9\/9\/9\/R8\/4K4 w - - 0 1"\]/);
  assert.match(text, /1-0/);
  // Reopened after a reload (it is stored), reviewed in the analysis board.
  await page.reload();
  await page.waitForSelector('#games-list li');
  await page.locator('#games-list li').first().getByRole('button', { name: /Analyse/ }).click();
  await page.waitForSelector('[data-ply="0"][data-move="a1a9"]');
  await page.waitForSelector('#analysis-card[data-review="done"]', { timeout: 60_000 });
  assert.equal(await page.getAttribute('[data-ply="0"]', 'data-judgement'), null);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a resignation is the core game\'s: it survives a reload and the kept game\'s PGN records it', { timeout: 120_000 }, async () => {
  const opened = await openPage(site.browser, site.url, '?level=beginner');
  const { page, context, errors } = opened;
  await waitInteractive(page);
  await page.click('[data-square="h2"]');
  await page.click('[data-square="e2"]');
  const afterMine = await waitFenChange(page, START_FEN);
  const afterReply = await waitFenChange(page, afterMine);
  await waitInteractive(page);
  await page.getByRole('button', { name: /Resign/ }).click();
  await page.getByRole('button', { name: /Really resign/ }).click();
  await page.waitForSelector('#result:not([hidden])');
  assert.match(await page.textContent('#result'), /0-1/);
  assert.match(await page.textContent('[role="status"]'), /Red resigned/);
  // After a reload the game is still over, resigned, on the same position.
  await page.reload();
  await page.waitForSelector('#result:not([hidden])');
  assert.equal(await boardFen(page), afterReply);
  assert.match(await page.textContent('#result'), /0-1/);
  assert.equal(await page.locator('#board.interactive').count(), 0);
  // Kept as lost, and its PGN written by core with the result and why.
  await page.click('.mode[data-mode="analysis"]');
  const item = page.locator('#games-list li').first();
  assert.match(await item.textContent(), /lost 0-1/);
  const download = page.waitForEvent('download');
  await item.getByRole('button', { name: /Download/ }).click();
  const file = await download;
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  assert.match(text, /\[Result "0-1"\]/);
  assert.match(text, /\[Termination "resignation"\]/);
  assert.match(text, /0-1\s*$/);
  assert.deepEqual(errors, []);
  await context.close();
});

// A master game (CCPD, Big5, Chinese notation with full-width digits) reviewed: the
// screenshots of the analysis view.
const MASTER_GAME = join(REPO, '..', 'shared', 'corpus', 'ccpd-sample', '對局', '大師對局', '以棋手分類', '楊官璘', '00000764.pgn');

test('screenshots of the analysis view and the puzzle trainer at 1280 and 360 pixels (docs/ with UPDATE_SCREENSHOTS=1)', { timeout: 180_000 }, async () => {
  for (const [width, height] of [[1280, 1000], [360, 740]]) {
    const record = new TextDecoder('big5').decode(await readFile(MASTER_GAME));
    const opened = await openPage(site.browser, site.url, `?pgn=${encodeURIComponent(record)}`, { width, height, phone: width < 600 });
    const { page, context, errors } = opened;
    await page.waitForSelector('#analysis-card[data-review="done"]', { timeout: 120_000 });
    // The worst move shown, with its better move as an arrow.
    const worst = await page.evaluate(() => {
      const order = ['blunder', 'mistake', 'dubious'];
      const marked = [...document.querySelectorAll('.move-list [data-judgement]')];
      marked.sort((a, b) => order.indexOf(a.dataset.judgement) - order.indexOf(b.dataset.judgement));
      return marked[0]?.dataset.ply ?? null;
    });
    if (worst !== null) await page.click(`.move-list [data-ply="${worst}"]`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than the window`);
    await page.mouse.move(0, 0);
    await page.evaluate(() => window.scrollTo(0, 0));
    // On a phone: the first screen and what follows it (the graph, the verdict, the lines).
    const shot = (name) => page.screenshot({
      path: screenshotPath(name), animations: 'disabled',
      ...(width < 600 ? { fullPage: true, clip: { x: 0, y: 0, width, height: 1500 } } : {}),
    });
    await shot(`play-page-analysis-${width}.png`);
    await page.goto(`${site.url}?date=2026-03-01#puzzle`);
    await page.waitForSelector('#puzzle-card[data-puzzle-id]');
    await page.click('#btn-puzzle-hint');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(`play-page-trainer-${width}.png`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('Analyse from any point of a game against the computer; not during the daily game', { timeout: 90_000 }, async () => {
  const { page, context, errors } = await openPage(site.browser, site.url);
  await waitInteractive(page);
  assert.equal(await page.isDisabled('#btn-analyse-game'), true, 'nothing to analyse before a move');
  await page.click('[data-square="h2"]');
  await page.click('[data-square="e2"]');
  await page.waitForSelector('[data-ply="1"]', { timeout: 30_000 });
  const moves = await page.$$eval('.move-list button.mv', (els) => els.map((el) => el.dataset.move));
  await page.click('#btn-analyse-game');
  assert.equal(new URL(page.url()).hash, '#analysis');
  await page.waitForSelector('#analysis-card[data-review="done"]', { timeout: 60_000 });
  assert.deepEqual(await page.$$eval('.move-list button.mv', (els) => els.map((el) => el.dataset.move)), moves);
  assert.equal(await page.isHidden('#btn-analyse-game'), true);
  // The game against the computer is still there to go on with.
  await page.click('.mode[data-mode="play"]');
  assert.deepEqual(await page.$$eval('.move-list button.mv', (els) => els.map((el) => el.dataset.move)), moves);
  // The daily game is analysed only once it is over.
  await page.click('.mode[data-mode="daily"]');
  await page.waitForSelector('#daily-card:not([hidden])');
  assert.equal(await page.isDisabled('#btn-analyse-game'), true);
  assert.deepEqual(errors, []);
  await context.close();
});
