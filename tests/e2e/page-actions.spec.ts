import {expect, type Page} from '@playwright/test';

import {inOwnContext, test} from '../support/fixtures';
import {rawGet} from '../support/http';
import {expectNoAxeViolations} from '../support/accessibility';
import {waitForHydration, watchErrors} from '../support/pages';

/**
 * The actions above a docs or reference page: "Copy page" puts the page's
 * Markdown on the clipboard, "View as Markdown" opens it, and the assistant
 * links open a conversation about it. The Markdown files come from the build
 * and are served by nginx as text/markdown.
 */

const GUIDE = '/docs/docs/intro';
const REFERENCE = '/docs/api/outlet-information/link-outlet';

/** The page actions: of what a page marks as no content (`data-markdown="skip"`), the group with "Copy page". */
const actions = (page: Page) =>
  page.locator('[data-markdown="skip"]').filter({has: page.getByRole('button', {name: 'Copy page'})});

/** The site's origin as the build knows it (SITE_URL), from the page's canonical link. */
async function siteOrigin(page: Page): Promise<string> {
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  return new URL(canonical ?? '').origin;
}

test.describe('page actions', () => {
  test('are in the server HTML of a guide and of a reference page, and not on a landing page', async ({
    baseURL,
  }) => {
    for (const path of [GUIDE, REFERENCE, '/docs/category/how-to']) {
      const {status, body} = await rawGet(baseURL ?? '', path);
      expect(status, path).toBe(200);
      expect(body, path).toContain('>Copy page</button>');
      // The HTML is minified: attribute values go unquoted when they can.
      expect(body, path).toMatch(new RegExp(`href="?${path.replace(/[/.-]/g, '\\$&')}\\.md[" >]`));
    }
    const landing = await rawGet(baseURL ?? '', '/food/');
    expect(landing.body).not.toContain('Copy page');
  });

  test('Copy page puts the Markdown of the page on the clipboard and says so, from the keyboard', async ({
    browser,
    baseURL,
  }) => {
    await inOwnContext(
      browser,
      {
        baseURL,
        viewport: {width: 1280, height: 800},
        permissions: ['clipboard-read', 'clipboard-write'],
      },
      async (page) => {
        const errors = watchErrors(page);
        await page.goto(GUIDE);
        await waitForHydration(page);
        const markdown = await (await page.request.get(`${GUIDE}.md`)).text();
        expect(markdown).toMatch(/^---\ntitle: "Introduction"\n/);

        const button = page.getByRole('button', {name: 'Copy page'});
        await button.focus();
        await page.keyboard.press('Enter');
        await expect(page.getByRole('button', {name: 'Copied'})).toBeVisible();
        await expect(page.getByRole('status').filter({hasText: 'on your clipboard'})).toHaveCount(1);
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(markdown);
        await expect(page.getByRole('button', {name: 'Copy page'})).toBeVisible({timeout: 5_000});
        expect(errors).toEqual([]);
      },
    );
  });

  test('View as Markdown opens the page as text/markdown, served by nginx', async ({page}) => {
    await page.goto(REFERENCE);
    await waitForHydration(page);
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.url().endsWith(`${REFERENCE}.md`)),
      page.getByRole('link', {name: 'View as Markdown'}).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('text/markdown; charset=utf-8');
    const text = await response.text();
    expect(text).toContain('# Link an outlet');
    expect(text).toContain('**PUT** `/integrations/partner/v1/outlet-link`');
    await expect(page.locator('body')).toContainText('canonical_url:');
  });

  test('the assistant links ask about the page by its Markdown address, in a new tab', async ({page}) => {
    await page.goto(GUIDE);
    const address = `${await siteOrigin(page)}${GUIDE}.md`;
    for (const [name, host] of [
      ['ChatGPT', 'https://chatgpt.com/'],
      ['Claude', 'https://claude.ai/new'],
    ]) {
      const link = page.getByRole('link', {name: `Open in ${name}`});
      const href = (await link.getAttribute('href')) ?? '';
      expect(href.startsWith(host), href).toBe(true);
      expect(new URL(href).searchParams.get('q')).toContain(address);
      await expect(link).toHaveAttribute('target', '_blank');
    }
  });

  test('hydration moves nothing, and the actions pass axe at 390 px', async ({browser, baseURL}) => {
    const box = (javaScriptEnabled: boolean) =>
      inOwnContext(
        browser,
        {baseURL, javaScriptEnabled, viewport: {width: 390, height: 800}},
        async (page) => {
          await page.goto(REFERENCE);
          if (javaScriptEnabled) await waitForHydration(page);
          const result = await actions(page).boundingBox();
          if (javaScriptEnabled)
            await expectNoAxeViolations(page, `${REFERENCE} at 390 px`, '[data-markdown="skip"]');
          return result;
        },
      );
    const withoutScript = await box(false);
    expect(withoutScript).not.toBeNull();
    expect(await box(true)).toEqual(withoutScript);
  });
});

test.describe('the Markdown files on the host', () => {
  test('are served as text/markdown, compressed, at the route of each kind of page', async ({baseURL}) => {
    for (const path of ['/docs/docs/intro.md', '/docs/api/webhooks.md', '/food.md', '/index.md', '/api.md']) {
      const response = await rawGet(baseURL ?? '', path, {'Accept-Encoding': 'gzip'});
      expect(response.status, path).toBe(200);
      expect(response.headers['content-type'], path).toBe('text/markdown; charset=utf-8');
      expect(response.headers['content-encoding'], path).toBe('gzip');
      expect(response.headers['cache-control'], path).toBe('no-cache');
    }
  });

  test('llms.txt and llms-full.txt are plain text; an unknown .md is not found', async ({baseURL}) => {
    for (const path of ['/llms.txt', '/llms-full.txt']) {
      const response = await rawGet(baseURL ?? '', path);
      expect(response.status, path).toBe(200);
      expect(response.headers['content-type'], path).toBe('text/plain; charset=utf-8');
      expect(response.body, path).toMatch(/^# \S.*\n\n> \S/);
    }
    const missing = await rawGet(baseURL ?? '', '/docs/docs/no-such-page.md');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('Page Not Found');
  });
});
