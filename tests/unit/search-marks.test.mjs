// @ts-check
// Where a result marks the query's words (src/plugins/search/query/marks.ts): `positions` looks
// for the words' first letters rather than reading every word, and must mark what reading every
// word of `words(text)` and stemming it marks, in the same order, whatever the text holds.
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {positions} = jiti('./src/plugins/search/query/marks.ts');
const {stem, words} = jiti('./src/plugins/search/text.ts');

/** The marks by definition: every word of the text, stemmed, kept when its stem is matched. */
function everyWord(text, matched) {
  const marks = Object.create(null);
  for (const word of words(text)) {
    const term = stem(word.value);
    if (matched.has(term)) (marks[term] ??= {t: {position: []}}).t.position.push([word.start, word.length]);
  }
  return marks;
}

/** Every Markdown file under `folder`. */
function markdownFiles(folder) {
  return readdirSync(folder, {withFileTypes: true, recursive: true})
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Sets of matched terms: common words, words with underscores, one letter, object property names, non-ASCII. */
const MATCHED = [
  ['order', 'state', 'webhook'],
  ['creat', 'at', 'created_at', 'outlet_id', 'id'],
  ['a', 'i', 'k', 's'],
  ['__proto__', 'constructor', 'tostr'],
  ['api', 'releas', 'chang', 'latest'],
  ['é', 'caf', 'ſtate', 'i̇stanbul'],
].map((terms) => new Set(terms.map((term) => stem(term))));

const TEXTS = [
  '',
  '__init__ created_at _x_ a_b_c K_order 𝐀_order_state ORDER_State ſtate Kelvin\u212Aorder HTML_URL html_url_x',
  'İstanbul Order_ID order-id café_menu 12_orders __proto__.constructor toString() a_ _a a__b',
  ...markdownFiles(path.join(root, 'docs')).map((file) => readFileSync(file, 'utf8')),
];

describe('the marks of a result', () => {
  test(`${TEXTS.length} texts, ${MATCHED.length} sets of terms: the same marks as reading every word`, () => {
    for (const text of TEXTS) {
      for (const matched of MATCHED) {
        assert.deepEqual(positions(new Map(), text, matched), everyWord(text, matched), text.slice(0, 80));
      }
    }
  });

  test('a mark is the place and length of the word as written', () => {
    const text = 'Accept the ORDER, then Created_At and orders.';
    const marks = positions(new Map(), text, new Set([stem('order'), stem('created_at'), stem('at')]));
    const at = (term) =>
      marks[stem(term)].t.position.map(([start, length]) => text.slice(start, start + length));
    assert.deepEqual(at('order'), ['ORDER', 'orders']);
    assert.deepEqual(at('created_at'), ['Created_At']);
    assert.deepEqual(at('at'), ['At']);
  });
});
