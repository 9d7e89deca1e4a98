import {expect, type Locator, type Page} from '@playwright/test';

import {inOwnContext, test} from '../support/fixtures';
import {afterIdle, waitForHydration} from '../support/pages';

/**
 * The portal with the keyboard alone: skip link, search shortcut and
 * suggestions, the mobile menu, and a visible focus on every tab stop.
 */

const GUIDE = '/docs/docs/getting-started';
const MAC_USER_AGENT =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

async function open(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await waitForHydration(page);
}

/** The focused element, for messages: its tag, classes and text. */
async function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return '(nothing)';
    const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
    return `<${element.tagName.toLowerCase()} class="${element.className}"> ${text}`;
  });
}

/** True when the element that has focus matches the CSS selector. */
async function focusMatches(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((css) => document.activeElement?.matches(css) ?? false, selector);
}

/** Presses Tab until the focused element matches `selector`; fails after `limit` presses. */
async function tabUntil(page: Page, selector: string, limit = 60): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await focusMatches(page, selector)) return;
  }
  throw new Error(`${limit} presses of Tab never reached ${selector}`);
}

const navbarSearchInput = (page: Page): Locator => page.locator('.navbar input.navbar__search-input');

test.describe('skip to content', () => {
  for (const route of ['/', GUIDE, '/docs/api/food-integration/accept-order']) {
    test(`on ${route} the skip link is the first tab stop and leads into the main content`, async ({
      page,
    }) => {
      await open(page, route);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', {name: 'Skip to main content'});
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();

      await page.keyboard.press('Enter');
      await expect(page).toHaveURL((url) => url.pathname === new URL(route, url).pathname && url.hash === '');
      // Docusaurus focuses <main> for a moment; either way the next tab stop is inside it.
      expect(await focusMatches(page, 'body, main, main *')).toBe(true);
      await page.keyboard.press('Tab');
      expect(
        await focusMatches(page, 'main *'),
        `the tab stop after the skip link is in <main>, not ${await describeFocus(page)}`,
      ).toBe(true);
      expect(await focusMatches(page, 'nav.navbar *')).toBe(false);
      // Skipping must not skip the page's title: the main content holds it.
      await expect(page.locator('main h1')).toBeVisible();
    });
  }
});

test.describe('search by keyboard', () => {
  test('ctrl+K focuses the search box from anywhere on the page', async ({page}) => {
    await open(page, GUIDE);
    await tabUntil(page, 'main a');
    await page.keyboard.press('Control+k');
    await expect(navbarSearchInput(page)).toBeFocused();
  });

  test('meta+K (⌘K) focuses the search box on macOS', async ({browser}, testInfo) => {
    await inOwnContext(
      browser,
      {
        baseURL: testInfo.project.use.baseURL,
        viewport: {width: 1280, height: 800},
        userAgent: MAC_USER_AGENT,
      },
      async (page) => {
        await open(page, GUIDE);
        await expect(page.locator('.navbar kbd').first()).toHaveText('⌘');
        await page.keyboard.press('Meta+k');
        await expect(navbarSearchInput(page)).toBeFocused();
      },
    );
  });

  test('tabbing through the search box leaves the focus where Tab put it once the index loads', async ({
    page,
  }) => {
    await open(page, GUIDE);
    await tabUntil(page, '.navbar input.navbar__search-input');
    // Focus starts the download of the search index; move on before it arrives.
    await page.keyboard.press('Tab');
    const next = await describeFocus(page);
    expect(await focusMatches(page, '.navbar input.navbar__search-input')).toBe(false);
    // The suggestion box takes over the input once the index has loaded.
    await expect(navbarSearchInput(page)).toHaveAttribute('role', 'combobox');
    await afterIdle(page);
    expect(await describeFocus(page)).toBe(next);
  });

  test('typed words list results; ArrowDown moves through them and Enter opens one', async ({page}) => {
    await open(page, '/docs/docs/intro');
    await page.keyboard.press('Control+k');
    const input = navbarSearchInput(page);
    await expect(input).toBeFocused();
    // The suggestion box takes over the input once the search index has loaded.
    await expect(input).toHaveAttribute('role', 'combobox');
    // The word arrives in one input event, as a paste or a phone's suggestion does: typed key by
    // key, the results of 'webho' may arrive after ArrowDown and be replaced by those of
    // 'webhook', which start again at the first result.
    await page.keyboard.insertText('webhook');

    const options = page.locator('.navbar').getByRole('option');
    await expect(options.nth(1)).toBeVisible();
    // The first result is preselected, so Enter alone would open it; ArrowDown moves to the second.
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    const second = await options.nth(1).getAttribute('id');
    await expect(input).toHaveAttribute('aria-activedescendant', second ?? '');

    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(
      (url) => url.pathname !== '/docs/docs/intro' && url.searchParams.get('_highlight') === 'webhook',
    );
    await expect(page.getByRole('heading', {level: 1})).toBeVisible();
  });
});

