// @ts-check
// The relevance set (tests/fixtures/search-relevance.json): queries a partner types, each with
// the pages a good answer holds. They are run by the portal's search worker, in Node.js, on the
// search index of the production build in build/ (the same module and the same index files the
// browser loads), as the navbar box asks them: at most 8 results.
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {before, describe, test} from 'node:test';

import {root} from '../support/openapi.mjs';
import {builtSearchIndexUrl, loadSearchWorker} from '../support/search-worker.mjs';

const build = path.resolve(root, process.env.PORTAL_BUILD_DIR ?? 'build');
const {queries} = JSON.parse(readFileSync(path.join(root, 'tests/fixtures/search-relevance.json'), 'utf8'));
const ORIGIN = 'https://developer.gerai.example';
const SUGGESTIONS = 8;

/** The distinct pages of a result list, in order. */
const pagesOf = (results) => [...new Set(results.map((result) => result.document.u))];

/** Where the first expected page stands among the results (1-based), or Infinity. */
function rank(results, expected) {
  const found = pagesOf(results).findIndex((page) => expected.includes(page));
  return found === -1 ? Infinity : found + 1;
}

const SearchWorker = loadSearchWorker({origin: ORIGIN, searchIndexUrl: builtSearchIndexUrl(build), folder: build});

describe('search relevance, on the production build', () => {
  const outcomes = [];

  before(async () => {
    const worker = new SearchWorker();
    // A long list waits for every part of the index; the box's later queries search them all.
    await worker.search('/', '', 'order', 100);
    for (const {query, expect} of queries) {
      const results = await worker.search('/', '', query, SUGGESTIONS);
      outcomes.push({query, expect, results, rank: rank(results, expect)});
    }
  });

  test('the set holds at least 60 queries, each expecting pages of the build', () => {
    assert.ok(queries.length >= 60, `only ${queries.length} queries`);
    const sitemap = readFileSync(path.join(build, 'sitemap.xml'), 'utf8');
    for (const {query, expect} of queries) {
      for (const page of expect) {
        assert.ok(sitemap.includes(`${page}</loc>`), `"${query}" expects ${page}, which the sitemap lacks`);
      }
    }
  });

  test('every query finds something', () => {
    const empty = outcomes.filter((outcome) => outcome.results.length === 0).map((outcome) => outcome.query);
    assert.deepEqual(empty, [], 'queries without results');
  });

  test('the expected page is among the first 3 results for at least 90% of the queries, the first 8 for 97%', () => {
    const share = (limit) => outcomes.filter((outcome) => outcome.rank <= limit).length / outcomes.length;
    const misses = outcomes
      .filter((outcome) => outcome.rank > 3)
      .map(
        ({query, rank: at, results}) =>
          `"${query}": ${at === Infinity ? 'not found' : `page ${at}`}; got ${pagesOf(results).slice(0, 3).join(', ')}`,
      );
    const top3 = share(3);
    const top8 = share(SUGGESTIONS);
    console.log(`top 1 ${(share(1) * 100).toFixed(1)}%, top 3 ${(top3 * 100).toFixed(1)}%, top 8 ${(top8 * 100).toFixed(1)}%`);
    for (const miss of misses) console.log(`  outside the first 3: ${miss}`);
    assert.ok(top3 >= 0.9, `top 3: ${(top3 * 100).toFixed(1)}%\n${misses.join('\n')}`);
    assert.ok(top8 >= 0.97, `top 8: ${(top8 * 100).toFixed(1)}%\n${misses.join('\n')}`);
  });
});

// The first query of a fresh page starts from the lead part of the index alone (titles, headings,
// keywords); one it cannot fill waits for the rest. A pasted query must not be the worse for it.
describe('search relevance of the first query on a fresh page', () => {
  const outcomes = [];

  before(async () => {
    for (const {query, expect} of queries) {
      const results = await new SearchWorker().search('/', '', query, SUGGESTIONS);
      outcomes.push({query, results, rank: rank(results, expect)});
    }
  });

  test('every query finds something', () => {
    assert.deepEqual(
      outcomes.filter((outcome) => outcome.results.length === 0).map((outcome) => outcome.query),
      [],
    );
  });

  test('the expected page is among the first 3 results for at least 90% of the queries', () => {
    const top3 = outcomes.filter((outcome) => outcome.rank <= 3).length / outcomes.length;
    const misses = outcomes.filter((outcome) => outcome.rank > 3).map((outcome) => outcome.query);
    console.log(`first query: top 3 ${(top3 * 100).toFixed(1)}%; outside: ${misses.join(' | ')}`);
    assert.ok(top3 >= 0.9, `top 3: ${(top3 * 100).toFixed(1)}%\n${misses.join('\n')}`);
  });
});
