import {expect, type Page, type Route} from '@playwright/test';

import {test} from '../support/fixtures';
import {navbarSearch, waitForHydration, watchErrors} from '../support/pages';

/**
 * The search index cannot be loaded (the network fails on its address): the
 * box and the search page say within 5 s that search is unavailable, with a
 * Retry button; nothing is thrown; once the network is back, Retry asks for
 * the index again, without a reload, and the search answers.
 */
const INDEX = /\/search-index[^/]*\.json/;
const SAYS_WITHIN_MS = 5000;

/** Fails every request for the index while `down` is true, and counts them. */
async function breakIndex(page: Page): Promise<{requests: () => number; restore: () => void}> {
  let down = true;
  let requests = 0;
  await page.route(INDEX, (route: Route) => {
    requests += 1;
    return down ? route.abort('failed') : route.continue();
  });
  return {requests: () => requests, restore: () => (down = false)};
}

test.describe('search with its index unreachable', () => {
  test('the navbar box says search is unavailable, and Retry brings the suggestions', async ({page}) => {
    const errors = watchErrors(page);
    const index = await breakIndex(page);
    await page.goto('/docs/docs/intro');
    await waitForHydration(page);
    const box = navbarSearch(page);
    // Focus alone asks for the index. A query typed now would ask for it again, at a moment the
    // test cannot know, and might find it back before Retry is pressed.
    await box.click();

    const alert = page.getByRole('alert').filter({hasText: 'Search is unavailable'});
    await expect(alert).toBeVisible({timeout: SAYS_WITHIN_MS});
    const failedRequests = index.requests();
    expect(failedRequests).toBeGreaterThan(0);

    index.restore();
    await alert.getByRole('button', {name: 'Retry'}).click();
    await expect(alert).toBeHidden();
    // The alert goes as Retry is pressed; the request for the index follows it.
    await expect.poll(() => index.requests()).toBeGreaterThan(failedRequests);
    await box.pressSequentially('order');
    await expect(page.locator('.navbar').getByRole('listbox').getByRole('option').first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a query typed while the index is unreachable is answered by Retry, the focus back in the box', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    const index = await breakIndex(page);
    await page.goto('/docs/docs/intro');
    await waitForHydration(page);
    const box = navbarSearch(page);
    await box.click();
    const alert = page.getByRole('alert').filter({hasText: 'Search is unavailable'});
    await expect(alert).toBeVisible({timeout: SAYS_WITHIN_MS});
    // The search this query asks for waits for the index; it does not ask for the index again.
    await box.pressSequentially('promotion');

    index.restore();
    await alert.getByRole('button', {name: 'Retry'}).click();
    await expect(alert).toBeHidden();
    await expect(box).toBeFocused();
    await expect(box).toHaveValue('promotion');
    const options = page.locator('.navbar').getByRole('listbox').getByRole('option');
    await expect(options.first()).toBeVisible();
    await expect(options.first()).toContainText(/promotion/i);
    expect(errors).toEqual([]);
  });

  test('the search page says search is unavailable, and Retry brings the results', async ({page}) => {
    const errors = watchErrors(page);
    const index = await breakIndex(page);
    await page.goto('/search?q=order%20state');
    await waitForHydration(page);

    const alert = page.locator('.main-wrapper').getByRole('alert').filter({hasText: 'Search is unavailable'});
    await expect(alert).toBeVisible({timeout: SAYS_WITHIN_MS});
    await expect(page.getByText('No documents were found')).toHaveCount(0);

    index.restore();
    await alert.getByRole('button', {name: 'Retry'}).click();
    await expect(page.locator('article a[href*="order-state"]').first()).toBeVisible();
    await expect(alert).toBeHidden();
    expect(errors).toEqual([]);
  });
});
