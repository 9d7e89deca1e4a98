import {expect, test, type Locator, type Page} from '@playwright/test';

import {openRequestPanel, waitForHydration, watchErrors} from '../support/pages';

/**
 * A guide shows each API request in the request panel's languages
 * (src/components/RequestSamples), and the language a reader picks is the
 * one every guide and the request panel of the reference show, after a
 * navigation or a reload, and back. (The HTML, the Markdown and the code of
 * every request are checked without a browser, in tests/build/.)
 */

function requestsOf(page: Page): Locator {
  return page.locator('main [data-request-samples]');
}

/** The language tab the first request of the page shows, and the code it shows for it. */
async function shown(page: Page) {
  const first = requestsOf(page).first();
  return {
    tab: await first.getByRole('tab', {selected: true}).textContent(),
    code: (await first.getByRole('tabpanel').locator('pre').innerText()).trim(),
  };
}

/**
 * Makes the page's fetch of its requests' other languages fail (the script
 * holding their code), as offline; returns the function that lets it through again,
 * once every request it holds has been answered (the page fetches scripts ahead,
 * and a handler still waiting for one must not answer it after it is gone).
 */
async function failFetchingLanguages(page: Page): Promise<() => Promise<void>> {
  const pattern = '**/assets/js/*.js';
  await page.route(pattern, async (route) => {
    const response = await route.fetch();
    if ((await response.text()).includes('http.client.HTTPSConnection')) await route.abort();
    else await route.fulfill({response});
  });
  return () => page.unrouteAll({behavior: 'wait'});
}

test('the language picked on a guide is the one other guides and the request panel show, and back', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto('/docs/docs/getting-started');
  await waitForHydration(page);
  expect(await shown(page)).toEqual({tab: 'curl', code: expect.stringMatching(/^curl -L /)});

  // The keyboard: the arrows (wrapping round), Home and End move between the tabs without picking
  // one; Enter picks the tab focused.
  const tabs = requestsOf(page).first().getByRole('tab');
  const last = tabs.nth((await tabs.count()) - 1);
  await tabs.first().focus();
  await page.keyboard.press('ArrowLeft');
  await expect(last).toBeFocused();
  await page.keyboard.press('Home');
  await expect(tabs.first()).toBeFocused();
  await page.keyboard.press('End');
  await expect(last).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.first()).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(1)).toBeFocused();
  expect((await shown(page)).tab).toBe('curl');
  await tabs.getByText('Python', {exact: true}).focus();
  await page.keyboard.press('Enter');
  expect(await shown(page)).toEqual({tab: 'Python', code: expect.stringMatching(/^import http\.client\n/)});
  // Every request of the page follows.
  await expect(requestsOf(page).getByRole('tab', {selected: true})).toHaveText(
    Array.from({length: await requestsOf(page).count()}, () => 'Python'),
  );

  // Another guide, reached by a link: the page fetches its Python code, and says so when it cannot.
  const letThrough = await failFetchingLanguages(page);
  await page.getByRole('main').getByRole('link', {name: 'Authentication', exact: true}).first().click();
  await expect(page).toHaveURL(/\/docs\/docs\/authentication$/);
  const panel = requestsOf(page).first().getByRole('tabpanel');
  await expect(panel.getByRole('alert')).toHaveText(/^The Python code could not be loaded\./);
  await letThrough();
  await panel.getByRole('button', {name: 'Try again'}).click();
  await expect(panel.locator('pre')).toContainText('import http.client');
  expect((await shown(page)).tab).toBe('Python');

  // After a reload the code is the page's own HTML: shown even when the fetch fails.
  await failFetchingLanguages(page);
  await page.reload();
  await waitForHydration(page);
  expect(await shown(page)).toEqual({tab: 'Python', code: expect.stringMatching(/^import http\.client\n/)});
  await expect(requestsOf(page).getByRole('alert')).toHaveCount(0);
  await page.unrouteAll({behavior: 'wait'});

  // The request panel of a reference page opens on Python.
  await page.goto('/docs/api/food-integration/accept-order');
  await openRequestPanel(page);
  const panelTab = (language: string) => page.locator(`[role="tab"].openapi-tabs__code-item--${language}`);
  await expect(panelTab('python')).toHaveAttribute('aria-selected', 'true');

  // Java picked in the panel is what the guides show next.
  await panelTab('java').click();
  await page.goto('/docs/docs/food-integration/how-to/order-acceptance');
  await waitForHydration(page);
  expect(await shown(page)).toEqual({tab: 'Java', code: expect.stringMatching(/^Unirest\.setTimeouts/)});
  // Errors of the fetch made to fail above are expected; no other.
  expect(errors.filter((error) => !/ERR_FAILED|Loading chunk|ChunkLoadError/.test(error))).toEqual([]);
});
