import {
  test as base,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';

import {rendererAnswers} from './pages';

/**
 * Asks `page` for a trivial answer every `every` ms (tests/support/pages.ts,
 * rendererAnswers) until `stop()`; after `misses` silences in a row, calls
 * `onStall` once and stops. Resolves when it has stopped.
 */
export function watchRenderer(
  page: Page,
  {every, misses, onStall}: {every: number; misses: number; onStall: () => Promise<void> | void},
): {stop: () => Promise<void>} {
  let stopped = false;
  let wake: () => void = () => undefined;
  const watching = (async () => {
    let silences = 0;
    while (!stopped && !page.isClosed()) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, every);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (stopped || page.isClosed()) return;
      silences = (await rendererAnswers(page)) ? 0 : silences + 1;
      if (silences >= misses) {
        await onStall();
        return;
      }
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      wake();
      await watching;
    },
  };
}

/** How often the watchdog asks, and how many silences in a row end the page: 15 s, longer than any script a test runs. */
const WATCH_EVERY_MS = 5_000;
const MISSES = 3;

/**
 * `test` of every browser test: its `page` has a watchdog. Under load,
 * headless Chromium now and then stops answering; a test waiting on such a
 * page would wait for its own timeout, a minute or two, and fail without
 * saying why. When the page has not answered for 15 s, the watchdog writes the
 * reason into the test's report and on the console and closes the page, so
 * the test fails within seconds, "the renderer stopped answering" beside it.
 */
export const test = base.extend({
  page: async ({page, baseURL}, provide, testInfo) => {
    const watchdog = watchRenderer(page, {
      every: WATCH_EVERY_MS,
      misses: MISSES,
      onStall: async () => {
        const reason = `the renderer stopped answering at ${page.url()} for ${(MISSES * WATCH_EVERY_MS) / 1000} s; the page was closed`;
        testInfo.annotations.push({type: 'renderer stalled', description: reason});
        process.stderr.write(`${testInfo.titlePath.join(' › ')}: ${reason}\n`);
        await page.close({runBeforeUnload: false}).catch(() => undefined);
      },
    });
    await provide(page);
    await watchdog.stop();
    // The next test of this worker gets this tab again (reuseContext, playwright.config.ts), which
    // keeps each site's session storage: the site's is cleared while the tab is still on it.
    if (!page.isClosed() && baseURL && page.url().startsWith(baseURL)) {
      await page.evaluate(() => sessionStorage.clear()).catch(() => undefined);
    }
  },
});

/**
 * Runs `body` in a browser context of its own, with `options`, closed afterwards even when the
 * test fails. For a test that needs options other than the project's (JavaScript off, a colour
 * scheme, permissions, a user agent) or changes what Playwright's reset between tests does not
 * undo (going offline, a network or CPU emulated through CDP): the tests of a worker otherwise
 * share one context and tab (reuseContext, playwright.config.ts).
 */
export async function inOwnContext<T>(
  browser: Browser,
  options: BrowserContextOptions,
  body: (page: Page, context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext(options);
  try {
    return await body(await context.newPage(), context);
  } finally {
    await context.close();
  }
}
