// The page's languages. Every word comes from a translation file in src/i18n/ (English is the
// reference; tests/i18n.test.mjs checks that every language has every key). The language is
// the one chosen before (localStorage), else the browser's, else English.
//
//   import { t, setLanguage, language, translatePage } from './i18n.js';
//   await setLanguage('vi');          // loads src/i18n/vi.js, sets <html lang>
//   t('turn.yours', { color: t('color.red') });   // 'Đến lượt bạn (Đỏ)'
//   t('engine.running', { n: 2 });    // plural forms through Intl.PluralRules
//   translatePage(document);          // fills [data-i18n] elements and [data-i18n-attr] attributes

import en from './i18n/en.js';
import * as store from './ui-store.js';

/** The languages, in the order the picker lists them: code, name in itself, move notation. */
export const LANGUAGES = [
  { code: 'en', name: 'English', notation: 'chinese-traditional' },
  { code: 'zh-Hans', name: '简体中文', notation: 'chinese' },
  { code: 'zh-Hant', name: '繁體中文', notation: 'chinese-traditional' },
  { code: 'vi', name: 'Tiếng Việt', notation: 'vietnamese' },
];

const loaded = { en };
let current = 'en';
let dictionary = en;
let plurals = new Intl.PluralRules('en');

/** The language code in use. */
export function language() {
  return current;
}

/** The move notation the players of the language in use read (core's notation names). */
export function nativeNotation() {
  return LANGUAGES.find((l) => l.code === current).notation;
}

/** The supported language closest to a BCP 47 tag such as 'zh-TW' or 'vi-VN', or null. */
export function matchLanguage(tag) {
  if (!tag) return null;
  const lower = String(tag).toLowerCase();
  if (lower.startsWith('zh')) {
    return /hant|-tw|-hk|-mo/.test(lower) ? 'zh-Hant' : 'zh-Hans';
  }
  if (lower.startsWith('vi')) return 'vi';
  if (lower.startsWith('en')) return 'en';
  return null;
}

/** The language to start in: the remembered choice, else the first of the browser's we have. */
export function initialLanguage() {
  // A language the page no longer has is dropped (and the browser's used).
  const saved = store.load('language', null, (v) => LANGUAGES.some((l) => l.code === v));
  if (saved) return saved;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const code = matchLanguage(tag);
    if (code) return code;
  }
  return 'en';
}

/** Loads a language's file (once) and makes it the one in use; `remember` saves the choice. */
export async function setLanguage(code, { remember = false } = {}) {
  if (!LANGUAGES.some((l) => l.code === code)) code = 'en';
  if (!loaded[code]) loaded[code] = (await import(`./i18n/${code}.js`)).default;
  current = code;
  dictionary = loaded[code];
  plurals = new Intl.PluralRules(code);
  document.documentElement.lang = code;
  if (remember) store.save('language', code);
  return code;
}

/** The dictionary of a loaded language (for the tests). */
export function dictionaryOf(code) {
  return loaded[code];
}

/**
 * The text of `key` in the language in use, with `{name}` replaced by `params.name`. A key the
 * language lacks falls back to English; an unknown key is returned as it is (and the tests
 * fail on it).
 */
export function t(key, params = {}) {
  let entry = dictionary[key] ?? en[key];
  if (entry === undefined) return key;
  if (typeof entry === 'object') {
    const form = plurals.select(Number(params.n ?? 0));
    entry = entry[form] ?? entry.other;
  }
  return entry.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** Whether the language in use has its own text for `key` (the tests use it). */
export function hasKey(key) {
  return key in dictionary;
}

/**
 * Fills the translated text into `root`: `data-i18n="key"` sets an element's text,
 * `data-i18n-attr="attribute:key; other:key"` its attributes, `data-i18n-initial="key"` the
 * text of an element the page rewrites later (render() draws it again after a switch).
 */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) {
    el.textContent = t(el.dataset.i18n);
  }
  // Texts the page rewrites as it goes: only their first words come from here.
  for (const el of root.querySelectorAll('[data-i18n-initial]')) {
    el.textContent = t(el.dataset.i18nInitial);
  }
  for (const el of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of el.dataset.i18nAttr.split(';')) {
      const [attribute, key] = pair.split(':').map((s) => s.trim());
      if (attribute && key) el.setAttribute(attribute, t(key));
    }
  }
  if (root === document) {
    document.title = t('meta.title');
    document.querySelector('meta[name="description"]')?.setAttribute('content', t('meta.description'));
  }
}

/** Every key of the English reference (for the tests). */
export function allKeys() {
  return Object.keys(en);
}

/** A date (YYYY-MM-DD) in words in the language in use, e.g. "1 December 2026" (by the
 * language's `date` pattern and month names, not Intl: a date formatter is slow to make). */
export function dateInWords(date) {
  const [year, month, day] = date.split('-').map(Number);
  return t('date', { year, month: t(`month.${month}`), day });
}
