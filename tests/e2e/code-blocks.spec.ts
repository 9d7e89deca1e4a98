import {expect, type Page} from '@playwright/test';

import {inOwnContext, test} from '../support/fixtures';
import {openRequestPanel, waitForHydration, watchErrors} from '../support/pages';

/**
 * Code blocks of Markdown are highlighted while the site is built, so a page
 * shows coloured code without running a highlighter: Prism, its grammars and
 * the site's extra languages load only where code is written in the browser.
 */

/** Text only Prism's core has: every grammar is built with `languages.extend(`. */
const PRISM_MARKER = '.languages.extend(';

/** The text of every script the page loads, read as they arrive. */
function collectScripts(page: Page): () => Promise<string[]> {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
  });
  return () => Promise.all(scripts);
}

/** The text and colour of the tokens of the page's first code block in `language`, plain text left out. */
function tokens(page: Page, language: string) {
  return page
    .locator(`pre.language-${language}`)
    .first()
    .locator('.token:not(.plain)')
    .evaluateAll((spans) => spans.map((span) => `${span.textContent ?? ''} ${getComputedStyle(span).color}`));
}

/** How many code blocks in `language` show no coloured token. */
function uncolouredBlocks(page: Page, language: string) {
  return page
    .locator(`pre.language-${language}`)
    .evaluateAll((blocks) => blocks.filter((block) => !block.querySelector('.token:not(.plain)')).length);
}

test('a guide shows its code coloured, with or without JavaScript, and never loads Prism', async ({
  page,
  browser,
}) => {
  const errors = watchErrors(page);
  const scripts = collectScripts(page);
  await page.goto('/docs/docs/getting-started');
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  const withScript = await tokens(page, 'bash');
  // `export` is a shell built-in; the token is coloured by the Prism theme, not left as plain text.
  expect(withScript).toContainEqual(expect.stringMatching(/^export rgb\(/));
  expect(new Set(withScript.map((token) => token.replace(/^.* (rgb)/, '$1'))).size).toBeGreaterThan(1);
  expect((await scripts()).some((text) => text.includes(PRISM_MARKER))).toBe(false);
  expect(errors).toEqual([]);

  await inOwnContext(browser, {javaScriptEnabled: false}, async (staticPage) => {
    await staticPage.goto('/docs/docs/getting-started');
    expect(await tokens(staticPage, 'bash')).toEqual(withScript);
  });
});

test('code written in the browser is coloured as it nears the viewport, Prism loaded only then', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const scripts = collectScripts(page);
  // The worked signature example is computed in the page, not written in Markdown, below the
  // first screen: the page runs without Prism until the reader scrolls towards it.
  await page.goto('/docs/api/webhooks/receiving-notifications');
  await waitForHydration(page);
  expect((await scripts()).some((text) => text.includes(PRISM_MARKER))).toBe(false);
  expect(await uncolouredBlocks(page, 'json')).toBeGreaterThan(0);
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  });
  await expect.poll(() => uncolouredBlocks(page, 'json')).toBe(0);
  await expect.poll(() => uncolouredBlocks(page, 'bash')).toBe(0);
  expect((await scripts()).some((text) => text.includes(PRISM_MARKER))).toBe(true);
  expect(errors).toEqual([]);
});

test("the request panel's samples are coloured in the site's extra languages", async ({page}) => {
  await page.goto('/docs/api/food-integration/accept-order');
  await openRequestPanel(page);
  for (const [tab, language] of [
    ['java', 'java'],
    ['php', 'php'],
    ['curl', 'bash'],
  ] as const) {
    await page.getByRole('tab', {name: tab, exact: true}).click();
    await expect.poll(() => tokens(page, language).then((found) => found.length)).toBeGreaterThan(5);
  }
});

// A guide, a guide whose samples are in tabs (which the theme remounts once the page runs, and
// src/theme/Tabs keeps), and a reference page.
for (const route of [
  '/docs/docs/getting-started',
  '/docs/api/webhooks/receiving-notifications',
  '/docs/api/food-integration/reject-order',
]) {
  test(`the code blocks of ${route} are the ones the server sent, not built again once the page runs`, async ({
    page,
  }) => {
    // Counts every code block and every line of code taken out of the page, from the first byte of
    // HTML on: a block whose lines are drawn again once the page runs loses the server's lines.
    await page.addInitScript(() => {
      const removed = {count: 0, lines: 0};
      Object.assign(window, {removedCodeBlocks: removed});
      new MutationObserver((mutations) => {
        for (const {removedNodes} of mutations) {
          for (const node of Array.from(removedNodes)) {
            if (!(node instanceof Element)) continue;
            removed.count += node.querySelectorAll('pre').length + (node.matches('pre') ? 1 : 0);
            removed.lines +=
              node.querySelectorAll('.token-line').length + (node.matches('.token-line') ? 1 : 0);
          }
        }
      }).observe(document, {childList: true, subtree: true});
    });
    await page.goto(route);
    const sent = await page.locator('main pre').count();
    expect(sent).toBeGreaterThan(3);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main pre')).toHaveCount(sent);
    expect(
      await page.evaluate(
        () => (window as unknown as {removedCodeBlocks: {count: number; lines: number}}).removedCodeBlocks,
      ),
    ).toEqual({count: 0, lines: 0});
  });
}
