// Janggi, the second game of the play page: chosen in the setup form with both sides'
// arrangements of horses and elephants, its board (no river, octagonal pieces of three sizes in
// Cho's and Han's colours), moves by clicks and by keys with the legal points shown, the move
// list in Korean notation, the engine's legal reply, take back, flip, the Pass button, and the
// endings counting decides (bikjang and the move limit from `?variant=janggi&fen=`, the double
// pass through the page's rules). No request leaves the origin and nothing is logged as an
// error. Screenshots at 1280 and 360 pixels wide go to docs/janggi-page-*.png.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  useBrowser, openPage, boardFen, waitFenChange, waitInteractive, foreignRequests, screenshotPath,
} from './harness.mjs';

const site = useBrowser();

// Cho 상마상마 (from Cho's left: elephant, horse, elephant, horse on b0 c0 g0 h0) against Han
// 상마마상 (from Han's left, files h g c b: elephant, horse, horse, elephant).
const CHOSEN_START = 'rbna1anbr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RBNA1ABNR w - - 0 1';

// The generals face each other on the e-file (bikjang) with Cho to move; Cho's chariot counts
// 13 points against Han's 1.5.
const BIKJANG = '9/4k4/9/9/9/9/9/9/4K4/R8 w - - 0 1';
// The same material, the generals apart, one ply before the limit of 100 without a capture.
const MOVE_LIMIT = '9/4k4/9/9/9/9/9/9/3K5/R8 w - - 99 60';

/** Every page must stay on its origin and log no error. */
function assertClean({ requests, errors }) {
  assert.deepEqual(foreignRequests(requests, site.url), [], 'requests outside the origin');
  assert.deepEqual(errors, [], 'console errors');
}

/** The rules the page loaded, for a janggi game from `fen` after `moves`. */
function janggiRules(page, fen, moves = []) {
  return page.evaluate(async ([f, ms]) => {
    const { loadRules, Game } = await import('./src/xiangqi.js');
    await loadRules();
    const game = new Game(f, 'janggi');
    for (const m of ms) game.play(m);
    const out = { fen: game.fen(), legal: game.legalMoves(), pass: game.passMove() ?? null };
    out.text = ms.map((_, i) => game.moveText(i, 'korean'));
    game.free();
    return out;
  }, [fen, moves]);
}

/** Chooses janggi and the setups, level and colour in the setup form, and starts the game. */
async function startJanggi(page, { mine, theirs, level = 'casual', colour = 'red' }) {
  await page.click('#game-choices label:has(input[value="janggi"])');
  await page.waitForSelector('#janggi-setups:not([hidden])');
  await page.selectOption('#my-setup', mine);
  await page.selectOption('#engine-setup', theirs);
  await page.click(`#level-choices label:has(input[value="${level}"])`);
  await page.click(`.colours label:has(input[name="colour"][value="${colour}"])`);
  await page.click('#btn-new');
  await page.waitForSelector('#board[data-variant="janggi"]');
}

