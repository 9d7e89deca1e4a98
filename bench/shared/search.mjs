// @ts-check
/**
 * What a reader waits for when searching, measured in Chromium on a build served by nginx as in
 * production (./server.mjs): the search box on a guide and the search page, for
 * `npm run bench:search` and `npm run bench:scale`.
 *
 * The index is whatever the box and the page ask for: every response whose path holds
 * `search-index` counts, however many files the index is published in.
 */
/* global document, window, MutationObserver -- page.evaluate runs in the page */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';

import {hydrated} from './browser.mjs';

/** A response of the search index, in whatever parts or shards it is published. */
export const SEARCH_INDEX = /search-index/;

/** The guide the box is used on. */
export const GUIDE = '/docs/docs/getting-started';

/** The search page measured. */
export const SEARCH_PAGE = '/search?q=webhook';

/**
 * The page's window, with what the functions run in the page keep on it for `page.evaluate` to
 * read back (each once it has been set).
 *
 * @typedef {Window & {
 *   queryTimer?: {start: number, elapsed: number},
 *   searchMarks?: {firstKey: number, firstSuggestion: number},
 *   layoutShift?: number,
 *   firstResultMs?: number,
 * }} MeasuredWindow
 */

/**
 * A `layout-shift` performance entry (the Layout Instability API, not in TypeScript's DOM types).
 *
 * @typedef {PerformanceEntry & {hadRecentInput: boolean, value: number}} LayoutShift
 */

/**
 * Collects the search index responses of a page, each once it has been received whole.
 *
 * @param {import('@playwright/test').Page} page
 */
function indexResponses(page) {
  /** @type {Promise<{path: string, bytes: number}>[]} */
  const received = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!SEARCH_INDEX.test(url.pathname)) return;
    received.push(
      response
        .finished()
        .then(() => response.request().sizes())
        .then((sizes) => ({path: url.pathname, bytes: sizes.responseBodySize})),
    );
  });
  return {
    count: () => received.length,
    /** Every response so far, received whole. */
    all: () => Promise.all(received),
  };
}

