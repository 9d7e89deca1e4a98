import path from 'node:path';

import {expect} from '@playwright/test';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';

import {test} from '../support/fixtures';
import {navbarSearch, waitForHydration} from '../support/pages';

/**
 * The MCP server's `search` answers what the site's search box shows: for each query, the same
 * pages and sections, in the same order. The box here is the production build's, served by nginx;
 * the server runs over the same build (scripts/mcp/, over stdio).
 */
const root = path.resolve(__dirname, '..', '..');
const QUERIES = [
  'webhook signature',
  'what happens if the outlet does not accept an order in time',
  'refresh tokn',
  'QRIS',
  'menu_item_stocks',
  'pesanan',
];

test.describe('the MCP server’s search', () => {
  let client: Client;
  test.beforeAll(async () => {
    client = new Client({name: 'portal-e2e', version: '1.0.0'});
    await client.connect(
      new StdioClientTransport({
        command: path.join(root, 'node_modules', '.bin', 'jiti'),
        args: [path.join(root, 'scripts', 'mcp', 'index.ts'), path.join(root, 'build')],
        stderr: 'ignore',
      }),
    );
  });
  test.afterAll(async () => client?.close());

  for (const query of QUERIES) {
    test(`answers what the search box shows for "${query}", in its order`, async ({page}) => {
      await page.goto('/docs/docs/intro');
      await waitForHydration(page);
      await navbarSearch(page).fill(query);
      const options = page.locator('.navbar').getByRole('listbox').getByRole('option');
      const noResults = page.locator('.navbar').getByText('No results');
      await expect(options.first().or(noResults)).toBeVisible();
      // A suggestion is not a link (the box navigates on selection): it shows the section's or the
      // page's title, which the server's result ends with (`Page › Section`).
      const shown = await options.allInnerTexts();
      const result = await client.callTool({name: 'search', arguments: {query, limit: 8}});
      const {results} = result.structuredContent as {results: {title: string}[]};
      expect(results.length, 'as many results as suggestions').toBe(shown.length);
      results.forEach((hit, index) => {
        const title = hit.title.split(' › ').at(-1) ?? '';
        // The box shows the title (shortened around the words found, with an ellipsis) or, under a
        // section's text, the path that ends with it.
        const lines = (shown[index] ?? '')
          .split('\n')
          .map((line) => line.replace(/…/g, '').trim())
          .filter((line) => line.length > 0);
        expect(
          lines.some((line) => title.includes(line) || line.endsWith(` › ${title}`)),
          `suggestion ${index + 1} of "${query}" (${lines.join(' | ')}) shows "${title}"`,
        ).toBe(true);
      });
    });
  }
});
