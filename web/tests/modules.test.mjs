// The page's modules keep their places (web/README.md): a mode imports what the modes share
// (state.js, render.js, input.js, the ui-* modules), never another mode, so that each mode can
// change alone. Read from the sources, without a browser.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MODES = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'modes');

test('no mode imports another mode', () => {
  const modes = readdirSync(MODES).filter((f) => f.endsWith('.js'));
  assert.ok(modes.length >= 3, `${modes}`);
  for (const file of modes) {
    const source = readFileSync(join(MODES, file), 'utf8');
    const imports = [...source.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]);
    assert.ok(imports.length > 0, `${file} imports nothing?`);
    const others = imports.filter((from) => from.startsWith('./'));
    assert.deepEqual(others, [], `${file} imports another mode`);
  }
});
