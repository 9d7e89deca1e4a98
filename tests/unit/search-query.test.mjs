// @ts-check
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {indexQuery} = jiti('./src/plugins/search/query/query.ts');

test('the index is asked the typed words, without asterisks', () => {
  assert.equal(indexQuery('webhook*'), 'webhook');
  assert.equal(indexQuery('*'), '');
  assert.equal(indexQuery('order *'), 'order ');
  assert.equal(
    indexQuery('+order -state title:webhook order~2 order^10 *'),
    '+order -state title:webhook order~2 order^10 ',
  );
  assert.equal(indexQuery('o*r**der'), 'order');
});

test('everything else reaches the index as typed', () => {
  for (const typed of [
    'order state',
    '/integrations/food/outlets/{outlet_id}/v1/orders',
    'cancel_reason_code',
    '.+?^${}()|[]\\ (a+)+$ [^order',
    '🍜 nasi goreng 👩🏽‍🍳',
    '',
  ]) {
    assert.equal(indexQuery(typed), typed);
  }
});

test('the local search still reaches its worker through the module the build replaces', () => {
  // src/plugins/search swaps `searchByWorker` for its own when the plugin's box and page
  // import it; if an upgrade renamed or moved it, queries would reach the index uncleaned.
  const theme = path.join(root, 'node_modules/@easyops-cn/docusaurus-search-local/dist/client/client/theme');
  for (const component of ['SearchBar/SearchBar.jsx', 'SearchPage/SearchPage.jsx']) {
    const source = readFileSync(path.join(theme, component), 'utf8');
    assert.match(source, /import \{[^}]*\bsearchByWorker\b[^}]*\} from "\.\.\/searchByWorker";/, component);
  }
  assert.match(
    readFileSync(path.join(theme, 'searchByWorker.js'), 'utf8'),
    /export async function searchByWorker\(baseUrl, searchContext, input, limit\)/,
  );
});

describe('words of the index and of a query', () => {
  const {words, wordValues, queryWords} = jiti('./src/plugins/search/text.ts');

  test('a path is its words, whichever way its parameters are written', () => {
    const braces = queryWords('/v1/outlets/{outlet_id}/orders');
    assert.deepEqual(braces, ['v1', 'outlets', 'outlet_id', 'orders']);
    assert.deepEqual(queryWords('/v1/outlets/:outlet_id/orders'), braces);
    assert.deepEqual(queryWords('food.order.placed'), ['food', 'order', 'placed']);
    assert.deepEqual(queryWords('X-Gerai-Signature'), ['x', 'gerai', 'signature']);
  });

  test('a question keeps its meaningful words only', () => {
    assert.deepEqual(queryWords('How do I get the status of an order?'), ['get', 'status', 'order']);
  });

  test('an underscore name is indexed whole and by its parts, where they stand', () => {
    assert.deepEqual(
      words('Set cancel_reason_code.').map(({value, start, length}) => [value, start, length]),
      [
        ['set', 0, 3],
        ['cancel_reason_code', 4, 18],
        ['cancel', 4, 6],
        ['reason', 11, 6],
        ['code', 18, 4],
      ],
    );
  });

  test('ranking reads the same words as the index, in the same order', () => {
    const texts = [
      'Set cancel_reason_code.',
      'POST /v1/outlets/{outlet_id}/orders/{order_id}/accept',
      '__init__ and _private_ and ___',
      'OUTLET_NOT_LINKED: the outlet__id is İstanbul, Straße, ΟΔΟΣ_ΕΝΑ',
      '',
    ];
    for (const text of texts) {
      assert.deepEqual(
        wordValues(text),
        words(text).map((word) => word.value),
        text,
      );
    }
  });
});

describe('the word being typed', () => {
  test('finds the words it begins; once finished (a space after it), only itself', async () => {
    const {loadSearchWorker, searchIndexFiles} = await import('../support/search-worker.mjs');
    const {respond} = searchIndexFiles({
      titles: [{i: 1, t: 'Order acceptance', u: '/docs/docs/order-acceptance'}],
    });
    const SearchWorker = loadSearchWorker({
      origin: 'https://developer.gerai.example',
      searchIndexUrl: 'search-index{dir}.json?_=test',
      respond,
    });
    const worker = new SearchWorker();
    const typed = await worker.search('/', '', 'ord', 8);
    assert.deepEqual(
      typed.map((result) => result.document.u),
      ['/docs/docs/order-acceptance'],
    );
    assert.deepEqual(await worker.search('/', '', 'ord ', 8), []);
  });
});

