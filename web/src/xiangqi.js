// The rules of xiangqi and janggi on the main thread, from the Rust core compiled to
// WebAssembly (xiangqi-wasm, single-thread build). Every rule the page applies comes from here:
// legal moves, making and taking back moves, check, the end of the game under the `simple`
// preset (janggi: under core's `janggi` rules, with the pass, bikjang and counting), move
// notation and PGN.
//
//   import { loadRules, Game } from './xiangqi.js';
//   await loadRules();
//   const game = new Game();          // or new Game(fen); throws Error on a bad FEN
//   game.play('h2e2');                // throws Error saying why when malformed or illegal
//   game.moveText(0, 'chinese');      // '炮二平五'
//   const janggi = Game.janggi('마상상마', '상마마상');   // Cho's and Han's setups
//   janggi.play(janggi.passMove());   // a pass, when core says it is legal
//
// Also here: the service worker (offline play, and the headers that turn threads on) and
// threadStatus(), which says whether the engine can use threads and why not.

import init, {
  Game, squareName, squareIndex, judgeMove, expectedScore, readPuzzles, dailyPuzzleIndex, tables,
} from '../pkg/st/xiangqi_wasm.js';

// tables(): the Rust tables the page names (levels with think time, terminations, piece
// values, the mate scale, the null move); tests/tables.test.mjs holds the page's names to them.
export {
  Game, squareName, squareIndex, judgeMove, expectedScore, readPuzzles, dailyPuzzleIndex, tables,
};

let loading = null;
let loaded = false;

/** Fetches and instantiates the single-thread wasm once; later calls wait for the same load. */
export function loadRules() {
  if (!loading) {
    loading = init({ module_or_path: new URL('../pkg/st/xiangqi_wasm_bg.wasm', import.meta.url) })
      .then(() => {
        loaded = true;
      })
      .catch((error) => {
        loading = null;
        throw error;
      });
  }
  return loading;
}

/** Whether the rules are loaded (Game and the other exports can be used). */
export function rulesLoaded() {
  return loaded;
}

/**
 * Whether the engine may use threads here, and if not, why:
 * `{ isolated, threads, code, reason }`. `threads` is how many search threads the engine would
 * use; `code` is `on`, `noShared`, `noWorker`, `insecure`, `notIsolated` or `oneCore`.
 */
export function threadStatus() {
  const isolated = globalThis.crossOriginIsolated === true;
  const cores = Math.max(1, navigator.hardwareConcurrency || 1);
  let code;
  if (typeof SharedArrayBuffer === 'undefined' && isolated) code = 'noShared';
  else if (!isolated && !('serviceWorker' in navigator)) code = 'noWorker';
  else if (!isolated && !globalThis.isSecureContext) code = 'insecure';
  else if (!isolated) code = 'notIsolated';
  else if (cores < 2) code = 'oneCore';
  else code = 'on';
  return { isolated, threads: engineThreads(isolated, cores), code, reason: REASONS[code] };
}

// Why threads are off, for the console and the tests; the page shows engine.why.<code> in its
// language.
const REASONS = {
  noShared: 'this browser has no shared memory',
  noWorker: 'the page is not cross-origin isolated and this browser has no service workers to make it so',
  insecure: 'the page is not served over HTTPS or from localhost, so it cannot be cross-origin isolated',
  notIsolated: 'the page is not cross-origin isolated yet (the server sends no COOP/COEP headers; the service worker adds them after one reload)',
  oneCore: 'this device reports a single core',
  on: 'threads are on',
};

/** Search threads the engine uses: the cores, at most 8, at least 2 when isolated on 2 cores. */
export function engineThreads(isolated = globalThis.crossOriginIsolated === true,
  cores = Math.max(1, navigator.hardwareConcurrency || 1)) {
  if (!isolated || typeof SharedArrayBuffer === 'undefined') return 1;
  return Math.max(1, Math.min(8, cores));
}

const RELOAD_KEY = 'xiangqi-coi-reload';

/**
 * Registers the service worker (`sw.js` beside index.html): it caches the site for offline
 * play and adds the COOP/COEP headers where the server sends none. When that makes a
 * difference, the page reloads once to become cross-origin isolated. Resolves to
 * threadStatus() (for a page that did not need to reload).
 */
export async function registerServiceWorker(url = new URL('../sw.js', import.meta.url)) {
  if (!('serviceWorker' in navigator) || !globalThis.isSecureContext) return threadStatus();
  try {
    const registration = await navigator.serviceWorker.register(url, { scope: new URL('./', url).href });
    if (!globalThis.crossOriginIsolated) {
      await navigator.serviceWorker.ready;
      // Reload once so that the page comes through the worker with the headers.
      if (!sessionStorage.getItem(RELOAD_KEY)) {
        sessionStorage.setItem(RELOAD_KEY, '1');
        if (navigator.serviceWorker.controller || registration.active) {
          location.reload();
          return new Promise(() => {});
        }
      }
    } else {
      sessionStorage.removeItem(RELOAD_KEY);
    }
  } catch (error) {
    const status = threadStatus();
    return { ...status, reason: `${status.reason}; the service worker failed: ${error.message}`, workerError: error.message };
  }
  return threadStatus();
}
