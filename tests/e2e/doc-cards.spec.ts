import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';

import {expect, type Page} from '@playwright/test';

import {inOwnContext, test} from '../support/fixtures';
import {buildDir} from '../support/host';
import {waitForHydration, watchErrors} from '../support/pages';

import {CARD_BLOCK, LONG_CARD_LIST} from '../../src/plugins/route-data/card-window';
import {INLINE_DATA_ID, LAZY_BLOCK, routeFileName, routeKey} from '../../src/plugins/route-data/key';

/**
 * A category's page of cards (src/theme/DocCardList): a category of the portal, as published,
 * shows a card for each of its items. A long one (more than LONG_CARD_LIST items, which only a
 * grown copy of the portal has) shows its first CARD_BLOCK cards and "Show N more", which shows
 * the next ones in place and puts the focus on the first of them, or, without scripts, opens the
 * first item not shown. The portal has no long category: the test of one in the browser gives
 * the POS integration's page a long list in its route data (the page as the browser draws it on
 * arriving from another page), the items repeated and numbered.
 */

/** The generated category pages of the build, by address. */
const categoryPages = readdirSync(path.join(buildDir, 'docs', 'category'), {withFileTypes: true})
  .filter((entry) => entry.isDirectory())
  .map((entry) => `/docs/category/${entry.name}`);

/** The route data a built page holds. */
function inlineData(address: string): {bits: number; page: {data: {view: unknown}}} {
  const html = readFileSync(path.join(buildDir, address, 'index.html'), 'utf8');
  const pattern = new RegExp(`<script type="application/json" id="${INLINE_DATA_ID}">(.*?)</script>`, 's');
  return JSON.parse(pattern.exec(html)?.[1] ?? '{}');
}

/** How many items the category of a built page holds, from the route data its HTML holds. */
function itemCount(address: string): number {
  type Item = {href?: string; items?: Item[]; customProps?: Record<string, {count: number}>};
  const view = inlineData(address).page.data.view as {items: Item[]};
  const find = (items: Item[]): Item | undefined =>
    items.map((item) => (item.href === address ? item : find(item.items ?? []))).find(Boolean);
  const category = find(view.items);
  return (category?.items ?? []).reduce((sum, item) => sum + (item.customProps?.[LAZY_BLOCK]?.count ?? 1), 0);
}

/** The cards of the page: each a link (the theme's class names it), with a title and a description. */
const cards = (page: Page) => page.getByRole('main').locator('a.theme-doc-card-container');
/** What the list says of itself: how many cards it shows, or that some could not be loaded. */
const progress = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('status')
    .filter({hasText: /shown$|could not be loaded/});
const showMore = (page: Page) => page.getByRole('main').getByRole('link', {name: /^Show \d+ more$/});

