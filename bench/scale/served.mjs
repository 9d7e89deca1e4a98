// @ts-check
/**
 * What readers of a build get, measured on the build served by nginx as in production: its
 * pages, its main script, the JavaScript a guide, a reference page and the search page run before
 * a reader can use them and the route data each holds in its HTML, search, and the desktop Total
 * Blocking Time of a reference page.
 */
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';

import {hydrated, launchBrowser} from '../shared/browser.mjs';
import {runLighthouse} from '../shared/lighthouse.mjs';
import {measureBox, measureSearchPage} from '../shared/search.mjs';
import {serve} from '../shared/server.mjs';
import {median} from '../shared/stats.mjs';

export const ROUTES = {
  guide: '/docs/docs/getting-started',
  reference: '/docs/api/food-integration/reject-order',
  search: '/search',
};

const gzippedKB = (file) => gzipSync(readFileSync(file), {level: 6}).length / 1024;

/** The element that holds a page's own route data (src/plugins/route-data), and its text. */
const ROUTE_DATA = /<script\b(?=[^>]*\bid=["']?__route-data\b)[^>]*>([\s\S]*?)<\/script>/;

/**
 * The route data a page holds in its HTML, the text of its `<script type="application/json"
 * id="__route-data">`: its bytes, and gzipped (level 6, as nginx sends the page) in KB. Null when
 * the page has none (a build from before route data).
 *
 * @param {string} html
 */
export function routeDataInPage(html) {
  const text = ROUTE_DATA.exec(html)?.[1];
  if (text === undefined) return null;
  const bytes = Buffer.from(text);
  return {bytes: bytes.length, kbGzip: gzipSync(bytes, {level: 6}).length / 1024};
}

/** The routes of the build's sitemap. */
function sitemapPages(build) {
  return readFileSync(path.join(build, 'sitemap.xml'), 'utf8').match(/<loc>/g)?.length ?? 0;
}

/**
 * The size of the HTML of every page of the sitemap, in KB as written (a reader on a phone gets
 * it gzipped, but parses it whole): the median and the largest, and which page that is.
 */
export function pageHtmlSizes(build) {
  const routes = [
    ...readFileSync(path.join(build, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]*)<\/loc>/g),
  ].map(([, url]) => new URL(url).pathname);
  const sizes = routes
    .map((route) => {
      const file = path.join(build, route, route.endsWith('.html') ? '' : 'index.html');
      return existsSync(file) ? {route, kb: statSync(file).size / 1024} : undefined;
    })
    .filter(Boolean)
    .sort((a, b) => a.kb - b.kb);
  if (sizes.length === 0) return null;
  const largest = sizes.at(-1);
  return {medianKB: sizes[Math.floor(sizes.length / 2)].kb, maxKB: largest.kb, largest: largest.route};
}

/** The gzipped size of `assets/js/main.<hash>.js`, the script every page starts with. */
function mainScriptKB(build) {
  const folder = path.join(build, 'assets', 'js');
  const main = readdirSync(folder).find((name) => /^main\.[\w]+\.js$/.test(name));
  if (!main) throw new Error(`bench:scale: no main.*.js in ${folder}`);
  return gzippedKB(path.join(folder, main));
}

/**
 * The scripts a page requests until it has hydrated, gzipped, as tests/e2e/api-reference.spec.ts
 * weighs them, and the route data in the HTML it was sent.
 *
 * @param {import('@playwright/test').Browser} browser
 */
async function scriptsBeforeInteraction(browser, origin, build, route) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = new Set();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  const response = await page.goto(origin + route);
  const html = (await response?.text()) ?? '';
  await hydrated(page);
  await context.close();
  const kb = [...scripts].reduce((sum, script) => sum + gzippedKB(path.join(build, script)), 0);
  return {kb, scripts: scripts.size, routeData: routeDataInPage(html)};
}

/** The search box's queries per copy, each on a fresh page with an empty cache; the figure is their median. */
const BOX_QUERIES = 5;

/**
 * @param {string} build the build folder
 * @param {{port: number, runs: number, log?: (message: string) => void}} options
 */
export async function measureServed(build, {port, runs, log = () => {}}) {
  const server = await serve(build, port);
  const browser = await launchBrowser();
  try {
    log(`scripts before interaction and route data: ${Object.values(ROUTES).join(', ')}`);
    /** @type {Record<string, {kb: number, scripts: number}>} */
    const jsBeforeInteraction = {};
    /** @type {Record<string, {bytes: number, kbGzip: number} | null>} */
    const routeData = {};
    for (const [name, route] of Object.entries(ROUTES)) {
      const {routeData: inPage, ...scripts} = await scriptsBeforeInteraction(
        browser,
        server.origin,
        build,
        route,
      );
      jsBeforeInteraction[name] = scripts;
      routeData[name] = inPage;
    }
    log(`search box (${BOX_QUERIES} queries, each on a fresh page) and /search?q=webhook`);
    // One query's time moves by tens of milliseconds with the machine: the median of a few.
    const boxes = [];
    for (let query = 0; query < BOX_QUERIES; query += 1) {
      const box = await measureBox(browser, server.origin, {build});
      await box.close();
      boxes.push(box.figures);
    }
    const [box] = boxes;
    const searchPage = await measureSearchPage(browser, server.origin, {width: 1280, height: 800});
    await browser.close();
    log(`Lighthouse desktop on ${ROUTES.reference} (${runs} runs)`);
    const lighthouse = await runLighthouse(server.origin + ROUTES.reference, 'desktop', runs);
    return {
      pages: sitemapPages(build),
      pageHtml: pageHtmlSizes(build),
      mainJsKBGzip: mainScriptKB(build),
      jsBeforeInteraction,
      routeData,
      searchBox: {
        firstSuggestionMs: median(boxes.map((figures) => figures.firstSuggestionMs)),
        firstSuggestionEachMs: boxes.map((figures) => figures.firstSuggestionMs),
        firstQueryIndexKB: box.firstQueryIndexKB,
        allIndexKB: box.allIndexKB,
        files: box.allFiles.length,
      },
      searchPage: {
        resultsMs: searchPage.resultsMs,
        indexKB: searchPage.indexKB,
        files: searchPage.files.length,
      },
      referenceDesktop: {
        tbtMs: lighthouse.tbtMs,
        performance: lighthouse.performance,
        cpuIndex: lighthouse.benchmarkIndex,
      },
    };
  } finally {
    await browser.close().catch(() => {});
    server.stop();
  }
}
