// The search index is published in parts (src/plugins/search-query/parts.ts): the lead part,
// titles, headings and keywords, answers the first letters typed; the other parts, the text of
// the pages, follow. A query the lead part cannot fill waits for them, so the box never says
// "No results" for a word that only the text still on its way holds.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';
import {loadSearchWorker} from '../support/search-worker.mjs';

const jiti = createJiti(root + '/');
const {buildIndex} = jiti('./scripts/search-index/shape.ts');
const {LATER_PARTS} = jiti('./src/plugins/search-query/parts.ts');

/** A part's five entries (titles, headings, descriptions, keywords, text). */
const part = (titles, text = []) =>
  [titles, [], [], [], text].map((documents) => ({documents, index: buildIndex(documents)}));

// Ten pages whose titles hold "order"; the text of the first also speaks of refunds.
const TITLES = Array.from({length: 10}, (_, k) => ({
  i: k * 10,
  t: `Order ${k + 1}`,
  u: `/docs/docs/order-${k + 1}`,
}));
const GUIDE_TEXT = [
  {i: 1, t: 'A refund is returned to the customer within a day.', p: 0, h: '#refunds', s: 'Refunds'},
];

const fetched = [];
const SearchWorker = loadSearchWorker({
  origin: 'https://developer.gerai.example',
  searchIndexUrl: 'search-index{dir}.json?_=test',
  fetched,
  respond: (url) => {
    const suffix = /search-index(.*)\.json/.exec(url)?.[1] ?? '';
    const body = suffix === '' ? part(TITLES) : part([], suffix === LATER_PARTS.guides ? GUIDE_TEXT : []);
    return new Response(JSON.stringify(body), {headers: {'content-type': 'application/json'}});
  },
});

describe('the parts of the search index', () => {
  test('the first letters typed are answered by the lead part alone', async () => {
    fetched.length = 0;
    const results = await new SearchWorker().search('/', '', 'ord', 8);
    assert.equal(results.length, 8);
    assert.deepEqual(fetched, ['/search-index.json?_=test']);
  });

  test('a word only the text of a page holds waits for that text, and finds it', async () => {
    fetched.length = 0;
    const results = await new SearchWorker().search('/', '', 'refund', 8);
    assert.ok(fetched.includes(`/search-index${LATER_PARTS.guides}.json?_=test`), fetched.join());
    assert.equal(results[0]?.document.u, '/docs/docs/order-1');
    assert.equal(results[0]?.document.h, '#refunds');
  });
});
