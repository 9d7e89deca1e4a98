import {expect, type Page, type Request} from '@playwright/test';

import {inOwnContext, test} from '../support/fixtures';
import {afterIdle, countDocumentLoads, navbarSearch, waitForHydration, watchErrors} from '../support/pages';

import {INLINE_DATA_ID, routeFileName, routeKey} from '../../src/plugins/route-data/key';

/**
 * What a reader does is what it was before the browser learnt the site's routes a page at a time
 * (src/plugins/route-data): a page opens from its own address without asking for its routes, the
 * reader moves between every kind of page in one document, a link's page is fetched ahead when
 * it comes into view or is pointed at (not on 2g or with data saver), a closed sidebar category
 * opens, and when a page's routes cannot be loaded the reader gets the page anyway, or the
 * "Page Error" box with Retry.
 */

const ROUTE_DATA = /\/assets\/route-data\/[^/]+\/[0-9a-f]+\.json$/;

/** The route data files a page asks for, by their paths. */
function routeDataRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request: Request) => {
    const {pathname} = new URL(request.url());
    if (ROUTE_DATA.test(pathname)) asked.push(pathname);
  });
  return asked;
}

/** The route data file of `address` in the build the page was loaded from. */
async function routeDataFile(page: Page, address: string): Promise<string> {
  const {folder, bits} = await page.evaluate(
    (id) => JSON.parse(document.getElementById(id)?.textContent ?? '{}') as {folder: string; bits: number},
    INLINE_DATA_ID,
  );
  return `/${folder}/${routeFileName(routeKey(address), bits)}`;
}

const heading = (page: Page) => page.getByRole('heading', {level: 1});

/** A guide, and the guide its sidebar leads to next, whose route data the failures below change. */
const FROM = '/docs/docs/troubleshooting';
const TO = '/docs/docs/remarks';

/** Opens FROM; the addresses of the documents loaded from then on, and the route data file of TO. */
async function openFrom(page: Page): Promise<{loads: string[]; file: string}> {
  const loads = countDocumentLoads(page);
  await page.goto(FROM);
  await waitForHydration(page);
  return {loads, file: await routeDataFile(page, TO)};
}

/** Follows the sidebar's link from FROM to TO. */
const followToRemarks = (page: Page) =>
  page.getByRole('navigation', {name: 'Docs sidebar'}).getByRole('link', {name: 'Remarks'}).click();

