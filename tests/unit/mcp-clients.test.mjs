// @ts-check
// How an assistant is pointed at the portal's MCP server (src/config/mcp-clients.ts): the
// addresses on the site's origin, and the one-click install links of Cursor and VS Code, which
// must carry the same entry as the configuration files the guide shows. And the server card
// (src/config/mcp-server-card.ts) against the rules of the server-card draft.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {cursorInstallLink, cursorServer, localServer, mcpAddresses, vscodeInstallLink, vscodeServer} = jiti(
  './src/config/mcp-clients.ts',
);
const {MCP_CLIENT_NAME, MCP_SERVER_INFO} = jiti('./src/config/mcp.ts');
const {MCP_TOOLS, SERVER_CARD_SCHEMA, mcpServerCard} = jiti('./src/config/mcp-server-card.ts');

const SITE = 'https://developer.gerai.example';

describe('the MCP server as assistants are told of it', () => {
  test('its addresses are on the origin, whether SITE_URL ends in a slash or not', () => {
    const addresses = mcpAddresses(SITE);
    assert.deepEqual(addresses, {
      server: `${SITE}/mcp`,
      package: `${SITE}/downloads/gerai-portal-mcp.tgz`,
      guide: `${SITE}/docs/docs/ai-assistants`,
    });
    assert.deepEqual(mcpAddresses(`${SITE}/`), addresses);
    assert.deepEqual(mcpAddresses('http://localhost:3000').server, 'http://localhost:3000/mcp');
  });

  test('Cursor’s install link carries the name and the mcp.json entry as base64 JSON', () => {
    const link = new URL(cursorInstallLink(SITE));
    assert.equal(
      `${link.protocol}//${link.host}${link.pathname}`,
      'cursor://anysphere.cursor-deeplink/mcp/install',
    );
    assert.equal(link.searchParams.get('name'), MCP_CLIENT_NAME);
    const config = JSON.parse(Buffer.from(link.searchParams.get('config'), 'base64').toString('utf8'));
    assert.deepEqual(config, cursorServer(SITE));
    assert.deepEqual(config, {url: `${SITE}/mcp`});
  });

  test('VS Code’s install link carries the mcp.json entry with its name, as percent-encoded JSON', () => {
    const link = vscodeInstallLink(SITE);
    assert.ok(link.startsWith('vscode:mcp/install?'), link);
    const entry = JSON.parse(decodeURIComponent(link.slice('vscode:mcp/install?'.length)));
    assert.deepEqual(entry, {name: MCP_CLIENT_NAME, ...vscodeServer(SITE)});
    assert.deepEqual(entry, {name: MCP_CLIENT_NAME, type: 'http', url: `${SITE}/mcp`});
  });

  test('the local server is the build’s package, run by npx', () => {
    assert.deepEqual(localServer(SITE), {
      command: 'npx',
      args: ['-y', `${SITE}/downloads/gerai-portal-mcp.tgz`],
    });
  });
});

describe('the MCP server card', () => {
  const card = mcpServerCard(`${SITE}/`);

  test('has the fields of the draft, in the forms it asks for', () => {
    assert.equal(card.$schema, SERVER_CARD_SCHEMA);
    // A reverse-DNS name: one slash between the namespace and the server's name.
    assert.match(card.name, /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    assert.equal(card.name, `example.gerai.developer/${MCP_SERVER_INFO.name}`);
    assert.equal(card.version, MCP_SERVER_INFO.version);
    assert.equal(card.title, MCP_SERVER_INFO.title);
    for (const field of ['description', 'title']) {
      assert.ok(
        card[field].length >= 1 && card[field].length <= 100,
        `${field}: ${card[field].length} characters`,
      );
    }
    assert.equal(card.websiteUrl, `${SITE}/docs/docs/ai-assistants`);
    assert.deepEqual(card.remotes, [{type: 'streamable-http', url: `${SITE}/mcp`}]);
    assert.equal(new URL(card.repository.url).protocol, 'https:');
  });

  test('lists the tools and the local package under _meta, keyed by the name’s namespace', () => {
    assert.deepEqual(Object.keys(card._meta).sort(), [
      'example.gerai.developer/stdio',
      'example.gerai.developer/tools',
    ]);
    assert.deepEqual(card._meta['example.gerai.developer/tools'], MCP_TOOLS);
    assert.deepEqual(card._meta['example.gerai.developer/stdio'], localServer(SITE));
    for (const tool of MCP_TOOLS) {
      assert.match(tool.name, /^[a-z_]+$/);
      assert.ok(tool.title && tool.description, tool.name);
    }
  });
});
