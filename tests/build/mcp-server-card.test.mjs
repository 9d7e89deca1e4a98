// @ts-check
// The MCP server card as the production build wrote it (/.well-known/mcp/server-card.json): the
// fields of the server-card draft for this build's origin, and a list of tools that is the one
// the server over this build answers to `tools/list`. Run after `npm run build`.
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';

import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';
import {build} from '../support/request-samples.mjs';

const jiti = createJiti(root + '/');
const {MCP_GUIDE_PATH, MCP_PATH, MCP_SERVER_CARD_PATH, MCP_SERVER_INFO} = jiti('./src/config/mcp.ts');
const {SERVER_CARD_SCHEMA} = jiti('./src/config/mcp-server-card.ts');

const sitemap = readFileSync(path.join(build, 'sitemap.xml'), 'utf8');
const origin = new URL(/<loc>([^<]+)<\/loc>/.exec(sitemap)[1]).origin;
const card = JSON.parse(readFileSync(path.join(build, MCP_SERVER_CARD_PATH), 'utf8'));
const namespace = card.name.split('/')[0];

describe('the MCP server card', () => {
  test('names the server, its version and its endpoint on this build’s origin', () => {
    assert.equal(card.$schema, SERVER_CARD_SCHEMA);
    assert.equal(card.name, `${new URL(origin).hostname.split('.').reverse().join('.')}/${MCP_SERVER_INFO.name}`);
    assert.equal(card.version, MCP_SERVER_INFO.version);
    assert.equal(card.title, MCP_SERVER_INFO.title);
    assert.ok(card.description.length > 0 && card.description.length <= 100, card.description);
    assert.deepEqual(card.remotes, [{type: 'streamable-http', url: `${origin}${MCP_PATH}`}]);
  });

  test('leads to the guide, a page of the build, and to the package by its address', () => {
    assert.equal(card.websiteUrl, `${origin}${MCP_GUIDE_PATH}`);
    readFileSync(path.join(build, MCP_GUIDE_PATH, 'index.html'));
    const stdio = card._meta[`${namespace}/stdio`];
    assert.equal(stdio.command, 'npx');
    assert.deepEqual(stdio.args.slice(0, 1), ['-y']);
    assert.equal(new URL(stdio.args[1]).origin, origin);
  });

  describe('lists the tools the server over this build offers', () => {
    let client;
    before(async () => {
      client = new Client({name: 'portal-tests', version: '1.0.0'});
      await client.connect(
        new StdioClientTransport({
          command: path.join(root, 'node_modules', '.bin', 'jiti'),
          args: [path.join(root, 'scripts', 'mcp', 'index.ts'), build],
          stderr: 'ignore',
        }),
      );
    });
    after(() => client?.close());

    test('with the names, titles and descriptions of tools/list, in its order', async () => {
      const {tools} = await client.listTools();
      assert.deepEqual(
        card._meta[`${namespace}/tools`],
        tools.map(({name, title, description}) => ({name, title, description})),
        'src/config/mcp-server-card.ts (MCP_TOOLS) and scripts/mcp/server.ts list different tools',
      );
    });
  });
});
