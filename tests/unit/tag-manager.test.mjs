// @ts-check
import assert from 'node:assert/strict';
import {test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {tagManagerPlugin} = jiti('./src/config/tag-manager.ts');

test('without GTM_CONTAINER_ID the site loads no tag manager', () => {
  assert.deepEqual(tagManagerPlugin(undefined), []);
  assert.deepEqual(tagManagerPlugin(''), []);
  assert.deepEqual(tagManagerPlugin('   '), []);
});

test('a container id of the form GTM-XXXXXXX adds the tag-manager plugin', () => {
  assert.deepEqual(tagManagerPlugin('GTM-AB12CD3'), [
    ['@docusaurus/plugin-google-tag-manager', {containerId: 'GTM-AB12CD3'}],
  ]);
});

test('a malformed container id stops the build with a message that says what is expected', () => {
  for (const bad of ['gtm-ab12cd3', 'UA-12345-1', 'GTM-', 'GTM-AB12CD3"><script>', 'G-ABCDEF1234']) {
    assert.throws(
      () => tagManagerPlugin(bad),
      /GTM_CONTAINER_ID is ".*", which is not a Google Tag Manager container id\. Expected the form GTM-XXXXXXX/,
    );
  }
});
