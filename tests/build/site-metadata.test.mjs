// @ts-check
// What the built site tells crawlers, link previews and feed readers: a meta description of
// whole sentences on every page, a social card that exists, robots.txt, the API catalog, dates in
// the sitemap,
// the changelog's feeds, and "Edit this page" and "Last updated" where a writer can act on them.
// Run after `npm run build`.
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';

import {load} from 'cheerio';
import createJiti from 'jiti';

import {loadHead} from '../support/built-html.mjs';
import {root} from '../support/openapi.mjs';

const build = path.resolve(root, process.env.PORTAL_BUILD_DIR ?? 'build');
const jiti = createJiti(root + '/');
const {REPOSITORY_URL} = jiti('./src/constants.ts');
const {MCP_GUIDE_PATH, MCP_PATH, MCP_SERVER_CARD_PATH} = jiti('./src/config/mcp.ts');

const {builtPages} = jiti('./tests/support/built-pages.ts');

/**
 * The <head> of every HTML page of the build (what crawlers and link previews read of every page;
 * the body is read where a test needs it, page by page), except the redirect pages, which only
 * send the browser on.
 */
function pages() {
  return builtPages(build, [])
    .map(({file}) => ({file: path.relative(build, file), $: loadHead(readFileSync(file, 'utf8'))}))
    .filter(({$}) => $('meta[http-equiv="refresh"]').length === 0);
}

/** The width and height of a PNG file, from its IHDR chunk. */
function pngSize(file) {
  const bytes = readFileSync(file);
  assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG', `${file} is not a PNG`);
  return {width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20)};
}

