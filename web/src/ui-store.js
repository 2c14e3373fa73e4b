// Everything the page remembers lives in this browser's localStorage, under keys starting
// with "xiangqi."; nothing is sent anywhere. Storage can be unavailable (private windows, full
// quota): then the page simply forgets.

const PREFIX = 'xiangqi.';

export function load(key, fallback = null) {
  try {
    const text = localStorage.getItem(PREFIX + key);
    return text === null ? fallback : JSON.parse(text);
  } catch {
    return fallback;
  }
}

export function save(key, value) {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the page keeps working without it.
  }
}

export function remove(key) {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // As above.
  }
}
