/**
 * `npm run bench`: what a reader of the production build waits for, measured
 * the same way every time. Run `npm run build` first; the build is served by
 * nginx configured as in production (gzip, caching), on a free port.
 *
 * For a guide and two reference pages (merchant API and pet store):
 * - JavaScript (gzipped, as the build holds it) the page asks for before the
 *   reader does anything;
 * - whether the text is readable with JavaScript off, and the longest time
 *   the text of <main> disappears again once shown (400 kbit/s, 150 ms
 *   latency, CPU slowed 4x, sampled every 100 ms for 30 s);
 * - how long the request panel takes to be ready once asked for;
 * - Lighthouse, mobile and desktop presets, median of 3 runs: performance
 *   score, LCP, TBT and CLS.
 *
 * Prints a table and writes bench/results.json. Not part of `npm test`: the
 * figures depend on the machine, so compare runs taken on the same one.
 *
 *   npm run bench [-- --runs 3] [-- --build build]
 *
 * @typedef {import('@playwright/test').Browser} Browser
 */
/* global document, window -- functions passed to page.evaluate run in the page */
import {spawn} from 'node:child_process';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {gzipSync} from 'node:zlib';

import {chromium} from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import createJiti from 'jiti';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const root = path.resolve(import.meta.dirname, '..');
/** The Chromium the browser tests drive, with the same flags. */
const {CHROMIUM_ARGS, chromiumPath} = createJiti(root + '/')('./tests/support/browser.ts');
const {values} = parseArgs({
  options: {
    runs: {type: 'string', default: '3'},
    build: {type: 'string', default: 'build'},
    port: {type: 'string', default: '3190'},
  },
});
const RUNS = Number(values.runs);
const BUILD = path.resolve(root, values.build);
const ORIGIN = `http://127.0.0.1:${values.port}`;

const PAGES = [
  {kind: 'guide', route: '/docs/docs/getting-started', reference: false},
  {kind: 'merchant reference', route: '/docs/api/food-integration/reject-order', reference: true},
  {kind: 'pet-store reference', route: '/api/add-a-new-pet-to-the-store', reference: true},
];

/** @param {number[]} numbers */
function median(numbers) {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function startServer() {
  const server = spawn(
    path.join(root, 'node_modules', '.bin', 'jiti'),
    ['tests/support/nginx-server.ts', '--root', BUILD, '--port', values.port],
    {cwd: root, stdio: ['ignore', 'ignore', 'inherit']},
  );
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      await fetch(`${ORIGIN}/`);
      return server;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  server.kill();
  throw new Error(`bench: nginx did not answer on ${ORIGIN} (is the build in ${BUILD}? run npm run build)`);
}

/** @param {Browser} browser @param {string} route */
async function scriptsBeforeInteraction(browser, route) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = new Set();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  await page.goto(ORIGIN + route);
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
  await context.close();
  return [...scripts].reduce(
    (sum, script) => sum + gzipSync(readFileSync(path.join(BUILD, script))).length,
    0,
  );
}

/** @param {Browser} browser @param {string} route @param {string} expected */
async function readableWithoutJavaScript(browser, route, expected) {
  const context = await browser.newContext({javaScriptEnabled: false});
  const page = await context.newPage();
  await page.goto(ORIGIN + route);
  const text = await page.locator('main').innerText();
  await context.close();
  return text.includes(expected);
}

/** The longest run of samples, in ms, in which <main> held less than 95 % of the text first shown. */
/** @param {Browser} browser @param {string} route */
async function longestBlank(browser, route) {
  const context = await browser.newContext({viewport: {width: 390, height: 844}, isMobile: true});
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 50_000,
    uploadThroughput: 50_000,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', {rate: 4});
  await page.addInitScript(() => {
    const samples = [];
    window.samples = samples;
    const timer = setInterval(() => {
      samples.push(document.querySelector('main')?.innerText.length ?? 0);
      if (samples.length >= 300) clearInterval(timer);
    }, 100);
  });
  await page.goto(ORIGIN + route, {waitUntil: 'commit'});
  const read = () => page.evaluate(() => window.samples);
  while ((await read()).length < 300) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const samples = await read();
  await context.close();
  const shown = samples.findIndex((length) => length > 0);
  let longest = 0;
  let current = 0;
  for (const length of samples.slice(shown)) {
    current = length < samples[shown] * 0.95 ? current + 100 : 0;
    longest = Math.max(longest, current);
  }
  return longest;
}

