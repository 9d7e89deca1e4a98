import {expect, type Page, type Route} from '@playwright/test';

import {inOwnContext, test} from '../support/fixtures';
import {expectNoAxeViolations} from '../support/accessibility';
import {countDocumentLoads, waitForHydration} from '../support/pages';

/**
 * The error states of the specification's catalogue, as a reader meets them
 * while moving from one guide to the next through the sidebar:
 * - a page whose code cannot be loaded: one reload at most, then the red
 *   "Page Error" box, whose Retry button loads the page once it can;
 * - the same while offline: no reload at all, the box at once;
 * - a page that throws while rendering: "This page crashed." with "Try again".
 * The failures are made in the browser, by intercepting the page's code: the
 * build ships no page made to fail.
 */

const FROM = '/docs/docs/troubleshooting';
const TO = {path: '/docs/docs/remarks', title: 'Remarks'};

/** The chunk holding the target page's content (its compiled MDX) names the page's address. */
const isTargetContent = (body: string) => body.includes(`"permalink":"${TO.path}"`);

const SCRIPTS = '**/assets/js/*.js';

/** Follows the sidebar link to the target page. */
async function openTargetFromSidebar(page: Page): Promise<void> {
  await page.getByRole('navigation', {name: 'Docs sidebar'}).getByRole('link', {name: TO.title}).click();
  await expect(page).toHaveURL(TO.path);
}

/** The red box in place of the page's content, inside the portal's layout. */
async function expectPageError(page: Page): Promise<void> {
  const box = page.getByRole('alert').filter({has: page.getByRole('heading', {name: 'Page Error'})});
  await expect(box).toBeVisible();
  await expect(box.getByRole('heading', {level: 1})).toHaveText('Page Error');
  await expect(box).toHaveCSS('background-color', 'rgb(200, 20, 27)');
  await expect(page).toHaveTitle(/^Page Error \| /);
  // The reader is still on the portal: its navbar and sidebar are there.
  await expect(page.getByRole('navigation', {name: 'Main'})).toBeVisible();
  await expect(page.getByRole('navigation', {name: 'Docs sidebar'})).toBeVisible();
  const retry = box.getByRole('button', {name: 'Retry'});
  await retry.focus();
  await expect(retry).toBeFocused();
  await expect(box.getByRole('link', {name: 'Go to the home page'})).toHaveAttribute('href', '/');
  await expectNoAxeViolations(page, 'the Page Error box', '[role="alert"]');
}

/** Retry loads the page: its title and text replace the box. */
async function retryLoadsThePage(page: Page): Promise<void> {
  await page.getByRole('button', {name: 'Retry'}).click();
  await expect(page.getByRole('heading', {level: 1, name: TO.title})).toBeVisible();
  await expect(page.getByText('These rules apply to every endpoint')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
}

test.describe('the error states of a page', () => {
  test('a page whose code keeps failing to load: one reload, then "Page Error" with a Retry that works', async ({
    page,
  }) => {
    const loads = countDocumentLoads(page);
    await page.goto(FROM);
    await waitForHydration(page);
    let failing = true;
    let aborted = 0;
    await page.route(SCRIPTS, async (route: Route) => {
      const response = await route.fetch();
      if (failing && isTargetContent(await response.text())) {
        aborted += 1;
        await route.abort('connectionfailed');
      } else {
        await route.fulfill({response});
      }
    });

    await openTargetFromSidebar(page);
    await expectPageError(page);
    expect(aborted, 'the page was reloaded and its code asked for again').toBeGreaterThanOrEqual(2);
    expect(loads, 'one load, then a single reload of the page that failed').toEqual([
      expect.stringMatching(new RegExp(`${FROM}$`)),
      expect.stringMatching(new RegExp(`${TO.path}$`)),
    ]);

    // Still failing: Retry asks for the code again, shows the box again, and does not reload.
    const before = aborted;
    await page.getByRole('button', {name: 'Retry'}).click();
    await expect.poll(() => aborted).toBe(before + 1);
    await expectPageError(page);

    failing = false;
    await retryLoadsThePage(page);
    expect(loads).toHaveLength(2);
  });

  test('offline: following a link shows "Page Error" without reloading, and Retry works once back online', async ({
    browser,
    baseURL,
    viewport,
  }) => {
    // Going offline is not undone between tests that share a context: a context of its own.
    await inOwnContext(browser, {baseURL, viewport}, async (page, context) => {
      const loads = countDocumentLoads(page);
      await page.goto(FROM);
      await waitForHydration(page);
      // Routing bypasses the browser's cache, as for a page whose code was never fetched ahead.
      await page.route(SCRIPTS, (route) => route.continue());
      await context.setOffline(true);

      await openTargetFromSidebar(page);
      await expectPageError(page);
      await expect(page.getByRole('alert')).toContainText('you are offline');
      expect(loads, 'no reload into the browser’s own error page').toHaveLength(1);

      await context.setOffline(false);
      await expect(page.getByRole('alert')).toContainText('Check your connection');
      await retryLoadsThePage(page);
      expect(loads).toHaveLength(1);
    });
  });

  test('a page that throws while rendering: "This page crashed." with a "Try again" that works', async ({
    page,
  }) => {
    await page.goto(FROM);
    await waitForHydration(page);
    // The target page's content throws as it renders, until the page sets __geraiRender.
    let rewritten = false;
    await page.route(SCRIPTS, async (route: Route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (!isTargetContent(body)) return route.fulfill({response});
      const crashing = body.replace(
        /\.\.\.\w+\.components\};/,
        '$&if(!window.__geraiRender)throw new Error("The page content failed to render");',
      );
      rewritten = crashing !== body;
      return route.fulfill({response, body: crashing});
    });

    await openTargetFromSidebar(page);
    const heading = page.getByRole('heading', {level: 1, name: 'This page crashed.'});
    await expect(heading).toBeVisible();
    expect(rewritten, 'the content chunk was made to throw').toBe(true);
    await expect(page.getByText('The page content failed to render')).toBeVisible();
    await expect(page.getByRole('navigation', {name: 'Main'})).toBeVisible();
    const tryAgain = page.getByRole('button', {name: 'Try again'});
    await tryAgain.focus();
    await expect(tryAgain).toBeFocused();
    await expectNoAxeViolations(page, 'the crashed page', 'main');

    await page.evaluate(() => {
      (window as {__geraiRender?: boolean}).__geraiRender = true;
    });
    await tryAgain.click();
    await expect(page.getByRole('heading', {level: 1, name: TO.title})).toBeVisible();
    await expect(heading).toHaveCount(0);
  });
});
