// @ts-check
// The pages of cards of the built site: a category's page (its generated index, or a page that
// lists the category's items, as each API tag's does) draws a card for each item of a short
// category, as the theme does; of a long one (more than LONG_CARD_LIST items:
// src/plugins/route-data/card-window.ts) it draws the first CARD_BLOCK and "Show N more", which
// leads to the first item not shown, and its route data holds only what those cards need, with a
// placeholder for each block of the others whose files are in the build. Run after
// `npm run build`; PORTAL_BUILD_DIR checks another build (a grown copy's, whose categories are long).
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

import * as cheerio from 'cheerio';
import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {sitemapPaths} = jiti('./scripts/host-config/routes.ts');
const {CATEGORIES_FOLDER, INLINE_DATA_ID, LAZY_BLOCK, LAZY_CATEGORY} = jiti('./src/plugins/route-data/key.ts');
const {htmlFile, routeDataFolder} = jiti('./src/plugins/route-data/html.ts');
const {CARD_BLOCK, LONG_CARD_LIST} = jiti('./src/plugins/route-data/card-window.ts');

const buildDir = path.resolve(root, process.env.PORTAL_BUILD_DIR ?? 'build');
const routes = sitemapPaths(readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8'));
const categoriesFolder = path.join(buildDir, routeDataFolder(buildDir), CATEGORIES_FOLDER);
const readCategoryFile = (name) => JSON.parse(readFileSync(path.join(categoriesFolder, name), 'utf8'));

/** Where following an item leads (the theme's `findFirstSidebarItemLink`). */
function firstLink(item) {
  if (item.type === 'link') return item.unlisted ? undefined : item.href;
  if (item.type !== 'category') return undefined;
  if (item.href && !item.linkUnlisted) return item.href;
  return item.items.map(firstLink).find((link) => link !== undefined);
}

/** The category whose page is `route` in a page's view, if any. */
function ownCategory(items, route) {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.href?.replace(/\/$/, '') === route.replace(/\/$/, '')) return item;
    const inner = ownCategory(item.items, route);
    if (inner) return inner;
  }
  return undefined;
}

/** Every page that draws the cards of its own category: its markup, its view and the category. */
const pagesOfCards = routes.flatMap((route) => {
  const $ = cheerio.load(readFileSync(htmlFile(buildDir, route), 'utf8'));
  if ($('main a.theme-doc-card-container').length === 0) return [];
  const view = JSON.parse($(`script#${INLINE_DATA_ID}`).text()).page?.data.view;
  const category = view && ownCategory(view.items, route);
  return category ? [{route, $, view, category}] : [];
});

/** The items a list of the view stands for: each block's placeholder counted as its items. */
const lengthOf = (items) => items.reduce((sum, item) => sum + (item.customProps?.[LAZY_BLOCK]?.count ?? 1), 0);

const cardsOf = ($) =>
  $('main a.theme-doc-card-container')
    .map((_, card) => $(card).attr('href'))
    .get();
const showMoreOf = ($) => $('main a').filter((_, link) => /^Show \d+ more$/.test($(link).text()));

test("every generated category page, and every page of its category's cards, is among those checked", () => {
  const generated = routes.filter((route) => route.includes('/docs/category/'));
  assert.ok(generated.length > 0, 'the portal has generated category pages');
  for (const route of generated) {
    assert.ok(
      pagesOfCards.some((page) => page.route === route),
      `${route}: its cards and its category`,
    );
  }
});

test('a short category draws a card for each of its items, in order, from route data that holds them all', () => {
  const short = pagesOfCards.filter(({category}) => lengthOf(category.items) <= LONG_CARD_LIST);
  assert.ok(short.length > 0, 'some category is short');
  for (const {route, $, view, category} of short) {
    assert.ok(!category.items.some((item) => item.customProps?.[LAZY_BLOCK]), `${route}: every item in its data`);
    assert.deepEqual(cardsOf($), category.items.map(firstLink).filter(Boolean), `${route}: a card per item`);
    assert.equal(showMoreOf($).length, 0, `${route}: nothing more to show`);
    for (const item of category.items) {
      if (item.docId) assert.ok(view.docs[item.docId], `${route}: the doc of ${item.docId}, for its card`);
    }
  }
});

test("a long category draws its first cards and a link to the next, and its data holds only theirs", (t) => {
  const long = pagesOfCards.filter(({category}) => lengthOf(category.items) > LONG_CARD_LIST);
  if (long.length === 0) {
    t.skip(`no category of this build holds more than ${LONG_CARD_LIST} items (the portal as published)`);
    return;
  }
  for (const {route, $, view, category} of long) {
    const length = lengthOf(category.items);
    const shown = category.items.slice(0, CARD_BLOCK);
    assert.ok(!shown.some((item) => item.customProps?.[LAZY_BLOCK]), `${route}: its first cards' items whole`);
    assert.deepEqual(cardsOf($), shown.map(firstLink).filter(Boolean), `${route}: the first ${CARD_BLOCK} cards`);
    const more = showMoreOf($);
    assert.equal(more.length, 1, `${route}: one "Show N more"`);
    assert.equal(more.text(), `Show ${Math.min(CARD_BLOCK, length - CARD_BLOCK)} more`);
    assert.equal(more.attr('href'), firstLink(category.items[CARD_BLOCK]), `${route}: it leads to the first item not shown`);
    assert.ok(Object.keys(view.docs).length <= CARD_BLOCK, `${route}: the docs of its first cards only`);
    // The others: a placeholder for each block, whose items and docs are in the build.
    for (const item of category.items.slice(CARD_BLOCK)) {
      const lazy = item.customProps?.[LAZY_BLOCK];
      if (!lazy) continue;
      const items = readCategoryFile(lazy.file);
      assert.equal(items.length, lazy.count, `${route}: ${lazy.file} holds its block's items`);
      const docs = lazy.docs ? readCategoryFile(lazy.docs) : {};
      for (const each of items) {
        if (each.docId) assert.ok(docs[each.docId]?.title, `${route}: ${lazy.docs} describes ${each.docId}`);
        if (each.customProps?.[LAZY_CATEGORY]) {
          assert.ok(existsSync(path.join(categoriesFolder, each.customProps[LAZY_CATEGORY].file)));
        }
      }
    }
    assert.ok(category.items.length < length, `${route}: placeholders stand for the items not drawn`);
  }
});
