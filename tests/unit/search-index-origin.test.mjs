// @ts-check
// The portal's search worker (src/plugins/search/query/worker.ts) loads the index only from the
// page's own origin (specification, sections 5, 7 and 8): an index address on another origin is
// refused with "Unexpected version url" before anything is fetched. An index that cannot be
// loaded is an error of the call, and is asked for again by the next one.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';

import {loadSearchWorker, searchIndexFiles} from '../support/search-worker.mjs';

const ORIGIN = 'https://developer.gerai.example';

/** One page, "Order state", with a section of text. */
const {respond} = searchIndexFiles({
  titles: [{i: 1, t: 'Order state', u: '/docs/docs/food-integration/how-to/order-state', b: ['Docs']}],
  guides: [
    {
      i: 2,
      t: 'An order is accepted, then ready.',
      u: '/docs/docs/food-integration/how-to/order-state',
      p: 1,
      h: '#states',
      s: 'States',
    },
  ],
});

/**
 * The same answer, its body arriving in `parts` pieces `gapMs` apart, as on a slow network; the
 * fetch's signal ends it, as a browser's does.
 *
 * @param {Response} response
 * @param {RequestInit} init
 * @param {number} parts
 * @param {number} gapMs
 */
async function slowly(response, {signal}, parts, gapMs) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const size = Math.ceil(bytes.length / parts);
  const pieces = Array.from({length: parts}, (_, k) => bytes.subarray(k * size, (k + 1) * size));
  let timer;
  const body = new ReadableStream({
    start(controller) {
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        controller.error(new DOMException('The operation was aborted.', 'AbortError'));
      });
    },
    pull(controller) {
      return new Promise((resolve) => {
        timer = setTimeout(() => {
          const piece = pieces.shift();
          if (piece) controller.enqueue(piece);
          if (pieces.length === 0) controller.close();
          resolve();
        }, gapMs);
      });
    },
  });
  return new Response(body, {status: response.status, headers: response.headers});
}

const fetched = [];
let failing = false;
let slow = false;
const SearchWorker = loadSearchWorker({
  origin: ORIGIN,
  searchIndexUrl: 'search-index{dir}.json?_=test',
  fetched,
  respond: (url, init = {}) => {
    if (failing) return Promise.reject(new TypeError('Failed to fetch'));
    return slow && url.startsWith('/search-index.json') ? slowly(respond(url), init, 3, 1600) : respond(url);
  },
});

describe('the search worker', () => {
  for (const base of [
    '//evil.example/',
    'https://evil.example/',
    'http://developer.gerai.example/',
    `${ORIGIN}:8443/`,
    '/\\evil.example/',
  ]) {
    test(`refuses an index under ${base} with "Unexpected version url" and fetches nothing`, async () => {
      fetched.length = 0;
      const worker = new SearchWorker();
      await assert.rejects(worker.fetchIndexes(base), {message: 'Unexpected version url'});
      await assert.rejects(worker.search(base, '', 'order', 8), {message: 'Unexpected version url'});
      assert.deepEqual(fetched, []);
    });
  }

  test('loads the index of its own origin and finds a page in it', async () => {
    fetched.length = 0;
    const worker = new SearchWorker();
    const results = await worker.search('/', '', 'order', 8);
    // The lead first, then the shard that holds the word and the chunk of its text.
    assert.equal(fetched[0], '/search-index.json?_=test');
    assert.ok(
      fetched.every((url) => /^\/search-index(-[a-z0-9]+)?\.json\?_=test$/.test(url)),
      fetched.join(),
    );
    assert.equal(results[0]?.document.u, '/docs/docs/food-integration/how-to/order-state');
  });

  test('also under an absolute address of its own origin', async () => {
    fetched.length = 0;
    await new SearchWorker().fetchIndexes(`${ORIGIN}/`);
    assert.deepEqual(fetched, [`${ORIGIN}/search-index.json?_=test`]);
  });

  test('an index that cannot be loaded fails the call, and the next call asks for it again', async () => {
    fetched.length = 0;
    const worker = new SearchWorker();
    failing = true;
    await assert.rejects(worker.fetchIndexes('/'), {message: 'Failed to fetch'});
    await assert.rejects(worker.search('/', '', 'order', 8), {message: 'Failed to fetch'});
    failing = false;
    const results = await worker.search('/', '', 'order', 8);
    assert.equal(results[0]?.document.u, '/docs/docs/food-integration/how-to/order-state');
    const lead = fetched.filter((url) => url.startsWith('/search-index.json'));
    assert.deepEqual(lead, Array(3).fill('/search-index.json?_=test'));
  });

  test('an index that keeps arriving on a slow network is waited for, however long it takes in all', async () => {
    // Each piece of the lead file comes within INDEX_RESPONSE_TIMEOUT_MS (4 s) of the one before;
    // the whole body takes longer than that.
    slow = true;
    try {
      const results = await new SearchWorker().search('/', '', 'order', 8);
      assert.equal(results[0]?.document.u, '/docs/docs/food-integration/how-to/order-state');
    } finally {
      slow = false;
    }
  });
});
