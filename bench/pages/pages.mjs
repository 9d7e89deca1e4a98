// @ts-check
/**
 * What a reader of each kind of page waits for, on the production build
 * served by nginx as in production (gzip, caching; ../shared/server.mjs), for
 * `npm run bench`.
 *
 * @typedef {import('@playwright/test').Browser} Browser
 * @typedef {Window & {samples?: number[]}} SampledWindow The page's window, with the lengths of
 *   text `longestBlank` samples on it
 */
/* global document, window -- functions passed to page.evaluate run in the page */
import http from 'node:http';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';

import {hydrated} from '../shared/browser.mjs';
import {runLighthouse} from '../shared/lighthouse.mjs';
import {median} from '../shared/stats.mjs';

/** One page of each kind. `reference`: a generated operation page, with the request panel. */
export const PAGES = [
  {kind: 'home', route: '/'},
  {kind: 'landing', route: '/food/'},
  {kind: 'guide', route: '/docs/docs/getting-started'},
  {kind: 'guide with diagram', route: '/docs/docs/food-integration/how-to/order-state', diagram: true},
  {kind: 'merchant reference', route: '/docs/api/food-integration/reject-order', reference: true},
  {kind: 'pet-store reference', route: '/api/add-a-new-pet-to-the-store', reference: true},
  {kind: 'blog post', route: '/blog/welcome'},
  {kind: 'search', route: '/search?q=webhook', search: true},
  {kind: 'not found', route: '/docs/docs/no-such-page', notFound: true},
];

/**
 * Lighthouse measures no page whose status is 404, which is the status of
 * the not-found page. This passes every request on to `origin` and answers
 * with the same headers and body, but 200 for 404, so that Lighthouse
 * measures the not-found page exactly as a reader gets it.
 *
 * @param {string} origin
 * @param {number} port
 * @returns {Promise<http.Server>}
 */
export function startNotFoundAs200(origin, port) {
  const target = new URL(origin);
  const proxy = http.createServer((request, response) => {
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: request.url,
        method: request.method,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode === 404 ? 200 : (answer.statusCode ?? 502), answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  return new Promise((resolve, reject) => {
    proxy.once('error', reject);
    proxy.listen(port, '127.0.0.1', () => resolve(proxy));
  });
}

/** Waits until the page has hydrated, and until its first diagram is shown or its search results. */
/** @param {import('@playwright/test').Page} page @param {{diagram?: boolean, search?: boolean}} kind */
async function settled(page, kind) {
  await hydrated(page);
  if (kind.diagram) {
    // An image drawn ahead of the build (src/remark/diagrams.ts), or a diagram drawn in the browser.
    const diagram = page.locator('[data-diagram]').first();
    await diagram.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => {
      const first = document.querySelector('[data-diagram]');
      const image = first?.querySelector('img');
      return image ? image.complete && image.naturalWidth > 0 : Boolean(first?.querySelector('svg'));
    });
  }
  if (kind.search) {
    await page.locator('article a[href], :text("No results")').first().waitFor();
  }
}

/**
 * Requests, and the gzipped bytes of JavaScript, CSS and HTML a reader's
 * browser loads before doing anything (after the diagrams are drawn, on a
 * page that has them), at 390 px. Sizes are those of the build's files,
 * gzipped, so that they do not depend on the server's settings.
 *
 * @param {Browser} browser @param {string} origin @param {string} build @param {typeof PAGES[number]} kind
 */
async function weight(browser, origin, build, kind) {
  const context = await browser.newContext({viewport: {width: 390, height: 844}, isMobile: true});
  const page = await context.newPage();
  /** @type {{type: string, path: string}[]} */
  const requests = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === origin) requests.push({type: request.resourceType(), path: url.pathname});
  });
  const response = await page.goto(origin + kind.route);
  await settled(page, kind);
  const html = gzipSync(await (response?.body() ?? Buffer.alloc(0))).length;
  await context.close();
  /** @param {string} type */
  const bytes = (type) =>
    [...new Set(requests.filter((r) => r.type === type).map((r) => r.path))].reduce(
      (sum, file) => sum + gzipSync(readFileSync(path.join(build, file))).length,
      0,
    );
  return {
    requests: requests.length,
    jsKB: Math.round(bytes('script') / 1024),
    cssKB: Math.round(bytes('stylesheet') / 1024),
    htmlKB: Math.round(html / 1024),
  };
}

/** @param {Browser} browser @param {string} url @param {string} expected */
async function readableWithoutJavaScript(browser, url, expected) {
  const context = await browser.newContext({javaScriptEnabled: false});
  const page = await context.newPage();
  await page.goto(url);
  const text = await page.locator('main').innerText();
  await context.close();
  return text.includes(expected);
}

/**
 * The longest run of samples, in ms, in which <main> held less than 95 % of
 * the text first shown: 390 px, 400 kbit/s, 150 ms latency, CPU slowed 4x,
 * sampled every 100 ms for 30 s.
 *
 * @param {Browser} browser @param {string} url
 */
async function longestBlank(browser, url) {
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
    /** @type {number[]} */
    const samples = [];
    /** @type {SampledWindow} */ (window).samples = samples;
    const timer = setInterval(() => {
      samples.push(document.querySelector('main')?.innerText.length ?? 0);
      if (samples.length >= 300) clearInterval(timer);
    }, 100);
  });
  await page.goto(url, {waitUntil: 'commit'});
  const read = () => page.evaluate(() => /** @type {SampledWindow} */ (window).samples);
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

/** How long the request panel takes to be ready once asked for, median of `runs`. */
/** @param {Browser} browser @param {string} url @param {number} runs */
async function requestPanelReady(browser, url, runs) {
  const times = [];
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url);
    await hydrated(page);
    const start = Date.now();
    await page.getByRole('button', {name: 'Open the request panel'}).click();
    await page.getByRole('button', {name: 'Send API Request'}).waitFor();
    times.push(Date.now() - start);
    await context.close();
  }
  return median(times);
}

/**
 * Every figure of one kind of page.
 *
 * @param {Browser} browser
 * @param {{origin: string, build: string, runs: number}} options
 * @param {typeof PAGES[number]} kind
 */
export async function measurePage(browser, {origin, build, runs}, kind) {
  const url = origin + kind.route;
  if (kind.notFound) {
    const port = Number(new URL(origin).port) + 2;
    const proxy = await startNotFoundAs200(origin, port);
    try {
      const proxied = `http://127.0.0.1:${port}${kind.route}`;
      return {
        kind: kind.kind,
        route: kind.route,
        ...(await weight(browser, origin, build, kind)),
        mobile: await runLighthouse(proxied, 'mobile', runs),
        desktop: await runLighthouse(proxied, 'desktop', runs),
      };
    } finally {
      proxy.close();
    }
  }
  const figures = {kind: kind.kind, route: kind.route, ...(await weight(browser, origin, build, kind))};
  if (kind.reference) {
    const title = (await (await fetch(url)).text()).match(/<h1[^>]*>([^<]+)</)?.[1] ?? '';
    Object.assign(figures, {
      readableWithoutJavaScript: await readableWithoutJavaScript(browser, url, title),
      longestBlankMs: await longestBlank(browser, url),
      requestPanelMs: await requestPanelReady(browser, url, runs),
    });
  }
  return {
    ...figures,
    mobile: await runLighthouse(url, 'mobile', runs),
    desktop: await runLighthouse(url, 'desktop', runs),
  };
}