/** Resolves once no new index response has started for `quietMs`. */
async function indexQuiet(responses, quietMs = 1500) {
  let count = -1;
  while (count !== responses.count()) {
    count = responses.count();
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
  return responses.all();
}

const kilobytes = (files) => files.reduce((sum, file) => sum + file.bytes, 0) / 1024;

/**
 * Arms a timer in the page: from the next `input` event of the navbar box to the next change of
 * its suggestion list.
 */
function armTimer() {
  const input = document.querySelector('.navbar input.navbar__search-input');
  const list = document.querySelector('.navbar [role="listbox"]');
  const timer = {start: 0, elapsed: 0};
  /** @type {MeasuredWindow} */ (window).queryTimer = timer;
  input.addEventListener('input', () => (timer.start = performance.now()), {once: true, capture: true});
  const observer = new MutationObserver(() => {
    if (!timer.start) return;
    timer.elapsed = performance.now() - timer.start;
    observer.disconnect();
  });
  observer.observe(list, {subtree: true, childList: true, characterData: true});
}

/** The time from typing `query` into the navbar box to its suggestions redrawn. */
export async function timeQuery(page, query) {
  await page.evaluate(armTimer);
  await page.locator('.navbar input.navbar__search-input').fill(query);
  const handle = await page.waitForFunction(
    () => /** @type {MeasuredWindow} */ (window).queryTimer.elapsed || false,
    undefined,
    {timeout: 10_000},
  );
  return handle.jsonValue();
}

/**
 * The navbar box on a fresh guide page: ctrl+K, then `order` typed at a reader's pace. Returns
 * the index files fetched until the first suggestion (`firstQueryFiles`, with their bytes as
 * sent), the time from the first keystroke to the first suggestion, and every index file the
 * box fetched in all once the network has been quiet for 1.5 s (`allFiles`). The returned page
 * is left open on the box for more queries; close its context when done.
 *
 * @param {import('@playwright/test').Browser} browser
 * @param {string} origin
 * @param {{build?: string, latencyMs?: number}} [options]
 */
export async function measureBox(browser, origin, {build, latencyMs = 0} = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const responses = indexResponses(page);
  if (latencyMs > 0) {
    // Applies to the page's worker too: its requests go through the page's network conditions.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: latencyMs,
      downloadThroughput: 1_600_000 / 8,
      uploadThroughput: 750_000 / 8,
    });
  }
  await page.goto(origin + GUIDE);
  await hydrated(page);
  const beforeQuery = responses.count();
  await page.evaluate(() => {
    const marks = {firstKey: 0, firstSuggestion: 0};
    /** @type {MeasuredWindow} */ (window).searchMarks = marks;
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
  const marks = await page.evaluate(() => /** @type {MeasuredWindow} */ (window).searchMarks);
  const firstCount = responses.count();
  const all = await indexQuiet(responses);
  const firstFiles = all.slice(0, firstCount);
  return {
    page,
    close: () => context.close(),
    figures: {
      /** Index files the guide fetched before the reader typed anything. */
      beforeQueryFiles: all.slice(0, beforeQuery).map((file) => file.path),
      firstQueryFiles: firstFiles.map((file) => file.path),
      firstQueryIndexKB: kilobytes(firstFiles),
      // What the files weigh gzipped as nginx gzips them (level 6), whatever the browser was sent.
      firstQueryIndexKBGzip: build ? gzippedKB(build, firstFiles) : null,
      firstSuggestionMs: marks.firstSuggestion - marks.firstKey,
      allFiles: all.map((file) => file.path),
      allIndexKB: kilobytes(all),
      laterPartsKB: kilobytes(all.slice(firstCount)),
    },
  };
}

/** The files of `build` at the responses' paths, gzipped at level 6; null when one is not a file. */
function gzippedKB(build, files) {
  let bytes = 0;
  for (const file of files) {
    const local = path.join(build, decodeURIComponent(file.path));
    if (!existsSync(local)) return null;
    bytes += gzipSync(readFileSync(local), {level: 6}).length;
  }
  return bytes / 1024;
}

/**
 * `/search?q=webhook` opened cold at `viewport`: the time from the navigation to the first
 * result drawn, the index files it fetched (bytes as sent) and the layout shift while its
 * results arrived.
 *
 * @param {import('@playwright/test').Browser} browser
 * @param {string} origin
 * @param {{width: number, height: number, isMobile?: boolean}} [viewport]
 */
export async function measureSearchPage(
  browser,
  origin,
  viewport = {width: 390, height: 844, isMobile: true},
) {
  const context = await browser.newContext({
    viewport: {width: viewport.width, height: viewport.height},
    isMobile: viewport.isMobile ?? false,
    hasTouch: viewport.isMobile ?? false,
  });
  const page = await context.newPage();
  const responses = indexResponses(page);
  await page.addInitScript(() => {
    const measured = /** @type {MeasuredWindow} */ (window);
    measured.layoutShift = 0;
    measured.firstResultMs = 0;
    new PerformanceObserver((list) => {
      for (const entry of /** @type {LayoutShift[]} */ (list.getEntries())) {
        if (!entry.hadRecentInput) measured.layoutShift += entry.value;
      }
    }).observe({type: 'layout-shift', buffered: true});
    new MutationObserver((_, observer) => {
      if (document.querySelector('.main-wrapper article a[href]')) {
        measured.firstResultMs = performance.now();
        observer.disconnect();
      }
    }).observe(document, {subtree: true, childList: true});
  });
  await page.goto(origin + SEARCH_PAGE);
  await page.locator('.main-wrapper article a[href]').first().waitFor();
  const files = await indexQuiet(responses, 1000);
  const figures = await page.evaluate(() => {
    const measured = /** @type {MeasuredWindow} */ (window);
    return {resultsMs: measured.firstResultMs, cls: measured.layoutShift};
  });
  await context.close();
  return {
    resultsMs: figures.resultsMs,
    files: files.map((file) => file.path),
    indexKB: kilobytes(files),
    cls: figures.cls,
  };
}
