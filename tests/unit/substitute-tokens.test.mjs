// @ts-check
import assert from 'node:assert/strict';
import {test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {substituteTokens} = jiti('./src/remark/substitute-tokens.ts');
const {HOSTS} = jiti('./src/constants.ts');

test('a host token becomes the host of src/constants.ts', () => {
  assert.equal(
    substituteTokens('curl @@API_SANDBOX@@/integrations/partner/v1/linked-outlets'),
    `curl ${HOSTS.api.sandbox}/integrations/partner/v1/linked-outlets`,
  );
  assert.equal(substituteTokens('@@AUTH_PRODUCTION@@/oauth2/token'), `${HOSTS.auth.production}/oauth2/token`);
});

test('text without tokens is left as it is, e-mail addresses and shell variables included', () => {
  const text = 'Write to a@b.example with $TOKEN and @ signs @ @@ alone.';
  assert.equal(substituteTokens(text), text);
});

test('an unknown token stops the build with the list of known tokens', () => {
  assert.throws(
    () => substituteTokens('@@API_STAGING@@/x', undefined, 'docs/x.mdx'),
    /Unknown token @@API_STAGING@@ in docs\/x\.mdx\. Known tokens: .*API_SANDBOX/,
  );
});
