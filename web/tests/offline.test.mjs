// Offline once loaded: the service worker keeps every file of the site (the modes, the four
// languages, the puzzles, the wasm), so with the network gone the page reloads, plays, shows
// the puzzles and switches language; and it never asks another origin for anything.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, waitInteractive, foreignRequests } from './harness.mjs';

const site = useBrowser();

test('with the network gone the page reloads, plays, opens the puzzles and changes language', { timeout: 90_000 }, async () => {
  const { page, context, errors, requests } = await openPage(site.browser, site.url);
  // The worker has installed (every file cached) and controls the page.
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return Boolean(registration?.active && navigator.serviceWorker.controller);
  }, null, { timeout: 30_000 });
  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    const cache = await caches.open(names.find((n) => n.startsWith('xiangqi-')));
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  });
  for (const file of ['/src/i18n/vi.js', '/src/i18n/zh-Hant.js', '/src/modes/analysis.js', '/puzzles.tsv', '/pkg/st/xiangqi_wasm_bg.wasm']) {
    assert.ok(cached.includes(file), `${file} is not cached`);
  }
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector('#board[aria-busy="false"] [data-square="e0"]');
  await page.waitForSelector('#engine-status[data-state="ready"]', { timeout: 30_000 });
  await waitInteractive(page);
  await page.click('[data-square="h2"]');
  await page.click('[data-square="e2"]');
  await page.waitForSelector('[data-ply="1"]', { timeout: 30_000 });
  await page.click('.mode[data-mode="puzzle"]');
  await page.waitForSelector('#puzzle-card[data-puzzle-id]:not([hidden])');
  await page.selectOption('#language', 'vi');
  await page.waitForFunction(() => document.documentElement.lang === 'vi');
  assert.equal(await page.textContent('#trainer-card .card-title'), 'Luyện cờ thế');
  assert.deepEqual(foreignRequests(requests, site.url), []);
  assert.deepEqual(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e)), []);
  await context.close();
});
