import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
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

test('the local search still reaches its worker through the module the build replaces', () => {
  // src/plugins/search-query swaps `searchByWorker` for its own when the plugin's box and page
  // import it; if an upgrade renamed or moved it, queries would reach the index uncleaned.
  const theme = path.join(root, 'node_modules/@easyops-cn/docusaurus-search-local/dist/client/client/theme');
  for (const component of ['SearchBar/SearchBar.jsx', 'SearchPage/SearchPage.jsx']) {
    const source = readFileSync(path.join(theme, component), 'utf8');
    assert.match(source, /import \{[^}]*\bsearchByWorker\b[^}]*\} from "\.\.\/searchByWorker";/, component);
  }
  assert.match(
    readFileSync(path.join(theme, 'searchByWorker.js'), 'utf8'),
    /export async function searchByWorker\(baseUrl, searchContext, input, limit\)/,
  );
});
