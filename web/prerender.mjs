// Fills the English text of src/i18n/en.js into index.html at build time (node web/prerender.mjs
// IN OUT), so that the page's first paint has its words before any script runs and the
// translation file stays the one place they are written. The page fills the same attributes
// again at start, in the language chosen.
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const [input, output] = process.argv.slice(2);
const en = (await import(pathToFileURL(resolve('web/src/i18n/en.js')).href)).default;
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const text = (key) => {
  const value = en[key];
  if (value === undefined) throw new Error(`index.html names the key ${key}, which src/i18n/en.js lacks`);
  return typeof value === 'string' ? value : value.other;
};
let html = readFileSync(input, 'utf8');
// <tag ... data-i18n="key" ...></tag>: the text goes inside (data-i18n-initial: the text the
// page shows until it writes its own).
html = html.replace(/(<(\w+)\b[^>]*\sdata-i18n(?:-initial)?="([^"]+)"[^>]*>)(<\/\2>)/g, (all, open, tag, key, close) => `${open}${escape(text(key))}${close}`);
// data-i18n-attr="attribute:key; ...": the attributes are set.
html = html.replace(/\sdata-i18n-attr="([^"]+)"/g, (all, spec) => {
  const attrs = spec.split(';').map((pair) => pair.split(':').map((s) => s.trim())).filter(([a, k]) => a && k);
  return `${all}${attrs.map(([a, k]) => ` ${a}="${escape(text(k))}"`).join('')}`;
});
writeFileSync(output, html);
