import assert from 'node:assert/strict';
import {test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {indexQuery} = jiti('./src/plugins/search-query/query.ts');

test('the index is asked the typed words, without asterisks', () => {
  assert.equal(indexQuery('webhook*'), 'webhook');
  assert.equal(indexQuery('*'), '');
  assert.equal(indexQuery('order *'), 'order ');
  assert.equal(
    indexQuery('+order -state title:webhook order~2 order^10 *'),
    '+order -state title:webhook order~2 order^10 ',
  );
  assert.equal(indexQuery('o*r**der'), 'order');
});

test('everything else reaches the index as typed', () => {
  for (const typed of [
    'order state',
    '/integrations/food/outlets/{outlet_id}/v1/orders',
    'cancel_reason_code',
    '.+?^${}()|[]\\ (a+)+$ [^order',
    '🍜 nasi goreng 👩🏽‍🍳',
    '',
  ]) {
    assert.equal(indexQuery(typed), typed);
  }
});
