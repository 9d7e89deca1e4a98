// @ts-check
// The production host in front of the MCP server: nginx with deploy/nginx/ as it is (TLS, the
// snippets, this build), on free loopback ports, proxying /mcp to the MCP server started as
// deploy/systemd/gerai-portal-mcp.service starts it. An assistant's request goes through, a body
// over the server's limit and a burst from one address are refused by nginx, and the server's
// package downloads as a gzipped tar. Run after `npm run build`; needs nginx and openssl.
import assert from 'node:assert/strict';
import {spawn, spawnSync} from 'node:child_process';
import {once} from 'node:events';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import {request as httpsRequest} from 'node:https';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import {gzipSync} from 'node:zlib';

import createJiti from 'jiti';

import {freePort} from '../support/free-port.mjs';
import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {brotliModule, mainConfiguration, nginxBinary} = jiti('./tests/support/nginx.ts');
const {MAX_BODY_BYTES} = jiti('./scripts/mcp/http.ts');
const {MCP_PACKAGE_PATH, MCP_PATH, MCP_SERVER_INFO} = jiti('./src/config/mcp.ts');

const buildDir = path.resolve(root, process.env.PORTAL_BUILD_DIR ?? 'build');
const snippetsDir = path.join(root, 'deploy', 'nginx', 'snippets');
const unit = readFileSync(path.join(root, 'deploy', 'systemd', 'gerai-portal-mcp.service'), 'utf8');
const mcpSnippet = readFileSync(path.join(snippetsDir, 'mcp.conf'), 'utf8');
const HOST = 'developer.gerai.example';
const PRODUCTION_ROOT = '/srv/gerai-portal/current';

