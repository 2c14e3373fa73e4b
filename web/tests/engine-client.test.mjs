// The engine client (src/engine.js) in the browser, both builds: moves at every level are legal
// by the core's own rules, stop() rejects with an AbortError and leaves the engine usable, a
// dead worker fires onCrash, and the one-thread bench counts the nodes of native `xiangqi bench`
// (the signature pinned in xiangqi-search/tests/bench.rs).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useBrowser, REPO } from './harness.mjs';

// Nodes of `xiangqi bench` at its default depth, read from where the native test pins them
// (xiangqi-search/tests/bench.rs), so that a change of the search changes both at once.
const NATIVE_BENCH_NODES = Number(/EXPECTED_BENCH_NODES: u64 = ([\d_]+);/
  .exec(readFileSync(join(REPO, 'xiangqi-search', 'tests', 'bench.rs'), 'utf8'))[1].replaceAll('_', ''));

const site = useBrowser();

async function blankPage() {
  const context = await site.browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  // A document of the site that runs nothing of its own.
  await page.goto(`${site.url}assets.json`);
  return { context, page, errors };
}

for (const threads of [1, 2]) {
  test(`engine on ${threads} thread(s): levels, stop, errors, crash and restart`, { timeout: 90_000 }, async () => {
    const { context, page, errors } = await blankPage();
    const out = await page.evaluate(async (wanted) => {
      const { EngineClient, LEVELS } = await import('./src/engine.js');
      const { loadRules, Game } = await import('./src/xiangqi.js');
      await loadRules();
      const result = { levels: {} };
      const engine = await EngineClient.start({ threads: wanted });
      result.threads = engine.threads;
      result.flavour = engine.flavour;
      const game = new Game();
      game.play('h2e2');
      for (const level of LEVELS) {
        const answer = await engine.bestMove({ fen: game.startFen(), moves: game.moves(), level, seed: 5, movetimeMs: 300 });
        result.levels[level] = { move: answer.move, legal: game.legalMoves().includes(answer.move) };
      }
      // A long search stopped after 200 ms rejects at once; the next search runs normally.
      const long = engine.bestMove({ level: 'master', movetimeMs: 20_000 });
      const t0 = performance.now();
      setTimeout(() => engine.stop(), 200);
      try {
        await long;
        result.stopped = 'resolved';
      } catch (error) {
        result.stopped = error.name;
      }
      result.stopMs = performance.now() - t0;
      const t1 = performance.now();
      const after = await engine.bestMove({ level: 'master', movetimeMs: 500 });
      result.afterStop = { move: after.move, ms: performance.now() - t1 };
      try {
        await engine.bestMove({ moves: ['a0a9'], level: 'club' });
      } catch (error) {
        result.illegal = error.message;
      }
      // Mate in one is found and reported as such.
      const mateFen = '3k5/8R/9/9/9/9/9/9/R8/4K4 w - - 0 1';
      const mate = await engine.bestMove({ fen: mateFen, level: 'master', movetimeMs: 300 });
      const mated = new Game(mateFen);
      mated.play(mate.move);
      result.mate = [mated.outcome()?.termination, mate.mate];
      // The review (core's review_position): the mated side has lost, and the mate in one
      // before it is seen, both on the mate scale of tables().
      const { tables } = await import('./src/xiangqi.js');
      result.mateCp = tables().mateCp;
      result.reviewMated = await engine.reviewPosition({ fen: mateFen, moves: [mate.move], nodes: 500 });
      result.reviewMating = await engine.reviewPosition({ fen: mateFen, moves: [], nodes: 5_000 });
      // The worker dies: onCrash fires, requests fail, a new client works.
      const crashed = new Promise((resolve) => { engine.onCrash = resolve; });
      engine.crashForTest();
      result.crash = (await crashed).name;
      try {
        await engine.bestMove({ level: 'club' });
      } catch (error) {
        result.afterCrash = error.name;
      }
      const again = await EngineClient.start({ threads: wanted });
      result.restarted = (await again.bestMove({ level: 'casual', seed: 1 })).move;
      again.terminate();
      return result;
    }, threads);
    assert.equal(out.threads, threads);
    assert.equal(out.flavour, threads > 1 ? 'mt' : 'st');
    for (const [level, answer] of Object.entries(out.levels)) assert.ok(answer.legal, `${level}: ${answer.move}`);
    assert.equal(out.stopped, 'AbortError');
    assert.ok(out.stopMs < 5_000, `stop took ${out.stopMs} ms`);
    assert.ok(out.afterStop.move, 'a move after the stop');
    assert.ok(out.afterStop.ms < 5_000, `the search after a stop took ${out.afterStop.ms} ms`);
    assert.match(out.illegal, /illegal/);
    assert.deepEqual(out.mate, ['checkmate', 1]);
    assert.deepEqual(out.reviewMated, { score: -out.mateCp, mate: 0, depth: 0, pv: [] });
    assert.equal(out.reviewMating.mate, 1);
    assert.equal(out.reviewMating.score, out.mateCp - 1);
    assert.equal(out.reviewMating.pv.length, 1);
    assert.equal(out.crash, 'EngineCrash');
    assert.equal(out.afterCrash, 'EngineCrash');
    assert.match(out.restarted, /^[a-i][0-9][a-i][0-9]$/);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('bench in the browser counts the native node count on one thread', { timeout: 120_000 }, async () => {
  const { context, page } = await blankPage();
  const report = await page.evaluate(async () => {
    const { EngineClient } = await import('./src/engine.js');
    const engine = await EngineClient.start({ threads: 1 });
    const r = await engine.bench();
    engine.terminate();
    return r;
  });
  assert.equal(report.threads, 1);
  assert.equal(report.nodes, NATIVE_BENCH_NODES);
  await context.close();
});
