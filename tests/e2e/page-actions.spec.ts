import {expect, type Page} from '@playwright/test';

import {inOwnContext, test} from '../support/fixtures';
import {rawGet} from '../support/http';
import {expectNoAxeViolations} from '../support/accessibility';
import {waitForHydration, watchErrors} from '../support/pages';
import {MCP_CLIENT_NAME, MCP_GUIDE_PATH, MCP_PATH} from '../../src/config/mcp';

/**
 * The actions above a docs or reference page: "Copy page" puts the page's
 * Markdown on the clipboard, "View as Markdown" opens it, the assistant
 * links open a conversation about it, and the "MCP server" menu connects an
 * assistant to the portal's MCP server. The Markdown files come from the build
 * and are served by nginx as text/markdown.
 */

const GUIDE = '/docs/docs/intro';
const REFERENCE = '/docs/api/outlet-information/link-outlet';

/** The page actions: of what a page marks as no content (`data-markdown="skip"`), the group with "Copy page". */
const actions = (page: Page) =>
  page.locator('[data-markdown="skip"]').filter({has: page.getByRole('button', {name: 'Copy page'})});

/** The "MCP server" menu of the page actions: a disclosure, open when it has the `open` attribute. */
const mcpMenu = (page: Page) => actions(page).locator('details');

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

  test('the MCP server menu offers the server’s URL, Cursor and VS Code install links and the guide, from the keyboard', async ({
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
        await page.goto(REFERENCE);
        await waitForHydration(page);
        const server = `${await siteOrigin(page)}${MCP_PATH}`;
        const menu = mcpMenu(page);
        const button = menu.locator('summary');
        const cursor = page.getByRole('link', {name: 'Connect to Cursor'});
        await expect(button).toHaveText('MCP server');
        await expect(cursor).toBeHidden();

        await button.focus();
        await page.keyboard.press('Enter');
        await expect(menu).toHaveAttribute('open', '');
        await expect(menu.locator('code')).toHaveText(server);

        // Cursor: the server's name, and its mcp.json entry as base64 JSON.
        const cursorLink = new URL((await cursor.getAttribute('href')) ?? '');
        expect(`${cursorLink.protocol}//${cursorLink.host}${cursorLink.pathname}`).toBe(
          'cursor://anysphere.cursor-deeplink/mcp/install',
        );
        expect(cursorLink.searchParams.get('name')).toBe(MCP_CLIENT_NAME);
        const cursorConfig = Buffer.from(cursorLink.searchParams.get('config') ?? '', 'base64').toString();
        expect(JSON.parse(cursorConfig)).toEqual({url: server});
        // VS Code: the mcp.json entry with its name, as percent-encoded JSON.
        const vscode =
          (await page.getByRole('link', {name: 'Connect to VS Code'}).getAttribute('href')) ?? '';
        expect(vscode.startsWith('vscode:mcp/install?'), vscode).toBe(true);
        expect(JSON.parse(decodeURIComponent(vscode.slice('vscode:mcp/install?'.length)))).toEqual({
          name: MCP_CLIENT_NAME,
          type: 'http',
          url: server,
        });
        await expect(page.getByRole('link', {name: 'Set up Claude, ChatGPT and others'})).toHaveAttribute(
          'href',
          MCP_GUIDE_PATH,
        );

        // The first stop in the menu copies the server's address, and says so.
        await page.keyboard.press('Tab');
        await expect(page.getByRole('button', {name: 'Copy MCP server URL'})).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(page.getByRole('button', {name: 'Copied MCP server URL'})).toBeVisible();
        await expect(
          page.getByRole('status').filter({hasText: 'The MCP server URL is on your clipboard.'}),
        ).toHaveCount(1);
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(server);

        // Escape closes the menu and gives the focus back to its button; a click elsewhere closes it too.
        await page.keyboard.press('Escape');
        await expect(menu).not.toHaveAttribute('open');
        await expect(button).toBeFocused();
        await button.click();
        await expect(cursor).toBeVisible();
        await page.locator('article h1').click();
        await expect(cursor).toBeHidden();
        expect(errors).toEqual([]);
      },
    );
  });

  test('the open MCP server menu stays on a 390 px screen and passes axe', async ({browser, baseURL}) => {
    await inOwnContext(browser, {baseURL, viewport: {width: 390, height: 800}}, async (page) => {
      await page.goto(GUIDE);
      await waitForHydration(page);
      await mcpMenu(page).locator('summary').click();
      const panel = await mcpMenu(page).locator('summary + *').boundingBox();
      expect(panel).not.toBeNull();
      expect(panel?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((panel?.x ?? 0) + (panel?.width ?? 0)).toBeLessThanOrEqual(390);
      await expect(page.getByRole('link', {name: 'Connect to VS Code'})).toBeInViewport();
      await expectNoAxeViolations(
        page,
        `${GUIDE} at 390 px, the MCP server menu open`,
        '[data-markdown="skip"]',
      );
    });
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