test('janggi from the setup form: the chosen setups, its board, moves, the engine, take back, flip and the pass', { timeout: 180_000 }, async () => {
  const opened = await openPage(site.browser, site.url);
  const { page, context } = opened;
  // The form offers core's four arrangements by their Korean names, the computer's also at random.
  await page.click('#game-choices label:has(input[value="janggi"])');
  const offered = await page.$$eval('#my-setup option', (os) => os.map((o) => o.textContent));
  assert.equal(offered.length, 4);
  assert.match(offered[0], /^마상상마 · elephants inside$/);
  assert.deepEqual(await page.$$eval('#engine-setup option', (os) => os.map((o) => o.value)),
    ['random', 'masangsangma', 'sangmamasang', 'masangmasang', 'sangmasangma']);
  assert.equal(await page.textContent('#colour-red'), 'Cho (moves first)');
  assert.equal(await page.textContent('#colour-black'), 'Han');

  await startJanggi(page, { mine: 'sangmasangma', theirs: 'sangmamasang' });
  assert.equal(await boardFen(page), CHOSEN_START);
  assert.equal(await page.textContent('#mode-title'), 'Janggi · play the computer');
  assert.equal(await page.getAttribute('#board', 'aria-roledescription'), 'janggi board');
  // The chosen arrangement on the board: elephant, horse, elephant, horse from Cho's left.
  const letters = await page.$$eval(['b0', 'c0', 'g0', 'h0', 'h9', 'g9', 'c9', 'b9'].map((s) => `[data-square="${s}"] .piece`).join(','),
    (els) => els.map((el) => `${el.closest('.pt').dataset.square}:${el.dataset.piece}`));
  assert.deepEqual(letters.sort(), ['b0:B', 'b9:b', 'c0:N', 'c9:n', 'g0:B', 'g9:n', 'h0:N', 'h9:b']);
  assert.equal(await page.getAttribute('[data-square="b0"]', 'aria-label'), 'b0, Cho elephant');
  assert.equal(await page.getAttribute('[data-square="d0"]', 'aria-label'), 'd0, Cho guard');
  // Each bar shows its side's counting points (Han's 1.5 included).
  assert.equal(await page.textContent('#bar-bottom .points [aria-hidden]'), '72');
  assert.equal(await page.getAttribute('#bar-bottom .points', 'title'), '72 points');
  assert.equal(await page.textContent('#bar-top .points .visually-hidden'), '73.5 points');

  // The board: palace diagonals, no river, octagons of three sizes with janggi's characters.
  assert.equal(await page.locator('svg.lines .river').count(), 0);
  assert.equal(await page.locator('svg.lines .marks').count(), 0);
  assert.equal(await page.locator('svg.lines .grid line').count(), 10 + 9 + 4);
  const pieces = await page.$$eval('#board .piece', (els) => els.map((el) => ({
    square: el.closest('.pt').dataset.square, text: el.textContent, classes: el.className,
    width: el.getBoundingClientRect().width, clip: getComputedStyle(el).clipPath,
  })));
  assert.equal(pieces.length, 32);
  const at = (square) => pieces.find((p) => p.square === square);
  assert.deepEqual(['e1', 'e8', 'a0', 'b2', 'b0', 'c0', 'd0', 'a3', 'a6'].map((s) => at(s).text),
    ['楚', '漢', '車', '包', '象', '馬', '士', '卒', '兵']);
  assert.ok(pieces.every((p) => p.clip.startsWith('polygon')), 'octagons');
  assert.match(at('e1').classes, /\bcho\b.*\blarge\b/);
  assert.match(at('e8').classes, /\bhan\b.*\blarge\b/);
  for (const s of ['a0', 'b2', 'b0', 'c0']) assert.match(at(s).classes, /\bmedium\b/, s);
  for (const s of ['d0', 'a3', 'a6']) assert.match(at(s).classes, /\bsmall\b/, s);
  assert.ok(at('e1').width > at('a0').width && at('a0').width > at('a3').width, 'three sizes');
  const colours = await page.$$eval(['[data-square="e1"] .piece', '[data-square="e8"] .piece'].join(','),
    (els) => els.map((el) => getComputedStyle(el).color));
  assert.notEqual(colours[0], colours[1]);
  assert.equal(colours[1], 'rgb(180, 35, 26)', 'Han is red');

  // A move by clicks: the dots are core's legal points; the move list is Korean.
  await waitInteractive(page);
  const start = await janggiRules(page, CHOSEN_START);
  assert.ok(start.pass, 'Cho may pass at the start');
  assert.equal(await page.isEnabled('#btn-pass'), true);
  await page.click('[data-square="a3"]');
  const dots = await page.$$eval('.pt.target', (els) => els.map((el) => el.dataset.square).sort());
  assert.deepEqual(dots, start.legal.filter((m) => m.startsWith('a3')).map((m) => m.slice(2)).sort());
  // The general's own point is no target (the pass is the button's).
  await page.click('[data-square="e1"]');
  const generalDots = await page.$$eval('.pt.target', (els) => els.map((el) => el.dataset.square).sort());
  assert.ok(!generalDots.includes('e1'));
  assert.deepEqual(generalDots, start.legal.filter((m) => m.startsWith('e1') && m !== start.pass).map((m) => m.slice(2)).sort());
  await page.click('[data-square="a3"]');
  await page.click('[data-square="a4"]');
  const afterMove = await janggiRules(page, CHOSEN_START, ['a3a4']);
  assert.equal(await page.$eval('[data-ply="0"]', (el) => el.firstChild.textContent), afterMove.text[0]);
  assert.match(afterMove.text[0], /^\d\d졸\d\d$/);
  assert.equal(await page.getAttribute('#move-list', 'lang'), 'ko');
  assert.equal(await page.locator('#notation-toggle').isHidden(), true);

  // The engine's reply at the chosen level is one of core's legal moves.
  const replyFen = await waitFenChange(page, afterMove.fen);
  await page.waitForSelector('[data-ply="1"]');
  const reply = await page.getAttribute('[data-ply="1"]', 'data-move');
  assert.ok(afterMove.legal.includes(reply), `the reply ${reply} is no legal move`);
  assert.equal((await janggiRules(page, CHOSEN_START, ['a3a4', reply])).fen, replyFen);
  assert.match(await page.textContent('[role="status"]'), /Han \w+ [a-i]\d to [a-i]\d|Han passes/);
  assert.match(await page.textContent('#bar-top .who'), /Casual \(computer\) · Han/);
  assert.match(await page.textContent('#bar-bottom .who'), /You · Cho/);

  // Take back, then the same move by the keys; the flip turns the board.
  await waitInteractive(page);
  await page.click('#btn-takeback');
  assert.equal(await boardFen(page), CHOSEN_START);
  await page.focus('[data-square="e0"]');
  for (const key of ['ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowUp', 'ArrowUp', 'ArrowUp', 'Enter', 'ArrowUp', 'Enter']) {
    await page.keyboard.press(key);
  }
  assert.equal(await page.getAttribute('[data-ply="0"]', 'data-move'), 'a3a4');
  await page.click('#btn-flip');
  assert.equal(await page.locator('#board.flipped').count(), 1);
  assert.match(await page.textContent('[role="status"]'), /Han at the bottom/);
  await page.click('#btn-flip');
  await page.waitForSelector('[data-ply="1"]', { timeout: 30_000 });

  // The Pass button passes; the move list writes it as Korean records do.
  await waitInteractive(page);
  // The screenshot shows a chariot's legal points, once the last move has slid into place.
  await page.click('[data-square="a0"]');
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
  await page.screenshot({ path: screenshotPath('janggi-page-1280.png') });
  await page.click('[data-square="a0"]');
  const moves = await page.$$eval('#move-list button.mv', (els) => els.map((el) => el.dataset.move));
  const beforePass = await janggiRules(page, CHOSEN_START, moves);
  await page.click('#btn-pass');
  await page.waitForSelector('[data-ply="2"]');
  assert.equal(await page.getAttribute('[data-ply="2"]', 'data-move'), beforePass.pass);
  assert.equal(await page.$eval('[data-ply="2"]', (el) => el.firstChild.textContent), '한수쉼');
  // Han may answer a pass with a pass, which ends the game: with the armies equal, Han's 1.5
  // points win it.
  await page.waitForFunction(() => !document.querySelector('#result').hidden || document.querySelector('[data-ply="3"]'),
    null, { timeout: 30_000 });
  const passes = await page.$$eval('#move-list button.mv', (els) => els.filter((el) => el.dataset.move.slice(0, 2) === el.dataset.move.slice(2)).length);
  if (await page.isVisible('#result')) {
    assert.equal(await page.textContent('#result-title'), '0-1 · double pass');
    assert.match(await page.textContent('#result-reason'), /^Han wins on points, 73\.5 to 72: both sides passed/);
  } else {
    assert.match(await page.textContent('[role="status"]'), /Cho passes|Han/);
    assert.ok(passes >= 1);
  }
  assertClean(opened);
  await context.close();
});

