// The engine in a Web Worker, so that the page never freezes while it thinks.
//
//   import { EngineClient } from './engine.js';
//   const engine = await EngineClient.start();     // threads when the page is isolated
//   engine.onCrash = (error) => showRetry(error);   // the worker died: start() again
//   const { move } = await engine.bestMove({ fen: game.startFen(), moves: game.moves(),
//                                            level: 'club', seed: 42 });
//   engine.stop();                                  // the running bestMove rejects (AbortError)
//   await engine.analyse({ fen, moves, multipv: 3, infinite: true }, (line) => show(line));
//
// The levels are xiangqi-search's own (`Level`: the same caps and the same move choice); Master
// plays at full strength for the search crate's think time (`Level::think_time`, applied in
// the worker when no time is given). With threads (a cross-origin
// isolated page) the search is Lazy SMP over a shared table, as natively, and stop() raises the
// engine's stop flag in the shared memory; without, stop() ends the worker and starts another.

import { engineThreads } from './xiangqi.js';

/** The level names, weakest first. */
export const LEVELS = ['beginner', 'casual', 'club', 'strong', 'master'];

function abortError() {
  const error = new Error('the search was stopped');
  error.name = 'AbortError';
  return error;
}

function crashError(message) {
  const error = new Error(message || 'the engine stopped working');
  error.name = 'EngineCrash';
  return error;
}

export class EngineClient {
  /**
   * Starts the worker: the threaded build when the page is cross-origin isolated (on
   * `threads` threads, by default the device's cores, at most 8), else the single-thread
   * one. Rejects when the engine cannot be loaded.
   */
  static async start({ threads } = {}) {
    const wanted = threads ?? engineThreads();
    const isolated = globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer !== 'undefined';
    const client = new EngineClient(isolated && wanted > 1 ? 'mt' : 'st', wanted);
    try {
      await client._spawn();
    } catch (error) {
      if (client.flavour !== 'mt') throw error;
      // No threaded build here, or it failed: one thread still plays.
      client.flavour = 'st';
      await client._spawn();
    }
    return client;
  }

  constructor(flavour, threads) {
    /** 'mt' (threaded wasm) or 'st' (single-thread). */
    this.flavour = flavour;
    /** Search threads in use. */
    this.threads = 1;
    /** Called with an Error when the worker dies; start() a new client to go on. */
    this.onCrash = null;
    this._wanted = threads;
    this._worker = null;
    this._ready = null;
    this._nextId = 1;
    this._pending = new Map();
    this._dead = false;
    this._cancel = typeof SharedArrayBuffer !== 'undefined' && flavour === 'mt'
      ? new Int32Array(new SharedArrayBuffer(4)) : null;
    this._stopFlag = null;
  }

  _spawn() {
    const worker = new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
    this._worker = worker;
    this._ready = new Promise((resolve, reject) => {
      let started = false;
      worker.onmessage = (event) => {
        const message = event.data;
        if (message.type === 'ready') {
          started = true;
          this.threads = message.threads;
          this._stopFlag = message.memory ? new Uint8Array(message.memory) : null;
          this._stopAddress = message.stopAddress;
          resolve();
        } else if (message.type === 'crash') {
          if (started) this._crash(crashError(message.message));
          else { worker.terminate(); reject(crashError(message.message)); }
        } else {
          this._settle(message);
        }
      };
      worker.onerror = (event) => {
        event.preventDefault?.();
        const error = crashError(event.message ? `the engine failed: ${event.message}` : undefined);
        if (started) this._crash(error);
        else { worker.terminate(); reject(error); }
      };
      worker.onmessageerror = () => this._crash(crashError('the engine sent a message that could not be read'));
      worker.postMessage({
        type: 'init',
        flavour: this.flavour,
        threads: this._wanted,
        cancel: this._cancel ? this._cancel.buffer : null,
      });
    });
    return this._ready;
  }

  _settle(message) {
    const entry = this._pending.get(message.id);
    if (!entry) return; // stopped earlier: its answer is of no use now
    if (message.type === 'line') {
      entry.onLine?.(message.value);
      return;
    }
    this._pending.delete(message.id);
    if (message.type === 'result') entry.resolve(message.value);
    else if (message.type === 'aborted') entry.reject(abortError());
    else entry.reject(new Error(message.message));
  }

  _crash(error) {
    if (this._dead) return;
    this._dead = true;
    this._worker?.terminate();
    for (const entry of this._pending.values()) entry.reject(error);
    this._pending.clear();
    if (typeof this.onCrash === 'function') this.onCrash(error);
  }

  async _request(message, onLine = null) {
    if (this._dead) throw crashError('the engine has stopped; start a new one');
    await this._ready;
    if (this._dead) throw crashError('the engine has stopped; start a new one');
    const id = this._nextId++;
    return new Promise((resolve, reject) => {
      this._pending.set(id, { resolve, reject, type: message.type, onLine });
      this._worker.postMessage({ ...message, id });
    });
  }

