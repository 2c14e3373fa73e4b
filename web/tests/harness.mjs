// What every browser test needs: web/dist served on a free loopback port with the headers that
// make the page cross-origin isolated, and Debian's chromium driven by playwright-core (no
// browser is ever downloaded). Every request and console error of a page is recorded.

import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { existsSync, mkdirSync } from 'node:fs';
import { join, extname, normalize, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const WEB = join(here, '..');
export const DIST = process.env.WEB_DIST ?? join(WEB, 'dist');
export const REPO = join(WEB, '..');
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

export const START_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.tsv': 'text/tab-separated-values; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves `root` on 127.0.0.1 with COOP/COEP (without them when `isolation` is false, as a
 * plain static host would); resolves to { url, close() }.
 */
export async function serve(root = DIST, { isolation = true } = {}) {
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      let file = normalize(join(root, path));
      if (!file.startsWith(root)) throw new Error('outside');
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      const headers = { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'max-age=600' };
      if (isolation) {
        headers['Cross-Origin-Opener-Policy'] = 'same-origin';
        headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
        headers['Cross-Origin-Resource-Policy'] = 'same-origin';
      }
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections?.();
      server.close(resolve);
    }),
  };
}

/**
 * Starts chromium; resolves to { browser, close() }. Playwright gives it a fresh temporary
 * profile (user-data-dir) and every test page a fresh context with empty storage.
 */
export async function launch() {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium fonts-wqy-microhei`);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
  return {
    browser,
    close: () => browser.close(),
  };
}

/**
 * Serves web/dist and starts chromium before the tests of the calling file, and closes both
 * after them. Returns getters: `url` (the server's, ending in '/') and `browser`.
 */
export function useBrowser() {
  let server;
  let chrome;
  before(async () => {
    server = await serve();
    chrome = await launch();
  });
  after(async () => {
    await chrome?.close();
    await server?.close();
  });
  return {
    get url() { return server.url; },
    get browser() { return chrome.browser; },
  };
}

/**
 * A fresh context (empty storage) and page, recording every request and every console error.
 * `query` is appended to the server URL (e.g. '?fen=...'); the page's rules are loaded and the
 * board drawn when this resolves.
 */
export async function openPage(browser, base, query = '', { width = 1280, height = 900, waitEngine = true, phone = false } = {}) {
  const context = await browser.newContext({
    viewport: { width, height }, deviceScaleFactor: 1, ...(phone ? { hasTouch: true, isMobile: true } : {}),
  });
  const requests = [];
  const errors = [];
  context.on('request', (request) => requests.push(request.url()));
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(base + query);
  await page.waitForSelector('#board[aria-busy="false"] [data-square="e0"]', { timeout: 20_000 });
  if (waitEngine) await page.waitForSelector('#engine-status[data-state="ready"]', { timeout: 30_000 });
  return { context, page, requests, errors };
}

export const boardFen = (page) => page.getAttribute('#board', 'data-fen');

/** Waits until the board's FEN differs from `fen`; resolves to the new FEN. */
export async function waitFenChange(page, fen, timeout = 30_000) {
  await page.waitForFunction((old) => document.querySelector('#board').dataset.fen !== old, fen, { timeout });
  return boardFen(page);
}

/** Waits until it is the person's turn again (the board takes input). */
export async function waitInteractive(page, timeout = 30_000) {
  await page.waitForSelector('#board.interactive', { timeout });
}

/** Legal moves of a FEN, from the rules the page itself loaded (the Rust core through wasm). */
export async function legalMoves(page, fen) {
  return page.evaluate(async (f) => {
    const { loadRules, Game } = await import('./src/xiangqi.js');
    await loadRules();
    const game = new Game(f);
    const moves = game.legalMoves();
    game.free();
    return moves;
  }, fen);
}

/** The FEN after playing `moves` from `fen`, from the same rules. */
export async function fenAfter(page, fen, moves) {
  return page.evaluate(async ([f, ms]) => {
    const { loadRules, Game } = await import('./src/xiangqi.js');
    await loadRules();
    const game = new Game(f);
    for (const m of ms) game.play(m);
    const out = game.fen();
    game.free();
    return out;
  }, [fen, moves]);
}

/** Requests that left the page's origin (data: and blob: URLs stay on the device). */
export function foreignRequests(requests, base) {
  const origin = new URL(base).origin;
  return requests.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== origin);
}

/**
 * Where a screenshot goes: docs/ (the ones the README shows) when UPDATE_SCREENSHOTS=1 or the
 * file is not there yet, else target/web-screenshots/ so that a test run leaves the tree as it was.
 */
export function screenshotPath(name) {
  const docs = join(REPO, 'docs', name);
  if (process.env.UPDATE_SCREENSHOTS === '1' || !existsSync(docs)) return docs;
  const dir = join(REPO, 'target', 'web-screenshots');
  mkdirSync(dir, { recursive: true });
  return join(dir, name);
}
