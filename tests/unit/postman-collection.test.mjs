// The Postman collection that `npm run gen-api` writes beside the OpenAPI downloads.
import assert from 'node:assert/strict';
import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';

import createJiti from 'jiti';
import {parse} from 'yaml';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {writeOpenApiDownloads} = jiti('./scripts/openapi-downloads.ts');
const {writePostmanCollection} = jiti('./scripts/postman-collection.ts');
const {HOSTS} = jiti('./src/constants.ts');

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** Every request of a collection, folders flattened. */
function requests(items) {
  return items.flatMap((item) => (item.item ? requests(item.item) : [item.request]));
}

describe('the Postman collection of the joined merchant API', () => {
  let folder;
  let description;
  let collection;

  before(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'gerai-postman-'));
    const joined = writeOpenApiDownloads(folder);
    description = parse(readFileSync(joined, 'utf8'));
    await writePostmanCollection(joined, path.join(folder, 'collection.json'));
    collection = JSON.parse(readFileSync(path.join(folder, 'collection.json'), 'utf8'));
  });
  after(() => rmSync(folder, {recursive: true, force: true}));

  test('is a v2.1 collection', () => {
    assert.equal(
      collection.info.schema,
      'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    );
  });

  test('has one request for each operation of the description, and no other', () => {
    const operations = Object.entries(description.paths).flatMap(([template, item]) =>
      METHODS.filter((method) => item[method]).map((method) => `${method.toUpperCase()} ${template}`),
    );
    const made = requests(collection.item).map((request) =>
      `${request.method} /${request.url.path.join('/')}`.replace(/\/:([A-Za-z_][A-Za-z0-9_]*)/g, '/{$1}'),
    );
    assert.ok(operations.length > 40, `${operations.length} operations`);
    assert.deepEqual([...made].sort(), [...operations].sort());
  });

  /** Whether a request is one of the authorization server's (`/oauth2/...`), which has hosts of its own. */
  const toAuthorizationServer = (request) => request.url.path[0] === 'oauth2';

  test('every API request goes to {{baseUrl}}, the sandbox API of src/constants.ts', () => {
    const variable = (key) => collection.variable.find((entry) => entry.key === key)?.value;
    assert.equal(variable('baseUrl'), HOSTS.api.sandbox);
    assert.equal(variable('authBaseUrl'), HOSTS.auth.sandbox);
    const all = requests(collection.item);
    assert.ok(all.filter(toAuthorizationServer).length >= 2);
    for (const request of all) {
      const host = toAuthorizationServer(request) ? '{{authBaseUrl}}' : '{{baseUrl}}';
      assert.deepEqual(request.url.host, [host], `${request.method} /${request.url.path.join('/')}`);
    }
  });

  test('the collection authorizes with OAuth 2.0 client credentials at the sandbox token endpoint', () => {
    assert.equal(collection.auth.type, 'oauth2');
    const settings = Object.fromEntries(collection.auth.oauth2.map(({key, value}) => [key, value]));
    assert.equal(settings.grant_type, 'client_credentials');
    assert.equal(settings.accessTokenUrl, `${HOSTS.auth.sandbox}/oauth2/token`);
    assert.equal(settings.clientId, '{{clientId}}');
    assert.equal(settings.client_authentication, 'header');
    // API requests that need a token inherit it instead of carrying their own.
    const api = requests(collection.item).filter((request) => !toAuthorizationServer(request));
    assert.ok(api.every((request) => request.auth === undefined || request.auth.type === 'noauth'));
  });

  test('the token endpoint takes the client id and secret as HTTP Basic; the authorization endpoint none', () => {
    const byPath = Object.fromEntries(
      requests(collection.item)
        .filter(toAuthorizationServer)
        .map((request) => [`${request.method} /${request.url.path.join('/')}`, request.auth]),
    );
    const basic = Object.fromEntries(byPath['POST /oauth2/token'].basic.map(({key, value}) => [key, value]));
    assert.equal(byPath['POST /oauth2/token'].type, 'basic');
    assert.deepEqual(basic, {username: '{{clientId}}', password: '{{clientSecret}}'});
    assert.deepEqual(byPath['GET /oauth2/auth'], {type: 'noauth'});
  });

  test('a description the converter cannot read is refused with a message, and nothing is written', async () => {
    const broken = path.join(folder, 'broken.yaml');
    const output = path.join(folder, 'broken.json');
    writeFileSync(broken, 'openapi: 3.1.0\npaths: [not, a, map\n');
    await assert.rejects(writePostmanCollection(broken, output), (error) => error.message.length > 0);
    assert.equal(existsSync(output), false);
  });
});
