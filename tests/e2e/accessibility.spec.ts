import AxeBuilder from '@axe-core/playwright';
import {test as base, expect, type Page} from '@playwright/test';

import {builtSitemapPaths} from '../support/host';

/**
 * WCAG 2.2 AA: axe-core finds no violation on any route of the sitemap of the
 * build under test (generated reference pages included) at 1280 px, nor on a
 * few key pages and widgets at 390 px. The whole sitemap is checked as the
 * production host (project nginx) serves it.
 *
 * Each route is its own test, so a failure names the page; the pages of one
 * worker share a single browser context (one per viewport), which keeps the
 * run fast.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/** The suggestion list of the navbar search box (autocomplete.js in @easyops-cn/docusaurus-search-local). */
const SEARCH_LISTBOX = '.navbar [role="listbox"]';

/**
 * Elements axe must not judge, each with the reason. Only a third-party widget
 * that cannot be fixed from this project belongs here; never switch a rule off
 * instead. An excluded element's contents are checked by a test of their own.
 */
const EXCLUDED: readonly {selector: string; reason: string}[] = [
  {
    selector: SEARCH_LISTBOX,
    reason:
      'autocomplete.js puts its "See all results" link (and, with no hit, the "No results" text) inside ' +
      'the role=listbox element, where ARIA allows only options (rule aria-required-children). The ' +
      'markup is built outside React and the search tests rely on it; every element inside the list ' +
      'is still checked (see "the search suggestions of the navbar").',
  },
];

const DESKTOP = {width: 1280, height: 800};
const PHONE = {width: 390, height: 844};

/** Pages checked at 390 px as well: the home page, a guide, a reference page, search, not found. */
const KEY_PAGES = [
  '/',
  '/docs/docs/food-integration/how-to/order-state',
  '/docs/api/food-integration/accept-order',
  '/search?q=order',
  '/docs/docs/no-such-page',
] as const;

/** Addresses beyond the sitemap checked at 1280 px: a search with results, and the not-found page. */
const EXTRA_DESKTOP_PAGES = ['/search?q=order', '/docs/docs/no-such-page'] as const;

interface WorkerPages {
  desktopPage: Page;
  phonePage: Page;
}

/** One context per viewport and worker, reused by every test of the worker. */
const test = base.extend<object, WorkerPages>({
  desktopPage: [
    async ({browser}, use, workerInfo) => {
      const context = await browser.newContext({baseURL: workerInfo.project.use.baseURL, viewport: DESKTOP});
      await use(await context.newPage());
      await context.close();
    },
    {scope: 'worker'},
  ],
  phonePage: [
    async ({browser}, use, workerInfo) => {
      const context = await browser.newContext({
        baseURL: workerInfo.project.use.baseURL,
        viewport: PHONE,
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      });
      await use(await context.newPage());
      await context.close();
    },
    {scope: 'worker'},
  ],
});

test.describe.configure({mode: 'parallel'});

/**
 * Loads a route and waits until it is complete: hydrated, fonts loaded, every
 * Mermaid diagram drawn (they load when scrolled near) and search results shown.
 */
async function openSettled(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await page.waitForLoadState('load');
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
  // Reference pages render their content from a lazily loaded chunk, the search page from a
  // downloaded index: wait until nothing is loading any more and the page shows a heading.
  await page.waitForLoadState('networkidle');
  await expect(page.locator(':is(h1, h2)').first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));

  // The Mermaid wrapper (src/theme/Mermaid) holds each diagram's place with aria-busy until it is near.
  const pending = page.locator('div[aria-busy="true"]');
  let scrolled = false;
  for (let round = 0; round < 20 && (await pending.count()) > 0; round += 1) {
    await pending.first().scrollIntoViewIfNeeded();
    scrolled = true;
    await page.waitForTimeout(50);
  }
  await page.waitForFunction(() => {
    const containers = Array.from(document.querySelectorAll('.docusaurus-mermaid-container'));
    return containers.every((container) => container.querySelector('svg') !== null);
  });
  if (scrolled) {
    await page.evaluate(() => window.scrollTo(0, 0));
    // Let the navbar, hidden while scrolling down, slide back in.
    await page.waitForTimeout(300);
  }

  if (new URL(page.url()).pathname.replace(/\/$/, '') === '/search' && route.includes('q=')) {
    await expect(page.getByText(/\d+ documents? found|no results/i).first()).toBeVisible();
  }
}

/**
 * Runs axe on the page as it is now (or on the parts `include` selects) and
 * fails with one line per element: rule, target, page.
 */
async function expectNoViolations(page: Page, label: string, include?: string): Promise<void> {
  let builder = new AxeBuilder({page}).withTags(WCAG_TAGS);
  if (include !== undefined) builder = builder.include(include);
  else for (const {selector} of EXCLUDED) builder = builder.exclude(selector);
  const {violations} = await builder.analyze();
  const lines = violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const target = node.target
        .map((part) => (Array.isArray(part) ? part.join(' >>> ') : String(part)))
        .join(' | ');
      return `${violation.id} (${violation.impact ?? 'unknown'}) on ${label} at ${target}: ${violation.help}`;
    }),
  );
  expect(lines, `axe violations on ${label}:\n${lines.join('\n')}\n`).toEqual([]);
}

test.describe('WCAG 2.2 AA at 1280 px', () => {
  const routes = [...builtSitemapPaths(), ...EXTRA_DESKTOP_PAGES];

  test('the sitemap of the build under test lists the pages to check', () => {
    // The generated reference pages make the sitemap much longer than the specification's list.
    expect(routes.length).toBeGreaterThan(100);
  });

  for (const route of routes) {
    test(`${route} has no axe violation`, async ({desktopPage}) => {
      await openSettled(desktopPage, route);
      await expectNoViolations(desktopPage, `${route} at 1280 px`);
    });
  }

  test('the search suggestions of the navbar have no axe violation', async ({desktopPage}) => {
    await openSettled(desktopPage, '/docs/docs/intro');
    await desktopPage.locator('.navbar input.navbar__search-input').fill('webhook');
    await expect(desktopPage.locator('.navbar').getByRole('option').first()).toBeVisible();
    await expectNoViolations(desktopPage, 'the navbar search suggestions for "webhook" at 1280 px');
    // The list element itself is excluded (see EXCLUDED); everything inside it is checked here.
    await expectNoViolations(
      desktopPage,
      'the inside of the navbar search suggestions for "webhook" at 1280 px',
      `${SEARCH_LISTBOX} > *`,
    );
  });
});

test.describe('WCAG 2.2 AA at 390 px', () => {
  for (const route of KEY_PAGES) {
    test(`${route} has no axe violation`, async ({phonePage}) => {
      await openSettled(phonePage, route);
      await expectNoViolations(phonePage, `${route} at 390 px`);
    });
  }

  test('the open mobile menu has no axe violation', async ({phonePage}) => {
    await openSettled(phonePage, '/docs/docs/intro');
    await phonePage.getByRole('button', {name: 'Toggle navigation bar'}).click();
    await expect(phonePage.locator('.navbar-sidebar')).toBeVisible();
    await phonePage.waitForTimeout(300);
    await expectNoViolations(phonePage, 'the open mobile menu of /docs/docs/intro at 390 px');
  });
});