test('janggi endings counting decides: bikjang by the Pass button and the move limit, from ?variant=janggi&fen=', { timeout: 90_000 }, async () => {
  const opened = await openPage(site.browser, site.url, `?variant=janggi&fen=${encodeURIComponent(BIKJANG)}`);
  const { page, context } = opened;
  assert.equal(await boardFen(page), BIKJANG);
  assert.equal(await page.getAttribute('#board', 'data-variant'), 'janggi');
  await waitInteractive(page);
  // Under bikjang only the pass and the moves that break the facing are legal.
  const rules = await janggiRules(page, BIKJANG);
  assert.ok(!rules.legal.includes('a0a1'));
  await page.click('[data-square="a0"]');
  assert.equal(await page.locator('.pt.target').count(), 0);
  await page.click('[data-square="a0"]');
  await page.click('#btn-pass');
  await page.waitForSelector('#result:not([hidden])');
  assert.equal(await page.textContent('#result-title'), '1-0 · bikjang');
  assert.equal(await page.textContent('#result-reason'),
    'Cho wins on points, 13 to 1.5: the generals faced each other on two plies in a row (bikjang), so the pieces are counted.');
  assert.equal(await page.textContent('#turn-text'), 'You won');
  assert.match(await page.textContent('[role="status"]'), /Game over: Cho wins on points/);
  assert.equal(await page.isDisabled('#btn-pass'), true);
  assert.equal(await page.locator('#board.interactive').count(), 0);
  // The analysis board reads xiangqi only: no Analyse for a janggi game.
  assert.equal(await page.locator('#btn-analyse').isHidden(), true);
  // A reload goes on with the finished janggi game; a rematch starts it again from its start.
  await page.reload();
  await page.waitForSelector('#result:not([hidden])');
  assert.equal(await page.getAttribute('#board', 'data-variant'), 'janggi');
  assert.equal(await page.getAttribute('#bar-bottom .points', 'title'), '13 points');
  await page.click('#btn-rematch');
  await waitInteractive(page);
  assert.equal(await boardFen(page), BIKJANG);
  assert.equal(await page.getAttribute('#board', 'data-variant'), 'janggi');
  assert.equal(await page.isHidden('#result'), true);
  assert.equal(await page.getAttribute('#bar-top .points', 'title'), '1.5 points');
  assertClean(opened);
  await context.close();

  const second = await openPage(site.browser, site.url, `?variant=janggi&fen=${encodeURIComponent(MOVE_LIMIT)}&lang=vi`);
  await waitInteractive(second.page);
  await second.page.click('[data-square="a0"]');
  await second.page.click('[data-square="a1"]');
  await second.page.waitForSelector('#result:not([hidden])');
  assert.equal(await second.page.textContent('#result-reason'),
    'Sở thắng điểm, 13 so với 1,5: mỗi bên năm mươi nước không ăn quân, nên quân được tính điểm.');
  assertClean(second);
  await second.context.close();
});

