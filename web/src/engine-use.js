// The page's one engine (a worker, engine.js): started once, asked for moves by the play modes
// and the puzzle defender, and for analysis by the analysis mode. A request that is no longer
// wanted when its answer comes (a take back, another mode) is dropped by its sequence number.

import { EngineClient } from './engine.js';
import { t } from './i18n.js';
import { state, hooks } from './state.js';
import { announce, showAlert, hideAlert } from './render.js';

// The engine's reply is shown no sooner than this after the player's move, so that a move
// found at once still reads as a reply.
const MIN_REPLY_MS = 350;

/** Asks the engine for a move in the current position and hands it to `then` if still wanted. */
export async function askEngine({ level, seed, movetimeMs }, then) {
  const seq = ++state.thinkSeq;
  const game = state.game;
  state.thinking = true;
  hooks.render();
  const started = performance.now();
  try {
    const reply = await state.engine.bestMove({
      fen: game.startFen(), moves: game.moves(), level, seed, movetimeMs, variant: game.variant(),
    });
    const wait = MIN_REPLY_MS - (performance.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (seq !== state.thinkSeq || game !== state.game) return;
    state.thinking = false;
    if (!game.legalMoves().includes(reply.move)) throw new Error(`the engine answered ${reply.move}, not a legal move`);
    then(reply.move);
  } catch (error) {
    if (seq !== state.thinkSeq) return;
    state.thinking = false;
    hooks.render();
    if (error?.name === 'AbortError') return;
    engineFailed(error);
  }
}

/** Drops the running request (its answer will be ignored) and stops the search. */
export function stopThinking() {
  state.thinkSeq++;
  if (!state.thinking && !state.analysing) return;
  state.thinking = false;
  state.analysing = false;
  try {
    state.engine?.stop();
  } catch {
    // A worker that is gone has nothing to stop.
  }
}

export function engineFailed(error) {
  state.engineStatus = 'dead';
  state.thinkSeq++;
  state.thinking = false;
  state.analysing = false;
  const why = error?.message ?? '';
  showAlert(t('alert.engineDead', { why }), { retry: true });
  announce(t('say.engineDead'));
  hooks.render();
}

export async function startEngine() {
  state.engineStatus = 'loading';
  hooks.render();
  try {
    const engine = await EngineClient.start();
    engine.onCrash = (error) => {
      if (state.engine === engine) engineFailed(error ?? new Error('the engine worker died'));
    };
    state.engine = engine;
    state.engineStatus = 'ready';
    hooks.render();
    hooks.resume();
  } catch (error) {
    engineFailed(error);
  }
}

export async function retryEngine() {
  hideAlert();
  try {
    state.engine?.terminate();
  } catch {
    // Already gone.
  }
  state.engine = null;
  await startEngine();
}