const SENTENCE_END = /[.!?]["')\]]?$/;
const built = pages();
const page = (route) => load(readFileSync(path.join(build, route, 'index.html'), 'utf8'));

describe('every page', () => {
  test('the build has its pages', () => assert.ok(built.length >= 150, `${built.length} pages`));

  test('has a meta description that ends at the end of a sentence', () => {
    const wrong = built
      .map(({file, $}) => ({file, description: $('meta[name="description"]').attr('content')?.trim()}))
      .filter(({description}) => !description || !SENTENCE_END.test(description))
      .map(({file, description}) => `${file}: ${description === undefined ? 'none' : JSON.stringify(description)}`);
    assert.deepEqual(wrong, []);
  });

  test('has an og:image and a twitter:image that are a 1200x630 PNG of the build', () => {
    const images = new Set();
    for (const {file, $} of built) {
      for (const selector of ['meta[property="og:image"]', 'meta[name="twitter:image"]']) {
        const url = $(selector).attr('content');
        assert.ok(url, `${file} has no ${selector}`);
        images.add(new URL(url).pathname);
      }
    }
    for (const image of images) {
      const file = path.join(build, decodeURIComponent(image));
      assert.ok(existsSync(file), `${image} is not in the build`);
      assert.deepEqual(pngSize(file), {width: 1200, height: 630}, image);
    }
  });
});

describe('crawlers', () => {
  const sitemap = readFileSync(path.join(build, 'sitemap.xml'), 'utf8');
  const origin = new URL(/<loc>([^<]+)<\/loc>/.exec(sitemap)[1]).origin;

  test('robots.txt allows every page and names the sitemap by its absolute address', () => {
    const robots = readFileSync(path.join(build, 'robots.txt'), 'utf8');
    assert.match(robots, /^User-agent: \*$/m);
    assert.doesNotMatch(robots, /^Disallow: \/\s*$/m);
    const named = /^Sitemap: (\S+)$/m.exec(robots)?.[1];
    assert.equal(named, `${origin}/sitemap.xml`);
  });

  test('the API catalog names every download of /openapi/ (releases and their changes included) and llms.txt, by addresses the build holds', () => {
    const {linkset} = JSON.parse(readFileSync(path.join(build, '.well-known', 'api-catalog'), 'utf8'));
    const hrefs = linkset.flatMap(({anchor, ...relations}) => {
      assert.equal(new URL(anchor).origin, origin);
      return Object.values(relations).flatMap((links) => links.map((link) => new URL(link.href)));
    });
    for (const href of hrefs) {
      assert.equal(href.origin, origin, href.href);
      // A file, or a page: <route>/index.html.
      const file = path.join(build, decodeURIComponent(href.pathname));
      const held = statSync(file, {throwIfNoEntry: false})?.isFile() || existsSync(path.join(file, 'index.html'));
      assert.ok(held, `${href.href} is not in the build`);
    }
    const named = new Set(hrefs.map((href) => href.pathname));
    const downloads = readdirSync(path.join(build, 'openapi'), {recursive: true, encoding: 'utf8'}).filter((file) =>
      statSync(path.join(build, 'openapi', file)).isFile(),
    );
    assert.ok(downloads.some((file) => file.startsWith('releases/')), 'the releases are published');
    for (const download of downloads) {
      assert.ok(named.has(`/openapi/${download}`), `the catalog does not name /openapi/${download}`);
    }
    assert.ok(named.has('/llms.txt'));
  });

  test('the API catalog names the MCP server by its endpoint, with its server card and its guide', () => {
    const {linkset} = JSON.parse(readFileSync(path.join(build, '.well-known', 'api-catalog'), 'utf8'));
    const mcp = linkset.find(({anchor}) => anchor === `${origin}${MCP_PATH}`);
    assert.ok(mcp, 'a link context anchored at the MCP endpoint');
    assert.deepEqual(
      mcp['service-desc'].map(({href, type}) => [href, type]),
      [[`${origin}${MCP_SERVER_CARD_PATH}`, 'application/json']],
    );
    const card = JSON.parse(readFileSync(path.join(build, MCP_SERVER_CARD_PATH), 'utf8'));
    assert.equal(card.remotes[0].url, mcp.anchor);
    assert.ok(mcp['service-doc'].some(({href}) => href === `${origin}${MCP_GUIDE_PATH}`));
  });

  test('the sitemap dates the hand-written pages by their last change', () => {
    const $ = load(sitemap, {xml: true});
    const lastmod = (route) => $(`url > loc`).filter((_, loc) => $(loc).text() === `${origin}${route}`).siblings('lastmod').text();
    for (const route of ['/docs/docs/remarks', '/docs/api/intro', '/api/introduction']) {
      assert.match(lastmod(route), /^\d{4}-\d{2}-\d{2}$/, route);
    }
  });
});

describe('the API changelog', () => {
  const entries = readdirSync(path.join(root, 'changelog')).filter((name) => /\.mdx?$/.test(name));

  for (const [feed, item, date] of [
    ['rss.xml', 'rss > channel > item', 'pubDate'],
    ['atom.xml', 'feed > entry', 'updated'],
  ]) {
    test(`/changelog/${feed} parses and holds every entry with its title, date and link`, () => {
      const $ = load(readFileSync(path.join(build, 'changelog', feed), 'utf8'), {xml: true});
      const items = $(item);
      assert.equal(items.length, entries.length);
      items.each((_, element) => {
        const entry = $(element);
        assert.ok(entry.children('title').text().trim(), 'an entry without a title');
        assert.ok(!Number.isNaN(Date.parse(entry.children(date).text())), 'an entry without a date');
        const link = entry.children('link').attr('href') ?? entry.children('link').text();
        assert.match(link, /\/changelog\/[a-z0-9-]+$/);
      });
    });
  }

  test('each entry shows its kind of change, and the kinds have pages', () => {
    const $ = page('changelog');
    assert.equal($('article').length, entries.length);
    $('article').each((_, article) => {
      const kinds = $(article).find('a[href^="/changelog/tags/"]').map((__, a) => $(a).text()).get();
      assert.ok(kinds.some((kind) => ['Added', 'Changed', 'Deprecated', 'Removed', 'Release'].includes(kind)), kinds.join());
    });
    assert.ok(existsSync(path.join(build, 'changelog', 'tags', 'added', 'index.html')));
  });

  test("each release's entry lists its changes, breaking ones first, each linked to its reference page", () => {
    const $ = page('changelog/release-2026-11-23');
    const headings = $('article h2')
      .map((_, heading) => $(heading).text().replace(/\u200b/g, '').trim())
      .get();
    assert.deepEqual(headings.slice(0, 2), ['Breaking changes', 'Other changes']);
    const token = $('article a[href="/docs/api/auth/authorization-server/get-token"]');
    assert.ok(token.length > 0, 'POST /oauth2/token is not linked to its page');
    assert.match(token.closest('li').text(), /operation added/);
  });

  test('each reference page of the merchant API names the release that added it, linked to its entry', () => {
    for (const [route, release] of [
      ['docs/api/outlet-information/get-all-outlets', '2026-11-22'],
      ['docs/api/auth/authorization-server/get-token', '2026-11-23'],
      ['docs/api/webhooks/events/food-order-placed', '2026-11-22'],
    ]) {
      const link = page(route)(`article a[href="/changelog/release-${release}"]`);
      assert.equal(link.length, 1, route);
      assert.equal(link.parent().text().trim(), `Added in release ${release}.`);
    }
  });

  test('the footer and the versioning policy link to it', () => {
    const $ = page('docs/docs/remarks');
    assert.ok($('footer a[href="/changelog"]').length > 0, 'no footer link');
    assert.ok($('article a[href="/changelog"]').length > 0, 'the versioning policy does not link to it');
    assert.ok($('article a[href="/changelog/rss.xml"]').length > 0, 'the versioning policy does not link to the feed');
  });
});

describe('"Edit this page" and "Last updated"', () => {
  test('a hand-written page links to its source in the repository and says when it last changed', () => {
    for (const [route, source] of [
      ['docs/docs/remarks', 'docs/docs/remarks.mdx'],
      ['docs/api/webhooks', 'docs/api/webhooks/index.mdx'],
      ['api/introduction', 'api/introduction.mdx'],
    ]) {
      const $ = page(route);
      assert.equal($('a.theme-edit-this-page').attr('href'), `${REPOSITORY_URL}/edit/main/${source}`, route);
      assert.match($('.theme-last-updated time').attr('datetime') ?? '', /^\d{4}-\d{2}-\d{2}T/, route);
    }
  });

  test('a page generated from an OpenAPI description has neither', () => {
    for (const route of [
      'docs/api/food-integration/accept-order',
      'docs/api/food-integration/order-acceptance',
      'docs/api/auth/authorization-server/get-token',
      'api/add-a-new-pet-to-the-store',
    ]) {
      const $ = page(route);
      assert.equal($('a.theme-edit-this-page').length, 0, route);
      assert.equal($('.theme-last-updated').length, 0, route);
    }
  });
});
