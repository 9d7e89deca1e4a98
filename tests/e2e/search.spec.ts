import {expect, type Page} from '@playwright/test';

import {test} from '../support/fixtures';
import {navbarSearch, waitForHydration} from '../support/pages';

/** The suggestion list that drops down under the navbar search box. */
const suggestions = (page: Page) => page.locator('.navbar').getByRole('listbox');
const hits = (page: Page) => suggestions(page).getByRole('option');

async function typeQuery(page: Page, query: string): Promise<void> {
  await page.goto('/docs/docs/intro');
  await waitForHydration(page);
  await navbarSearch(page).fill(query);
}

test.describe('local search', () => {
  test('ctrl+K focuses the search box', async ({page}) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.keyboard.press('Control+k');
    await expect(navbarSearch(page)).toBeFocused();
  });

  test('a query lists at most 8 results, each with a title and breadcrumbs', async ({page}) => {
    await typeQuery(page, 'outlet');
    await expect(hits(page).first()).toBeVisible();
    const count = await hits(page).count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(8);
    await expect(hits(page).first().locator('[class*="hitTitle"]')).not.toBeEmpty();
    await expect(suggestions(page).locator('[class*="hitPath"]').first()).not.toBeEmpty();
  });

  test('a result opens its page with the search terms highlighted', async ({page}) => {
    await typeQuery(page, 'consent');
    const first = hits(page).first();
    await expect(first).toBeVisible();
    await first.click();
    await expect(page).toHaveURL(/_highlight=consent/);
    await expect(page.locator('article mark').first()).toBeVisible();
  });

  test('"See all results" goes to /search with the query in q', async ({page}) => {
    await typeQuery(page, 'webhook');
    const seeAll = suggestions(page).getByRole('link', {name: /See all results/});
    await expect(seeAll).toBeVisible();
    await seeAll.click();
    await expect(page).toHaveURL(
      (url) => /^\/search\/?$/.test(url.pathname) && url.searchParams.get('q') === 'webhook',
    );
    await expect(page.getByRole('heading', {level: 1})).toContainText('webhook');
    await expect(page.locator('article a[href*="/docs/"]').first()).toBeVisible();
  });

  test('a query that matches nothing says "No results"', async ({page}) => {
    await typeQuery(page, 'qzxqvjwkplm');
    await expect(suggestions(page).getByText('No results')).toBeVisible();
  });

  test('an asterisk is read as part of the text, not as a wildcard: webhook* finds what webhook finds', async ({
    page,
  }) => {
    // The search page answers from the whole index, so the two lists are complete and comparable.
    const titles = async (query: string) => {
      await page.goto(`/search?q=${encodeURIComponent(query)}`);
      const results = page.getByRole('main').locator('article h2');
      await expect(results.first()).toBeVisible();
      return results.allTextContents();
    };
    const starred = await titles('webhook*');
    expect(starred.length).toBeGreaterThan(0);
    expect(await titles('webhook')).toEqual(starred);
  });

  test('the search page works on a cold load', async ({page}) => {
    await page.goto('/search?q=order%20state');
    await waitForHydration(page);
    await expect(page.locator('article a[href*="order-state"]').first()).toBeVisible();
  });

  test('the search page has one main landmark, holding the search field and the results', async ({page}) => {
    await page.goto('/search?q=order%20state');
    await waitForHydration(page);
    const main = page.getByRole('main');
    await expect(main).toHaveCount(1);
    await expect(main.getByRole('searchbox', {name: 'Search'})).toBeVisible();
    await expect(main.locator('article a[href*="order-state"]').first()).toBeVisible();
  });

  test('parameter names and endpoint paths of the reference are findable', async ({page}) => {
    await page.goto('/search?q=cancel_reason_code');
    await expect(
      page.locator('article a[href*="/docs/api/food-integration/reject-order"]').first(),
    ).toBeVisible();
    await page.goto('/search?q=linked-outlets');
    await expect(
      page.locator('article a[href*="/docs/api/outlet-information/get-all-outlets"]').first(),
    ).toBeVisible();
  });
});
