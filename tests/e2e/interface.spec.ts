import {expect} from '@playwright/test';

import {inOwnContext, test} from '../support/fixtures';
import {countDocumentLoads, expectNotFoundPage, waitForHydration, watchErrors} from '../support/pages';

test.describe('navbar', () => {
  test('shows Products, Documentation, API Reference and Contact Us', async ({page}) => {
    await page.goto('/');
    const navbar = page.getByRole('navigation', {name: 'Main'});
    await expect(
      navbar.getByRole('button', {name: 'Products'}).or(navbar.getByRole('link', {name: 'Products'})),
    ).toBeVisible();
    await expect(navbar.getByRole('link', {name: 'Documentation'})).toHaveAttribute(
      'href',
      '/docs/docs/intro',
    );
    await expect(navbar.getByRole('link', {name: 'API Reference'})).toHaveAttribute(
      'href',
      '/docs/api/intro',
    );
    await expect(navbar.getByRole('link', {name: 'Contact Us'})).toHaveAttribute('href', '/contact-us/');
  });

  test('the Products dropdown leads to Food and Payment', async ({page}) => {
    await page.goto('/');
    await waitForHydration(page);
    const navbar = page.getByRole('navigation', {name: 'Main'});
    await navbar.locator('.dropdown').hover();
    const food = navbar.getByRole('link', {name: 'Food', exact: true});
    await expect(food).toBeVisible();
    await expect(navbar.getByRole('link', {name: 'Payment', exact: true})).toBeVisible();
    await food.click();
    await expect(page).toHaveURL(/\/food\/$/);
    await expect(page.getByRole('heading', {level: 1, name: 'Gerai Food'})).toBeVisible();
  });

  test('hides on scroll down and comes back on scroll up', async ({page}) => {
    await page.goto('/docs/docs/authentication');
    await waitForHydration(page);
    const navbar = page.locator('nav.navbar');
    await expect(navbar).toBeInViewport();
    // The navbar compares each scroll position with the one before, as a reader's wheel
    // produces them: one scroll event per step, never two steps folded into one event.
    const scrollStep = (pixels: number) =>
      page.evaluate(
        (by) =>
          new Promise<void>((resolve) => {
            window.addEventListener('scroll', () => requestAnimationFrame(() => resolve()), {once: true});
            window.scrollBy(0, by);
          }),
        pixels,
      );
    await scrollStep(600);
    await scrollStep(600);
    await expect(navbar).toHaveClass(/navbarHidden/);
    await scrollStep(-300);
    await expect(navbar).not.toHaveClass(/navbarHidden/);
  });
});

test.describe('theme', () => {
  test('stays light, with no switch, even when the system prefers dark', async ({browser}) => {
    await inOwnContext(browser, {colorScheme: 'dark'}, async (page) => {
      await page.goto('/docs/docs/intro');
      await waitForHydration(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
      await expect(page.getByRole('button', {name: /dark mode|light mode|system mode/i})).toHaveCount(0);
    });
  });
});

test.describe('docs page footer', () => {
  test('says when the page was last updated, as a short English date that stays once the page runs', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await page.goto('/docs/docs/getting-started');
    const line = page.locator('.theme-last-updated');
    const sent = await line.innerText();
    expect(sent).toMatch(
      /^Last updated on (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}$/,
    );
    const time = line.locator('time[itemprop="dateModified"]');
    const iso = await time.getAttribute('datetime');
    expect(
      new Intl.DateTimeFormat('en', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(iso ?? '')),
    ).toBe(await time.innerText());
    await waitForHydration(page);
    await expect(line).toHaveText(sent);
    expect(errors).toEqual([]);
  });
});

