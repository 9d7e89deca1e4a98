// @ts-check
// The portal's MCP server (scripts/mcp/) over the production build, as assistants reach it: the
// MCP Inspector's CLI lists and calls every tool over stdio and over Streamable HTTP, and the
// official SDK's client checks what a careless or hostile caller gets back. Run after `npm run build`.
import assert from 'node:assert/strict';
import {spawn, spawnSync} from 'node:child_process';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';

import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';

import {freePort} from '../support/free-port.mjs';
import {root} from '../support/openapi.mjs';
import {build} from '../support/request-samples.mjs';

const JITI = path.join(root, 'node_modules', '.bin', 'jiti');
const SERVER = [JITI, path.join(root, 'scripts', 'mcp', 'index.ts'), build];
const TOOLS = ['search', 'fetch', 'list_operations', 'get_operation', 'api_changes', 'verify_webhook_signature'];
const RELEASES = readdirSync(path.join(root, 'openapi', 'releases'))
  .filter((file) => /^\d{4}-\d{2}-\d{2}\.yaml$/.test(file))
  .map((file) => file.slice(0, -'.yaml'.length))
  .sort();
const vectors = JSON.parse(readFileSync(path.join(root, 'samples', 'webhooks', 'test-vectors.json'), 'utf8'));
const questions = JSON.parse(readFileSync(path.join(root, 'tests', 'fixtures', 'assistant-questions.json'), 'utf8'));

/**
 * Runs the Inspector's CLI with `args` and returns what it printed, parsed. It is run from
 * `scripts/`: the CLI finds its own package.json through `../package.json` of its working folder.
 *
 * @param {string[]} target
 * @param {string[]} args
 * @returns {any} JSON, whatever the method answers
 */
