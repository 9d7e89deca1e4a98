import {readFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';

import {expect, type Page} from '@playwright/test';

import {buildDir} from './host';

import {PORTAL_TITLE} from '../../src/constants';

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

/** The addresses of every document the page's main frame loads, reloads included. */
export function countDocumentLoads(page: Page): string[] {
  const loads: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && request.frame() === page.mainFrame()) {
      loads.push(request.url());
    }
  });
  return loads;
}

/**
 * Waits until React has hydrated the page (Docusaurus marks the root then).
 * It polls on a timer, not on animation frames, which headless Chromium does
 * not always produce.
 */
export async function waitForHydration(page: Page, timeout?: number): Promise<void> {
  await page.waitForLoadState('load', {timeout});
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true', undefined, {
    polling: 100,
    timeout,
  });
}

/**
 * Scrolls a page to its end one viewport at a time, so diagrams and lazy
 * images near each position load. Each pause waits for the next animation
 * frame or 250 ms, whichever comes first (headless Chromium does not always
 * produce frames); a page that keeps growing stops after 200 viewports, and
 * the pass stops early once `timeout` ms have gone by.
 */
export async function scrollToEnd(page: Page, timeout = 50_000): Promise<void> {
  await page.evaluate(async (stopAt) => {
    const nextFrame = () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 250);
        requestAnimationFrame(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    for (
      let y = 0, step = 0;
      y < document.body.scrollHeight && step < 200 && Date.now() < stopAt;
      y += window.innerHeight, step++
    ) {
      window.scrollTo(0, y);
      await nextFrame();
    }
  }, Date.now() + timeout);
}

/**
 * True, in the page, when no transition and no finite animation is running
 * (a spinner that turns for ever does not count).
 */
export function isStill(): boolean {
  return document
    .getAnimations()
    .every(
      (animation) =>
        animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
    );
}

/** True, in the page, when it is scrolled to its top and the navbar is not hidden. */
function isBackAtTop(): boolean {
  return window.scrollY === 0 && !/navbarHidden/.test(document.querySelector('nav.navbar')?.className ?? '');
}

/** Each condition of a settled page, with what it waits for, checked in the page. */
const SETTLED: readonly {readonly what: string; readonly holds: () => boolean}[] = [
  {
    // The API explorer of a reference page is drawn in the browser only, in place of a skeleton.
    what: 'the API explorer is drawn in place of its skeleton',
    holds: () => document.querySelector('.openapi-skeleton') === null,
  },
  {
    what: 'the search page shows its results, not its loading ring',
    holds: () => document.querySelector('main [class*="loadingRing"]') === null,
  },
  {
    // A diagram (marked data-diagram) is an image drawn ahead of the build (src/remark/diagrams.ts),
    // or one the Mermaid wrapper (src/theme/Mermaid) draws in the browser.
    what: 'every diagram is shown',
    holds: () =>
      Array.from(document.querySelectorAll('[data-diagram]')).every((diagram) => {
        const image = diagram.querySelector('img');
        return image
          ? image.complete && image.naturalWidth > 0
          : diagram.querySelector('.docusaurus-mermaid-container svg') !== null;
      }),
  },
  {what: 'the fonts are loaded', holds: () => document.fonts.status === 'loaded'},
  {
    // The navbar hides while the reader scrolls down and slides back in at the top.
    what: 'the page is back at its top with the navbar shown',
    holds: isBackAtTop,
  },
  {what: 'no transition or finite animation is running', holds: isStill},
];

/**
 * Scrolls back to the top and waits for the navbar to show. The navbar
 * listens for `scroll`, which the browser fires while it draws a frame; when
 * headless Chromium draws none for a while, the page is at its top with the
 * navbar still hidden. After a second of that, the event the browser owes is
 * dispatched to the same listener, which still decides what the navbar does.
 */
async function backToTop(page: Page, timeout: number): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const shown = await page
    .waitForFunction(isBackAtTop, undefined, {polling: 100, timeout: Math.min(1_000, timeout)})
    .then(() => true)
    .catch(() => false);
  if (shown) return;
  await page.evaluate(() => {
    if (window.scrollY !== 0) window.scrollTo(0, 0);
    else window.dispatchEvent(new Event('scroll'));
  });
  await page.waitForFunction(isBackAtTop, undefined, {polling: 100, timeout: Math.max(1, timeout - 1_000)});
}

/** What a failure to settle reports of the page, to tell a slow page from a stuck one. */
function pageState(): string {
  const navbar = document.querySelector('nav.navbar')?.className ?? 'no navbar';
  return `scrollY ${window.scrollY} of ${document.body.scrollHeight}, navbar "${navbar}", fonts ${document.fonts.status}`;
}

