// Run with: node --test samples/
import {test, describe, beforeEach, afterEach} from 'node:test';
import assert from 'node:assert/strict';
import {createServer} from 'node:http';
import {once} from 'node:events';
import {TokenClient, TokenError, createTokenClient, SANDBOX_AUTH_BASE} from './client-credentials.mjs';

const CLIENT_ID = 'sandbox-client-7c41';
const CLIENT_SECRET = 's3cr3t:with/odd+chars';
const SCOPE = 'partner:outlet:read food:order:read';

/** A fake OAuth server that checks what a client credentials request must carry. */
async function startTokenServer() {
  const state = {requests: [], mode: 'ok', issued: 0};
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      state.requests.push({method: req.method, url: req.url, headers: req.headers, body});
      const send = (status, json) => {
        res.writeHead(status, {'Content-Type': 'application/json'});
        res.end(JSON.stringify(json));
      };

      const expectedBasic = Buffer.from(
        `${encodeURIComponent(CLIENT_ID)}:${encodeURIComponent(CLIENT_SECRET)}`,
      ).toString('base64');
      const form = new URLSearchParams(body);
      if (req.method !== 'POST' || req.url !== '/oauth2/token') return send(404, {error: 'not_found'});
      if (req.headers['content-type'] !== 'application/x-www-form-urlencoded') {
        return send(415, {error: 'invalid_request'});
      }
      if (state.mode === 'unauthorized' || req.headers.authorization !== `Basic ${expectedBasic}`) {
        return send(401, {error: 'invalid_client', error_description: 'Client authentication failed.'});
      }
      if (form.get('grant_type') !== 'client_credentials' || !form.get('scope')) {
        return send(400, {error: 'invalid_request'});
      }
      state.issued += 1;
      return send(200, {
        access_token: `token-${state.issued}`,
        token_type: 'Bearer',
        expires_in: 3600,
        scope: form.get('scope'),
      });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {server, state, base: `http://127.0.0.1:${server.address().port}`};
}

describe('TokenClient', () => {
  let fake;
  let clock;

  beforeEach(async () => {
    fake = await startTokenServer();
    clock = {ms: Date.parse('2026-03-02T04:00:00Z')};
  });

  afterEach(() => {
    fake.server.close();
  });

  const makeClient = (extra = {}) =>
    new TokenClient({
      env: {GERAI_CLIENT_ID: CLIENT_ID, GERAI_CLIENT_SECRET: CLIENT_SECRET, GERAI_AUTH_BASE: fake.base},
      scope: SCOPE,
      now: () => clock.ms,
      ...extra,
    });

  test('sends Basic client authentication and a form body', async () => {
    const client = makeClient();
    assert.equal(await client.getAccessToken(), 'token-1');
    const [request] = fake.state.requests;
    assert.equal(request.method, 'POST');
    assert.equal(request.url, '/oauth2/token');
    assert.deepEqual(Object.fromEntries(new URLSearchParams(request.body)), {
      grant_type: 'client_credentials',
      scope: SCOPE,
    });
  });

  test('two calls make one request', async () => {
    const client = makeClient();
    assert.equal(await client.getAccessToken(), 'token-1');
    assert.equal(await client.getAccessToken(), 'token-1');
    assert.equal(fake.state.requests.length, 1);
  });

  test('concurrent calls share one request', async () => {
    const client = makeClient();
    const tokens = await Promise.all([
      client.getAccessToken(),
      client.getAccessToken(),
      client.getAccessToken(),
    ]);
    assert.deepEqual(tokens, ['token-1', 'token-1', 'token-1']);
    assert.equal(fake.state.requests.length, 1);
  });

  test('renews 60 seconds before expiry', async () => {
    const client = makeClient();
    await client.getAccessToken();
    clock.ms += (3600 - 61) * 1000; // 61 s left: still cached
    assert.equal(await client.getAccessToken(), 'token-1');
    assert.equal(fake.state.requests.length, 1);
    clock.ms += 2 * 1000; // 59 s left: renew
    assert.equal(await client.getAccessToken(), 'token-2');
    assert.equal(fake.state.requests.length, 2);
    assert.equal(await client.authorizationHeader(), 'Bearer token-2');
  });

  test('clear() forces a new token', async () => {
    const client = makeClient();
    await client.getAccessToken();
    client.clear();
    assert.equal(await client.getAccessToken(), 'token-2');
  });

  test('a 401 gives a clear error', async () => {
    fake.state.mode = 'unauthorized';
    const client = makeClient();
    await assert.rejects(client.getAccessToken(), (error) => {
      assert.ok(error instanceof TokenError);
      assert.equal(error.status, 401);
      assert.equal(error.code, 'invalid_client');
      assert.match(error.message, /HTTP 401 invalid_client/);
      assert.match(error.message, /GERAI_CLIENT_ID and GERAI_CLIENT_SECRET/);
      return true;
    });
  });

  test('wrong credentials are refused by the server and reported', async () => {
    const client = makeClient({clientSecret: 'not-the-secret'});
    await assert.rejects(client.getAccessToken(), /HTTP 401/);
  });
});

describe('configuration', () => {
  test('missing GERAI_CLIENT_ID and GERAI_CLIENT_SECRET give a clear error', () => {
    assert.throws(
      () => createTokenClient({env: {}, scope: SCOPE}),
      /GERAI_CLIENT_ID and GERAI_CLIENT_SECRET are not set/,
    );
  });

  test('a missing GERAI_CLIENT_SECRET alone is named', () => {
    assert.throws(
      () => createTokenClient({env: {GERAI_CLIENT_ID: CLIENT_ID}, scope: SCOPE}),
      /^Error: GERAI_CLIENT_SECRET is not set/,
    );
  });

  test('a missing scope gives a clear error', () => {
    assert.throws(
      () => createTokenClient({env: {GERAI_CLIENT_ID: CLIENT_ID, GERAI_CLIENT_SECRET: CLIENT_SECRET}}),
      /No scope given/,
    );
  });

  test('the sandbox host is the default and GERAI_SCOPES is read', () => {
    const client = createTokenClient({
      env: {
        GERAI_CLIENT_ID: CLIENT_ID,
        GERAI_CLIENT_SECRET: CLIENT_SECRET,
        GERAI_SCOPES: 'payment:transaction:read',
      },
    });
    assert.equal(client.tokenUrl, `${SANDBOX_AUTH_BASE}/oauth2/token`);
    assert.equal(client.scope, 'payment:transaction:read');
  });
});