test.describe('announcement bar', () => {
  test('stays dismissed after a reload', async ({page}) => {
    await page.goto('/');
    await waitForHydration(page);
    const bar = page
      .getByRole('banner')
      .filter({hasText: 'POS reporting'})
      .or(page.locator('.theme-announcement-bar'));
    await expect(bar).toBeVisible();
    await page.getByRole('button', {name: 'Close'}).first().click();
    await expect(bar).toHaveCount(0);
    await page.reload();
    await waitForHydration(page);
    await expect(page.locator('.theme-announcement-bar')).toHaveCount(0);
    await page.goto('/docs/docs/intro');
    await expect(page.locator('.theme-announcement-bar')).toHaveCount(0);
  });
});

test.describe('mobile sidebar', () => {
  test('has a menu toggle at 996 px wide and below that opens the sidebar', async ({page}) => {
    await page.setViewportSize({width: 996, height: 800});
    await page.goto('/docs/docs/intro');
    await expect(page.getByRole('button', {name: 'Toggle navigation bar'})).toBeVisible();
    await page.setViewportSize({width: 390, height: 844});
    await page.goto('/docs/docs/intro');
    await waitForHydration(page);
    const toggle = page.getByRole('button', {name: 'Toggle navigation bar'});
    await expect(toggle).toBeVisible();
    await expect(page.locator('.theme-doc-sidebar-container')).toBeHidden();
    await toggle.click();
    const sidebar = page.locator('.navbar-sidebar');
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole('link', {name: 'Getting started'})).toBeVisible();
  });

  test('on a phone, the closed menu is off screen: its pages are not fetched ahead, and it slides fully in when opened', async ({
    page,
  }) => {
    // A Docusaurus link fetches its page's code ahead once an IntersectionObserver reports it on screen.
    await page.addInitScript(() => {
      const onScreen: {href: string; inMenu: boolean}[] = [];
      Object.assign(window, {linksOnScreen: onScreen});
      const Native = window.IntersectionObserver;
      window.IntersectionObserver = class extends Native {
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          super((entries, observer) => {
            for (const {isIntersecting, target} of entries) {
              if (isIntersecting && target instanceof HTMLAnchorElement) {
                onScreen.push({
                  href: target.getAttribute('href') ?? '',
                  inMenu: !!target.closest('.navbar-sidebar'),
                });
              }
            }
            callback(entries, observer);
          }, options);
        }
      };
    });
    await page.setViewportSize({width: 390, height: 844});
    await page.goto('/docs/api/food-integration/reject-order');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const onScreen = await page.evaluate(
      () => (window as unknown as {linksOnScreen: {href: string; inMenu: boolean}[]}).linksOnScreen,
    );
    // The logo and the breadcrumbs are on screen, and fetched ahead as Docusaurus means them to be.
    expect(onScreen.filter((link) => !link.inMenu).map((link) => link.href)).toContain(
      '/docs/api/food-integration/order-acceptance',
    );
    expect(onScreen.filter((link) => link.inMenu)).toEqual([]);

    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    const sidebar = page.locator('.navbar-sidebar');
    await expect.poll(async () => (await sidebar.boundingBox())?.x).toBe(0);
    await expect(sidebar.getByRole('link', {name: 'Reject an order', exact: true})).toBeInViewport();
  });

  test('has no menu toggle above 996 px, where the sidebar is always shown', async ({page}) => {
    await page.setViewportSize({width: 997, height: 800});
    await page.goto('/docs/docs/intro');
    await expect(page.getByRole('button', {name: 'Toggle navigation bar'})).toBeHidden();
    await expect(page.locator('.theme-doc-sidebar-container')).toBeVisible();
  });
});

