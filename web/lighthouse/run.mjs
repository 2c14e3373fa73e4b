// Lighthouse (its default mobile preset: a phone's screen, simulated slow 4G and a 4x slower
// CPU) against web/dist, served on loopback as a static host would (the headers the page
// needs, gzip), in Debian's chromium (never a downloaded browser). Writes the reports to target/lighthouse/ and fails
// when accessibility is under 95, performance under 90 or the layout shift over 0.1.
//
//   make web-lighthouse          (installs lighthouse into web/lighthouse/node_modules)
//   node web/lighthouse/run.mjs [query, e.g. '#puzzle'] ...

import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join, extname, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { REPO, DIST, CHROMIUM } from '../tests/harness.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.json': 'application/json', '.tsv': 'text/tab-separated-values; charset=utf-8',
};

/**
 * web/dist as a static host serves it: the isolation headers, and gzip for a browser that
 * asks (every host the page would live on compresses; the tests' plain server does not).
 */
async function serve(root = DIST) {
  const packed = new Map();
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      let file = normalize(join(root, path));
      if (!file.startsWith(root)) throw new Error('outside');
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      let body = await readFile(file);
      const headers = {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': 'max-age=600',
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Embedder-Policy': 'require-corp',
        'Cross-Origin-Resource-Policy': 'same-origin',
      };
      if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        if (!packed.has(file)) packed.set(file, gzipSync(body, { level: 9 }));
        body = packed.get(file);
        headers['Content-Encoding'] = 'gzip';
        headers.Vary = 'Accept-Encoding';
      }
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((resolve) => { server.closeAllConnections?.(); server.close(resolve); }),
  };
}

const MIN = { accessibility: 0.95, performance: 0.9, 'best-practices': 0.9 };
const MAX_CLS = 0.1;
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['', '#puzzle', '#analysis', '?lang=vi'];

const server = await serve();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const out = join(REPO, 'target', 'lighthouse');
mkdirSync(out, { recursive: true });
let failed = false;
try {
  for (const query of pages) {
    const url = server.url + query;
    const result = await lighthouse(url, { port: chrome.port, output: ['html', 'json'], logLevel: 'error' });
    const { categories, audits } = result.lhr;
    const name = query.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'play';
    writeFileSync(join(out, `${name}.html`), result.report[0]);
    writeFileSync(join(out, `${name}.json`), result.report[1]);
    if (result.lhr.runtimeError) {
      failed = true;
      console.log(`${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      continue;
    }
    const cls = audits['cumulative-layout-shift'].numericValue;
    if (cls === undefined) {
      failed = true;
      console.log(`${url}: no layout shift measured (${audits['cumulative-layout-shift'].errorMessage ?? 'unknown'})`);
      continue;
    }
    const scores = Object.fromEntries(Object.entries(categories).map(([k, c]) => [k, Math.round(c.score * 100)]));
    console.log(`${url}: ${JSON.stringify(scores)} CLS ${cls.toFixed(3)} LCP ${Math.round(audits['largest-contentful-paint'].numericValue)} ms TBT ${Math.round(audits['total-blocking-time'].numericValue)} ms`);
    for (const [key, min] of Object.entries(MIN)) {
      if (categories[key].score < min) {
        failed = true;
        const low = Object.values(audits).filter((a) => a.score !== null && a.score < 1 && categories[key].auditRefs.some((r) => r.id === a.id && r.weight > 0));
        console.log(`  ${key} ${Math.round(categories[key].score * 100)} < ${min * 100}: ${low.map((a) => `${a.id} (${a.displayValue ?? a.score})`).join(', ')}`);
      }
    }
    if (cls > MAX_CLS) {
      failed = true;
      console.log(`  CLS ${cls} > ${MAX_CLS}`);
    }
  }
} finally {
  await chrome.kill();
  await server.close();
}
console.log(`reports in ${out}`);
process.exit(failed ? 1 : 0);