test('two passes in a row end a janggi game, and Han\'s 1.5 points decide equal armies', { timeout: 60_000 }, async () => {
  const opened = await openPage(site.browser, site.url, '', { waitEngine: false });
  const { page, context } = opened;
  const found = await page.evaluate(async () => {
    const { loadRules, Game } = await import('./src/xiangqi.js');
    await loadRules();
    const game = Game.janggi('마상상마', 'masangsangma');
    const points = game.points();
    game.play(game.passMove());
    const passText = game.moveText(0, 'korean');
    game.play(game.passMove());
    const out = { points, passText, outcome: game.outcome(), legal: game.legalMoves().length, pass: game.passMove() ?? null };
    game.free();
    const xiangqi = new Game();
    out.xiangqi = { pass: xiangqi.passMove() ?? null, points: xiangqi.points(), variant: xiangqi.variant() };
    xiangqi.free();
    return out;
  });
  assert.deepEqual(found.points, { red: 72, black: 73.5 });
  assert.equal(found.passText, '한수쉼');
  assert.equal(found.outcome.termination, 'double pass');
  assert.equal(found.outcome.result, '0-1');
  assert.deepEqual(found.outcome.points, { red: 72, black: 73.5 });
  assert.equal(found.legal, 0);
  assert.equal(found.pass, null);
  assert.deepEqual(found.xiangqi, { pass: null, points: null, variant: 'xiangqi' });
  assertClean(opened);
  await context.close();
});

test('janggi on a phone: the board, the bars and the Pass button in the first screen', { timeout: 120_000 }, async () => {
  const opened = await openPage(site.browser, site.url, '', { width: 360, height: 740, phone: true });
  const { page, context } = opened;
  await startJanggi(page, { mine: 'masangmasang', theirs: 'sangmasangma', colour: 'black' });
  // Han plays second: the computer (Cho) opens, and Han's side is at the bottom.
  await page.waitForSelector('[data-ply="0"]', { timeout: 30_000 });
  await waitInteractive(page);
  assert.equal(await page.locator('#board.flipped').count(), 1);
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await page.locator('#btn-pass').boundingBox();
  assert.ok(box && box.y + box.height <= 740, `the Pass button at ${JSON.stringify(box)}`);
  const board = await page.locator('#board').boundingBox();
  assert.ok(board.x >= 0 && board.x + board.width <= 360, 'the board fits the width');
  await page.waitForTimeout(400);
  await page.screenshot({ path: screenshotPath('janggi-page-360.png') });
  assertClean(opened);
  await context.close();
});
