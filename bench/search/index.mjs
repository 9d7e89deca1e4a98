// @ts-check
/**
 * `npm run bench:search`: what a reader waits for when searching, on the
 * production build served by nginx as in production (gzip), in Chromium
 * (the measures are in ../shared/search.mjs, which `npm run bench:scale` uses too):
 *
 * - the index a first query downloads from a guide page (every response
 *   whose path holds `search-index`, received before the first suggestion;
 *   those fetched after it are shown apart): as sent (brotli where nginx has
 *   the module, else gzip) and the same files gzipped;
 * - the time from the first keystroke to the first suggestion (ctrl+K, then
 *   typing at a reader's pace on a fresh page);
 * - later queries and a 10-word question, once the index has loaded: from the
 *   input to the suggestions redrawn (median, 90th percentile and slowest of
 *   each; the first round of queries runs on a worker that has not run them
 *   before, so the slowest is usually a first query);
 * - the layout shift of /search while its results arrive (390 px, mobile);
 * - with `--latency MS`, every request of the page and of its worker is
 *   delayed by MS and the connection limited to 1.6 Mbit/s (a phone's mobile
 *   network); the box figures then include the round trips.
 *
 * Prints a table and writes bench/search/results.json. Not part of `npm test`:
 * the figures depend on the machine, so compare runs taken on the same one.
 * For a site with ten times the content, `npm run bench:scale -- --keep` keeps
 * the build of its grown copy: pass that build with `--build`. `--help` lists
 * the options.
 *
 *   npm run bench:search [-- --port 3290] [-- --build build] [-- --latency 150]
 */
import path from 'node:path';

import {launchBrowser} from '../shared/browser.mjs';
import {root} from '../shared/root.mjs';
import {buildOption, portOption, readCommandLine, wholeNumber} from '../shared/options.mjs';
import {resultsFile, writeResults} from '../shared/results.mjs';
import {measureBox, measureSearchPage, timeQuery} from '../shared/search.mjs';
import {serve} from '../shared/server.mjs';
import {spread} from '../shared/stats.mjs';

const OUTPUT = resultsFile('search');

/** @type {import('../shared/options.mjs').Command} */
const COMMAND = {
  name: 'bench:search',
  about:
    'Measures what a reader waits for when searching, on a build served by nginx as in production: ' +
    'the index a first query downloads, the first suggestion, later queries and questions, and the ' +
    `layout shift of /search. Prints a table and writes ${path.relative(root, OUTPUT)}.`,
  options: {
    build: buildOption('the build to serve and measure'),
    port: portOption(3290),
    latency: {
      type: 'string',
      value: 'MS',
      default: '0',
      help: "added to every request of the search box's page and its worker, with the connection limited to 1.6 Mbit/s (0: none)",
    },
  },
};

const options = readCommandLine(COMMAND, (values) => ({
  build: path.resolve(root, values.build),
  port: wholeNumber('port', values.port, 1),
  latencyMs: wholeNumber('latency', values.latency, 0),
}));

/** Added to every request of the box's page and its worker (0: none). */
const LATENCY_MS = options.latencyMs;
const LATER_QUERIES = [
  'webhook',
  'cancel_reason_code',
  'INVALID_PARAMETER',
  '/v1/outlets/{outlet_id}/orders',
  'refresh token',
  'promtion',
  'food.order.placed',
  'sales summary',
  'idempotency',
  'mark food ready',
];
const QUESTIONS = [
  'how do I verify the signature of a webhook delivery in node',
  'what happens to an order when the merchant does not accept it',
  'which scopes does a facilitator need to link an outlet for food',
];

async function measure(build) {
  const server = await serve(build, options.port);
  const browser = await launchBrowser();
  try {
    const box = await measureBox(browser, server.origin, {build, latencyMs: LATENCY_MS});
    const later = [];
    const questions = [];
    try {
      for (let round = 0; round < 3; round += 1) {
        for (const query of LATER_QUERIES) later.push(await timeQuery(box.page, query));
      }
      for (let round = 0; round < 3; round += 1) {
        for (const query of QUESTIONS) questions.push(await timeQuery(box.page, query));
      }
    } finally {
      await box.close();
    }
    const searchPage = await measureSearchPage(browser, server.origin);
    return {
      build,
      latencyMs: LATENCY_MS,
      ...box.figures,
      laterQueryMs: spread(later),
      questionMs: spread(questions),
      searchPageCLS: searchPage.cls,
    };
  } finally {
    await browser.close();
    server.stop();
  }
}

const result = await measure(options.build);

const round = (value) => (value === null ? null : Math.round(value * 10) / 10);
const shown = ({median, p90, max}) => [median, p90, max].map(round).join(' / ');
console.table([
  {
    'index KB sent, first query': round(result.firstQueryIndexKB),
    'same files gzipped KB': round(result.firstQueryIndexKBGzip),
    'later files KB sent': round(result.laterPartsKB),
    'first suggestion ms': round(result.firstSuggestionMs),
    'later query ms (median/p90/max)': shown(result.laterQueryMs),
    '10-word question ms (median/p90/max)': shown(result.questionMs),
    '/search CLS': Math.round(result.searchPageCLS * 1000) / 1000,
  },
]);
writeResults(OUTPUT, result);
console.log(`bench:search: written to ${path.relative(root, OUTPUT)}`);
