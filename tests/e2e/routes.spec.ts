import {expect, test} from '@playwright/test';

import {specRoutes} from '../fixtures/routes';
import {builtSitemapPaths as sitemapPaths} from '../support/host';
import {NOT_FOUND_HEADING, waitForHydration, watchErrors} from '../support/pages';

test.describe('every route of the specification', () => {
  test('the sitemap lists every route of the specification', () => {
    const inSitemap = new Set(sitemapPaths());
    const missing = specRoutes.filter((route) => !inSitemap.has(route));
    expect(missing, 'routes of the specification missing from build/sitemap.xml').toEqual([]);
  });

  test('the sitemap lists no route beyond the specification but generated reference pages', () => {
    const expected = new Set(specRoutes);
    const extra = sitemapPaths().filter((route) => !expected.has(route));
    // Operations that a page of the specification leads to get pages of their own, and
    // Docusaurus lists the blog's authors; every other page must be one the specification names.
    const unexpected = extra.filter(
      (route) => route !== '/blog/authors' && !/^\/docs\/api\/[a-z-]+\/(events\/)?[a-z-]+$/.test(route),
    );
    expect(unexpected).toEqual([]);
  });

  for (const route of specRoutes) {
    test(`${route} answers with its own page and no console error`, async ({page}) => {
      const errors = watchErrors(page);
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
      await expect(page.getByRole('heading').first()).toBeVisible();
      await expect(page.getByRole('heading', {level: 1, name: NOT_FOUND_HEADING})).toHaveCount(0);
      // Every title names the portal after the delimiter; the search page sets its own.
      const title = await page.title();
      expect(title).toMatch(route === '/search' ? /^Search/ : /^\S.* \| Gerai Developer Portal$/);
      expect(errors).toEqual([]);
    });
  }
});
