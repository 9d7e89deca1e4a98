// How an assistant is pointed at the portal's MCP server (src/config/mcp-clients.ts): the
// addresses on the site's origin, and the one-click install links of Cursor and VS Code, which
// must carry the same entry as the configuration files the guide shows.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {cursorInstallLink, cursorServer, localServer, mcpAddresses, vscodeInstallLink, vscodeServer} = jiti(
  './src/config/mcp-clients.ts',
);
const {MCP_CLIENT_NAME} = jiti('./src/config/mcp.ts');

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
