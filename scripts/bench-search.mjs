/**
 * `npm run bench:search`: what a reader waits for when searching, on the
 * production build served by nginx as in production (gzip), in Chromium:
 *
 * - the index a first query downloads from a guide page (the lead part; the
 *   later parts, loaded after the first results, are shown apart): as sent
 *   (brotli where nginx has the module, else gzip) and the same files gzipped;
 * - the time from the first keystroke to the first suggestion (ctrl+K, then
 *   typing at a reader's pace on a fresh page);
 * - later queries and a 10-word question, once the index has loaded: from the
 *   input to the suggestions redrawn (median, 90th percentile and slowest of
 *   each; the first round of queries runs on a worker that has not run them
 *   before, so the slowest is usually a first query);
 * - the layout shift of /search while its results arrive (390 px, mobile);
 * - with `--scale`, the same first-query figures on a copy of the site with ten
 *   times the pages (scripts/bench-search/scale.mjs builds it in a temporary
 *   folder);
 * - with `--latency MS`, every request of the page and of its worker is
 *   delayed by MS and the connection limited to 1.6 Mbit/s (a phone's mobile
 *   network); the box figures then include the round trips.
 *
 * Prints a table and writes bench/search.json. Not part of `npm test`: the
 * figures depend on the machine, so compare runs taken on the same one.
 *
 *   npm run bench:search [-- --port 3290] [-- --build build] [-- --scale] [-- --latency 150]
 */
/* global document, window, MutationObserver -- page.evaluate runs in the page */
import {spawn} from 'node:child_process';
import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {gzipSync} from 'node:zlib';

import {chromium} from '@playwright/test';
import createJiti from 'jiti';

import {buildScaledCopy} from './bench-search/scale.mjs';

const root = path.resolve(import.meta.dirname, '..');
const {CHROMIUM_ARGS, chromiumPath} = createJiti(root + '/')('./tests/support/browser.ts');
const {values} = parseArgs({
  options: {
    build: {type: 'string', default: 'build'},
    port: {type: 'string', default: '3290'},
    scale: {type: 'boolean', default: false},
    latency: {type: 'string', default: '0'},
  },
});

/** Added to every request of the box's page and its worker (0: none). */
const LATENCY_MS = Number(values.latency);
const GUIDE = '/docs/docs/getting-started';
const INDEX = /\/search-index[^/]*\.json/;
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

async function serve(build, port) {
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(
    path.join(root, 'node_modules', '.bin', 'jiti'),
    ['tests/support/nginx-server.ts', '--root', build, '--port', String(port)],
    {cwd: root, stdio: ['ignore', 'ignore', 'inherit']},
  );
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      await fetch(`${origin}/`);
      return {origin, stop: () => server.kill('SIGTERM')};
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  server.kill('SIGTERM');
  throw new Error(`bench:search: nginx did not answer on ${origin} (is there a build in ${build}?)`);
}

const stats = (numbers) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor(sorted.length / 2)],
    p90: sorted[Math.ceil(sorted.length * 0.9) - 1],
    max: sorted.at(-1),
  };
};

/**
 * Arms a timer in the page: from the next `input` event of the navbar box to the next change of
 * its suggestion list. Read it with `readTimer`.
 */
function armTimer() {
  const input = document.querySelector('.navbar input.navbar__search-input');
  const list = document.querySelector('.navbar [role="listbox"]');
  const timer = {start: 0, elapsed: 0};
  window.queryTimer = timer;
  input.addEventListener('input', () => (timer.start = performance.now()), {once: true, capture: true});
  const observer = new MutationObserver(() => {
    if (!timer.start) return;
    timer.elapsed = performance.now() - timer.start;
    observer.disconnect();
  });
  observer.observe(list, {subtree: true, childList: true, characterData: true});
}

async function timeQuery(page, query) {
  await page.evaluate(armTimer);
  await page.locator('.navbar input.navbar__search-input').fill(query);
  const handle = await page.waitForFunction(() => window.queryTimer.elapsed || false, undefined, {
    timeout: 10_000,
  });
  return handle.jsonValue();
}

