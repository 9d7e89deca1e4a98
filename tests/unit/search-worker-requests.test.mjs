// @ts-check
// How the portal's search worker (src/plugins/search/query/worker.ts) asks for the files of the
// index: a query that needs many chunks asks for a few at a time, so that on a slow network no
// file waits in the browser's queue past the time the search gives it to answer.
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {loadSearchWorker, searchIndexFiles} from '../support/search-worker.mjs';

const PAGES = 80;
const url = (n) => `/docs/docs/guide-${n}`;
const {files, respond} = searchIndexFiles({
  titles: Array.from({length: PAGES}, (_, n) => ({i: 2 * n + 1, t: `Guide ${n}`, u: url(n), b: ['Docs']})),
  guides: Array.from({length: PAGES}, (_, n) => ({
    i: 2 * n + 2,
    t: `Each order of guide ${n} is accepted, then marked ready. ${'Words about the kitchen. '.repeat(40)}`,
    u: url(n),
    p: 2 * n + 1,
    h: '#steps',
    s: 'Steps',
  })),
});

let inFlight = 0;
let most = 0;
const SearchWorker = loadSearchWorker({
  origin: 'https://developer.gerai.example',
  searchIndexUrl: 'search-index{dir}.json?_=test',
  respond: async (address) => {
    inFlight += 1;
    most = Math.max(most, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 5));
    inFlight -= 1;
    return respond(address);
  },
});

test('a query that needs many chunks asks for at most six index files at once', async () => {
  const chunks = [...files.keys()].filter((suffix) => suffix.startsWith('-d')).length;
  assert.ok(chunks > 12, `the index has ${chunks} chunks; the test needs more than twelve`);
  const results = await new SearchWorker().search('/', '', 'order', 100);
  assert.equal(results.length >= PAGES, true, `${results.length} results`);
  assert.ok(most <= 6, `${most} index files asked for at once`);
  assert.ok(most > 1, 'the files are still asked for side by side');
});
