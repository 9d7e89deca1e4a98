import {expect, type Page} from '@playwright/test';

import {test} from '../support/fixtures';
import {waitForHydration, watchErrors} from '../support/pages';

/** What the page has stored: cookies, local storage and session storage. */
async function stored(page: Page) {
  const storage = await page.evaluate(() => ({
    local: Object.fromEntries(Object.entries(localStorage)),
    session: Object.fromEntries(Object.entries(sessionStorage)),
  }));
  return {cookies: await page.context().cookies(), ...storage};
}

/** The question and its answers at the end of a docs page. */
const feedback = (page: Page) => page.getByRole('region', {name: 'Was this page helpful?'});

test.describe('Was this page helpful?', () => {
  test('"Yes" goes to the tag manager\'s data layer and nowhere else, and the reader is thanked', async ({
    page,
  }) => {
    // The data layer the tag manager's snippet creates on every page of a build that loads it.
    await page.addInitScript(() => {
      (window as unknown as {dataLayer: object[]}).dataLayer = [];
    });
    await page.goto('/docs/docs/remarks');
    await waitForHydration(page);
    const before = await stored(page);
    await feedback(page).getByRole('button', {name: 'Yes'}).click();
    await expect(feedback(page)).toContainText('Thank you for your feedback.');
    await expect(feedback(page).getByRole('button')).toHaveCount(0);
    const events = await page.evaluate(() => (window as unknown as {dataLayer: object[]}).dataLayer);
    expect(events).toEqual([{event: 'page_feedback', page_path: '/docs/docs/remarks', helpful: 'yes'}]);
    expect(await stored(page)).toEqual(before);
  });

  test('works from the keyboard, keeps the focus and moves nothing below it', async ({page}) => {
    await page.addInitScript(() => {
      (window as unknown as {dataLayer: object[]}).dataLayer = [];
    });
    await page.goto('/docs/api/food-integration/accept-order');
    await waitForHydration(page);
    const next = page.locator('.pagination-nav');
    await next.scrollIntoViewIfNeeded();
    const top = (await next.boundingBox())?.y;
    const no = feedback(page).getByRole('button', {name: 'No'});
    await no.focus();
    await page.keyboard.press('Enter');
    const thanks = feedback(page).getByText('Thank you for your feedback.');
    await expect(thanks).toBeFocused();
    expect((await next.boundingBox())?.y).toBe(top);
    const events = await page.evaluate(() => (window as unknown as {dataLayer: object[]}).dataLayer);
    expect(events).toEqual([
      {event: 'page_feedback', page_path: '/docs/api/food-integration/accept-order', helpful: 'no'},
    ]);
  });

  test('without the tag manager an answer is only thanked for, without an error', async ({page}) => {
    const errors = watchErrors(page);
    await page.goto('/api/introduction');
    await waitForHydration(page);
    await feedback(page).getByRole('button', {name: 'Yes'}).click();
    await expect(feedback(page)).toContainText('Thank you for your feedback.');
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
    expect(errors).toEqual([]);
  });
});
