// Lighthouse (its default mobile preset: a phone's screen, simulated slow 4G and a 4x slower
// CPU) against web/dist, served on loopback with the headers the page needs, in Debian's
// chromium (never a downloaded browser). Writes the reports to target/lighthouse/ and fails
// when accessibility is under 95, performance under 90 or the layout shift over 0.1.
//
//   make web-lighthouse          (installs lighthouse into web/lighthouse/node_modules)
//   node web/lighthouse/run.mjs [query, e.g. '#puzzle'] ...

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { serve, REPO, CHROMIUM } from '../tests/harness.mjs';

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
    const cls = audits['cumulative-layout-shift'].numericValue;
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
