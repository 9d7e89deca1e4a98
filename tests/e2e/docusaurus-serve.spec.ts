import {spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

import {expect} from '@playwright/test';

import {MCP_PATH, MCP_SERVER_INFO} from '../../src/config/mcp';
import {test} from '../support/fixtures';
import {repositoryRoot} from '../support/nginx';
import {expectNotFoundPage, NOT_FOUND_HEADING, waitForHydration, watchErrors} from '../support/pages';

/**
 * `npm run serve` (scripts/serve-site, how the README runs the portal on a
 * developer's machine) serves the production build as `docusaurus serve`
 * does: a page of each kind answers and hydrates, search finds pages, an
 * unknown address shows the not-found page; and beside the pages, the MCP
 * server answers an assistant at /mcp. Only project `serve` runs this file;
 * everything else is tested on the production host (project nginx).
 */

/** The home page, a guide, a product page (a folder's page), the blog, a hub and two generated reference pages. */
const PAGES = [
  '/',
  '/docs/docs/intro',
  '/food/',
  '/blog',
  '/docs/api/food-integration/order-acceptance',
  '/docs/api/food-integration/accept-order',
  '/api/add-a-new-pet-to-the-store',
];

test.describe('npm run serve', () => {
  for (const route of PAGES) {
    test(`${route} answers 200, hydrates and shows its own page with no console error`, async ({page}) => {
      const errors = watchErrors(page);
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
      await expect(page.getByRole('heading').first()).toBeVisible();
      await expect(page.getByRole('heading', {level: 1, name: NOT_FOUND_HEADING})).toHaveCount(0);
      expect(await page.title()).toMatch(/^\S.* \| Gerai Developer Portal$/);
      expect(errors).toEqual([]);
    });
  }

  test('the search page finds pages on a cold load', async ({page}) => {
    const response = await page.goto('/search?q=order%20state');
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.locator('article a[href*="order-state"]').first()).toBeVisible();
  });

  test("an unknown path answers 404 with the portal's not-found page", async ({page}) => {
    const response = await page.goto('/docs/docs/no-such-page');
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expectNotFoundPage(page);
  });

  test("an MCP client's initialize at /mcp is answered with the server's name", async ({request}) => {
    const response = await request.post(MCP_PATH, {
      headers: {accept: 'application/json, text/event-stream'},
      data: {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: {name: 'portal-tests', version: '1.0.0'},
        },
      },
    });
    expect(response.status()).toBe(200);
    const {result} = await response.json();
    expect(result.serverInfo).toMatchObject({name: MCP_SERVER_INFO.name, version: MCP_SERVER_INFO.version});
    expect(result.capabilities.tools).toBeDefined();
  });

  test('a folder that holds no build stops the command with what to do', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'gerai-no-build-'));
    try {
      const result = spawnSync('npm', ['run', '--silent', 'serve', '--', '--dir', folder, '--no-open'], {
        cwd: repositoryRoot,
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(
        `${folder} is not a built site (it has no index.html): run \`npm run build\` first`,
      );
    } finally {
      rmSync(folder, {recursive: true, force: true});
    }
  });
});