test.describe('the routes of a page, learnt when needed', () => {
  test('a reader moves between every kind of page in one document, each page learnt when needed', async ({
    page,
  }) => {
    test.slow();
    const errors = watchErrors(page);
    const loads = countDocumentLoads(page);
    const asked = routeDataRequests(page);
    /** Follows `link`, then checks the address, the heading and that its routes were asked for. */
    const follow = async (link: ReturnType<Page['getByRole']>, address: RegExp) => {
      const href = await link.getAttribute('href');
      expect(href, 'a link of the site').toMatch(/^\//);
      const file = await routeDataFile(page, href ?? '');
      await link.click();
      await expect(page).toHaveURL(address);
      await expect(heading(page)).toBeVisible();
      expect(asked, `the routes of ${href} were asked for, from their own file`).toContain(file);
    };

    await page.goto('/docs/docs/getting-started');
    await waitForHydration(page);
    const article = page.locator('article');

    // A guide, then a reference page, then the same operation in an earlier release.
    await follow(
      article.getByRole('link', {name: /^GET \/integrations\/partner\/v1\/linked-outlets/}),
      /\/docs\/api\/outlet-information\/get-all-outlets$/,
    );
    await article.getByText('API release:').click();
    await follow(
      article.getByRole('link', {name: /^Release \d{4}-\d{2}-\d{2}$/}).last(),
      /\/docs\/api\/releases\/\d{4}-\d{2}-\d{2}\/get-all-outlets$/,
    );
    // The blog, and one of its posts.
    await follow(page.getByRole('contentinfo').getByRole('link', {name: 'Blog', exact: true}), /\/blog$/);
    await follow(page.locator('main article header h2 a').first(), /\/blog\/[\w-]+$/);
    // The search page, from the search box.
    // Typed again if the words are gone, as a reader would: on a loaded machine the box was once
    // found empty, with no suggestions, after typing right after the navigation to the post.
    const seeAll = page.locator('.navbar').getByRole('link', {name: /See all results/});
    await expect(async () => {
      if ((await navbarSearch(page).inputValue()) !== 'webhook') await navbarSearch(page).fill('webhook');
      await expect(seeAll).toBeVisible({timeout: 5_000});
    }).toPass({timeout: 60_000});
    await seeAll.click();
    await expect(page).toHaveURL(
      (url) => url.pathname.startsWith('/search') && url.searchParams.get('q') === 'webhook',
    );
    await expect(heading(page)).toContainText('webhook');
    // A product page, the home page, and back to the guides.
    await page.locator('.navbar').getByRole('button', {name: 'Products'}).hover();
    await follow(page.locator('.navbar').getByRole('link', {name: 'Food', exact: true}), /\/food\/$/);
    await page.locator('.navbar__brand').click();
    await expect(page).toHaveURL(/\/$/);
    await follow(
      page.locator('.navbar').getByRole('link', {name: 'Documentation', exact: true}),
      /\/docs\/docs\/intro$/,
    );

    expect(loads, 'one document all along: the router showed every page').toHaveLength(1);
    expect(errors).toEqual([]);
  });

  for (const address of [
    '/docs/api/releases/2026-11-22/reject-order',
    '/changelog/release-2026-11-23',
    '/blog/welcome',
    '/search?q=order',
    '/payment/',
    '/api/find-pet-by-id',
  ]) {
    test(`${address}, opened from its address, shows and hydrates without any route data file`, async ({
      page,
    }) => {
      // Every route data file fails: the page has what it needs in itself.
      await page.route(ROUTE_DATA, (route) => route.abort('blockedbyclient'));
      const errors = watchErrors(page);
      await page.goto(address);
      await waitForHydration(page);
      await expect(heading(page)).toBeVisible();
      // Links fetched ahead fail quietly; nothing else may complain.
      expect(errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
    });
  }

  test('a link fetches its page ahead when it comes into view or is pointed at', async ({page}) => {
    const asked = routeDataRequests(page);
    const prefetched = () =>
      page
        .locator('link[rel=prefetch]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    await page.goto('/docs/docs/getting-started');
    await waitForHydration(page);
    const footer = page.getByRole('contentinfo');
    const blog = footer.getByRole('link', {name: 'Blog', exact: true});
    const blogFile = await routeDataFile(page, '/blog');
    await page.waitForLoadState('networkidle');
    expect(asked, 'the footer is not in view yet').not.toContain(blogFile);

    await blog.scrollIntoViewIfNeeded();
    await expect.poll(() => asked).toContain(blogFile);
    // Its page's scripts, named by its route data, are fetched ahead too.
    await expect.poll(async () => (await prefetched()).length).toBeGreaterThan(0);

    const petStore = footer.getByRole('link', {name: 'Sample pet store API'});
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await petStore.hover();
    await expect.poll(() => asked).toContain(await routeDataFile(page, '/api'));
    await expect.poll(() => scripts.length, 'pointing at the link loads its page').toBeGreaterThan(0);
    const loads = countDocumentLoads(page);
    await petStore.click();
    await expect(page).toHaveURL(/\/api$/);
    await expect(heading(page)).toBeVisible();
    expect(loads).toEqual([]);
  });

  for (const [name, connection] of [
    ['on 2g', {effectiveType: '2g', saveData: false}],
    ['with data saver', {effectiveType: '4g', saveData: true}],
  ] as const) {
    test(`${name}, nothing is fetched ahead, and a link still opens its page`, async ({
      browser,
      baseURL,
      viewport,
    }) => {
      await inOwnContext(browser, {baseURL, viewport}, async (page) => {
        await page.addInitScript((value) => {
          Object.defineProperty(Navigator.prototype, 'connection', {configurable: true, get: () => value});
        }, connection);
        const asked = routeDataRequests(page);
        const loads = countDocumentLoads(page);
        await page.goto('/docs/docs/getting-started');
        await waitForHydration(page);
        const blog = page.getByRole('contentinfo').getByRole('link', {name: 'Blog', exact: true});
        await blog.scrollIntoViewIfNeeded();
        await blog.hover();
        await afterIdle(page);
        expect(asked, 'no page fetched ahead').toEqual([]);
        expect(await page.locator('link[rel=prefetch]').count()).toBe(0);

        await blog.click();
        await expect(page).toHaveURL(/\/blog$/);
        await expect(heading(page)).toBeVisible();
        expect(asked).toHaveLength(1);
        expect(loads).toHaveLength(1);
      });
    });
  }

  test('in the app, an address ending in .html shows its page, and an unknown one the not-found page', async ({
    page,
  }) => {
    const loads = countDocumentLoads(page);
    await page.goto('/docs/docs/getting-started');
    await waitForHydration(page);
    const goTo = (address: string) =>
      page.evaluate((target) => {
        window.history.pushState(null, '', target);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, address);

    await goTo('/docs/docs/remarks.html');
    await expect(heading(page)).toHaveText('Remarks');
    await goTo('/docs/docs/no-such-page');
    await expect(heading(page)).toHaveText('Page not found');
    await goTo('/blog/no-such-post');
    await expect(heading(page)).toHaveText('Page not found');
    expect(loads).toHaveLength(1);
  });

  test('a closed sidebar category loads its items when opened, and says so when it cannot', async ({
    page,
  }) => {
    await page.goto('/docs/docs/getting-started');
    await waitForHydration(page);
    const menu = page.getByRole('navigation', {name: 'Docs sidebar'});
    let failing = true;
    await page.route('**/assets/route-data/*/categories/*.json', (route) =>
      failing ? route.abort('connectionfailed') : route.continue(),
    );
    const open = menu.getByRole('button', {name: /Expand sidebar category 'Pay integration'/});
    await open.click();
    await expect(menu.getByRole('status')).toContainText('This section could not be loaded.');
    failing = false;
    await menu.getByRole('button', {name: 'Retry'}).click();
    const item = menu.getByRole('link', {name: 'Create a transaction', exact: true});
    await expect(item).toBeVisible();
    // The category may still be opening (Docusaurus animates its height) when its items appear:
    // once, on a busy machine, the first click led nowhere; a reader would click again.
    await expect(async () => {
      await item.click();
      await expect(page).toHaveURL(/\/docs\/docs\/pay-integration\/create-transaction$/, {timeout: 2000});
    }).toPass();
    await expect(heading(page)).toHaveText('Create a QRIS transaction');
  });

  test('a page whose routes cannot be loaded: one reload, then the page', async ({page}) => {
    const {loads, file} = await openFrom(page);
    await page.route(
      (url) => url.pathname === file,
      (route) => route.abort('connectionfailed'),
    );
    await followToRemarks(page);
    await expect(heading(page)).toHaveText('Remarks');
    expect(loads, 'reloaded once, into the page, which holds its own routes').toEqual([
      expect.stringMatching(/\/docs\/docs\/troubleshooting$/),
      expect.stringMatching(/\/docs\/docs\/remarks$/),
    ]);
  });

  test('offline, a page whose routes were never fetched shows "Page Error" in its layout, and Retry works back online', async ({
    browser,
    baseURL,
    viewport,
  }) => {
    await inOwnContext(browser, {baseURL, viewport}, async (page, context) => {
      const {loads, file} = await openFrom(page);
      // Nothing of the target's routes is fetched ahead while online.
      let blocked = true;
      await page.route(
        (url) => url.pathname === file,
        (route) => (blocked ? route.abort('blockedbyclient') : route.continue()),
      );
      await page.route('**/assets/js/*.js', (route) => route.continue());
      await context.setOffline(true);
      blocked = false;

      const sidebar = page.getByRole('navigation', {name: 'Docs sidebar'});
      await followToRemarks(page);
      const box = page.getByRole('alert').filter({has: page.getByRole('heading', {name: 'Page Error'})});
      await expect(box).toContainText('you are offline');
      await expect(sidebar, 'the docs layout and its sidebar stay').toBeVisible();
      expect(loads).toHaveLength(1);

      await context.setOffline(false);
      await box.getByRole('button', {name: 'Retry'}).click();
      await expect(heading(page)).toHaveText('Remarks');
      await expect(page.getByRole('alert')).toHaveCount(0);
      expect(loads).toHaveLength(1);
    });
  });

  test('a page of an earlier deployment, whose route data is gone, opens the new page in full', async ({
    page,
  }) => {
    const {loads, file} = await openFrom(page);
    await page.route(
      (url) => url.pathname === file,
      (route) => route.fulfill({status: 404, body: 'Not found'}),
    );
    await followToRemarks(page);
    await expect(heading(page)).toHaveText('Remarks');
    expect(loads).toEqual([
      expect.stringMatching(/\/docs\/docs\/troubleshooting$/),
      expect.stringMatching(/\/docs\/docs\/remarks$/),
    ]);
  });
});
