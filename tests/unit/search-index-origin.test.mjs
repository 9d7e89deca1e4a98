// The search worker of @easyops-cn/docusaurus-search-local loads the index only
// from the page's own origin (specification, sections 5, 7 and 8): an index
// address on another origin is refused with "Unexpected version url" before
// anything is fetched. This loads the plugin's real worker module in Node.js,
// with the browser globals it needs stubbed and its build-time constants set.
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const ORIGIN = 'https://developer.gerai.example';
const WORKER = path.join(
  root,
  'node_modules/@easyops-cn/docusaurus-search-local/dist/client/client/theme/worker.js',
);
const CONSTANTS = '@generated/@easyops-cn/docusaurus-search-local/default/generated-constants.js';
/** The index library, as the worker itself resolves it. */
const lunr = createRequire(WORKER)('lunr');

/** Every address the worker fetched. */
const fetched = [];
let SearchWorker;
let stubs;

/** One page, "Order state", in the shape the plugin writes search-index.json. */
function searchIndex() {
  const documents = [
    {i: 1, t: 'Order state', u: '/docs/docs/food-integration/how-to/order-state', b: ['Docs']},
  ];
  const index = lunr(function () {
    this.ref('i');
    this.field('t');
    documents.forEach((document) => this.add(document));
  });
  return [{documents, index: index.toJSON()}];
}

before(() => {
  stubs = mkdtempSync(path.join(tmpdir(), 'search-worker-'));
  const constants = path.join(stubs, 'generated-constants.mjs');
  // What the plugin generates at build time (see .docusaurus/), for this portal's options.
  writeFileSync(
    constants,
    [
      'export const removeDefaultStopWordFilter = ["en"];',
      'export const language = ["en"];',
      'export const searchIndexUrl = "search-index{dir}.json?_=test";',
      'export const searchResultLimits = 8;',
      'export const fuzzyMatchingDistance = 1;',
    ].join('\n'),
  );
  // A dedicated worker's globals: its location, fetch, and the message port Comlink listens on.
  globalThis.location = new URL(`${ORIGIN}/search`);
  globalThis.addEventListener ??= () => {};
  globalThis.fetch = async (url) => {
    fetched.push(String(url));
    return new Response(JSON.stringify(searchIndex()), {headers: {'content-type': 'application/json'}});
  };
  const jiti = createJiti(root + '/', {alias: {[CONSTANTS]: constants}, interopDefault: true});
  ({SearchWorker} = jiti(WORKER));
});

after(() => {
  rmSync(stubs, {recursive: true, force: true});
  delete globalThis.location;
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
      await assert.rejects(worker.fetchIndexes(base, ''), {message: 'Unexpected version url'});
      await assert.rejects(worker.search(base, '', 'order', 8), {message: 'Unexpected version url'});
      assert.deepEqual(fetched, []);
    });
  }

  test('loads the index of its own origin and finds a page in it', async () => {
    fetched.length = 0;
    const worker = new SearchWorker();
    const results = await worker.search('/', '', 'order', 8);
    assert.deepEqual(fetched, ['/search-index.json?_=test']);
    assert.equal(results[0]?.document.u, '/docs/docs/food-integration/how-to/order-state');
  });

  test('also under an absolute address of its own origin', async () => {
    fetched.length = 0;
    await new SearchWorker().fetchIndexes(`${ORIGIN}/`, 'docs');
    assert.deepEqual(fetched, [`${ORIGIN}/search-index-docs.json?_=test`]);
  });
});