describe('a page found by its keywords', () => {
  test('is listed as its title when the title holds a word the query reached, marked there', async () => {
    const {loadSearchWorker, searchIndexFiles} = await import('../support/search-worker.mjs');
    const url = '/docs/api/food-integration/delete-promotion';
    const title = {i: 1, t: 'Delete a food promotion', u: url, b: ['API Reference', 'Promotions']};
    const keywords = {i: 1, t: 'DELETE /v1/promotions/{promotion_id} promotion_id', s: title.t, u: url, p: 1};
    const {respond} = searchIndexFiles({titles: [title], keywords: [keywords]});
    const SearchWorker = loadSearchWorker({
      origin: 'https://developer.gerai.example',
      searchIndexUrl: 'search-index{dir}.json?_=test',
      respond,
    });
    const worker = new SearchWorker();

    // The keywords hold both words and rank first; the title holds "promotion" at 14, as
    // "promotions" reaches it: the title is listed, marked there.
    const [words] = await worker.search('/', '', 'v1 promotions', 8);
    assert.equal(words.type, 0);
    assert.equal(words.document.u, url);
    assert.deepEqual(
      Object.values(words.metadata).flatMap((term) => term.t.position),
      [[14, 9]],
    );

    // Only the keywords hold the path parameter: nothing to mark in the title, so it stays a
    // keywords result, which the box and the search page show with the page's title.
    const [byPath] = await worker.search('/', '', 'promotion_id', 8);
    assert.equal(byPath.type, 3);
    assert.equal(byPath.page.t, title.t);
  });
});

describe('a word typed with a slip', () => {
  test('is within as many typos as letters added, left out, changed or swapped with a neighbour', () => {
    const {withinTypos} = jiti('./src/plugins/search/query/typos.ts');
    assert.equal(withinTypos('promtions', 'promotions', 1), true);
    assert.equal(withinTypos('webhok', 'webhook', 1), true);
    assert.equal(withinTypos('signatrue', 'signature', 1), true);
    assert.equal(withinTypos('trubleshoting', 'troubleshooting', 2), true);
    assert.equal(withinTypos('trubleshoting', 'troubleshooting', 1), false);
    assert.equal(withinTypos('promtions', 'promot', 2), false);
    assert.equal(withinTypos('order', 'order', 0), true);
  });

  test('is matched as written, so a slip that changes where the stemmer cuts still finds the word', async () => {
    const {loadSearchWorker, searchIndexFiles} = await import('../support/search-worker.mjs');
    const {stem} = jiti('./src/plugins/search/text.ts');
    // The stemmer cuts "-ion" from "promotions" but not from "promtions": the stems are three
    // letters apart, though the words as written are one.
    assert.equal(stem('promotions'), 'promot');
    assert.equal(stem('promtions'), 'promtion');
    const titles = [
      {i: 1, t: 'Promotions', u: '/docs/docs/food-integration/how-to/promotions'},
      {i: 3, t: 'Order acceptance', u: '/docs/docs/food-integration/how-to/order-acceptance'},
    ];
    const guides = [
      {i: 2, t: 'Create a promotion for the items of an outlet.', u: titles[0].u, p: 1, h: '#create'},
      {i: 4, t: 'Accept an order within three minutes, or the order is cancelled.', u: titles[1].u, p: 3},
    ];
    const {respond} = searchIndexFiles({titles, guides});
    const SearchWorker = loadSearchWorker({
      origin: 'https://developer.gerai.example',
      searchIndexUrl: 'search-index{dir}.json?_=test',
      respond,
    });
    const worker = new SearchWorker();
    for (const typed of ['promtions', 'promtions ', 'create promtions']) {
      const pages = [...new Set((await worker.search('/', '', typed, 8)).map((result) => result.document.u))];
      assert.deepEqual(pages, ['/docs/docs/food-integration/how-to/promotions'], typed);
    }
  });
});