test.describe('sidebar links', () => {
  test('a reference page fetches no sidebar page ahead until the reader points at or focuses its link, and a click still navigates', async ({
    page,
  }) => {
    // Docusaurus fetches a page's code ahead through window.docusaurus; this records what it is asked for.
    await page.addInitScript(() => {
      const asked: string[] = [];
      let docusaurus: Window['docusaurus'] | undefined;
      Object.assign(window, {fetchedAhead: asked});
      Object.defineProperty(window, 'docusaurus', {
        configurable: true,
        get: () => docusaurus,
        set(real: Window['docusaurus']) {
          docusaurus = {
            prefetch: (path) => (asked.push(`prefetch ${path}`), real.prefetch(path)),
            preload: (path) => (asked.push(`preload ${path}`), real.preload(path)),
          };
        },
      });
    });
    const fetchedAhead = () =>
      page.evaluate(() => (window as unknown as {fetchedAhead: string[]}).fetchedAhead.slice());
    const loads = countDocumentLoads(page);
    await page.goto('/docs/api/food-integration/reject-order');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');

    const menu = page.locator('.theme-doc-sidebar-menu');
    const links = await page.locator('a[href^="/"]').evaluateAll((anchors) =>
      anchors.map((a) => ({
        href: a.getAttribute('href') ?? '',
        inSidebar: !!a.closest('.theme-doc-sidebar-menu'),
      })),
    );
    const elsewhere = new Set(links.filter((link) => !link.inSidebar).map((link) => link.href));
    const sidebarOnly = links
      .filter((link) => link.inSidebar && !elsewhere.has(link.href))
      .map((link) => link.href);
    expect(sidebarOnly.length).toBeGreaterThan(5);
    const onLoad = await fetchedAhead();
    // The breadcrumbs are on screen and fetched ahead, as every Docusaurus link is...
    expect(onLoad).toContain('prefetch /docs/api/food-integration/order-acceptance');
    // ...but no page that only the sidebar links to.
    expect(onLoad.filter((entry) => sidebarOnly.includes(entry.replace(/^\w+ /, '')))).toEqual([]);

    const accept = menu.getByRole('link', {name: 'Accept an order', exact: true});
    await accept.hover();
    await expect.poll(fetchedAhead).toContain('preload /docs/api/food-integration/accept-order');
    await menu.getByRole('link', {name: 'Mark food as ready', exact: true}).focus();
    await expect.poll(fetchedAhead).toContain('prefetch /docs/api/food-integration/mark-food-ready');

    await accept.click();
    await expect(page).toHaveURL(/\/docs\/api\/food-integration\/accept-order$/);
    await expect(page.getByRole('heading', {level: 1, name: 'Accept an order'})).toBeVisible();
    await expect(accept).toHaveAttribute('aria-current', 'page');
    // In the same document: the router showed the page, the browser loaded nothing anew.
    expect(loads).toHaveLength(1);
  });
});

test.describe('addresses', () => {
  test('an unknown path shows the not-found page, naming the address, with a search box', async ({page}) => {
    const errors = watchErrors(page);
    const response = await page.goto('/docs/docs/no-such-page');
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expectNotFoundPage(page);
    await expect(page.getByRole('main').locator('code')).toHaveText('/docs/docs/no-such-page');
    await expect(page.getByRole('searchbox')).toHaveValue(/no such page/);
    // The browser logs the 404 status of the document itself; nothing else may fail.
    expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
  });

  for (const [typed, clean] of [
    ['/docs/docs/intro.html', '/docs/docs/intro'],
    ['/docs/docs/getting-started.html', '/docs/docs/getting-started'],
    ['/food/index', '/food'],
    ['/contact-us/index.html', '/contact-us'],
  ] as const) {
    test(`${typed} ends on ${clean}`, async ({page}) => {
      await page.goto(typed);
      await waitForHydration(page);
      // A folder's page may keep or drop its trailing slash; either is the clean path.
      await expect(page).toHaveURL((url) => url.pathname.replace(/\/$/, '') === clean);
      await expect(page.getByRole('heading', {level: 1})).toBeVisible();
    });
  }

  test('/docs leads to the main documentation page', async ({page}) => {
    await page.goto('/docs');
    await expect(page).toHaveURL(/\/docs\/docs\/intro$/);
    await expect(page.getByRole('heading', {level: 1})).toBeVisible();
  });
});