/** Waits until `ready()` is true, failing with `why()` after 60 s or once `exited()`. */
async function waitFor(ready, exited, why) {
  const deadline = Date.now() + 60_000;
  while (!(await ready())) {
    if (exited() || Date.now() > deadline) throw new Error(why());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A folder nginx serves in place of the build: the build's files through links, and the MCP
 * server's package, a small gzipped file of that name when the build has none.
 */
function siteFolder(prefix) {
  const site = path.join(prefix, 'site');
  mkdirSync(site);
  const packageFile = MCP_PACKAGE_PATH.slice(1);
  const packageFolder = path.dirname(packageFile);
  for (const name of readdirSync(buildDir)) {
    if (name !== packageFolder || existsSync(path.join(buildDir, packageFile))) {
      symlinkSync(path.join(buildDir, name), path.join(site, name));
    }
  }
  if (!existsSync(path.join(buildDir, packageFile))) {
    mkdirSync(path.join(site, packageFolder));
    const builtFolder = path.join(buildDir, packageFolder);
    for (const name of existsSync(builtFolder) ? readdirSync(builtFolder) : []) {
      symlinkSync(path.join(builtFolder, name), path.join(site, packageFolder, name));
    }
    writeFileSync(path.join(site, packageFile), gzipSync(Buffer.from('a stand-in for the package\n')));
  }
  return site;
}

/**
 * deploy/nginx/ in a private prefix: gerai-portal.conf listening on loopback ports, serving
 * `site`, with a new self-signed certificate; the snippets as they are but the address of the MCP
 * server. Returns the path of nginx.conf.
 */
function renderProduction(prefix, site, {httpPort, httpsPort, mcpPort}) {
  const snippets = path.join(prefix, 'snippets', 'gerai');
  mkdirSync(snippets, {recursive: true});
  for (const name of readdirSync(snippetsDir)) {
    copyFileSync(path.join(snippetsDir, name), path.join(snippets, name));
  }
  const proxied = mcpSnippet.replace(/^(\s*proxy_pass http:\/\/127\.0\.0\.1:)\d+;$/m, `$1${mcpPort};`);
  assert.notEqual(proxied, mcpSnippet, 'mcp.conf proxies to 127.0.0.1');
  writeFileSync(path.join(snippets, 'mcp.conf'), proxied);
  const certificate = path.join(prefix, 'certificate.pem');
  const key = path.join(prefix, 'key.pem');
  const openssl = spawnSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${HOST}`,
    '-keyout', key, '-out', certificate,
  ]);
  assert.equal(openssl.status, 0, `openssl failed (install it): ${openssl.stderr}`);
  let conf = readFileSync(path.join(root, 'deploy', 'nginx', 'gerai-portal.conf'), 'utf8')
    .replaceAll(PRODUCTION_ROOT, site)
    .replaceAll(`/etc/letsencrypt/live/${HOST}/fullchain.pem`, certificate)
    .replaceAll(`/etc/letsencrypt/live/${HOST}/privkey.pem`, key)
    .replace(/^\s*listen \[::\]:\d+[^;]*;\n/gm, '')
    .replace(/^(\s*listen) 80;/m, `$1 127.0.0.1:${httpPort};`)
    .replace(/^(\s*listen) 443 /m, `$1 127.0.0.1:${httpsPort} `);
  const brotli = brotliModule();
  if (!brotli) conf = conf.replace(/^\s*include snippets\/gerai\/brotli\.conf;$/m, '');
  writeFileSync(path.join(prefix, 'gerai-portal.conf'), conf);
  const mimeTypes = ['/etc/nginx/mime.types', '/usr/local/etc/nginx/mime.types'].find(existsSync);
  assert.ok(mimeTypes, "nginx's mime.types not found");
  copyFileSync(mimeTypes, path.join(prefix, 'mime.types'));
  mkdirSync(path.join(prefix, 'temp'), {recursive: true});
  const nginxConf = path.join(prefix, 'nginx.conf');
  writeFileSync(nginxConf, mainConfiguration(prefix, ['    include gerai-portal.conf;']).join('\n'));
  return nginxConf;
}

describe('deploy/nginx/ and deploy/systemd/ agree with the MCP server', () => {
  test('nginx proxies /mcp to the port the unit starts the server on', () => {
    const proxied = /^\s*proxy_pass http:\/\/127\.0\.0\.1:(\d+);$/m.exec(mcpSnippet)?.[1];
    const execStart = /^ExecStart=(.*)$/m.exec(unit)?.[1] ?? '';
    assert.match(execStart, /^\/usr\/bin\/node (--[\w-]+=\S+ )*node_modules\/jiti\/bin\/jiti\.js scripts\/mcp\/index\.ts /);
    assert.match(execStart, new RegExp(` ${PRODUCTION_ROOT} --http `));
    assert.equal(/--port (\d+)/.exec(execStart)?.[1], proxied);
    assert.match(mcpSnippet, new RegExp(`^location = ${MCP_PATH} \\{$`, 'm'));
  });

  test("nginx's body limit is the server's MAX_BODY_BYTES", () => {
    assert.equal(Number(/^\s*client_max_body_size (\d+);$/m.exec(mcpSnippet)?.[1]), MAX_BODY_BYTES);
    assert.ok(mcpSnippet.includes(`"message":"A request body may be at most ${MAX_BODY_BYTES} bytes."`));
  });
});

describe('the production host in front of the MCP server', () => {
  const prefix = mkdtempSync(path.join(tmpdir(), 'gerai-mcp-hosting-'));
  let mcp;
  let nginx;
  let httpsPort;
  let nginxLog = '';
  let mcpLog = '';

  /** The statuses of the requests the MCP server has answered, from its log (a line each). */
  const answeredByServer = async () => {
    // A line is written once its answer has gone: give the pipe a moment.
    await new Promise((resolve) => setTimeout(resolve, 200));
    return [...mcpLog.matchAll(/^\[mcp(?: \d+)?\] POST \/mcp (\d+) /gm)].map((match) => Number(match[1]));
  };

  /**
   * A request to the host over TLS, as a client of developer.gerai.example.
   *
   * @param {string} pathname
   * @param {{method?: string, headers?: Record<string, string>, body?: string}} [options]
   * @returns {Promise<{status: number, headers: import('node:http').IncomingHttpHeaders, body: Buffer}>}
   */
  const send = (pathname, {method = 'GET', headers = {}, body} = {}) =>
    new Promise((resolve, reject) => {
      const request = httpsRequest(
        {
          host: '127.0.0.1',
          port: httpsPort,
          servername: HOST,
          rejectUnauthorized: false,
          agent: false,
          method,
          path: pathname,
          headers: {host: HOST, ...(body === undefined ? {} : {'content-length': Buffer.byteLength(body)}), ...headers},
        },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () =>
            resolve({status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks)}),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });

  /** A JSON-RPC POST to /mcp, as an MCP client sends it. */
  const post = (message) =>
    send(MCP_PATH, {
      method: 'POST',
      headers: {'content-type': 'application/json', accept: 'application/json, text/event-stream'},
      body: typeof message === 'string' ? message : JSON.stringify(message),
    });

  before(async () => {
    assert.equal(spawnSync(nginxBinary(), ['-v']).status, 0, `${nginxBinary()} -v fails: install nginx or set NGINX_PATH`);
    const [mcpPort, httpPort] = [await freePort(), await freePort()];
    httpsPort = await freePort();

    // The unit's command (its Node.js flags and workers included), with the test's build and port.
    const [, ...unitArgs] = (/^ExecStart=(.*)$/m.exec(unit)?.[1] ?? '').split(' ');
    const workers = Number(unitArgs[unitArgs.indexOf('--workers') + 1] ?? 1) || 1;
    mcp = spawn(
      process.execPath,
      unitArgs.map((arg, index) =>
        arg === PRODUCTION_ROOT ? buildDir : unitArgs[index - 1] === '--port' ? String(mcpPort) : arg,
      ),
      {cwd: root, stdio: ['ignore', 'ignore', 'pipe']},
    );
    mcp.stderr.on('data', (chunk) => {
      mcpLog += chunk;
    });
    await waitFor(
      () => (mcpLog.match(/serving/g) ?? []).length === workers,
      () => mcp.exitCode !== null,
      () => `the MCP server did not start: ${mcpLog}`,
    );

    const conf = renderProduction(prefix, siteFolder(prefix), {httpPort, httpsPort, mcpPort});
    const args = ['-p', prefix, '-c', conf, '-e', 'stderr'];
    const check = spawnSync(nginxBinary(), [...args, '-t', '-q'], {encoding: 'utf8'});
    assert.equal(check.status, 0, `nginx -t: ${check.stderr}`);
    nginx = spawn(nginxBinary(), [...args, '-g', 'daemon off;'], {stdio: ['ignore', 'ignore', 'pipe']});
    nginx.stderr.on('data', (chunk) => {
      nginxLog += chunk;
    });
    await waitFor(
      () => send('/robots.txt').then(() => true, () => false),
      () => nginx.exitCode !== null,
      () => `nginx did not start: ${nginxLog}`,
    );
  });

  after(async () => {
    for (const child of [nginx, mcp]) {
      if (child && child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
    }
    rmSync(prefix, {recursive: true, force: true});
  });

  test("an assistant's initialize through nginx answers 200 with the server's name", async () => {
    const response = await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'portal-tests', version: '1.0.0'}},
    });
    assert.equal(response.status, 200, String(response.body));
    assert.match(response.headers['content-type'], /^application\/json/);
    const {result} = JSON.parse(String(response.body));
    assert.equal(result.serverInfo.name, MCP_SERVER_INFO.name);
    assert.equal(result.serverInfo.version, MCP_SERVER_INFO.version);
    // The host's headers are on the server's answers too.
    assert.equal(response.headers['strict-transport-security'], 'max-age=63072000; includeSubDomains');
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
  });

  test('a body of MAX_BODY_BYTES reaches the server; one byte more is refused by nginx with 413', async () => {
    const ping = (length) => {
      const bare = JSON.stringify({jsonrpc: '2.0', id: 2, method: 'ping', params: {pad: ''}});
      return bare.replace('"pad":""', `"pad":"${'x'.repeat(length - bare.length)}"`);
    };
    const largest = await post(ping(MAX_BODY_BYTES));
    assert.equal(largest.status, 200, String(largest.body).slice(0, 300));
    const before = (await answeredByServer()).length;
    const over = await post(ping(MAX_BODY_BYTES + 1));
    assert.equal(over.status, 413);
    assert.equal((await answeredByServer()).length, before, 'the server never saw it');
    assert.match(over.headers['content-type'], /^application\/json/);
    assert.match(JSON.parse(String(over.body)).error.message, new RegExp(`at most ${MAX_BODY_BYTES} bytes`));
  });

  test(`${MCP_PACKAGE_PATH} downloads as application/gzip, revalidated, not compressed again`, async () => {
    const response = await send(MCP_PACKAGE_PATH, {headers: {'accept-encoding': 'gzip, br'}});
    assert.equal(response.status, 200);
    assert.equal(response.headers['content-type'], 'application/gzip');
    assert.equal(response.headers['cache-control'], 'no-cache');
    assert.ok(response.headers.etag, 'an ETag to revalidate with');
    assert.equal(response.headers['content-encoding'], undefined);
    assert.deepEqual([...response.body.subarray(0, 2)], [0x1f, 0x8b], 'the body is gzip');
  });

  test('a burst from one address is answered up to the limit, then refused with 429', async () => {
    const ping = {jsonrpc: '2.0', id: 3, method: 'ping'};
    const before = (await answeredByServer()).length;
    const started = performance.now();
    const responses = await Promise.all(Array.from({length: 40}, () => post(ping)));
    const elapsed = performance.now() - started;
    const statuses = responses.map((response) => response.status);
    assert.deepEqual([...new Set(statuses)].sort(), [200, 429], statuses.join(' '));
    // A request and a burst of 20 at once, then one more every 100 ms (10 a second); the requests
    // of the tests above may still hold a few places of the burst.
    const answered = statuses.filter((status) => status === 200).length;
    const most = 21 + Math.ceil(elapsed / 100);
    assert.ok(answered >= 15 && answered <= most, `${answered} of 40 answered in ${elapsed.toFixed(0)} ms`);
    assert.deepEqual((await answeredByServer()).slice(before), Array(answered).fill(200), 'no refused one reached the server');
    const refused = responses.find((response) => response.status === 429);
    assert.match(refused.headers['content-type'], /^application\/json/);
    assert.match(JSON.parse(String(refused.body)).error.message, /^Too many requests/);
  });

  test('with the server stopped, /mcp answers 503 in JSON-RPC form', async () => {
    mcp.kill('SIGTERM');
    await once(mcp, 'exit');
    // The burst above has filled the bucket: it empties at 10 requests a second.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const response = await post({jsonrpc: '2.0', id: 4, method: 'ping'});
    assert.equal(response.status, 503);
    assert.match(JSON.parse(String(response.body)).error.message, /not answering/);
  });
});
