// @ts-check
/**
 * The Chromium the benchmarks drive, launched as the browser tests launch it (the binary and flags
 * of tests/support/browser.ts).
 */
/* global document -- page.waitForFunction runs in the page */
import createJiti from 'jiti';

import {root} from './root.mjs';

const {CHROMIUM_ARGS, chromiumPath, testBrowserPath} = createJiti(root + '/')('./tests/support/browser.ts');

export {CHROMIUM_ARGS, chromiumPath, testBrowserPath};

/** Chromium, headless, as the browser tests run it; the caller closes it. */
export async function launchBrowser() {
  // Loaded when a benchmark opens a browser, not by every `--help`: Playwright takes a second or two.
  const {chromium} = await import('@playwright/test');
  return chromium.launch({executablePath: chromiumPath(), args: CHROMIUM_ARGS});
}

/**
 * Resolves once the page has hydrated: Docusaurus marks `<html data-has-hydrated="true">` when
 * React has taken over the page the server sent.
 *
 * @param {import('@playwright/test').Page} page
 */
export function hydrated(page) {
  return page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
}
