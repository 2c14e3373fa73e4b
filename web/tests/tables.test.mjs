// The page's names for the levels and the game ends, held to the Rust tables (the wasm's
// tables()): a level added or renamed in Rust fails here until the page names it, in every
// language; every game end the page words is one the core names (the page plays xiangqi, so
// janggi's bikjang and double pass need no words); the master's time per move is the level
// table's think time.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage } from './harness.mjs';

const site = useBrowser();

test('levels, their think time and the terminations are the Rust tables', { timeout: 60_000 }, async () => {
  const { page, context, errors } = await openPage(site.browser, site.url, '', { waitEngine: false });
  const found = await page.evaluate(async () => {
    const { tables } = await import('./src/xiangqi.js');
    const { LEVEL_NAMES } = await import('./src/state.js');
    const { LEVELS, MASTER_MOVETIME_MS } = await import('./src/engine.js');
    const { DAILY_LEVELS } = await import('./src/ui-daily.js');
    const { LEVEL_RATINGS } = await import('./src/modes/puzzle.js');
    const words = {};
    for (const code of ['en', 'zh-Hans', 'zh-Hant', 'vi']) words[code] = (await import(`./src/i18n/${code}.js`)).default;
    return {
      tables: tables(), LEVEL_NAMES, LEVELS, MASTER_MOVETIME_MS, DAILY_LEVELS, ratings: Object.keys(LEVEL_RATINGS), words,
    };
  });
  const levels = found.tables.levels.map((l) => l.name);
  assert.deepEqual(levels, ['beginner', 'casual', 'club', 'strong', 'master']);
  assert.deepEqual(found.LEVEL_NAMES, levels);
  assert.deepEqual(found.LEVELS, levels);
  assert.deepEqual(found.ratings, levels);
  assert.ok(found.DAILY_LEVELS.every((l) => levels.includes(l)));
  assert.equal(found.MASTER_MOVETIME_MS, found.tables.levels.at(-1).thinkMs);
  const terminations = found.tables.terminations.map((t) => t.name);
  for (const [code, words] of Object.entries(found.words)) {
    for (const level of levels) assert.ok(words[`level.${level}`], `${code}: level.${level}`);
    const named = Object.keys(words).filter((k) => /^(termination|end)\./.test(k)).map((k) => k.replace(/^\w+\./, ''));
    assert.ok(named.length >= 10, `${code}: ${named}`);
    for (const name of named) assert.ok(terminations.includes(name), `${code}: ${name} is no termination of the core`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});
