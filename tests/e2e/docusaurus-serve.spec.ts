import {expect} from '@playwright/test';

import {test} from '../support/fixtures';
import {expectNotFoundPage, NOT_FOUND_HEADING, waitForHydration, watchErrors} from '../support/pages';

/**
 * `docusaurus serve` (`npm run serve`, how the README runs the portal on a
 * developer's machine) serves the production build: a page of each kind
 * answers and hydrates, search finds pages, an unknown address shows the
 * not-found page. Only project `serve` runs this file; everything else is
 * tested on the production host (project nginx).
 */

/** The home page, a guide, a product page (a folder's page), the blog, a hub and two generated reference pages. */
const PAGES = [
  '/',
  '/docs/docs/intro',
  '/food/',
  '/blog',
  '/docs/api/food-integration/order-acceptance',
  '/docs/api/food-integration/accept-order',
  '/api/add-a-new-pet-to-the-store',
];

test.describe('docusaurus serve', () => {
  for (const route of PAGES) {
    test(`${route} answers 200, hydrates and shows its own page with no console error`, async ({page}) => {
      const errors = watchErrors(page);
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
      await expect(page.getByRole('heading').first()).toBeVisible();
      await expect(page.getByRole('heading', {level: 1, name: NOT_FOUND_HEADING})).toHaveCount(0);
      expect(await page.title()).toMatch(/^\S.* \| Gerai Developer Portal$/);
      expect(errors).toEqual([]);
    });
  }

  test('the search page finds pages on a cold load', async ({page}) => {
    const response = await page.goto('/search?q=order%20state');
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.locator('article a[href*="order-state"]').first()).toBeVisible();
  });

  test("an unknown path answers 404 with the portal's not-found page", async ({page}) => {
    const response = await page.goto('/docs/docs/no-such-page');
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expectNotFoundPage(page);
  });
});
