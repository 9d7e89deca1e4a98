// @ts-check
// The arithmetic the search worker ranks with (src/plugins/search/query/ranking.ts): sums by
// document that match a plain computation, and an order read in parts that matches a whole sort.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {ColumnPool, RankedOrder, Tally, termsOf} = jiti('./src/plugins/search/query/ranking.ts');

/** A small deterministic generator of numbers in [0, 1). */
function numbers(seed) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('Tally', () => {
  test('sums each document as a map of objects would, round after round', () => {
    const random = numbers(7);
    const tally = new Tally();
    const pairs = {term: new Int32Array(500), next: new Int32Array(500)};
    for (let round = 0; round < 4; round += 1) {
      tally.begin(pairs);
      const expected = new Map();
      for (let k = 0; k < 500; k += 1) {
        // Ids beyond the arrays' first size make them grow.
        const id = Math.floor(random() * 5000);
        const term = Math.floor(random() * 6);
        const boost = 1 + Math.floor(random() * 10);
        const value = random();
        const words = 1 << Math.floor(random() * 4);
        tally.add(id, term, boost, value, words);
        const seen = expected.get(id);
        if (seen) {
          seen.sum += boost * value;
          seen.words |= words;
          seen.strongest = Math.max(seen.strongest, boost);
          seen.terms.push(term);
        } else {
          expected.set(id, {sum: boost * value, words, strongest: boost, terms: [term]});
        }
      }
      assert.deepEqual(tally.ids, [...expected.keys()], 'each document once, in the order first reached');
      assert.equal(tally.next, 500, 'one list item per posting');
      for (const [id, {sum, words, strongest, terms}] of expected) {
        assert.equal(tally.sum(id), sum);
        assert.equal(tally.words(id), words);
        assert.equal(tally.strongest(id), strongest);
        assert.deepEqual(termsOf(pairs, tally.terms(id)).sort(), terms.sort());
      }
    }
  });

  test("a round's lists of terms stay readable after the next round of the query begins", () => {
    const tally = new Tally();
    const pairs = {term: new Int32Array(3), next: new Int32Array(3)};
    tally.begin(pairs);
    tally.add(3, 0, 1, 0.5, 1);
    tally.add(3, 2, 1, 0.5, 1);
    const head = tally.terms(3);
    tally.begin(pairs, tally.next);
    tally.add(3, 1, 1, 0.5, 1);
    assert.equal(tally.sum(3), 0.5, 'a new round starts from nothing');
    assert.deepEqual(termsOf(pairs, head).sort(), [0, 2]);
    assert.deepEqual(termsOf(pairs, tally.terms(3)), [1]);
  });
});

describe('ColumnPool', () => {
  test('lends columns with room for the size asked, a set per query at once, and takes them back', () => {
    const pool = new ColumnPool();
    const first = pool.take(10);
    const second = pool.take(5000);
    assert.notEqual(first, second, 'two queries at once never share columns');
    assert.ok(second.ids.length >= 5000 && second.pairs.term.length >= 5000 && second.scores.length >= 5000);
    pool.give(second);
    const again = pool.take(20);
    assert.equal(again, second, 'columns given back are lent again');
    assert.ok(pool.take(2000).ids.length >= 2000, 'columns grow for a larger query');
  });
});

describe('RankedOrder', () => {
  for (const count of [0, 1, 10, 64, 65, 1000, 14000]) {
    test(`read in parts, ${count} numbers come in the order of a whole sort`, () => {
      const random = numbers(count + 1);
      // Few distinct keys, so that ties are broken by the later keys as in the worker.
      const covered = Array.from({length: count}, () => Math.floor(random() * 3));
      const scores = Array.from({length: count}, () => Math.floor(random() * 50) / 7);
      const before = (a, b) => covered[b] - covered[a] || scores[b] - scores[a] || a - b;
      const sorted = Array.from({length: count}, (_, k) => k).sort(before);
      const order = new RankedOrder(count, before);
      // The first results, then one past what was ordered first, then the rest.
      const read = [];
      for (let rank = 0; rank < count; rank += 1) read.push(order.at(rank));
      assert.deepEqual(read, sorted);
    });
  }

  test('reading far first orders everything', () => {
    const before = (a, b) => b - a;
    const order = new RankedOrder(200, before);
    assert.equal(order.at(150), 49);
    assert.equal(order.at(0), 199);
    assert.equal(order.at(199), 0);
  });
});
