// @ts-check
// Where the request panel's "Get token" asks for a client credentials token, for each
// server a reader can select.
import assert from 'node:assert/strict';
import {test} from 'node:test';

import createJiti from 'jiti';
import {parse} from 'yaml';
import {readFileSync} from 'node:fs';
import path from 'node:path';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {tokenEndpoint} = jiti('./src/components/ApiExplorerPanel/tokenEndpoint.ts');
const {HOSTS} = jiti('./src/constants.ts');

const common = parse(readFileSync(path.join(root, 'openapi', 'gerai', 'common.yaml'), 'utf8'));
const {tokenUrl} = common.components.securitySchemes.OAuth2.flows.clientCredentials;
const mock = {url: '{mockBaseUrl}', variables: {mockBaseUrl: {default: 'http://127.0.0.1:4010'}}};

test('the sandbox API server gets its token from the sandbox authorization server', () => {
  assert.equal(tokenUrl, `${HOSTS.auth.sandbox}/oauth2/token`);
  assert.deepEqual(tokenEndpoint({url: HOSTS.api.sandbox}, tokenUrl), {url: tokenUrl, mock: false});
});

test('a local mock server answers token requests itself, at the token path', () => {
  assert.deepEqual(tokenEndpoint(mock, tokenUrl), {url: 'http://127.0.0.1:4010/oauth2/token', mock: true});
  assert.deepEqual(
    tokenEndpoint({...mock, variables: {mockBaseUrl: {default: 'http://localhost:9000/'}}}, tokenUrl),
    {url: 'http://localhost:9000/oauth2/token', mock: true},
  );
});

test('production is refused, with the reason, and so is a mock address that is not a URL', () => {
  assert.match(
    tokenEndpoint({url: HOSTS.api.production}, tokenUrl).reason,
    /production client secret on your server/,
  );
  assert.match(
    tokenEndpoint({...mock, variables: {mockBaseUrl: {default: '127.0.0.1 4010'}}}, tokenUrl).reason,
    /is not a URL such as http:\/\/127\.0\.0\.1:4010/,
  );
  assert.match(tokenEndpoint(undefined, tokenUrl).reason, /Choose a server/);
});
