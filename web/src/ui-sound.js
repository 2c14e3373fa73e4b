// The sound of a piece set down: a short knock made on the spot with Web Audio (no sound file
// is fetched). The audio context starts only after the player's first click or key, as
// browsers require.

let context = null;

function audio() {
  if (!context) {
    const Context = globalThis.AudioContext ?? globalThis.webkitAudioContext;
    if (!Context) return null;
    context = new Context();
  }
  if (context.state === 'suspended') context.resume().catch(() => {});
  return context;
}

/** Plays the knock of a move (`capture` a deeper, louder one). Silent where audio is missing. */
export function knock({ capture = false } = {}) {
  const ctx = context && audio();
  if (!ctx || ctx.state !== 'running') return;
  const now = ctx.currentTime;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = 'triangle';
  osc.frequency.setValueAtTime(capture ? 520 : 760, now);
  osc.frequency.exponentialRampToValueAtTime(capture ? 140 : 220, now + 0.09);
  gain.gain.setValueAtTime(0.0001, now);
  gain.gain.exponentialRampToValueAtTime(capture ? 0.5 : 0.32, now + 0.005);
  gain.gain.exponentialRampToValueAtTime(0.0001, now + (capture ? 0.16 : 0.11));
  osc.connect(gain).connect(ctx.destination);
  osc.start(now);
  osc.stop(now + 0.2);
}

/** Lets audio start at the player's first gesture. */
export function unlockOnGesture() {
  const start = () => {
    audio();
    window.removeEventListener('pointerdown', start, true);
    window.removeEventListener('keydown', start, true);
  };
  window.addEventListener('pointerdown', start, true);
  window.addEventListener('keydown', start, true);
}
