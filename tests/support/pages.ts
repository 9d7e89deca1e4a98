import {expect, type Page} from '@playwright/test';

/**
 * Collects console errors, the errors React reports as warnings (such as
 * "Maximum update depth exceeded", which it recovers from) and uncaught
 * exceptions of a page, so a test can assert that a page rendered cleanly.
 */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    const type = message.type();
    if (type === 'error' || (type === 'warning' && /React error/.test(message.text()))) {
      errors.push(`console ${type}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

/** Waits until React has hydrated the page (Docusaurus marks the root then). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
}

/**
 * Scrolls a page to its end one viewport at a time, so diagrams and lazy
 * images near each position load. Each pause waits for the next animation
 * frame or 250 ms, whichever comes first (headless Chromium does not always
 * produce frames); a page that keeps growing stops after 200 viewports.
 */
export async function scrollToEnd(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const nextFrame = () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 250);
        requestAnimationFrame(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    for (let y = 0, step = 0; y < document.body.scrollHeight && step < 200; y += window.innerHeight, step++) {
      window.scrollTo(0, y);
      await nextFrame();
    }
  });
}

/** The visible title of the not-found page. */
export const NOT_FOUND_HEADING = 'Page not found';

export async function expectNotFoundPage(page: Page): Promise<void> {
  await expect(page.getByRole('heading', {level: 1, name: NOT_FOUND_HEADING})).toBeVisible();
  await expect(page.getByRole('search').getByRole('searchbox')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', {name: 'Documentation'})).toBeVisible();
}

/** The search box in the navbar. */
export function navbarSearch(page: Page) {
  return page
    .locator('.navbar')
    .getByRole('searchbox', {name: 'Search'})
    .or(page.locator('.navbar input.navbar__search-input'));
}

/**
 * On a reference page: opens the "Try it" request panel, which loads on
 * demand, and waits until it can send a request.
 */
export async function openRequestPanel(page: Page): Promise<void> {
  await waitForHydration(page);
  await page.getByRole('button', {name: 'Open the request panel'}).click();
  await expect(page.getByRole('button', {name: 'Send API Request'})).toBeVisible();
}