async function measureBox(browser, origin, build) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const indexResponses = [];
  page.on('response', (response) => {
    if (INDEX.test(response.url())) indexResponses.push(response);
  });
  if (LATENCY_MS > 0) {
    // Applies to the page's worker too: its requests go through the page's network conditions.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LATENCY_MS,
      downloadThroughput: 1_600_000 / 8,
      uploadThroughput: 750_000 / 8,
    });
  }
  await page.goto(origin + GUIDE);
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
  await page.evaluate(() => {
    const marks = {firstKey: 0, firstSuggestion: 0};
    window.searchMarks = marks;
    document.addEventListener(
      'keydown',
      (event) => {
        if (!marks.firstKey && event.key.length === 1 && !event.ctrlKey && !event.metaKey) {
          marks.firstKey = performance.now();
        }
      },
      true,
    );
    new MutationObserver(() => {
      if (!marks.firstSuggestion && document.querySelector('.navbar [role="option"]')) {
        marks.firstSuggestion = performance.now();
      }
    }).observe(document.body, {subtree: true, childList: true});
  });
  await page.keyboard.press('Control+k');
  await page.keyboard.type('order', {delay: 60});
  await page.locator('.navbar [role="option"]').first().waitFor();
  const marks = await page.evaluate(() => window.searchMarks);
  const firstBytes = await Promise.all(
    indexResponses.map(async (r) => (await r.request().sizes()).responseBodySize),
  );
  const firstFiles = indexResponses.map((r) => new URL(r.url()).pathname);

  // The later parts come after the first results; wait for them, then time the box.
  await page.waitForTimeout(2000);
  const allResponses = [...indexResponses];
  const laterBytes = (
    await Promise.all(
      allResponses.slice(firstFiles.length).map(async (r) => (await r.request().sizes()).responseBodySize),
    )
  ).reduce((sum, bytes) => sum + bytes, 0);
  const later = [];
  for (let round = 0; round < 3; round += 1) {
    for (const query of LATER_QUERIES) later.push(await timeQuery(page, query));
  }
  const questions = [];
  for (let round = 0; round < 3; round += 1) {
    for (const query of QUESTIONS) questions.push(await timeQuery(page, query));
  }
  await context.close();
  return {
    firstQueryFiles: firstFiles,
    // What the files weigh gzipped as nginx gzips them (level 6), whatever the browser was sent.
    firstQueryIndexKBGzip:
      firstFiles.reduce(
        (sum, file) => sum + gzipSync(readFileSync(path.join(build, file)), {level: 6}).length,
        0,
      ) / 1024,
    firstQueryIndexKB: firstBytes.reduce((sum, bytes) => sum + bytes, 0) / 1024,
    laterPartsKB: laterBytes / 1024,
    firstSuggestionMs: marks.firstSuggestion - marks.firstKey,
    laterQueryMs: stats(later),
    questionMs: stats(questions),
  };
}

async function measureSearchPageShift(browser, origin) {
  const context = await browser.newContext({
    viewport: {width: 390, height: 844},
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!entry.hadRecentInput) window.layoutShift += entry.value;
      }
    }).observe({type: 'layout-shift', buffered: true});
  });
  await page.goto(`${origin}/search?q=webhook`);
  await page.locator('.main-wrapper article').first().waitFor();
  await page.waitForTimeout(1000);
  const shift = await page.evaluate(() => window.layoutShift);
  await context.close();
  return shift;
}

async function measure(label, build) {
  const server = await serve(build, values.port);
  const browser = await chromium.launch({executablePath: chromiumPath(), args: CHROMIUM_ARGS});
  try {
    const box = await measureBox(browser, server.origin, build);
    const searchPageCLS = await measureSearchPageShift(browser, server.origin);
    return {label, latencyMs: LATENCY_MS, ...box, searchPageCLS};
  } finally {
    await browser.close();
    server.stop();
  }
}

const results = [await measure('site', path.resolve(root, values.build))];
if (values.scale) {
  const scaled = await buildScaledCopy(root);
  try {
    results.push({...(await measure('ten times the pages', scaled.build)), pages: scaled.pages});
  } finally {
    rmSync(scaled.folder, {recursive: true, force: true});
  }
}

const round = (value) => Math.round(value * 10) / 10;
const spread = ({median, p90, max}) => [median, p90, max].map(round).join(' / ');
console.table(
  results.map((result) => ({
    build: result.label,
    'index KB sent, first query': round(result.firstQueryIndexKB),
    'same files gzipped KB': round(result.firstQueryIndexKBGzip),
    'later parts KB sent': round(result.laterPartsKB),
    'first suggestion ms': round(result.firstSuggestionMs),
    'later query ms (median/p90/max)': spread(result.laterQueryMs),
    '10-word question ms (median/p90/max)': spread(result.questionMs),
    '/search CLS': Math.round(result.searchPageCLS * 1000) / 1000,
  })),
);
mkdirSync(path.join(root, 'bench'), {recursive: true});
writeFileSync(path.join(root, 'bench', 'search.json'), `${JSON.stringify(results, null, 2)}\n`);
