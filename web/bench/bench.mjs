// The engine's speed in the browser: `xiangqi bench` (same positions, depth and table) run by
// EngineClient.bench() in headless Chromium on 1 and 2 threads, beside the native binary.
//
//   node web/bench/bench.mjs [depth]        (after `make web-build build`; `make web-bench` does both)
//
// Prints nodes, time and nodes per second of each run, whether the one-thread node count equals
// the native one, the single-thread share of native speed and the two-thread speed-up.

import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const depth = Number(process.argv[2] || 0) || 11;
const native = join(root, 'target', 'release', 'xiangqi');

function serve() {
  return new Promise((resolve, reject) => {
    const server = spawn('python3', [join(root, 'web', 'serve.py'), '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    server.on('error', reject);
    server.stdout.on('data', (chunk) => {
      const match = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(String(chunk));
      if (match) resolve({ server, url: match[0] });
    });
    server.on('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
}

const { server, url } = await serve();
const profile = mkdtempSync(join(tmpdir(), 'xiangqi-bench-'));
let context;
try {
  context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = context.pages()[0] ?? await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  // A document of the site with no script of its own: nothing else runs during the bench.
  await page.goto(`${url}assets.json`);
  const runs = await page.evaluate(async (benchDepth) => {
    const { EngineClient } = await import('./src/engine.js');
    const out = { isolated: crossOriginIsolated, runs: [] };
    // The single-thread build (what a page without isolation runs), then the threaded one.
    const single = await EngineClient.start({ threads: 1 });
    out.runs.push({ build: single.flavour, ...await single.bench(benchDepth, { threads: 1 }) });
    single.terminate();
    const engine = await EngineClient.start({ threads: 2 });
    for (const threads of [1, 2]) {
      if (threads > engine.threads) break;
      out.runs.push({ build: engine.flavour, ...await engine.bench(benchDepth, { threads }) });
    }
    engine.terminate();
    return out;
  }, depth);
  console.log(`bench depth ${depth} in headless Chromium, cross-origin isolated: ${runs.isolated}`);
  for (const r of runs.runs) {
    const build = r.build === 'mt' ? 'threaded build     ' : 'single-thread build';
    console.log(`  wasm ${build} ${r.threads} thread${r.threads > 1 ? 's' : ' '}: nodes ${r.nodes}  time ${Math.round(r.ms)} ms  nps ${r.nps}`);
  }
  const threaded = runs.runs.filter((r) => r.build === 'mt');
  if (existsSync(native)) {
    const text = execFileSync(native, ['bench', String(depth)], { encoding: 'utf8' });
    const nodes = Number(/Nodes searched\s*:\s*(\d+)/.exec(text)?.[1]);
    const nps = Number(/Nodes\/second\s*:\s*(\d+)/.exec(text)?.[1]);
    console.log(`  native                          1 thread : nodes ${nodes}  nps ${nps}`);
    const one = runs.runs[0];
    console.log(`one-thread node count ${one.nodes === nodes ? 'equals' : 'DIFFERS FROM'} native`);
    console.log(`single-thread wasm speed: ${(100 * one.nps / nps).toFixed(0)}% of native`);
    if (one.nodes !== nodes) process.exitCode = 1;
  } else {
    console.log(`(no ${native}: run \`make build\` for the native comparison)`);
  }
  if (threaded.length > 1) {
    const [one, two] = threaded;
    console.log(`two threads: ${(one.ms / two.ms).toFixed(2)}x the speed of one (time to depth ${depth}), ` +
      `${(two.nps / one.nps).toFixed(2)}x the nodes per second`);
  }
} finally {
  await context?.close();
  server.kill();
  rmSync(profile, { recursive: true, force: true });
}
