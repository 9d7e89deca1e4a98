import {expect} from '@playwright/test';

import {API_CATALOG_PATH} from '../../src/config/api-catalog';
import {MCP_GUIDE_PATH, MCP_PATH, MCP_SERVER_CARD_PATH} from '../../src/config/mcp';
import {markdownPath} from '../../src/config/page-markdown';
import {test} from '../support/fixtures';
import {rawGet} from '../support/http';

/**
 * How an AI agent finds the portal's MCP server on the production host (nginx with deploy/nginx/):
 * the server card, the API catalog's link to it, and llms.txt. The server's own answers at /mcp
 * are tests/build/mcp-server.test.mjs's.
 */

/** The site's origin as the build knows it (SITE_URL): the API catalog's anchors are on it. */
async function siteOrigin(baseURL: string): Promise<string> {
  const {linkset} = JSON.parse((await rawGet(baseURL, API_CATALOG_PATH)).body) as {
    linkset: {anchor: string}[];
  };
  return new URL(linkset[0]?.anchor ?? '').origin;
}

test.describe('finding the MCP server', () => {
  test('the server card is JSON, revalidated, and names the endpoint on the site', async ({baseURL}) => {
    const origin = await siteOrigin(baseURL ?? '');
    const response = await rawGet(baseURL ?? '', MCP_SERVER_CARD_PATH);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const card = JSON.parse(response.body) as {name: string; remotes: {type: string; url: string}[]};
    expect(card.remotes).toEqual([{type: 'streamable-http', url: `${origin}${MCP_PATH}`}]);
  });

  test('the API catalog links the endpoint to the card and the guide, each answering 200', async ({
    baseURL,
  }) => {
    const origin = await siteOrigin(baseURL ?? '');
    const {linkset} = JSON.parse((await rawGet(baseURL ?? '', API_CATALOG_PATH)).body) as {
      linkset: {anchor: string; 'service-desc': {href: string}[]; 'service-doc': {href: string}[]}[];
    };
    const mcp = linkset.find((context) => context.anchor === `${origin}${MCP_PATH}`);
    expect(mcp).toBeDefined();
    const paths = [...(mcp?.['service-desc'] ?? []), ...(mcp?.['service-doc'] ?? [])].map(
      (link) => new URL(link.href).pathname,
    );
    expect(paths).toEqual([MCP_SERVER_CARD_PATH, MCP_GUIDE_PATH, markdownPath(MCP_GUIDE_PATH)]);
    for (const path of paths) expect((await rawGet(baseURL ?? '', path)).status, path).toBe(200);
  });

  test('llms.txt says where the MCP server answers before it lists the pages', async ({baseURL}) => {
    const origin = await siteOrigin(baseURL ?? '');
    const {body} = await rawGet(baseURL ?? '', '/llms.txt');
    const top = body.slice(0, body.indexOf('\n## '));
    expect(top).toContain(`An MCP server answers at ${origin}${MCP_PATH} `);
    expect(top).toContain(`(${origin}${markdownPath(MCP_GUIDE_PATH)})`);
  });
});