test.describe('mobile menu at 390 px', () => {
  test.use({viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true});

  const toggle = '.navbar__toggle';
  const sidebar = (page: Page): Locator => page.locator('.navbar-sidebar');
  const gettingStarted = `.navbar-sidebar a.menu__link[href="${GUIDE}"]`;

  for (const key of ['Enter', 'Space']) {
    test(`${key} on the toggle opens it, Tab reaches its links and Escape closes it`, async ({page}) => {
      await open(page, '/docs/docs/intro');
      await tabUntil(page, toggle);
      await expect(page.locator(toggle)).toHaveAttribute('aria-expanded', 'false');
      await page.keyboard.press(key);
      await expect(sidebar(page)).toBeVisible();
      await expect(page.locator(toggle)).toHaveAttribute('aria-expanded', 'true');

      await tabUntil(page, gettingStarted);
      await expect(page.locator(gettingStarted)).toBeInViewport();

      await page.keyboard.press('Escape');
      await expect(sidebar(page)).toBeHidden();
      await expect(page.locator(toggle)).toBeFocused();
      await expect(page.locator(toggle)).toHaveAttribute('aria-expanded', 'false');
    });
  }

  test('its close button closes it from the keyboard', async ({page}) => {
    await open(page, '/docs/docs/intro');
    await tabUntil(page, toggle);
    await page.keyboard.press('Enter');
    await expect(sidebar(page)).toBeVisible();
    await tabUntil(page, '.navbar-sidebar__close');
    await page.keyboard.press('Enter');
    await expect(sidebar(page)).toBeHidden();
  });
});

interface FocusStyle {
  readonly element: string;
  readonly outline: string;
  readonly boxShadow: string;
  readonly visible: boolean;
}

test.describe('visible focus', () => {
  test(`every tab stop of ${GUIDE} shows an outline or a shadow`, async ({page}) => {
    // A key press and a style read for each of about a hundred tab stops: 3 s alone, up to
    // 28 s measured during a full run on two cores, so three times the usual limit.
    test.slow();
    await open(page, GUIDE);
    const seen: FocusStyle[] = [];
    for (let presses = 0; presses < 300; presses += 1) {
      await page.keyboard.press('Tab');
      const style = await page.evaluate((): FocusStyle | null => {
        const element = document.activeElement;
        if (!(element instanceof HTMLElement) || element === document.body) return null;
        const computed = getComputedStyle(element);
        const outlineVisible = computed.outlineStyle !== 'none' && parseFloat(computed.outlineWidth) > 0;
        const shadowVisible = computed.boxShadow !== 'none' && computed.boxShadow !== '';
        const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
        return {
          element: `<${element.tagName.toLowerCase()} class="${element.className}"> ${text}`,
          outline: `${computed.outlineStyle} ${computed.outlineWidth} ${computed.outlineColor}`,
          boxShadow: computed.boxShadow,
          visible: outlineVisible || shadowVisible,
        };
      });
      // Past the last tab stop, focus leaves the page.
      if (style === null) break;
      seen.push(style);
    }
    expect(seen.length, 'tab stops found on the page').toBeGreaterThan(20);
    const invisible = seen.filter((style) => !style.visible);
    expect(
      invisible,
      `focused without a visible outline or shadow:\n${invisible.map((style) => style.element).join('\n')}`,
    ).toEqual([]);
  });
});
