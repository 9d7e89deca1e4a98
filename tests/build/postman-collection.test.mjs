// @ts-check
// The Postman collection that `npm run gen-api` writes beside the OpenAPI downloads, read as
// the build serves it, with the joined description it is made from. Run after `npm run build`.
import assert from 'node:assert/strict';
import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createServer} from 'node:http';
import {once} from 'node:events';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';

import createJiti from 'jiti';
import newman from 'newman';
import {parse} from 'yaml';

import {portOf} from '../support/free-port.mjs';
import {loadFacts, root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {writePostmanCollection, BROWSER_ONLY_FOLDER, TOKEN_VARIABLES} = jiti(
  './scripts/generate-api-docs/postman-collection.ts',
);
const {HOSTS, PRODUCT_NAME, TOKEN_RENEW_BEFORE_SECONDS} = jiti('./src/constants.ts');
const {GERAI_FULL_DOWNLOAD, GERAI_FULL_TITLE, GERAI_POSTMAN_DOWNLOAD} = jiti('./src/config/openapi.ts');

const downloads = path.join(path.resolve(root, process.env.PORTAL_BUILD_DIR ?? 'build'), 'openapi');

/** How many requests of each folder the Newman runs below send. */
const SAMPLE_PER_FOLDER = 3;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** Every request item of a collection, folders flattened. */
function items(list) {
  return list.flatMap((item) => (item.item ? items(item.item) : [item]));
}

/** Every request of a collection, folders flattened. */
const requests = (list) => items(list).map((item) => item.request);

const key = (request) => `${request.method} /${request.url.path.join('/')}`;

/** A value written where a real one belongs: a JSON type's name or an angle-bracketed placeholder. */
const PLACEHOLDER = /^(string|integer|number|boolean|object|array|null)$|<[A-Za-z][\w .-]*>/;

/** Every value a request sends (URL, query, path variables, headers, body), as [where, value] pairs. */
function sentValues(request, where) {
  const values = [
    ...(request.url.host ?? []).map((value) => [`${where} host`, value]),
    ...(request.url.path ?? []).map((value) => [`${where} path`, value]),
    ...(request.url.query ?? []).map(({key: name, value}) => [`${where} query ${name}`, value]),
    ...(request.url.variable ?? []).map(({key: name, value}) => [`${where} path variable ${name}`, value]),
    ...(request.header ?? []).map(({key: name, value}) => [`${where} header ${name}`, value]),
  ];
  const body = request.body;
  if (body?.mode === 'raw' && body.raw) {
    const walk = (value, at) => {
      if (Array.isArray(value)) value.forEach((entry, index) => walk(entry, `${at}[${index}]`));
      else if (value && typeof value === 'object')
        Object.entries(value).forEach(([name, entry]) => walk(entry, `${at}.${name}`));
      else values.push([`${where} body ${at}`, value]);
    };
    walk(JSON.parse(body.raw), '$');
  }
  for (const mode of ['urlencoded', 'formdata']) {
    for (const {key: name, value} of body?.[mode] ?? []) values.push([`${where} ${mode} ${name}`, value]);
  }
  return values;
}

/** Runs the collection in Newman; returns the run's summary. */
function runNewman(collection, options) {
  return new Promise((resolve, reject) => {
    newman.run({collection, reporters: [], ...options}, (error, summary) =>
      error ? reject(error) : resolve(summary),
    );
  });
}

/**
 * An HTTP server that plays the authorization server and the API for Newman: it records every
 * request, answers the token endpoint with a new token each time (`token-1`, `token-2`, ...) that
 * lives `lifetime` seconds, and any other request with 200. `reset` starts a new record.
 */
async function startRecordingServer() {
  let issued = 0;
  const server = {
    reset(lifetime = 3600) {
      server.received = [];
      server.lifetime = lifetime;
      issued = 0;
    },
  };
  server.reset();
  server.http = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      server.received.push({
        method: request.method,
        path: request.url.split('?')[0],
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body,
      });
      response.setHeader('Content-Type', 'application/json');
      if (request.method === 'POST' && request.url === '/oauth2/token') {
        issued += 1;
        const scope = new URLSearchParams(body).get('scope');
        response.end(
          JSON.stringify({
            access_token: `token-${issued}`,
            token_type: 'Bearer',
            expires_in: server.lifetime,
            scope,
          }),
        );
      } else {
        response.end('{"success":true,"data":{}}');
      }
    });
  });
  await new Promise((resolve) => server.http.listen(0, '127.0.0.1', resolve));
  server.url = `http://127.0.0.1:${portOf(server.http)}`;
  return server;
}

