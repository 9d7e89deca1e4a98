// @ts-check
// The search index is published as a lead, shards of postings and chunks of documents
// (src/plugins/search/format.ts): the first letters typed are answered by the lead alone,
// and a query fetches only the shards that hold its words and the chunks of the documents it
// ranks or shows, so what it downloads does not grow with the site.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';

import createJiti from 'jiti';
import lunr from 'lunr';

import {root} from '../support/openapi.mjs';
import {loadSearchWorker, searchIndexFiles} from '../support/search-worker.mjs';

const jiti = createJiti(root + '/');
const {indexWords} = jiti('./src/plugins/search/text.ts');

const ORIGIN = 'https://developer.gerai.example';

/** A worker on an index of `entries`, and the addresses it fetched. */
function workerOn(entries) {
  const fetched = [];
  const {files, respond} = searchIndexFiles(entries);
  const SearchWorker = loadSearchWorker({
    origin: ORIGIN,
    searchIndexUrl: 'search-index{dir}.json?_=test',
    fetched,
    respond,
  });
  return {worker: new SearchWorker(), fetched, files};
}

// A site of 300 pages, "Payment 1" to "Payment 300", each with a section of its own words.
const PAGES = Array.from({length: 300}, (_, k) => k + 1);
const SITE = {
  titles: PAGES.map((n) => ({i: n * 10, t: `Payment ${n}`, u: `/docs/docs/order-${n}`})),
  headings: PAGES.map((n) => ({
    i: n * 10 + 1,
    t: `Refunds of order ${n}`,
    u: `/docs/docs/order-${n}`,
    h: '#refunds',
    p: n * 10,
  })),
  guides: PAGES.map((n) => ({
    i: n * 10 + 2,
    t: `A refund of order ${n} is returned within a day. Word${n}alpha word${n}beta word${n}gamma.`,
    u: `/docs/docs/order-${n}`,
    h: '#refunds',
    s: `Refunds of order ${n}`,
    p: n * 10,
  })),
};

describe('the files of the search index', () => {
  test('are many small shards and chunks beside the lead', () => {
    const {files} = workerOn(SITE);
    const shards = [...files.keys()].filter((suffix) => suffix.startsWith('-t'));
    const chunks = [...files.keys()].filter((suffix) => suffix.startsWith('-d'));
    assert.ok(files.has(''), 'the lead');
    assert.ok(shards.length >= 3, `${shards.length} shards`);
    assert.ok(chunks.length >= 5, `${chunks.length} chunks`);
  });

  test('the first letters typed are answered by the lead alone', async () => {
    const {worker, fetched} = workerOn(SITE);
    const results = await worker.search('/', '', 'Pa', 8);
    assert.equal(results.length, 8);
    assert.deepEqual(fetched, ['/search-index.json?_=test']);
  });

  test("a word only a page's text holds is found through the one shard that holds it and its document's chunk", async () => {
    const {worker, fetched} = workerOn(SITE);
    const results = await worker.search('/', '', 'word137gamma', 8);
    assert.equal(results[0]?.document.u, '/docs/docs/order-137');
    assert.equal(results[0]?.document.h, '#refunds');
    assert.equal(results[0]?.page.t, 'Payment 137');
    assert.equal(fetched[0], '/search-index.json?_=test');
    assert.equal(fetched.filter((url) => /-t\d+\.json/.test(url)).length, 1, fetched.join());
    assert.equal(fetched.filter((url) => /-d\d+\.json/.test(url)).length, 1, fetched.join());
  });

  test('a file is fetched once, however many queries need it', async () => {
    const {worker, fetched} = workerOn(SITE);
    await worker.search('/', '', 'word137gamma', 8);
    const count = fetched.length;
    await worker.search('/', '', 'word137gamma ', 8);
    assert.equal(fetched.length, count);
  });

  test('the search page finds every page that holds a word, two results at most of each', async () => {
    const {worker} = workerOn(SITE);
    const results = await worker.search('/', '', 'refund', 100);
    assert.equal(results.length, 100);
    const perPage = new Map();
    for (const {document} of results) perPage.set(document.u, (perPage.get(document.u) ?? 0) + 1);
    assert.ok([...perPage.values()].every((count) => count <= 2));
  });
});

describe('the scores of the index', () => {
  test('are those the search library gives the same documents in an index of its own', async () => {
    const documents = [
      {i: 1, t: 'Accept an order within three minutes of the order event', u: '/docs/docs/a'},
      {i: 2, t: 'Reject an order with a reason code', u: '/docs/docs/b'},
      {i: 3, t: 'Orders, menus and outlets', u: '/docs/docs/c'},
      {i: 4, t: 'Menus of an outlet: sync the menu', u: '/docs/docs/d'},
    ];
    const own = lunr(function () {
      this.pipeline.reset();
      this.pipeline.add(lunr.stemmer);
      // Typed as lunr's own tokenizer, whose `separator` the builder does not use: it only calls it.
      this.tokenizer = /** @type {typeof lunr.tokenizer} */ (
        (input) =>
          indexWords(typeof input === 'string' ? input : String(input ?? '')).map(
            (word) => new lunr.Token(word.value, {}),
          )
      );
      this.ref('u');
      this.field('t');
      documents.forEach((document) => this.add(document));
    });
    // Titles of pages of the guides: weighed alike, so the order and ratios are the library's.
    const {worker} = workerOn({titles: documents});
    // A trailing space: the last word is finished, so no word it begins is searched.
    for (const query of ['order ', 'menu outlet ', 'accept order ', 'reason ']) {
      const ours = await worker.search('/', '', query, 8);
      const theirs = own.search(query.trim());
      const ratio = ours[0].score / theirs[0].score;
      assert.deepEqual(
        ours.map((result) => [result.document.u, (result.score / ratio).toFixed(6)]),
        theirs.map((result) => [result.ref, result.score.toFixed(6)]),
        query,
      );
    }
  });
});
