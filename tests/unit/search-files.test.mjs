// @ts-check
// The search index is published as a lead, shards of postings and chunks of documents
// (src/plugins/search/format.ts): the first letters typed are answered by the lead alone,
// a query fetches only the shards that hold its words and the chunks of the documents it
// ranks or shows, and the box's suggestions for a word being typed read the best documents of
// the words it begins, never their tails, so what it downloads does not grow with the site.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';

import createJiti from 'jiti';
import lunr from 'lunr';

import {root} from '../support/openapi.mjs';
import {loadSearchWorker, loadSearchWorkerModule, searchIndexFiles} from '../support/search-worker.mjs';

const jiti = createJiti(root + '/');
const {indexWords} = jiti('./src/plugins/search/text.ts');
const {HEAD_POSTINGS, forEachPosting, mergePostings} = jiti('./src/plugins/search/format.ts');
const {splitPostings} = jiti('./src/plugins/search/build/files.ts');

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

/** The [id, score] pairs of delta-coded postings. */
function pairsOf(postings) {
  const pairs = [];
  forEachPosting(postings, (id, score) => pairs.push([id, Math.round(score * 1000)]));
  return pairs;
}

describe('the postings of a word more documents hold than a shard keeps', () => {
  // "refund" is in the heading and the text of each of the 300 pages: more than HEAD_POSTINGS.
  const index = () => workerOn(SITE);
  const lead = (files) => files.get('')[0].index;
  const TAIL = /-r\d+\.json/;

  test('are its best scored in its shard and the others in a tail the lead names', () => {
    assert.ok(PAGES.length > HEAD_POSTINGS);
    const {files} = index();
    const {long, shards, tails} = lead(files);
    assert.deepEqual(long.split('\n').includes('refund'), true);
    assert.equal(tails.length > 0, true);
    const shard = files.get(`-t${shards.findLastIndex((first) => first <= 'refund')}`);
    const tail = files.get(`-r${tails.findLastIndex((first) => first <= 'refund')}`);
    for (const entry of Object.keys(tail.refund)) {
      const head = pairsOf(shard.refund[entry]);
      const rest = pairsOf(tail.refund[entry]);
      assert.equal(head.length, HEAD_POSTINGS);
      assert.equal(head.length + rest.length, PAGES.length);
      const lowestInHead = Math.min(...head.map(([, score]) => score));
      assert.ok(
        rest.every(([, score]) => score <= lowestInHead),
        `entry ${entry}`,
      );
      assert.deepEqual(
        pairsOf(mergePostings(shard.refund[entry], tail.refund[entry])),
        [...head, ...rest].sort((a, b) => a[0] - b[0]),
      );
    }
    // A word fewer documents hold has no tail.
    assert.equal(long.split('\n').includes('word137gamma'), false);
  });

  test('are split between the best and the rest, the lower id first among equals, each in id order', () => {
    const postings = [];
    for (let id = 1; id <= HEAD_POSTINGS + 3; id += 1) postings.push(1, id === 7 ? 900 : 500);
    const {head, tail} = splitPostings(postings);
    const inHead = pairsOf(head);
    assert.equal(inHead.length, HEAD_POSTINGS);
    assert.ok(inHead.some(([id]) => id === 7));
    assert.deepEqual(
      pairsOf(tail).map(([id]) => id),
      [HEAD_POSTINGS + 1, HEAD_POSTINGS + 2, HEAD_POSTINGS + 3],
    );
    assert.deepEqual(splitPostings([3, 100, 2, 200]), {head: [3, 100, 2, 200]});
  });

  test('the box reads the heads of the words the word being typed begins, and suggests what the search page lists first', async () => {
    const {worker, fetched} = index();
    const suggestions = await worker.search('/', '', 'refu', 8);
    assert.equal(fetched.filter((url) => TAIL.test(url)).length, 0, fetched.join());
    const {worker: other} = index();
    const listed = await other.search('/', '', 'refu', 100);
    assert.equal(listed.length, 100);
    assert.deepEqual(
      suggestions.map((result) => [result.document.u, result.document.h, result.type]),
      listed.slice(0, 8).map((result) => [result.document.u, result.document.h, result.type]),
    );
  });

  test('a finished word reads its tail, once', async () => {
    const {worker, fetched} = index();
    await worker.search('/', '', 'refund ', 8);
    assert.equal(fetched.filter((url) => TAIL.test(url)).length, 1, fetched.join());
    await worker.search('/', '', 'refund', 8);
    await worker.search('/', '', 'refunds ', 8);
    assert.equal(fetched.filter((url) => TAIL.test(url)).length, 1, fetched.join());
  });

  test('the search page finds a page that only the tail of a word being typed holds', async () => {
    const {worker, files} = index();
    const {tails} = lead(files);
    const tail = files.get(`-r${tails.findLastIndex((first) => first <= 'refund')}`);
    const [entry, postings] = Object.entries(tail.refund)[0];
    const [[id]] = pairsOf(postings);
    const results = await worker.search('/', '', 'refu', 1000);
    assert.ok(
      results.some((result) => result.document.i === id),
      `document ${id} of entry ${entry} is not found`,
    );
  });
});

describe('the words a word being typed begins', () => {
  test('are, in the box, the PREFIX_WORDS shortest, the first in order among equals', () => {
    const {PREFIX_WORDS, shortest} = loadSearchWorkerModule({
      origin: ORIGIN,
      searchIndexUrl: 'search-index{dir}.json?_=test',
      respond: () => new Response('[]'),
    });
    const terms = ['aaa', 'ab', 'abcd', 'abc', 'abd', 'abe', 'b'];
    assert.deepEqual(shortest(terms, 1, 6, 3), ['ab', 'abc', 'abd']);
    assert.deepEqual(shortest(terms, 1, 6, 10), ['ab', 'abcd', 'abc', 'abd', 'abe']);
    assert.ok(PREFIX_WORDS >= 32);
  });

  test('more of them than the box reads leave its suggestions as the search page lists them first', async () => {
    // "wor" begins the 900 words word1alpha to word300gamma.
    const {worker} = workerOn(SITE);
    const suggestions = await worker.search('/', '', 'wor', 8);
    const {worker: other} = workerOn(SITE);
    const listed = await other.search('/', '', 'wor', 100);
    assert.equal(suggestions.length, 8);
    assert.deepEqual(
      suggestions.map((result) => [result.document.u, result.document.h, result.type]),
      listed.slice(0, 8).map((result) => [result.document.u, result.document.h, result.type]),
    );
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