/**
 * Brings a hydrated page to rest, as a reader who scrolled through it sees
 * it back at the top: scrolls to its end (diagrams and lazy images load near
 * the viewport), scrolls to each diagram the pass went by too fast, back to
 * the top, then waits until everything in SETTLED holds. Fails naming the
 * first condition that does not hold once `timeout` ms have passed in all.
 */
export async function settle(page: Page, timeout = 20_000): Promise<void> {
  const deadline = Date.now() + timeout;
  const left = () => Math.max(1, deadline - Date.now());
  const fail = async (what: string, error: Error): Promise<never> => {
    const state = await page.evaluate(pageState).catch(() => 'the page does not answer');
    throw new Error(
      `the page did not settle within ${timeout} ms: ${what} (${error.message.split('\n')[0]}; ${state})`,
    );
  };
  await scrollToEnd(page, left() / 2);
  const pending = page.locator('[data-diagram][aria-busy="true"]');
  for (let count = await pending.count(); count > 0; count = await pending.count()) {
    await pending.first().scrollIntoViewIfNeeded({timeout: left()});
    await expect
      .poll(() => pending.count(), {message: 'a diagram scrolled into view starts drawing', timeout: left()})
      .toBeLessThan(count);
  }
  await backToTop(page, left()).catch((error: Error) =>
    fail('the page is back at its top with the navbar shown', error),
  );
  for (const {what, holds} of SETTLED) {
    await page
      .waitForFunction(holds, undefined, {polling: 100, timeout: left()})
      .catch((error: Error) => fail(what, error));
  }
}

/** The visible title of the not-found page. */
/**
 * Resolves once the page has had an idle period and then drawn two frames: by then what a hover,
 * a focus change or a link scrolled into view starts (Docusaurus prefetches visible links when
 * the browser is idle) has started, so a test can assert that something did not happen.
 */
export async function afterIdle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestIdleCallback(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), {
          timeout: 5_000,
        });
      }),
  );
}

export const NOT_FOUND_HEADING = 'Page not found';

export async function expectNotFoundPage(page: Page): Promise<void> {
  await expect(page).toHaveTitle(`Page Not Found | ${PORTAL_TITLE}`);
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

/** The renderer of a page stopped answering: the page cannot be judged, only loaded again. */
export class RendererStalled extends Error {}

/** How long a stalled step's renderer has to answer a trivial script before it counts as stopped. */
const PROBE_TIMEOUT = 3_000;

/**
 * Whether the page's renderer answers a trivial script within `timeout` ms.
 * An error (the page navigated away, or was closed) is an answer too: only
 * silence means the renderer has stopped.
 */
export async function rendererAnswers(page: Page, timeout = PROBE_TIMEOUT): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const silence = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeout);
  });
  try {
    return await Promise.race([
      page
        .evaluate(() => true)
        .then(
          () => true,
          () => true,
        ),
      silence,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A guard for the steps of a visit: runs a step within `budget` ms. When the
 * step takes longer, it asks the page for a trivial answer: a renderer that
 * gives none within 3 s has stopped (headless Chromium now and then does under
 * load), which is thrown as RendererStalled, for the test to load the page
 * again; a page that answers was only slow, which is the step's failure.
 * Either way the test learns it within seconds of the budget, instead of
 * waiting for its own timeout on a script that will never return.
 */
export function stallGuard(page: Page) {
  return async function guard<T>(what: string, step: () => Promise<T>, budget: number): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const overtime = new Promise<typeof OVERTIME>((resolve) => {
      timer = setTimeout(() => resolve(OVERTIME), budget);
    });
    try {
      const result = await Promise.race([step(), overtime]);
      if (result !== OVERTIME) return result as T;
    } finally {
      clearTimeout(timer);
    }
    if (!(await rendererAnswers(page, PROBE_TIMEOUT))) {
      throw new RendererStalled(
        `the renderer stopped answering during "${what}": no answer to a trivial script within ${PROBE_TIMEOUT} ms, after ${budget} ms`,
      );
    }
    throw new Error(`"${what}" did not finish within ${budget} ms, though the page still answers`);
  };
}

const OVERTIME = Symbol('overtime');

/**
 * Records the scripts a page asks for from now on; `weight()` gives their
 * gzipped size as the build holds them, and their paths. Requests are counted
 * when they are made, so the figure does not depend on how fast they download.
 */
export function watchScripts(page: Page): {weight: () => {total: number; scripts: string[]}} {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'script' && url.pathname.startsWith('/assets/')) scripts.add(url.pathname);
  });
  return {
    weight: () => ({
      total: [...scripts].reduce(
        (sum, script) => sum + gzipSync(readFileSync(path.join(buildDir, script))).length,
        0,
      ),
      scripts: [...scripts],
    }),
  };
}
