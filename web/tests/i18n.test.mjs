// The page in English, 简体中文, 繁體中文 and Tiếng Việt: every key of the English reference in
// every language (same placeholders, plural forms), every translated element filled, the
// language taken from the browser, switchable and remembered, and the move list in each
// language's notation for a known game (Vietnamese as Vietnamese score sheets write it).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, foreignRequests } from './harness.mjs';

const site = useBrowser();
const LANGUAGES = ['en', 'zh-Hans', 'zh-Hant', 'vi'];

const placeholders = (text) => [...String(text).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('every language has every key, with the same placeholders', { timeout: 60_000 }, async () => {
  const { page, context, errors } = await openPage(site.browser, site.url, '', { waitEngine: false });
  const dictionaries = await page.evaluate(async (codes) => {
    const out = {};
    for (const code of codes) out[code] = (await import(`./src/i18n/${code}.js`)).default;
    return out;
  }, LANGUAGES);
  const en = dictionaries.en;
  const keys = Object.keys(en);
  assert.ok(keys.length > 300, `${keys.length} keys`);
  for (const code of LANGUAGES.slice(1)) {
    const dict = dictionaries[code];
    assert.deepEqual(keys.filter((k) => !(k in dict)), [], `${code} lacks keys`);
    assert.deepEqual(Object.keys(dict).filter((k) => !(k in en)), [], `${code} has keys English lacks`);
    for (const key of keys) {
      const a = en[key];
      const b = dict[key];
      assert.equal(typeof b, typeof a, `${code} ${key}: a ${typeof a}`);
      if (typeof a === 'object') {
        assert.ok(typeof b.other === 'string', `${code} ${key}: no 'other' form`);
        for (const form of Object.values(b)) assert.deepEqual(placeholders(form), placeholders(a.other), `${code} ${key}`);
      } else {
        assert.deepEqual(placeholders(b), placeholders(a), `${code} ${key}`);
        assert.ok(b.trim().length > 0 || a.trim().length === 0, `${code} ${key} is empty`);
      }
    }
    // Translated, not copied: most texts differ from the English ones.
    const same = keys.filter((k) => typeof en[k] === 'string' && en[k] === dict[k] && /[a-z]{4}/.test(en[k]));
    assert.ok(same.length < 12, `${code}: ${same.length} texts left in English: ${same.slice(0, 12)}`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('each language renders with no key left unfilled and no text in another language', { timeout: 120_000 }, async () => {
  for (const code of LANGUAGES) {
    const opened = await openPage(site.browser, site.url, `?lang=${code}`, { waitEngine: false });
    const { page, context, errors, requests } = opened;
    assert.equal(await page.getAttribute('html', 'lang'), code);
    const report = await page.evaluate(async () => {
      const { t, allKeys, hasKey } = await import('./src/i18n.js');
      const missing = allKeys().filter((k) => !hasKey(k));
      const unfilled = [...document.querySelectorAll('[data-i18n]')].filter((el) => el.textContent.trim() === '' || el.textContent === el.dataset.i18n)
        .map((el) => el.dataset.i18n);
      const wrong = [...document.querySelectorAll('[data-i18n]')].filter((el) => el.textContent !== t(el.dataset.i18n)).map((el) => el.dataset.i18n);
      // A key's name never shows: it would mean a text the page asked for and no file has.
      const text = document.body.innerText;
      const leaked = allKeys().filter((k) => k.includes('.') && text.includes(k));
      return { missing, unfilled, wrong, leaked, title: document.title };
    });
    assert.deepEqual(report.missing, [], `${code}: missing keys`);
    assert.deepEqual(report.unfilled, [], `${code}: unfilled elements`);
    assert.deepEqual(report.wrong, [], `${code}: elements with another text`);
    assert.deepEqual(report.leaked, [], `${code}: key names on the page`);
    if (code !== 'en') {
      // The seed's sections are translated too.
      const rules = await page.textContent('#rules');
      assert.doesNotMatch(rules, /Chariot: any distance/, code);
      assert.doesNotMatch(await page.textContent('#questions'), /How is xiangqi different/, code);
      assert.doesNotMatch(await page.textContent('#turn-text'), /Your move|Loading/, code);
    }
    if (code.startsWith('zh')) assert.match(await page.textContent('#rules-title'), /规则|規則/);
    if (code === 'vi') assert.equal(await page.textContent('#rules-title'), 'Luật chơi');
    assert.deepEqual(foreignRequests(requests, site.url), []);
    assert.deepEqual(errors, [], code);
    await context.close();
  }
});

test('the language follows the browser, is switched from the picker and remembered', { timeout: 90_000 }, async () => {
  for (const [locale, code] of [['vi-VN', 'vi'], ['zh-TW', 'zh-Hant'], ['zh-CN', 'zh-Hans'], ['fr-FR', 'en']]) {
    const context = await site.browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto(site.url);
    await page.waitForSelector('#board[aria-busy="false"] [data-square="e0"]');
    assert.equal(await page.getAttribute('html', 'lang'), code, locale);
    assert.equal(await page.inputValue('#language'), code);
    await context.close();
  }
  const context = await site.browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(site.url);
  await page.waitForSelector('#board[aria-busy="false"] [data-square="e0"]');
  await page.selectOption('#language', 'zh-Hans');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-Hans');
  assert.equal(await page.textContent('#btn-flip'), '⇅ 翻转棋盘');
  assert.match(await page.textContent('[role="status"]'), /简体中文/);
  await page.reload();
  await page.waitForSelector('#board[aria-busy="false"] [data-square="e0"]');
  assert.equal(await page.getAttribute('html', 'lang'), 'zh-Hans');
  assert.equal(await page.inputValue('#language'), 'zh-Hans');
  await context.close();
});

// The opening of the Vietnamese sources the notation cites (tamquocchess.vn, hieponly.top):
// 1. P2-5 M8.7 2. M2.3 X9-8 3. X1-2 M2.3 4. B7.1 B7.1, and the same game in Chinese.
const GAME = '1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 4. c3c4 g6g5 *';
const EXPECTED = {
  vi: ['P2-5', 'M8.7', 'M2.3', 'X9-8', 'X1-2', 'M2.3', 'B7.1', 'B7.1'],
  'zh-Hans': ['炮二平五', '马8进7', '马二进三', '车9平8', '车一平二', '马2进3', '兵七进一', '卒7进1'],
  'zh-Hant': ['炮二平五', '馬8進7', '傌二進三', '車9平8', '俥一平二', '馬2進3', '兵七進一', '卒7進1'],
  en: ['炮二平五', '馬8進7', '傌二進三', '車9平8', '俥一平二', '馬2進3', '兵七進一', '卒7進1'],
};

test('the move list in each language\'s notation, the Vietnamese one as its score sheets write it', { timeout: 120_000 }, async () => {
  for (const [code, expected] of Object.entries(EXPECTED)) {
    const { page, context, errors } = await openPage(site.browser, site.url, `?lang=${code}&pgn=${encodeURIComponent(GAME)}`, { waitEngine: false });
    await page.waitForSelector('[data-ply="7"]');
    const moves = await page.$$eval('.move-list button.mv', (els) => els.map((el) => el.firstChild.textContent));
    assert.deepEqual(moves, expected, code);
    // WXF on request, in any language (the move's own text: the review may add a glyph after it).
    const firstMove = () => page.$eval('[data-ply="0"]', (el) => el.firstChild.textContent);
    await page.click('[data-notation="wxf"]');
    assert.equal(await firstMove(), 'C2=5');
    await page.click('[data-notation="native"]');
    assert.equal(await firstMove(), expected[0]);
    assert.deepEqual(errors, []);
    await context.close();
  }
  // A Vietnamese record pasted back reads as the same game.
  const { page, context } = await openPage(site.browser, site.url, '?lang=vi#analysis', { waitEngine: false });
  await page.fill('#load-text', '1. P2-5 M8.7 2. M2.3 X9-8 3. X1-2 M2.3 4. B7.1 B7.1');
  await page.click('#load-form button[type="submit"]');
  await page.waitForSelector('[data-ply="7"]');
  const iccs = await page.$$eval('.move-list button.mv', (els) => els.map((el) => el.dataset.move));
  assert.deepEqual(iccs, ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'b9c7', 'c3c4', 'g6g5']);
  await context.close();
});