test.describe('a category page', () => {
  test('of the portal shows a card for each of its items, and nothing to show more', async ({page}) => {
    expect(categoryPages.length).toBeGreaterThan(0);
    for (const address of categoryPages.filter((category) => itemCount(category) <= LONG_CARD_LIST)) {
      await page.goto(address);
      await waitForHydration(page);
      await expect(cards(page), address).toHaveCount(itemCount(address));
      await expect(showMore(page), address).toHaveCount(0);
    }
  });

  test('of a long category shows its first cards, then more in place when asked, the focus on the first new one', async ({
    page,
  }) => {
    const address = '/docs/category/mokapos-integration';
    const length = 2 * CARD_BLOCK + 10;
    const blocks = new Map<string, unknown>();
    let failOnce = true;
    // The category's page, as the route data the browser learns on following a link to it makes it.
    await page.route(
      (url) => url.pathname.endsWith(`/${routeFileName(routeKey(address), inlineData(address).bits)}`),
      async (route) => {
        const response = await route.fetch();
        const file = (await response.json()) as Record<string, {view: View}>;
        const data = file[routeKey(address)];
        if (data) lengthen(data.view, address, length, blocks);
        await route.fulfill({response, json: file});
      },
    );
    await page.route('**/assets/route-data/*/categories/long-*.json', async (route) => {
      const name = new URL(route.request().url()).pathname.split('/').at(-1) ?? '';
      // The docs of the last block fail once: the reader is told, and asks again.
      if (name === 'long-docs-6.json' && failOnce) {
        failOnce = false;
        await route.abort('connectionfailed');
        return;
      }
      await route.fulfill({json: blocks.get(name)});
    });
    const errors = watchErrors(page);
    await page.goto('/docs/api/intro');
    await waitForHydration(page);
    await page
      .getByRole('navigation', {name: 'Docs sidebar'})
      .getByRole('link', {name: 'POS integration', exact: true})
      .click();
    await expect(page).toHaveURL(new RegExp(`${address}$`));

    await expect(cards(page)).toHaveCount(CARD_BLOCK);
    await expect(cards(page).first()).toContainText('Item 1');
    await expect(cards(page).last()).toContainText(`Item ${CARD_BLOCK}`);
    await expect(progress(page)).toHaveText(`${CARD_BLOCK} of ${length} shown`);

    await showMore(page).click();
    await expect(cards(page)).toHaveCount(2 * CARD_BLOCK);
    await expect(cardLink(page, CARD_BLOCK + 1)).toBeFocused();
    await expect(cardLink(page, CARD_BLOCK + 1)).toContainText('Item');
    await expect(showMore(page)).toHaveText('Show 10 more');

    await showMore(page).click();
    await expect(progress(page)).toHaveText('These cards could not be loaded: try again.');
    await expect(cards(page)).toHaveCount(2 * CARD_BLOCK);
    await showMore(page).click();
    await expect(cards(page)).toHaveCount(length);
    await expect(cardLink(page, 2 * CARD_BLOCK + 1)).toBeFocused();
    await expect(showMore(page)).toHaveCount(0);
    // Each card describes its doc, from the docs loaded with its block.
    await expect(cards(page).last().locator('p')).not.toBeEmpty();
    // The browser reports the request that failed on purpose, and nothing else.
    expect(
      errors.filter((error) => !/Failed to load resource: net::ERR_CONNECTION_FAILED/.test(error)),
    ).toEqual([]);
  });

  test('of a long category in a grown copy: "Show N more" shows the next cards, or without scripts opens the first not shown', async ({
    page,
    browser,
    baseURL,
  }) => {
    const long = categoryPages.find((address) => itemCount(address) > LONG_CARD_LIST);
    test.skip(
      !long,
      `no category of this build holds more than ${LONG_CARD_LIST} items (the portal as published)`,
    );
    await inOwnContext(browser, {baseURL, javaScriptEnabled: false}, async (page) => {
      await page.goto(long ?? '');
      await expect(cards(page)).toHaveCount(CARD_BLOCK);
      const next = await showMore(page).getAttribute('href');
      await showMore(page).click();
      await expect(page).toHaveURL(new RegExp(`${next}$`));
    });
    const errors = watchErrors(page);
    await page.goto(long ?? '');
    await waitForHydration(page);
    const length = itemCount(long ?? '');
    await showMore(page).click();
    await expect(cards(page)).toHaveCount(Math.min(length, 2 * CARD_BLOCK));
    await expect(cards(page).nth(CARD_BLOCK)).toBeFocused();
    await expect(cards(page).last().locator('p')).not.toBeEmpty();
    expect(errors).toEqual([]);
  });
});

/** The card of the `number`th item (from 1), by its title: "Item <number>". */
const cardLink = (page: Page, number: number) =>
  page.getByRole('main').getByRole('link', {name: new RegExp(`Item ${number}(?!\\d)`)});

type Link = {type: string; href: string; label: string; docId?: string; customProps?: object};
type View = {items: (Link & {items?: Link[]})[]; docs: Record<string, unknown>};

/**
 * Makes the category at `address` in `view` `length` items long, its items repeated and numbered:
 * the first CARD_BLOCK kept, the others in blocks of ten whose items and docs go to `blocks`, as
 * the build cuts a long list of cards (src/plugins/route-data/docs-view.ts).
 */
function lengthen(view: View, address: string, length: number, blocks: Map<string, unknown>): void {
  const category = view.items.find((item) => item.href === address);
  if (!category?.items) throw new Error(`${address} is not a category of its own view`);
  const own = category.items.filter((item) => item.docId);
  const items = Array.from({length}, (_, k) => ({...own[k % own.length], label: `Item ${k + 1}`}));
  const kept: Link[] = items.slice(0, CARD_BLOCK);
  for (let start = CARD_BLOCK, block = 0; start < length; start += 10, block += 1) {
    const part = items.slice(start, start + 10);
    blocks.set(`long-items-${block}.json`, part);
    blocks.set(
      `long-docs-${block}.json`,
      Object.fromEntries(part.map((item) => [item.docId, view.docs[item.docId ?? '']])),
    );
    const lazy = {file: `long-items-${block}.json`, count: part.length, href: part[0].href};
    kept.push({
      type: 'link',
      href: part[0].href,
      label: '',
      customProps: {[LAZY_BLOCK]: {...lazy, docs: `long-docs-${block}.json`}},
    });
  }
  category.items = kept;
}
