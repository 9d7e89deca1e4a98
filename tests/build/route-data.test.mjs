// @ts-check
// The route data of the built site (src/plugins/route-data): the browser learns a page's routes
// when it needs that page, so that no page's scripts carry the rest of the site. These checks fail
// when the route table comes back: a page's address in main.js or the runtime, a chunk of a page
// in the runtime's table, a route data file that reaches a page that is not its own, a docs
// version's sidebars or docs back in the scripts. Run after `npm run build`.
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';

import * as cheerio from 'cheerio';
import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {sitemapPaths} = jiti('./scripts/host-config/routes.ts');
const {routeKey, routeFileName, BUILD_FILE, CATEGORIES_FOLDER, INLINE_DATA_ID, LAZY_CATEGORY} = jiti(
  './src/plugins/route-data/key.ts',
);
const {htmlFile, routeDataFolder} = jiti('./src/plugins/route-data/html.ts');

const buildDir = path.resolve(root, process.env.PORTAL_BUILD_DIR ?? 'build');
const scripts = path.join(buildDir, 'assets', 'js');
const script = (prefix) => {
  const name = readdirSync(scripts).find((file) => file.startsWith(prefix) && file.endsWith('.js'));
  assert.ok(name, `no ${prefix}*.js in ${scripts}`);
  return readFileSync(path.join(scripts, name), 'utf8');
};
const main = script('main.');
const runtime = script('runtime~main.');
const routes = sitemapPaths(readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8'));

/** This build's route data: its folder, its files by name and its pages by key (read once). */
const routeData = (() => {
  let read;
  return () => {
    if (!read) {
      const folder = path.join(buildDir, routeDataFolder(buildDir));
      const {bits} = JSON.parse(readFileSync(path.join(folder, BUILD_FILE), 'utf8'));
      const names = readdirSync(folder).filter((name) => name.endsWith('.json') && name !== BUILD_FILE);
      const files = new Map(names.map((name) => [name, JSON.parse(readFileSync(path.join(folder, name), 'utf8'))]));
      read = {folder, bits, files, pages: new Map([...files.values()].flatMap((file) => Object.entries(file)))};
    }
    return read;
  };
})();

/** The JSON block of route data of a built page. */
function inlineData(route) {
  const $ = cheerio.load(readFileSync(htmlFile(buildDir, route), 'utf8'));
  const block = $(`script#${INLINE_DATA_ID}`);
  assert.equal(block.length, 1, `${route}: one block of route data`);
  assert.equal(block.attr('type'), 'application/json', `${route}: a data block, which no policy has to allow`);
  return {data: JSON.parse(block.text()), $};
}

/** Whether `key` is the key of `ancestor`'s address or below it. */
const isUnder = (key, ancestor) => ancestor === '/' || key === ancestor || key.startsWith(`${ancestor}/`);

describe('the scripts every page loads', () => {
  // What main.js may name: the addresses the theme's configuration links to (navbar, footer,
  // announcement) and its custom fields, and of each docs plugin its version's path, main doc and
  // the sidebars the navbar links to (src/plugins/route-data/json-loader.cjs). Not what a plugin's
  // options name: Docusaurus puts them in main.js too, so a plugin given a list of pages (moved
  // ones, say) would carry it to every page.
  const generated = readFileSync(path.join(root, '.docusaurus', 'docusaurus.config.mjs'), 'utf8');
  const siteConfig = JSON.parse(generated.slice(generated.indexOf('{'), generated.lastIndexOf('}') + 1));
  const config = JSON.stringify({themeConfig: siteConfig.themeConfig, customFields: siteConfig.customFields}, null, 2);
  const globalData = JSON.parse(readFileSync(path.join(root, '.docusaurus', 'globalData.json'), 'utf8'));
  const mentions = (text, route) => new RegExp(`${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w/-])`).test(text);
  const named = new Set(routes.filter((route) => mentions(config, route)));
  for (const plugin of Object.values(globalData['docusaurus-plugin-content-docs'] ?? {})) {
    for (const version of plugin.versions) {
      named.add(version.path);
      for (const doc of version.docs) if (doc.id === version.mainDocId) named.add(doc.path);
      for (const [id, sidebar] of Object.entries(version.sidebars ?? {})) {
        if (sidebar.link && mentions(config, `sidebarId": "${id}"`)) named.add(sidebar.link.path);
      }
    }
  }

  test('name no page but those the configuration links to', () => {
    for (const [name, text] of [
      ['main.js', main],
      ['runtime~main.js', runtime],
    ]) {
      const pagesNamed = routes.filter((route) => route !== '/' && text.includes(`"${route}"`));
      const stray = pagesNamed.filter((route) => !named.has(route) && !named.has(route.replace(/\/$/, '')));
      assert.deepEqual(stray, [], `${name} names pages that only their own route data should: the route table is back`);
    }
  });

  test("hold no docs version's sidebars or docs, and no table of every chunk name", () => {
    for (const name of readdirSync(scripts).filter((file) => file.endsWith('.js'))) {
      const text = readFileSync(path.join(scripts, name), 'utf8');
      assert.doesNotMatch(text, /"docsSidebars":\{"/, `${name} holds a docs version's sidebars`);
    }
    assert.doesNotMatch(runtime, /__webpack_require__\.gca|\.gca=/, "the runtime holds Docusaurus's table of chunk names");
  });

  test("give the runtime's table of chunk files no chunk of one page's own", () => {
    const {pages} = routeData();
    const table = /\.u=\w+=>"assets\/js\/"\+\w+\+"\."\+\(?(\{[^}]*\})\)?\[\w+\]/.exec(runtime);
    assert.ok(table, "the runtime's table of chunk files is where src/plugins/route-data cuts it");
    const kept = new Set([...table[1].matchAll(/"?(\w+)"?:"/g)].map(([, id]) => id));
    // A chunk that one page alone loads is that page's (its content): the runtime has no business with it.
    const pagesOf = new Map();
    for (const data of pages.values()) {
      for (const chunk of new Set(Object.values(data.modules).flatMap(([, chunks]) => chunks))) {
        pagesOf.set(chunk, (pagesOf.get(chunk) ?? 0) + 1);
      }
    }
    const ofOnePage = [...pagesOf].filter(([, count]) => count === 1).map(([chunk]) => chunk);
    assert.ok(ofOnePage.length >= pages.size / 2, 'most pages have a chunk of their own');
    const both = ofOnePage.filter((id) => kept.has(id));
    assert.deepEqual(both, [], "chunks of one page's own in the runtime's table");
  });
});

describe('the route data files', () => {
  test('hold each page under its own key, with the routes that lead to it and no other', () => {
    const {files: dataFiles, pages, bits} = routeData();
    assert.ok(pages.size >= routes.length - 1, `${pages.size} pages in the route data, ${routes.length} in the sitemap`);
    // All 2^bits files, so that the browser's question about any address has an answer.
    assert.equal(dataFiles.size, 2 ** bits, 'every file of the build, empty ones included');
    assert.ok(2 ** bits >= pages.size, 'at least a file per page');
    for (const [name, file] of dataFiles) {
      for (const [key, data] of Object.entries(file)) {
        assert.equal(routeFileName(key, bits), name, `${key} is in the file its key names`);
        const leaf = data.routes.at(-1);
        assert.equal(routeKey(leaf.path), key, `${name}: the last route of ${key} is its page`);
        data.routes.forEach((route, index) => {
          assert.ok(isUnder(key, routeKey(route.path)), `${name}: ${key} holds ${route.path}, which does not lead to it`);
          assert.equal(route.parent, index === 0 ? null : data.routes[index - 1].key, `${key}: ${route.key} is nested in the route before it`);
        });
      }
    }
  });

  test('name a file for every chunk they load, and the files exist', () => {
    const {pages} = routeData();
    for (const [key, data] of pages) {
      for (const [name, [, chunks]] of Object.entries(data.modules)) {
        for (const chunk of chunks) {
          const file = data.files[chunk];
          if (file) assert.ok(existsSync(path.join(buildDir, file)), `${key}: ${name} loads ${file}, which is missing`);
        }
      }
    }
  });

  test("give every closed category of a page's sidebar a file with its items", () => {
    const {folder, pages} = routeData();
    const placeholders = [];
    const visit = (items) => {
      for (const item of items) {
        const lazy = item.customProps?.[LAZY_CATEGORY];
        if (lazy) placeholders.push(lazy);
        if (item.items) visit(item.items);
      }
    };
    for (const data of pages.values()) if (data.view) visit(data.view.items);
    assert.ok(placeholders.length > 0, 'some page shows a category closed');
    for (const {file, count, href} of new Map(placeholders.map((lazy) => [lazy.file, lazy])).values()) {
      const items = JSON.parse(readFileSync(path.join(folder, CATEGORIES_FOLDER, file), 'utf8'));
      assert.equal(items.length, count, `${file}: as many items as its placeholder says`);
      visit(items);
      assert.ok(href.startsWith('/'), `${file}: its first link is an address of the site`);
    }
  });
});

describe('the pages', () => {
  test('each hold their own route data, the same as their file, and the not-found page none', () => {
    const {folder, pages} = routeData();
    for (const route of routes) {
      const {data} = inlineData(route);
      const key = routeKey(route);
      assert.equal(data.page?.key, key, `${route}: its own data`);
      assert.deepEqual(data.page.data, pages.get(key), `${route}: the same data as its file`);
      assert.equal(path.join(buildDir, data.folder), folder, `${route}: this build's folder`);
    }
    const {data} = inlineData('/404.html');
    assert.equal(data.page, undefined, 'the not-found page stands for any address');
    assert.ok(data.always.routes.some((route) => route.path === '/'), 'every page knows the home page, for its breadcrumbs');
  });

  test('that show cards hold the docs those cards describe', () => {
    const docsByPath = new Map();
    const globalData = JSON.parse(readFileSync(path.join(root, '.docusaurus', 'globalData.json'), 'utf8'));
    for (const plugin of Object.values(globalData['docusaurus-plugin-content-docs'])) {
      for (const version of plugin.versions) for (const doc of version.docs) docsByPath.set(doc.path, doc.id);
    }
    let cards = 0;
    for (const route of routes) {
      const {data, $} = inlineData(route);
      const {view} = data.page.data;
      const described = Object.keys(view?.docs ?? {});
      const categories = new Set();
      const visit = (items) => {
        for (const item of items) {
          if (item.type !== 'category') continue;
          if (item.href) categories.add(item.href);
          visit(item.items);
        }
      };
      visit(view?.items ?? []);
      $('a.theme-doc-card-container').each((_, card) => {
        const href = $(card).attr('href');
        const id = docsByPath.get(href);
        // A category's card is described by the category itself.
        if (id === undefined || categories.has(href)) return;
        cards += 1;
        assert.ok(described.includes(id), `${route}: its card of ${id} needs that doc's description`);
      });
    }
    assert.ok(cards > 0, 'some page shows cards of docs');
  });
});
