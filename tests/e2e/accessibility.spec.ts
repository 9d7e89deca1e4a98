import {expect, type Page} from '@playwright/test';

import {test} from '../support/fixtures';
import {expectNoAxeViolations, SEARCH_LISTBOX} from '../support/accessibility';
import {isStill, settle, waitForHydration} from '../support/pages';

/**
 * WCAG 2.2 AA beyond the page as it loads: axe-core finds no violation in the
 * navbar's search suggestions, on a few key pages at 390 px, nor in the open
 * mobile menu. One page of every kind at 1280 px is checked by
 * page-kinds.spec.ts, and every page of the build by the rules that need no
 * layout, in Node (tests/build/every-page.test.mjs).
 */

const PHONE = {viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true, deviceScaleFactor: 2};

/** Pages checked at 390 px: the home page, a guide, a reference page, search, not found. */
const KEY_PAGES = [
  '/',
  '/docs/docs/food-integration/how-to/order-state',
  '/docs/api/food-integration/accept-order',
  '/search?q=order',
  '/docs/docs/no-such-page',
] as const;

/** Loads a route and brings it to rest (see settle), with its search results shown when it has a query. */
async function openSettled(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await waitForHydration(page);
  await expect(page.locator(':is(h1, h2)').first()).toBeVisible();
  await settle(page);
  if (new URL(page.url()).pathname.replace(/\/$/, '') === '/search' && route.includes('q=')) {
    await expect(page.getByText(/\d+ documents? found|no results/i).first()).toBeVisible();
  }
}

test.describe('WCAG 2.2 AA at 1280 px', () => {
  test('the search suggestions of the navbar have no axe violation', async ({page}) => {
    await openSettled(page, '/docs/docs/intro');
    await page.locator('.navbar input.navbar__search-input').fill('webhook');
    await expect(page.locator('.navbar').getByRole('option').first()).toBeVisible();
    await expectNoAxeViolations(page, 'the navbar search suggestions for "webhook" at 1280 px');
    // The list element itself is excluded (see EXCLUDED); everything inside it is checked here.
    await expectNoAxeViolations(
      page,
      'the inside of the navbar search suggestions for "webhook" at 1280 px',
      `${SEARCH_LISTBOX} > *`,
    );
  });
});

test.describe('WCAG 2.2 AA at 390 px', () => {
  test.use(PHONE);

  for (const route of KEY_PAGES) {
    test(`${route} has no axe violation`, async ({page}) => {
      await openSettled(page, route);
      await expectNoAxeViolations(page, `${route} at 390 px`);
    });
  }

  test('the open mobile menu has no axe violation', async ({page}) => {
    await openSettled(page, '/docs/docs/intro');
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    await expect(page.locator('.navbar-sidebar')).toBeVisible();
    // The menu slides in: judge it once it is in place.
    await page.waitForFunction(isStill, undefined, {polling: 100});
    await expectNoAxeViolations(page, 'the open mobile menu of /docs/docs/intro at 390 px');
  });
});