describe('the Postman collection of the joined merchant API', () => {
  let folder;
  let description;
  let collection;

  before(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'gerai-postman-'));
    description = parse(readFileSync(path.join(downloads, GERAI_FULL_DOWNLOAD), 'utf8'));
    collection = JSON.parse(readFileSync(path.join(downloads, GERAI_POSTMAN_DOWNLOAD), 'utf8'));
  });
  after(() => rmSync(folder, {recursive: true, force: true}));

  test('is a v2.1 collection', () => {
    assert.equal(
      collection.info.schema,
      'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    );
  });

  test('it and the joined description are titled as the whole merchant API, from the product name', () => {
    assert.equal(GERAI_FULL_TITLE, `${PRODUCT_NAME} Merchant API`);
    assert.equal(description.info.title, GERAI_FULL_TITLE);
    assert.equal(collection.info.name, GERAI_FULL_TITLE);
    assert.match(description.info.description, /whole .* merchant API/);
    assert.ok(collection.info.description.startsWith(description.info.description.trim()));
  });

  test('its description says how to use it in Postman and in Newman', () => {
    const text = collection.info.description;
    assert.match(text, /## In Postman/);
    assert.match(text, /## In Newman/);
    for (const variable of ['clientId', 'clientSecret', 'scope']) {
      assert.match(text, new RegExp(`--env-var "?${variable}=`), variable);
    }
  });

  test('has one request for each operation of the description, and no other', () => {
    const operations = Object.entries(description.paths).flatMap(([template, item]) =>
      METHODS.filter((method) => item[method]).map((method) => `${method.toUpperCase()} ${template}`),
    );
    // The joined description holds every operation of the sources in openapi/, and only those.
    assert.deepEqual(
      [...operations].sort(),
      loadFacts()
        .operations.map(({method, template}) => `${method} ${template}`)
        .sort(),
    );
    const made = requests(collection.item).map((request) =>
      key(request).replace(/\/:([A-Za-z_][A-Za-z0-9_]*)/g, '/{$1}'),
    );
    assert.ok(operations.length > 40, `${operations.length} operations`);
    assert.deepEqual([...made].sort(), [...operations].sort());
  });

  test('has no empty folder', () => {
    const empty = (list) =>
      list.flatMap((item) => (item.item ? (item.item.length ? empty(item.item) : [item.name]) : []));
    assert.deepEqual(empty(collection.item), []);
  });

  /** Whether a request is one of the authorization server's (`/oauth2/...`), which has hosts of its own. */
  const toAuthorizationServer = (request) => request.url.path[0] === 'oauth2';

  test('every API request goes to {{baseUrl}}, the sandbox API of src/constants.ts', () => {
    const variable = (name) => collection.variable.find((entry) => entry.key === name)?.value;
    assert.equal(variable('baseUrl'), HOSTS.api.sandbox);
    assert.equal(variable('authBaseUrl'), HOSTS.auth.sandbox);
    const all = items(collection.item);
    assert.ok(all.filter((item) => toAuthorizationServer(item.request)).length >= 2);
    for (const item of all) {
      const host = toAuthorizationServer(item.request) ? '{{authBaseUrl}}' : '{{baseUrl}}';
      assert.deepEqual(item.request.url.host, [host], key(item.request));
      for (const response of item.response ?? []) {
        assert.deepEqual(response.originalRequest.url.host, [host], `${key(item.request)}: ${response.name}`);
      }
    }
  });

  test('every value a request or a saved example sends is a real value, never a type name or <placeholder>', () => {
    const found = [];
    for (const item of items(collection.item)) {
      const sent = [
        ...sentValues(item.request, key(item.request)),
        ...(item.response ?? []).flatMap((response) =>
          sentValues(response.originalRequest, `${key(item.request)} example "${response.name}"`),
        ),
      ];
      found.push(...sent.filter(([, value]) => typeof value === 'string' && PLACEHOLDER.test(value)));
      for (const response of item.response ?? []) {
        if (/^(string|integer|number|boolean)$/.test(response.body ?? '')) {
          found.push([`${key(item.request)} example "${response.name}" body`, response.body]);
        }
      }
    }
    assert.deepEqual(found, []);
  });

  test("the token request sends the description's client credentials example, form-encoded", () => {
    const token = requests(collection.item).find((request) => key(request) === 'POST /oauth2/token');
    assert.equal(token.body.mode, 'urlencoded');
    const form = Object.fromEntries(token.body.urlencoded.map(({key: name, value}) => [name, value]));
    const example =
      description.paths['/oauth2/token'].post.requestBody.content['application/x-www-form-urlencoded']
        .examples.clientCredentials.value;
    assert.deepEqual(form, example);
  });

  test("requests inherit the bearer token the collection's pre-request script keeps in its variables", () => {
    assert.deepEqual(collection.auth, {
      type: 'bearer',
      bearer: [{key: 'token', value: `{{${TOKEN_VARIABLES.token}}}`, type: 'string'}],
    });
    const declared = collection.variable.map((variable) => variable.key);
    for (const name of ['clientId', 'clientSecret', 'scope', ...Object.values(TOKEN_VARIABLES)]) {
      assert.ok(declared.includes(name), name);
    }
    const scripts = collection.event.filter((event) => event.listen === 'prerequest');
    assert.equal(scripts.length, 1);
    const source = scripts[0].script.exec.join('\n');
    assert.doesNotThrow(() => new Function('pm', source), 'the script parses');
    // API requests that need a token inherit it instead of carrying their own.
    const api = requests(collection.item).filter((request) => !toAuthorizationServer(request));
    assert.ok(api.every((request) => request.auth === undefined || request.auth.type === 'noauth'));
  });

  test('the token endpoint takes the client id and secret as HTTP Basic; the authorization endpoint none', () => {
    const byPath = Object.fromEntries(
      requests(collection.item)
        .filter(toAuthorizationServer)
        .map((request) => [key(request), request.auth]),
    );
    const basic = Object.fromEntries(
      byPath['POST /oauth2/token'].basic.map(({key: name, value}) => [name, value]),
    );
    assert.equal(byPath['POST /oauth2/token'].type, 'basic');
    assert.deepEqual(basic, {username: '{{clientId}}', password: '{{clientSecret}}'});
    assert.deepEqual(byPath['GET /oauth2/auth'], {type: 'noauth'});
  });

  test('the authorization request, which only a browser can make, has a folder of its own that runs skip', () => {
    const browserOnly = collection.item.filter((item) => item.name === BROWSER_ONLY_FOLDER);
    assert.equal(browserOnly.length, 1);
    const [folderItem] = browserOnly;
    assert.deepEqual(
      folderItem.item.map((item) => key(item.request)),
      ['GET /oauth2/auth'],
    );
    assert.match(folderItem.description, /browser/);
    assert.match(folderItem.item[0].request.description, /Only a browser can make this request/);
    const skip = folderItem.event.find((event) => event.listen === 'prerequest').script.exec.join('\n');
    assert.match(skip, /^pm\.execution\.skipRequest\(\);$/m);
  });

  describe('run in Newman with only the five variables a partner sets', () => {
    let server;
    // What the collection's scripts do is the same for every request: Newman runs a sample of
    // it (a few requests of each folder, every request to the authorization server), so the
    // test costs the same however far the API grows. tests/build/postman-newman.test.mjs runs
    // every request against the mock server of the description.
    let sample;
    let sampleFile;
    before(async () => {
      server = await startRecordingServer();
      const cut = (list) =>
        list
          .map((item) => (item.item ? {...item, item: cut(item.item)} : item))
          .filter(
            (item, index) => item.item || index < SAMPLE_PER_FOLDER || toAuthorizationServer(item.request),
          );
      sample = {...collection, item: cut(collection.item)};
      sampleFile = path.join(folder, 'sample.json');
      writeFileSync(sampleFile, JSON.stringify(sample));
    });
    after(() => server.http.close());

    const variables = (overrides = {}) =>
      Object.entries({
        baseUrl: server.url,
        authBaseUrl: server.url,
        clientId: 'partner-ci',
        clientSecret: 's3cret:with colon',
        scope: 'partner:outlet:read food:order:read',
        ...overrides,
      }).map(([name, value]) => ({key: name, value}));

    const tokenRequests = () => server.received.filter((request) => request.path === '/oauth2/token');
    const basicCredentials = `Basic ${Buffer.from('partner-ci:s3cret:with colon').toString('base64')}`;

    test('fetches one token for the whole run, sends it with every API request, and skips the browser request', async () => {
      server.reset();
      const summary = await runNewman(sampleFile, {envVar: variables()});
      assert.deepEqual(summary.run.failures, []);

      const [fetched, ...others] = tokenRequests();
      // The script's request, then the collection's own "Get an access token", which fetches nothing first.
      assert.equal(others.length, 1);
      assert.equal(fetched.authorization, basicCredentials);
      assert.equal(fetched.contentType, 'application/x-www-form-urlencoded');
      assert.deepEqual(Object.fromEntries(new URLSearchParams(fetched.body)), {
        grant_type: 'client_credentials',
        scope: 'partner:outlet:read food:order:read',
      });
      assert.equal(others[0].authorization, basicCredentials);
      assert.equal(
        server.received.indexOf(others[0]),
        server.received.length - 1,
        'the token request runs last',
      );

      const api = server.received.filter((request) => !request.path.startsWith('/oauth2/'));
      assert.equal(
        api.length,
        requests(sample.item).filter((request) => !toAuthorizationServer(request)).length,
      );
      assert.ok(api.every((request) => request.authorization === 'Bearer token-1'));
      assert.equal(server.received.filter((request) => request.path === '/oauth2/auth').length, 0);
    });

    test(`fetches a new token once the one it holds expires within ${TOKEN_RENEW_BEFORE_SECONDS} seconds`, async () => {
      server.reset(TOKEN_RENEW_BEFORE_SECONDS);
      const outlets = sample.item[0];
      await runNewman(sampleFile, {envVar: variables(), folder: outlets.name});
      const api = server.received.filter((request) => !request.path.startsWith('/oauth2/'));
      assert.equal(api.length, outlets.item.length);
      assert.equal(tokenRequests().length, outlets.item.length);
      assert.deepEqual(
        api.map((request) => request.authorization),
        outlets.item.map((_, index) => `Bearer token-${index + 1}`),
      );
    });

    test('fetches a new token when the scopes change, and reuses it while they stay', async () => {
      server.reset();
      const scopes = ['partner:outlet:read', 'food:order:read', 'food:order:read'];
      await runNewman(sampleFile, {
        envVar: variables(),
        folder: sample.item[0].name,
        iterationData: scopes.map((scope) => ({scope})),
      });
      assert.deepEqual(
        tokenRequests().map((request) => new URLSearchParams(request.body).get('scope')),
        ['partner:outlet:read', 'food:order:read'],
      );
    });

    test('says which variable is missing, and what the token endpoint answered when it refuses', async () => {
      const missing = await runNewman(sampleFile, {
        envVar: variables({clientSecret: '', scope: ''}),
        folder: sample.item[0].name,
      });
      assert.match(
        missing.run.failures[0].error.message,
        /^Set the collection variables clientSecret and scope: the collection gets its access token/,
      );

      const refused = createServer((_request, response) => {
        response.statusCode = 400;
        response.setHeader('Content-Type', 'application/json');
        response.end('{"error":"invalid_scope","error_description":"The scope pos:x is unknown."}');
      });
      await once(refused.listen(0, '127.0.0.1'), 'listening');
      try {
        const authBaseUrl = `http://127.0.0.1:${portOf(refused)}`;
        const summary = await runNewman(sampleFile, {
          envVar: variables({authBaseUrl}),
          folder: sample.item[0].name,
        });
        assert.equal(
          summary.run.failures[0].error.message,
          `The token endpoint ${authBaseUrl}/oauth2/token answered 400 Bad Request: invalid_scope (The scope pos:x is unknown.). Check clientId, clientSecret and scope.`,
        );
      } finally {
        refused.close();
      }
    });
  });

  test('a description the converter cannot read is refused with a message, and nothing is written', async () => {
    const broken = path.join(folder, 'broken.yaml');
    const output = path.join(folder, 'broken.json');
    writeFileSync(broken, 'openapi: 3.1.0\npaths: [not, a, map\n');
    await assert.rejects(
      writePostmanCollection(broken, output),
      (error) => error instanceof Error && error.message.length > 0,
    );
    assert.equal(existsSync(output), false);
  });
});
