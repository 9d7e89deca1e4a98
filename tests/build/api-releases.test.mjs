// @ts-check
// The earlier releases of the API reference on the built site: each release's pages under
// /docs/api/releases/<release>/, what they say first, the switcher between releases on them and on
// the current reference, the sitemap, and the search index each release has of its own.
// Run after `npm run build`.
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';

import createJiti from 'jiti';

import {loadMain} from '../support/built-html.mjs';
import {root} from '../support/openapi.mjs';

const build = path.resolve(root, process.env.PORTAL_BUILD_DIR ?? 'build');
const jiti = createJiti(root + '/');
const {readReleaseHistory, readCurrentPages, releaseContents, releasePageOf, releaseRoutes} = jiti(
  './src/api-reference/releases.ts',
);
const {sitemapPaths} = jiti('./scripts/host-config/routes.ts');

const history = readReleaseHistory();
const current = readCurrentPages();
const sitemap = new Set(sitemapPaths(readFileSync(path.join(build, 'sitemap.xml'), 'utf8')));

/** The built page of a route, or undefined. */
function page(route) {
  const file = path.join(build, route, 'index.html');
  return existsSync(file) ? loadMain(readFileSync(file, 'utf8')) : undefined;
}

/** Whether a link of the site leads to a built page (a route, with or without its anchor). */
const builtRoute = (href) => existsSync(path.join(build, href.split(/[?#]/)[0], 'index.html'));

/**
 * The operations and events of a release, each with the route of the page that shows it (the
 * release's own where it changed it, else the release's that last changed it), that release, and
 * the release's own address of it.
 */
function pagesOf(release) {
  return [...history.pages]
    .filter(([, ids]) => ids.has(release))
    .map(([key, ids]) => ({
      key,
      route: releasePageOf(key, release, history),
      shownIn: history.shownIn.get(key).get(release),
      address: `/docs/api/releases/${release}/${ids.get(release)}`,
    }));
}

test('the repository has releases, and each one has pages', () => {
  assert.ok(history.releases.length >= 2, history.releases.join(', '));
  for (const release of history.releases) assert.ok(pagesOf(release).length > 40, release);
});

for (const release of history.releases) {
  describe(`release ${release}`, () => {
    const pages = pagesOf(release);

    test('its own page says it is an earlier release and lists every operation and event it has', () => {
      const $ = page(`/docs/api/releases/${release}`);
      assert.ok($, 'no page at its address');
      assert.equal($('h1').text(), `Release ${release}`);
      assert.match($('.theme-admonition').first().text(), /Earlier release/i);
      const linked = new Set($('a[href]').map((_, a) => $(a).attr('href')).get());
      assert.deepEqual(
        pages.filter(({route}) => !linked.has(route)).map(({key}) => key),
        [],
        'operations missing from its list',
      );
      const sections = releaseContents(release);
      assert.ok(sections.length >= 5, `${sections.length} sections`);
      assert.ok(linked.has(`/search?version=docs/api/releases/${release}/`), 'a search of this release');
    });

    test('every page is in the sitemap, marked as the earlier release, and leads to the current page', () => {
      for (const {key, route, shownIn} of pages) {
        assert.ok(sitemap.has(route), `${route} is not in the sitemap`);
        const $ = page(route);
        assert.ok($, `${route} was not built`);
        const note = $('.theme-admonition').first();
        assert.match(note.text(), new RegExp(`Earlier release.*release ${shownIn}`, 's'), route);
        const now = current.get(key);
        const hrefs = note.find('a').map((_, a) => $(a).attr('href')).get();
        if (now) assert.ok(hrefs.includes(now), `${route}: no link to ${now}`);
        else assert.match(note.text(), /not in the current reference/, route);
        for (const href of hrefs) assert.ok(builtRoute(href), `${route}: ${href} leads nowhere`);
      }
    });

    test('every page has the release switcher, showing the release it shows, each of its links built', () => {
      for (const {route, shownIn} of pages) {
        const $ = page(route);
        const switcher = $('details:has(ul[aria-label="Releases of this page"])');
        assert.equal(switcher.length, 1, route);
        assert.match(switcher.find('summary').text(), new RegExp(`API release: Release ${shownIn}`));
        const links = switcher.find('a');
        assert.equal(links.length, history.releases.length + 1, route);
        assert.equal(switcher.find('a[aria-current="page"]').attr('href'), route);
        for (const href of links.map((_, a) => $(a).attr('href')).get()) {
          assert.ok(builtRoute(href), `${route}: ${href} leads nowhere`);
        }
      }
    });

    test('a page offers no request panel, and shows its example request as the release wrote it', () => {
      let requests = 0;
      for (const {route} of pages) {
        const $ = page(route);
        assert.ok(!$.text().includes('Open the request panel'), route);
        // One block, not the request samples, which are written from the current description.
        assert.equal($('[data-request-samples]').length, 0, route);
        requests += $('pre > code.language-http').length;
        // A code block a long line makes scrollable is scrolled from the keyboard, as every code block of the site.
        assert.equal($('pre:not([tabindex="0"])').length, 0, `${route}: a code block without keyboard focus`);
      }
      assert.ok(requests > 30, `${requests} example requests`);
    });

    test("every address of its operations leads to the page that shows it: the page, or a page that moved", () => {
      for (const {address, route} of pages) {
        if (address === route) continue;
        assert.ok(!sitemap.has(address), `${address} is in the sitemap`);
        const moved = readFileSync(path.join(build, address, 'index.html'), 'utf8');
        assert.ok(moved.includes(`<meta http-equiv="refresh" content="0; url=${route}">`), address);
        assert.ok(!moved.includes('<script'), `${address}: a script, whose hash the policy would need`);
      }
    });

    test('its search index holds the pages that show its operations, and no other', () => {
      const folder = path.join(build, 'docs', 'api', 'releases', release);
      const files = readdirSync(folder).filter((name) => /^search-index.*\.json$/.test(name));
      assert.ok(files.includes('search-index.json'), 'no lead file');
      const urls = new Set(
        files.flatMap((name) =>
          [...readFileSync(path.join(folder, name), 'utf8').matchAll(/"u":"([^"]+)"/g)].map((match) => match[1]),
        ),
      );
      assert.ok(urls.size >= pages.length, `${urls.size} pages in its index`);
      const routes = new Set(releaseRoutes(release, history));
      for (const url of urls) assert.ok(routes.has(url.replace(/\/$/, '')) || routes.has(url), url);
    });
  });
}

test('the current reference has the switcher, with the releases that have its operation', () => {
  let checked = 0;
  for (const [key, route] of current) {
    const $ = page(route);
    assert.ok($, `${route} was not built`);
    const switcher = $('details:has(ul[aria-label="Releases of this page"])');
    assert.match(switcher.find('summary').text(), /API release: Current/, route);
    const hrefs = switcher.find('a').map((_, a) => $(a).attr('href')).get();
    for (const release of history.releases) {
      const shown = releasePageOf(key, release, history) ?? `/docs/api/releases/${release}`;
      assert.ok(hrefs.includes(shown), `${route}: ${release}`);
    }
    checked += 1;
  }
  assert.ok(checked > 50, `${checked} pages`);
});

test('the search index of the current site holds no page of an earlier release', () => {
  for (const name of readdirSync(build).filter((file) => /^search-index.*\.json$/.test(file))) {
    assert.ok(!readFileSync(path.join(build, name), 'utf8').includes('/docs/api/releases/'), name);
  }
});

test('/docs/api/releases lists every release, newest first', () => {
  const $ = page('/docs/api/releases');
  const listed = $('main li a[href^="/docs/api/releases/"]').map((_, a) => $(a).attr('href')).get();
  assert.deepEqual(listed, [...history.releases].reverse().map((release) => `/docs/api/releases/${release}`));
});
