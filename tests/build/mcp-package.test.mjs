// @ts-check
// The MCP server as a partner installs it: the build's package, run by `npx -y <portal>/downloads/
// gerai-portal-mcp.tgz` with nothing else installed, fetches the portal's content from the portal
// (here the build served on a local port), answers the MCP Inspector's CLI, keeps serving what it
// fetched when the portal cannot be reached, and says why when it has nothing to serve.
import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync} from 'node:fs';
import {createServer} from 'node:http';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {gunzipSync} from 'node:zlib';
import {after, before, describe, test} from 'node:test';

import {portOf} from '../support/free-port.mjs';
import {root} from '../support/openapi.mjs';
import {build} from '../support/request-samples.mjs';

const PACKAGE = '/downloads/gerai-portal-mcp.tgz';
const CONTENT = '/downloads/gerai-portal-mcp-content.json.gz';

/**
 * Runs a program and resolves with its exit code and output. Not spawnSync: the portal it installs
 * from is served by this process, which must keep answering meanwhile.
 *
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions & {input?: string}} [options]
 * @returns {Promise<{status: number | null, stdout: string, stderr: string}>}
 */
function run(command, args, {input = '', ...options} = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {...options, stdio: ['pipe', 'pipe', 'pipe']});
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill(), 120_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({status, stdout, stderr});
    });
    child.stdin.end(input);
  });
}

describe('the MCP server’s package, installed from the portal', () => {
  const home = mkdtempSync(path.join(tmpdir(), 'gerai-mcp-package-'));
  let server;
  let site;
  const requests = [];
  before(async () => {
    // The build's files, as a static host serves them, with an ETag the package revalidates.
    server = createServer((request, response) => {
      const {pathname} = new URL(request.url, 'http://localhost');
      requests.push(`${request.method} ${pathname} ${request.headers['if-none-match'] ?? ''}`.trim());
      const file = path.join(build, pathname);
      if (!file.startsWith(build) || !existsSync(file) || !statSync(file).isFile()) {
        response.writeHead(404).end('Not found');
        return;
      }
      const etag = `"${statSync(file).mtimeMs}-${statSync(file).size}"`;
      if (request.headers['if-none-match'] === etag) {
        response.writeHead(304).end();
        return;
      }
      response.writeHead(200, {etag, 'content-type': 'application/gzip'});
      createReadStream(file).pipe(response);
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    site = `http://127.0.0.1:${portOf(server)}`;
  });
  after(() => {
    server?.close();
    rmSync(home, {recursive: true, force: true});
  });

  /** Runs the Inspector's CLI on `npx -y <site>/downloads/...tgz`, with an npm cache of its own. */
  const env = (extra = {}) => ({
    ...process.env,
    XDG_CACHE_HOME: path.join(home, 'cache'),
    npm_config_cache: path.join(home, 'npm'),
    ...extra,
  });
  async function inspector(args, portal = site) {
    const result = await run(
      path.join(root, 'node_modules', '.bin', 'mcp-inspector-cli'),
      ['--cli', '-e', `GERAI_PORTAL_URL=${portal}`, 'npx', '-y', `${site}${PACKAGE}`, ...args],
      {cwd: path.join(root, 'scripts'), env: env()},
    );
    return {...result, answer: result.status === 0 ? JSON.parse(result.stdout) : undefined};
  }

  test('the build publishes the package and the content it serves', () => {
    const content = JSON.parse(gunzipSync(readFileSync(path.join(build, CONTENT))).toString('utf8'));
    assert.ok(content.files['llms.txt'], 'llms.txt');
    assert.ok(content.files['docs/api/intro.md'], 'the pages’ Markdown');
    assert.ok(Object.keys(content.files).some((file) => /^search-index.*\.json$/.test(file)), 'the search index');
    assert.ok(content.files['openapi/releases/changes.json'], 'the releases’ changes');
    assert.ok(!Object.keys(content.files).some((file) => file.endsWith('.html')), 'no HTML');
  });

  test('npx runs it from the portal’s address: every tool listed, a question answered', async () => {
    const listed = await inspector(['--method', 'tools/list']);
    assert.equal(listed.status, 0, listed.stderr + listed.stdout);
    assert.deepEqual(listed.answer.tools.map((tool) => tool.name).sort(), [
      'api_changes',
      'fetch',
      'get_operation',
      'list_operations',
      'search',
      'verify_webhook_signature',
    ]);
    const searched = await inspector(['--method', 'tools/call', '--tool-name', 'search', '--tool-arg', 'query="accept an order"']);
    assert.equal(searched.status, 0, searched.stderr + searched.stdout);
    assert.ok(searched.answer.structuredContent.results.length > 0);
    assert.ok(requests.includes(`GET ${CONTENT}`), requests.join('\n'));
  });

  test('a second start revalidates the content instead of downloading it again', async () => {
    requests.length = 0;
    const result = await inspector(['--method', 'tools/call', '--tool-name', 'api_changes']);
    assert.equal(result.status, 0, result.stderr + result.stdout);
    assert.ok(requests.some((line) => line.startsWith(`GET ${CONTENT} "`)), requests.join('\n'));
  });

  test('without the portal it serves what it fetched before, and with nothing fetched says why', async () => {
    const initialize = `${JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'portal-tests', version: '1'}},
    })}\n`;
    const offline = await run('npx', ['-y', `${site}${PACKAGE}`, '--offline'], {input: initialize, env: env({GERAI_PORTAL_URL: site})});
    assert.match(offline.stdout, /"name":"gerai-developer-portal"/, offline.stderr);

    const unreachable = 'http://127.0.0.1:9';
    const never = await run('npx', ['-y', `${site}${PACKAGE}`, '--site', unreachable], {env: env()});
    assert.equal(never.status, 1, never.stderr);
    assert.match(
      never.stderr,
      /http:\/\/127\.0\.0\.1:9\/downloads\/gerai-portal-mcp-content\.json\.gz could not be reached \(.+\), and no content was fetched before\./,
    );
    const wrong = await run('npx', ['-y', `${site}${PACKAGE}`, '--site', 'ftp://portal'], {env: env()});
    assert.equal(wrong.status, 2);
    assert.match(wrong.stderr, /"ftp:\/\/portal" is not the address of a portal/);
  });
});