function inspector(target, args) {
  const result = spawnSync(path.join(root, 'node_modules', '.bin', 'mcp-inspector-cli'), ['--cli', ...target, ...args], {
    cwd: path.join(root, 'scripts'),
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(result.status, 0, `the Inspector failed: ${result.stderr}${result.stdout}`);
  return JSON.parse(result.stdout);
}

/**
 * The Inspector's arguments for a call of `tool` with `args`. Each value goes as JSON: the
 * Inspector reads a value that parses as JSON as that value (a webhook payload is a string).
 */
const call = (tool, args) => [
  '--method',
  'tools/call',
  '--tool-name',
  tool,
  ...Object.entries(args).flatMap(([name, value]) => ['--tool-arg', `${name}=${JSON.stringify(value)}`]),
];

const signed = vectors.cases.find((entry) => entry.name === 'valid');
/**
 * A call of each tool, and what its answer must hold.
 *
 * @type {[tool: string, args: Record<string, unknown>, check: (result: ReturnType<typeof inspector>) => void][]}
 */
const CALLS = [
  ['search', {query: 'accept an order', limit: 3}, (result) => assert.equal(result.structuredContent.results.length, 3)],
  [
    'fetch',
    {id: '/docs/api/auth/authorization-server/get-token', section: 'Example request'},
    (result) => assert.match(result.structuredContent.text, /Authorization: Basic <base64 of client_id:client_secret>/),
  ],
  [
    'list_operations',
    {query: 'token'},
    (result) => assert.ok(result.structuredContent.operations.some((operation) => operation.operationId === 'getToken')),
  ],
  [
    'get_operation',
    {operationId: 'getToken'},
    (result) => {
      assert.equal(result.structuredContent.key, 'POST /oauth2/token');
      assert.match(result.structuredContent.curl, /-u '<client_id>:<client_secret>'/);
    },
  ],
  [
    'api_changes',
    {},
    (result) => {
      assert.equal(result.structuredContent.from, RELEASES.at(-1));
      assert.equal(result.structuredContent.to, 'current');
    },
  ],
  [
    'verify_webhook_signature',
    {payload: vectors.body, signatureHeader: signed.header, secret: vectors.secret, now: vectors.now},
    (result) => assert.deepEqual(result.structuredContent, {valid: true, reason: 'ok'}),
  ],
];

function checkEveryTool(target) {
  const {tools} = inspector(target, ['--method', 'tools/list']);
  assert.deepEqual(tools.map((tool) => tool.name).sort(), [...TOOLS].sort());
  for (const tool of tools) {
    assert.equal(tool.annotations?.readOnlyHint, true, `${tool.name} is annotated read-only`);
    assert.equal(tool.outputSchema?.type, 'object', `${tool.name} has an output schema`);
  }
  for (const [tool, args, check] of CALLS) {
    const result = inspector(target, call(tool, args));
    assert.notEqual(result.isError, true, `${tool}: ${JSON.stringify(result.content)}`);
    check(result);
  }
}

describe('the MCP server over stdio', () => {
  let client;
  before(async () => {
    client = new Client({name: 'portal-tests', version: '1.0.0'});
    await client.connect(new StdioClientTransport({command: SERVER[0], args: SERVER.slice(1), stderr: 'ignore'}));
  });
  after(() => client?.close());

  test('the Inspector lists every tool and calls each', () => checkEveryTool(SERVER));

  test('wrong arguments are refused naming the argument, a query too long included', async () => {
    for (const args of [{}, {query: 'x'.repeat(201)}, {query: 'orders', limit: 'many'}]) {
      const result = await client.callTool({name: 'search', arguments: args}).catch((error) => ({error}));
      const message = result.error?.message ?? result.content?.[0]?.text ?? '';
      assert.ok(result.error?.code === -32602 || result.isError, JSON.stringify(result));
      assert.match(message, /query|limit/, message);
    }
  });

  test('search and fetch answer text in the shape ChatGPT’s connectors read: JSON results, then the page by its id', async () => {
    const searched = await client.callTool({name: 'search', arguments: {query: 'webhook signature'}});
    assert.equal(searched.content.length, 1);
    const {results} = JSON.parse(searched.content[0].text);
    assert.ok(results.length > 0);
    for (const result of results) assert.deepEqual(Object.keys(result).slice(0, 3), ['id', 'title', 'url']);
    const fetched = await client.callTool({name: 'fetch', arguments: {id: results[0].id}});
    const page = JSON.parse(fetched.content[0].text);
    assert.deepEqual(Object.keys(page), ['id', 'title', 'url', 'text', 'metadata']);
    assert.ok(results[0].url.startsWith(page.url), `${results[0].url} is on ${page.url}`);
    assert.ok(page.text.length > 0);
  });

  test('an unknown operation is an error listing the closest', async () => {
    const result = await client.callTool({name: 'get_operation', arguments: {operationId: 'getTokn'}});
    assert.equal(result.isError, true);
    assert.match(result.content[0].text, /No operation or event "getTokn"\. The closest: getToken/);
  });

  test('nothing outside the portal’s pages is read or fetched', async () => {
    for (const id of [
      'https://example.com/docs/api/intro',
      '/docs/api/../../package.json',
      '../package.json',
      'file:///etc/passwd',
      '/llms-full.txt',
    ]) {
      const result = await client.callTool({name: 'fetch', arguments: {id}});
      assert.equal(result.isError, true, id);
      assert.match(result.content[0].text, /is not a page of/, id);
    }
  });

  test('a long page comes in parts, none cut silently', async () => {
    const parts = [];
    let cursor;
    do {
      const result = await client.callTool({
        name: 'fetch',
        arguments: {id: '/docs/api/objects-glossary', ...(cursor ? {cursor} : {})},
      });
      parts.push(result.structuredContent.text);
      cursor = result.structuredContent.metadata.nextCursor;
    } while (cursor);
    assert.ok(parts.length > 1, 'the glossary is long enough to come in parts');
    assert.equal(parts.join(''), readFileSync(path.join(build, 'docs', 'api', 'objects-glossary.md'), 'utf8'));
  });

  test('the secret of a signature check is not in its answer', async () => {
    const result = await client.callTool({
      name: 'verify_webhook_signature',
      arguments: {payload: vectors.body, signatureHeader: signed.header, secret: vectors.secret, now: vectors.now + 3600},
    });
    assert.deepEqual(result.structuredContent, {valid: false, reason: 'timestamp_out_of_tolerance'});
    assert.ok(!JSON.stringify(result).includes(vectors.secret));
  });

  test('every page is a resource, listed in pages and read as Markdown', async () => {
    const resources = [];
    let cursor;
    let answers = 0;
    do {
      const page = await client.listResources(cursor ? {cursor} : {});
      resources.push(...page.resources);
      cursor = page.nextCursor;
      answers += 1;
    } while (cursor);
    assert.ok(answers > 1, 'the list comes in more than one answer');
    assert.ok(resources.length > 200, `${resources.length} resources`);
    assert.equal(new Set(resources.map((resource) => resource.uri)).size, resources.length, 'no page listed twice');
    const wrong = await client.listResources({cursor: 'x'}).catch((error) => error);
    assert.equal(wrong.code, -32602);
    const intro = resources.find((resource) => resource.uri.endsWith('/docs/api/intro'));
    const read = await client.readResource({uri: intro.uri});
    assert.match(read.contents[0].text, /^---\ntitle: /);
  });

  test('each release of the merchant API answers as its reference shows it, with its changes', async () => {
    const [first, second] = RELEASES;
    const listed = await client.callTool({name: 'list_operations', arguments: {release: first, query: 'token'}});
    // The token endpoint's page came with the second release: the first has none.
    assert.equal(listed.structuredContent.operations.some((operation) => operation.key === 'POST /oauth2/token'), false);
    const token = await client.callTool({name: 'get_operation', arguments: {operationId: 'getToken', release: second}});
    assert.equal(token.structuredContent.release, second);
    assert.match(token.structuredContent.url, new RegExp(`/docs/api/releases/${second}/`));
    const current = await client.callTool({name: 'get_operation', arguments: {operationId: 'getToken'}});
    assert.ok(['current', second].includes(current.structuredContent.changedIn), current.structuredContent.changedIn);

    const changes = await client.callTool({name: 'api_changes', arguments: {from: first, to: second}});
    const added = changes.structuredContent.changes.find((change) => change.operation === 'POST /oauth2/token');
    assert.equal(added?.change, 'operation added');
    assert.equal(added.release, second);
    assert.equal(changes.structuredContent.breaking, changes.structuredContent.changes.filter((change) => change.breaking).length);
    assert.match(changes.content[0].text, /\*\*Breaking\*\*/);

    /** @type {[tool: string, args: Record<string, unknown>, message: RegExp][]} */
    const refusals = [
      ['api_changes', {from: '2020-01-01'}, /"2020-01-01" is not a release of the merchant API\. Its releases: /],
      ['api_changes', {from: second, to: first}, /does not come after/],
      ['list_operations', {release: 'next'}, /"next" is not a release/],
      ['get_operation', {operationId: 'getToken', api: 'sample', release: second}, /Only the merchant API has releases/],
      ['search', {query: 'token', release: 'next'}, /"next" is not a release/],
    ];
    for (const [tool, args, message] of refusals) {
      const result = await client.callTool({name: tool, arguments: args});
      assert.equal(result.isError, true, `${tool} ${JSON.stringify(args)}`);
      assert.match(result.content[0].text, message);
    }
    const inRelease = await client.callTool({name: 'search', arguments: {query: 'token', release: second}});
    assert.ok(inRelease.structuredContent.results.length > 0);
    for (const hit of inRelease.structuredContent.results) assert.match(hit.url, new RegExp(`/docs/api/releases/${second}/`));
  });

  test('an assistant’s questions find the page that answers them in the first three results', async () => {
    const missed = [];
    for (const {question, expect} of questions.questions) {
      const result = await client.callTool({name: 'search', arguments: {query: question, limit: 3}});
      const routes = result.structuredContent.results.map((hit) => new URL(hit.url).pathname.replace(/(.)\/$/, '$1'));
      if (!routes.some((route) => expect.includes(route))) missed.push(`${question}: ${routes.join(', ')}`);
    }
    const found = questions.questions.length - missed.length;
    assert.ok(found >= questions.minimumFound, `${found} of ${questions.questions.length} found:\n${missed.join('\n')}`);
  });
});

describe('the MCP server over Streamable HTTP', () => {
  let server;
  let url;
  before(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}/mcp`;
    server = spawn(SERVER[0], [...SERVER.slice(1), '--http', '--port', String(port)], {stdio: ['ignore', 'ignore', 'pipe']});
    let log = '';
    server.stderr.on('data', (chunk) => {
      log += chunk;
    });
    const deadline = Date.now() + 60_000;
    while (!log.includes('serving')) {
      if (server.exitCode !== null || Date.now() > deadline) throw new Error(`the HTTP server did not start: ${log}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  after(() => server?.kill());

  test('the Inspector lists every tool and calls each', () => checkEveryTool([url, '--transport', 'http']));

  const post = (body, headers = {}) =>
    fetch(url, {
      method: 'POST',
      headers: {'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers},
      body,
    });

  test('malformed JSON is a parse error (-32700)', async () => {
    const response = await post('{"jsonrpc": "2.0", "method": ');
    assert.equal(response.status, 400);
    assert.equal((await response.json()).error.code, -32700);
  });

  test('a body over the limit is refused with 413', async () => {
    const response = await post(JSON.stringify({jsonrpc: '2.0', id: 1, method: 'ping', params: {pad: 'x'.repeat(1_200_000)}}));
    assert.equal(response.status, 413);
  });

  test('an Origin other than the portal’s or a local one is refused with 403', async () => {
    const ping = JSON.stringify({jsonrpc: '2.0', id: 1, method: 'ping'});
    assert.equal((await post(ping, {origin: 'https://attacker.example'})).status, 403);
    assert.notEqual((await post(ping, {origin: 'http://localhost:3000'})).status, 403);
  });

  test('it is stateless: a GET is refused, any POST answered without a session', async () => {
    assert.equal((await fetch(url)).status, 405);
    const response = await post(JSON.stringify({jsonrpc: '2.0', id: 7, method: 'tools/list'}));
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('mcp-session-id'), null);
  });
});

describe('the MCP server over HTTP in several processes (--workers)', () => {
  /**
   * Starts the server with `args` and resolves with its process once `ready` is in its log.
   *
   * @param {string[]} args
   * @param {(log: string) => boolean} ready
   * @returns {Promise<import('node:child_process').ChildProcess & {log: string}>}
   */
  function start(args, ready) {
    const child = Object.assign(spawn(SERVER[0], [...SERVER.slice(1, -1), ...args], {stdio: ['ignore', 'ignore', 'pipe']}), {
      log: '',
    });
    child.stderr.on('data', (chunk) => (child.log += chunk));
    return new Promise((resolve, reject) => {
      const deadline = Date.now() + 60_000;
      const wait = () => {
        if (ready(child.log)) resolve(child);
        else if (child.exitCode !== null || Date.now() > deadline) reject(new Error(`the server did not start: ${child.log}`));
        else setTimeout(wait, 100);
      };
      wait();
    });
  }

  test('two processes answer on one port, each any request', async () => {
    const port = await freePort();
    const child = await start([build, '--http', '--port', String(port), '--workers', '2'], (log) => (log.match(/serving/g) ?? []).length === 2);
    try {
      for (let id = 1; id <= 4; id += 1) {
        const response = await fetch(`http://127.0.0.1:${port}/mcp`, {
          method: 'POST',
          headers: {'content-type': 'application/json', accept: 'application/json, text/event-stream'},
          body: JSON.stringify({jsonrpc: '2.0', id, method: 'tools/list'}),
        });
        assert.equal(response.status, 200);
        assert.equal((await response.json()).result.tools.length, TOOLS.length);
      }
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    assert.equal(child.exitCode, 0, child.log);
  });

  test('a folder that is not a build stops them all, saying why', async () => {
    const child = spawn(SERVER[0], [...SERVER.slice(1, -1), root, '--http', '--port', String(await freePort()), '--workers', '2'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let log = '';
    child.stderr.on('data', (chunk) => (log += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    assert.equal(code, 1);
    assert.match(log, /is not a built portal \(it has no llms\.txt\)/);
    assert.match(log, /stopped while starting/);
  });
});
