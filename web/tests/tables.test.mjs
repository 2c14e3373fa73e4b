// The page's names for the levels and the game ends, held to the Rust tables (the wasm's
// tables()): a level added or renamed in Rust fails here until the page names it, in every
// language; every game end the page words is one the core names, and janggi's endings that
// counting decides are worded with the points; janggi's four arrangements are core's, each
// described in every language.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage } from './harness.mjs';

const site = useBrowser();

test('levels, their think time and the terminations are the Rust tables', { timeout: 60_000 }, async () => {
  const { page, context, errors } = await openPage(site.browser, site.url, '', { waitEngine: false });
  const found = await page.evaluate(async () => {
    const { tables } = await import('./src/xiangqi.js');
    const { LEVEL_NAMES } = await import('./src/state.js');
    const { LEVELS } = await import('./src/engine.js');
    const { DAILY_LEVELS } = await import('./src/ui-daily.js');
    const { LEVEL_RATINGS } = await import('./src/modes/puzzle.js');
    const words = {};
    for (const code of ['en', 'zh-Hans', 'zh-Hant', 'vi']) words[code] = (await import(`./src/i18n/${code}.js`)).default;
    return {
      tables: tables(), LEVEL_NAMES, LEVELS, DAILY_LEVELS, ratings: Object.keys(LEVEL_RATINGS), words,
    };
  });
  const levels = found.tables.levels.map((l) => l.name);
  assert.deepEqual(levels, ['beginner', 'casual', 'club', 'strong', 'master']);
  assert.deepEqual(found.LEVEL_NAMES, levels);
  assert.deepEqual(found.LEVELS, levels);
  assert.deepEqual(found.ratings, levels);
  assert.ok(found.DAILY_LEVELS.every((l) => levels.includes(l)));
  assert.ok(found.tables.levels.at(-1).thinkMs > 0);
  const terminations = found.tables.terminations.map((t) => t.name);
  for (const [code, words] of Object.entries(found.words)) {
    for (const level of levels) assert.ok(words[`level.${level}`], `${code}: level.${level}`);
    const named = Object.keys(words).filter((k) => /^(termination|end)\./.test(k)).map((k) => k.replace(/^\w+\./, ''));
    assert.ok(named.length >= 10, `${code}: ${named}`);
    for (const name of named) assert.ok(terminations.includes(name), `${code}: ${name} is no termination of the core`);
    for (const name of ['bikjang', 'double pass']) {
      assert.ok(words[`end.${name}`] && words[`termination.${name}`], `${code}: ${name}`);
    }
    // The endings core's janggi adjudication leaves to counting.
    for (const name of ['bikjang', 'double pass', 'move limit', 'repetition']) {
      assert.ok(terminations.includes(name), name);
      assert.match(words[`janggi.counted.${name}`], /\{won\}.*\{lost\}/, `${code}: janggi.counted.${name}`);
    }
    for (const { name } of found.tables.arrangements) assert.ok(words[`arrangement.${name}`], `${code}: arrangement.${name}`);
  }
  assert.deepEqual(found.tables.arrangements.map((a) => a.korean), ['마상상마', '상마마상', '마상마상', '상마상마']);
  assert.deepEqual(found.tables.variants.slice(0, 2), ['xiangqi', 'janggi']);
  assert.deepEqual(errors, []);
  await context.close();
});