  /**
   * The engine's move for the game from `fen` (its start position) after `moves` (ICCS), at
   * `level`; `seed` fixes the weaker levels' random choice; `variant` is the game's
   * ('xiangqi', the default, or 'janggi': the engine then plays janggi, a pass written as the
   * general's point twice, e.g. 'e1e1'); `movetimeMs` bounds the time (default: Master's think
   * time, the Rust level's; the weaker levels stop earlier at their caps). Resolves to
   * `{ move, score, mate, depth, nodes, timeMs }` (`move` null when the side to move has none;
   * `score` in centipawns for the side to move, `mate` the moves to mate when one is seen).
   */
  async bestMove({ fen = '', moves = [], level = 'master', seed, movetimeMs, variant = 'xiangqi' } = {}) {
    const name = String(level).toLowerCase();
    if (!LEVELS.includes(name)) throw new Error(`unknown level ${level} (expected ${LEVELS.join(', ')})`);
    return this._request({
      type: 'bestMove',
      fen,
      moves: Array.from(moves, String),
      level: name,
      seed: Number.isFinite(seed) ? Math.abs(Math.trunc(seed)) : Math.floor(Math.random() * 2 ** 32),
      movetimeMs: movetimeMs ?? 0,
      variant,
    });
  }

  /**
   * Analysis at full strength of the position after `moves` from `fen`: `multipv` lines (1 to
   * 3 and more), within `nodes`, `depth` or `movetimeMs`, or `infinite` (until stop()).
   * `onLine(line)` gets each line of each iteration as it comes, `{ multipv, depth, score, mate,
   * pv, nodes, timeMs }` (`score` from the side to move's view, a mate as ±100000 less the
   * moves to it; `pv` in ICCS). Resolves to the best line at the end, or null when the side to
   * move has no move; stop() makes it reject with an AbortError. `variant` as for bestMove.
   */
  async analyse({ fen = '', moves = [], multipv = 1, nodes = 0, depth = 0, movetimeMs = 0, infinite = false, variant = 'xiangqi' } = {}, onLine = null) {
    return this._request({
      type: 'analyse', fen, moves: Array.from(moves, String), multipv, nodes, depth, movetimeMs, infinite, variant,
    }, onLine);
  }

  /**
   * One position of a game under review, the review Python's analysis uses too (core's
   * `review_position`): the game from `fen` through `moves` under the page's rules, searched at
   * full strength within `nodes`. Resolves to `{ score, mate, pv, depth }`: `score` from the
   * side to move's view on the mate scale; where the rules have already ended the game,
   * ±mateCp (won or lost, `mate` 0) or 0 (drawn) and `pv` empty. stop() makes it reject with
   * an AbortError.
   */
  async reviewPosition({ fen = '', moves = [], nodes = 1, variant = 'xiangqi' } = {}) {
    return this._request({ type: 'reviewPosition', fen, moves: Array.from(moves, String), nodes, variant });
  }

  /**
   * Stops what the engine is doing: the running bestMove (and bench) reject with an Error
   * named 'AbortError'. The engine stays usable.
   */
  stop() {
    if (this._dead || this._pending.size === 0) return;
    const ids = [...this._pending.keys()];
    // The bench runs engines of its own, which the stop flag does not reach.
    const benchRunning = [...this._pending.values()].some((entry) => entry.type === 'bench');
    for (const entry of this._pending.values()) entry.reject(abortError());
    this._pending.clear();
    if (this._stopFlag && this._cancel && !benchRunning) {
      // Threads: the worker skips the cancelled requests and the running search stops at once.
      Atomics.store(this._cancel, 0, Math.max(...ids));
      Atomics.store(this._stopFlag, this._stopAddress, 1);
    } else {
      // One thread: the worker is busy searching, so end it and start a fresh one.
      this._worker.terminate();
      this._spawn().catch((error) => this._crash(error));
    }
  }

  /**
   * `xiangqi bench` in the browser: the same positions and depth (default 11) as natively, on
   * `threads` threads (default: the engine's). Resolves to `{ nodes, nps, ms, threads }`.
   */
  async bench(depth = 0, { threads } = {}) {
    return this._request({ type: 'bench', depth, threads: threads ?? this.threads });
  }

  /** For tests of the page: makes the worker die as a failing engine would. */
  crashForTest() {
    this._worker?.postMessage({ type: 'crash' });
  }

  /** Ends the worker; pending requests reject with an AbortError. */
  terminate() {
    for (const entry of this._pending.values()) entry.reject(abortError());
    this._pending.clear();
    this._dead = true;
    this._worker?.terminate();
  }
}
