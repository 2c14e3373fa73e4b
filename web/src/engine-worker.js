// The engine's Web Worker: loads xiangqi-wasm (the threaded build when the page is
// cross-origin isolated, else the single-thread one) and answers engine.js's messages. The
// search blocks this worker while it runs; in the threaded build the page stops it by writing
// the engine's stop flag in the shared memory, and helper threads run on the rayon pool of
// Web Workers that wasm-bindgen-rayon starts.
//
// Messages in:  {type: 'init', flavour: 'st' | 'mt', threads, cancel: SharedArrayBuffer | null}
//               {type: 'bestMove', id, fen, moves, level, seed, movetimeMs, variant}
//               {type: 'analyse', id, fen, moves, multipv, nodes, depth, movetimeMs, infinite, variant}
//               {type: 'reviewPosition', id, fen, moves, nodes, variant}
//               {type: 'bench', id, depth, threads}
//               {type: 'crash'}                      (testing: the worker dies)
// Messages out: {type: 'ready', threads, memory, stopAddress}
//               {type: 'line', id, value}            (each line of an analysis as it comes)
//               {type: 'result', id, value} | {type: 'aborted', id} | {type: 'error', id, message}
//               {type: 'crash', message}             (the wasm trapped: the worker is unusable)

let wasm = null;
let engine = null;
let threads = 1;
let cancel = null; // Int32Array over the page's SharedArrayBuffer: [0] = last cancelled id

function cancelled(id) {
  return cancel !== null && Atomics.load(cancel, 0) >= id;
}

async function init({ flavour, threads: wanted, cancel: buffer }) {
  wasm = await import(`../pkg/${flavour}/xiangqi_wasm.js`);
  await wasm.default({ module_or_path: new URL(`../pkg/${flavour}/xiangqi_wasm_bg.wasm`, import.meta.url) });
  threads = 1;
  if (flavour === 'mt' && wasm.hasThreads()) {
    threads = Math.max(1, wanted | 0);
    // The pool runs the helpers; this worker runs the main search thread.
    if (threads > 1) await wasm.initThreadPool(threads - 1);
    cancel = buffer ? new Int32Array(buffer) : null;
  }
  engine = new wasm.Engine(threads, 0);
  return {
    type: 'ready',
    threads: engine.threads(),
    memory: flavour === 'mt' ? wasm.wasmMemory().buffer : null,
    stopAddress: engine.stopFlagAddress(),
  };
}

function trapped(error) {
  return error instanceof WebAssembly.RuntimeError;
}

function handle(message) {
  const { id } = message;
  switch (message.type) {
    case 'bestMove': {
      engine.resetStop();
      if (cancelled(id)) return { type: 'aborted', id };
      const seed = Number.isFinite(message.seed) && message.seed >= 0 ? message.seed : -1;
      const value = engine.bestMove(message.fen || '', message.moves || [], String(message.level),
        seed, Math.max(0, message.movetimeMs | 0), message.variant || undefined);
      return cancelled(id) ? { type: 'aborted', id } : { type: 'result', id, value };
    }
    case 'analyse': {
      engine.resetStop();
      if (cancelled(id)) return { type: 'aborted', id };
      const onLine = (line) => {
        if (!cancelled(id)) self.postMessage({ type: 'line', id, value: line });
      };
      const value = engine.analyse(message.fen || '', message.moves || [], Math.max(1, message.multipv | 0),
        Math.max(0, Number(message.nodes) || 0), Math.max(0, message.depth | 0), Math.max(0, message.movetimeMs | 0),
        Boolean(message.infinite), onLine, message.variant || undefined);
      return cancelled(id) ? { type: 'aborted', id } : { type: 'result', id, value };
    }
    case 'reviewPosition': {
      engine.resetStop();
      if (cancelled(id)) return { type: 'aborted', id };
      const value = engine.reviewPosition(message.fen || '', message.moves || [],
        Math.max(1, Number(message.nodes) || 1), message.variant || undefined);
      return cancelled(id) ? { type: 'aborted', id } : { type: 'result', id, value };
    }
    case 'bench': {
      const n = Math.max(1, Math.min(threads, message.threads || threads));
      return { type: 'result', id, value: wasm.bench(message.depth | 0, n) };
    }
    default:
      return { type: 'error', id, message: `unknown request ${message.type}` };
  }
}

self.onmessage = async (event) => {
  const message = event.data;
  if (message.type === 'init') {
    try {
      self.postMessage(await init(message));
    } catch (error) {
      self.postMessage({ type: 'crash', message: `the engine could not start: ${error.message || error}` });
    }
    return;
  }
  if (message.type === 'crash') {
    setTimeout(() => { throw new Error('the engine was made to crash'); });
    return;
  }
  try {
    self.postMessage(handle(message));
  } catch (error) {
    if (trapped(error)) {
      self.postMessage({ type: 'crash', message: `the engine failed: ${error.message}` });
    } else {
      self.postMessage({ type: 'error', id: message.id, message: error.message || String(error) });
    }
  }
};
