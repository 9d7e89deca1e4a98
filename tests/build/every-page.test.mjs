// @ts-check
// Every page of the build, judged without a browser: it exists where the sitemap says, and passes
// the checks of tests/support/page-checks.mjs (title, one <h1>, heading order, valid HTML, the
// accessibility rules that need no layout, the policy hashes of its inline scripts, no inline
// handler, every address and #fragment it refers to). The pages are shared among worker
// threads, one per core, so the time grows with the pages but not with one page's neighbours.
// html-validate reads each page's code blocks and docs sidebar menu as their text; that markup, the
// same wherever a language appears or a sidebar shows, is validated whole on a sample of pages
// that holds every class of it, every kind of page and every component.
// The browser checks what only a browser can see on a sample of pages that covers every kind
// and every component (tests/e2e/page-kinds.spec.ts). Run after `npm run build`.
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {availableParallelism} from 'node:os';
import path from 'node:path';
import {before, describe, test} from 'node:test';
import {Worker} from 'node:worker_threads';

import createJiti from 'jiti';

import {checkReferences, fileOf} from '../support/page-checks.mjs';
import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {specRoutes} = jiti('./tests/fixtures/routes.ts');
const {sitemapPaths} = jiti('./scripts/host-config/routes.ts');
const {builtPages} = jiti('./tests/support/built-pages.ts');
const {coveringSample} = jiti('./tests/support/page-kinds.ts');

const buildDir = path.resolve(root, process.env.PORTAL_BUILD_DIR ?? 'build');
const sitemapXml = readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8');
const sitemap = sitemapPaths(sitemapXml);
const origin = new URL(/<loc>\s*([^<\s]+)/.exec(sitemapXml)[1]).origin;
const {scriptHashes} = JSON.parse(readFileSync(path.join(buildDir, '.nginx', 'host-config.json'), 'utf8'));

/**
 * Runs `task` (see ../support/page-checks-worker.mjs) on the pages in worker threads, one per
 * core; resolves with each page's findings by route.
 */
function inWorkers(task, pages) {
  const workers = Math.max(1, Math.min(availableParallelism(), Math.ceil(pages.length / 20)));
  const shares = Array.from({length: workers}, (_, k) => pages.filter((_, index) => index % workers === k));
  return Promise.all(
    shares.map(
      (share) =>
        new Promise((resolve, reject) => {
          const found = [];
          const worker = new Worker(new URL('../support/page-checks-worker.mjs', import.meta.url), {
            workerData: {task, pages: share, scriptHashes, origin},
          });
          worker.on('message', (result) => found.push(result));
          worker.on('error', reject);
          worker.on('exit', (code) =>
            code === 0 ? resolve(found) : reject(new Error(`a page-check worker exited with ${code}`)),
          );
        }),
    ),
  ).then((results) => new Map(results.flat().map((result) => [result.route, result])));
}

const pages = builtPages(buildDir, sitemap);

describe('the sitemap', () => {
  test('lists every route of the specification, each answered by a page of the build', () => {
    const inSitemap = new Set(sitemap);
    assert.deepEqual(
      specRoutes.filter((route) => !inSitemap.has(route)),
      [],
      'routes of the specification missing from sitemap.xml',
    );
    assert.deepEqual(
      sitemap.filter((route) => fileOf(buildDir, route) === undefined),
      [],
      'sitemap routes without a page in the build',
    );
  });

  test('lists no route beyond the specification but generated reference pages and the later areas', () => {
    const expected = new Set(specRoutes);
    // Operations that a page of the specification leads to get pages of their own, and
    // Docusaurus lists the blog's authors. Areas came after the specification: the API
    // changelog, the reference of the OAuth 2.0 authorization server, the earlier releases of
    // the reference, and the guide to the MCP server for AI assistants.
    const addedAreas =
      /^\/changelog(\/|$)|^\/docs\/api\/auth\/authorization-server\/|^\/docs\/api\/releases(\/|$)|^\/docs\/docs\/ai-assistants$/;
    const unexpected = sitemap.filter(
      (route) =>
        !expected.has(route) &&
        route !== '/blog/authors' &&
        !addedAreas.test(route) &&
        !/^\/docs\/api\/[a-z0-9-]+\/(events\/)?[a-z0-9-]+$/.test(route),
    );
    assert.deepEqual(unexpected, []);
  });

  test('lists the generated reference pages too', () => {
    assert.ok(sitemap.length > 100, `${sitemap.length} routes`);
  });
});

describe('every page of the build', () => {
  let findings;
  /** The pages whose markup is validated whole, code blocks included. */
  let markupSample;
  before(async () => {
    // Every page, its code blocks and sidebar menu read as their text; then, on a sample that holds
    // every kind of page, every component and every class of code block markup, the whole markup.
    findings = await inWorkers('pages', pages);
    const references = checkReferences(buildDir, findings);
    for (const [route, problems] of references) findings.get(route).problems.push(...problems);
    markupSample = coveringSample(
      [...findings.values()].map(({route, features}) => ({route, features: new Set(features)})),
    );
    const sampled = new Set(markupSample.map(({route}) => route));
    const whole = await inWorkers(
      'markup',
      pages.filter((page) => sampled.has(page.route)),
    );
    for (const [route, {problems}] of whole) {
      const own = findings.get(route).problems;
      own.push(...problems.filter((problem) => !own.includes(problem)));
    }
  });

  test('the markup validated whole holds every class of code block the build has', () => {
    const codeClasses = new Set(
      [...findings.values()].flatMap(({features}) => features.filter((f) => f.startsWith('code class: '))),
    );
    const sampled = new Set(markupSample.flatMap(({covers}) => covers));
    assert.ok(codeClasses.size > 0, 'the build has code blocks');
    assert.deepEqual([...codeClasses].filter((feature) => !sampled.has(feature)), []);
  });

  test('the build holds the sitemap and the not-found page', () => {
    assert.ok(pages.length >= sitemap.length, `${pages.length} pages for ${sitemap.length} sitemap routes`);
    assert.ok(pages.some((page) => page.route === '/404.html'));
  });

  for (const {route} of pages) {
    test(`${route}: title, headings, valid HTML, accessibility without layout, scripts, links`, () => {
      const {problems} = findings.get(route);
      assert.deepEqual(problems, [], `${problems.length} problem(s) on ${route}:\n- ${problems.join('\n- ')}\n`);
    });
  }
});