/** @param {Browser} browser @param {string} route */
async function explorerReady(browser, route) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(ORIGIN + route);
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
  const start = Date.now();
  // A build whose pages mount the panel by themselves has no button: then this is the wait after hydration.
  const open = page.getByRole('button', {name: 'Open the request panel'});
  if ((await open.count()) > 0) {
    await open.click();
  }
  await page.getByRole('button', {name: 'Send API Request'}).waitFor();
  const elapsed = Date.now() - start;
  await context.close();
  return elapsed;
}

/** @param {Browser} browser @param {string} route */
async function explorerReadyMedian(browser, route) {
  const times = [];
  for (let run = 0; run < RUNS; run += 1) {
    times.push(await explorerReady(browser, route));
  }
  return median(times);
}

/**
 * Lighthouse's performance score, LCP, TBT and CLS: the median of RUNS runs, each in a fresh browser.
 *
 * @param {string} route
 * @param {'mobile' | 'desktop'} preset
 */
async function runLighthouse(route, preset) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) {
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumPath(),
      chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    });
    try {
      const result = await lighthouse(
        ORIGIN + route,
        {port: chrome.port, onlyCategories: ['performance'], logLevel: 'error'},
        preset === 'desktop' ? desktopConfig : undefined,
      );
      const audits = result?.lhr.audits ?? {};
      runs.push({
        performance: Math.round((result?.lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
        tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
        cls: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
      });
    } finally {
      chrome.kill();
    }
  }
  return {
    performance: median(runs.map((r) => r.performance)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    cls: median(runs.map((r) => r.cls)),
  };
}

async function main() {
  const server = await startServer();
  const browser = await chromium.launch({executablePath: chromiumPath(), args: CHROMIUM_ARGS});
  const results = [];
  try {
    for (const {kind, route, reference} of PAGES) {
      const title = (await (await fetch(ORIGIN + route)).text()).match(/<h1[^>]*>([^<]+)</)?.[1] ?? '';
      results.push({
        kind,
        route,
        jsBeforeInteractionKB: Math.round((await scriptsBeforeInteraction(browser, route)) / 1024),
        readableWithoutJavaScript: await readableWithoutJavaScript(browser, route, title),
        longestBlankMs: await longestBlank(browser, route),
        explorerReadyMs: reference ? await explorerReadyMedian(browser, route) : null,
        mobile: await runLighthouse(route, 'mobile'),
        desktop: await runLighthouse(route, 'desktop'),
      });
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
  mkdirSync(path.join(root, 'bench'), {recursive: true});
  writeFileSync(
    path.join(root, 'bench', 'results.json'),
    `${JSON.stringify({date: new Date().toISOString(), runs: RUNS, results}, null, 2)}\n`,
  );
  console.table(
    results.map((r) => ({
      page: r.route,
      'JS KB gz': r.jsBeforeInteractionKB,
      'no-JS text': r.readableWithoutJavaScript ? 'yes' : 'NO',
      'blank ms': r.longestBlankMs,
      'panel ms': r.explorerReadyMs ?? '',
      'mobile perf': r.mobile.performance,
      'mobile LCP': r.mobile.lcpMs,
      'mobile TBT': r.mobile.tbtMs,
      'mobile CLS': r.mobile.cls,
      'desktop perf': r.desktop.performance,
      'desktop CLS': r.desktop.cls,
    })),
  );
  console.log('Written to bench/results.json');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
