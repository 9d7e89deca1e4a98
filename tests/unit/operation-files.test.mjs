// @ts-check
// The request panel's operation, taken out of a generated operation's page into a file of its own
// (src/plugins/operation-files/loader.cjs).
import assert from 'node:assert/strict';
import {createRequire} from 'node:module';
import {deflateSync} from 'node:zlib';
import {describe, test} from 'node:test';

const require = createRequire(import.meta.url);
const {moveOperation, OPERATION_FILE_KEY} = require('../../src/plugins/operation-files/loader.cjs');

const operation = {
  method: 'post',
  path: '/food/orders/{order_id}/reject',
  parameters: [{in: 'path', name: 'order_id'}],
};
/** The operation as the OpenAPI generator stores it: deflated JSON, base64-encoded. */
const encoded = deflateSync(JSON.stringify(operation)).toString('base64');

/** A generated page, as gen-api writes it. */
const page = (sidebarClass, api = encoded) =>
  [
    '---',
    'id: reject-order',
    'title: "Reject an order"',
    `api: ${api}`,
    `sidebar_class_name: "${sidebarClass}"`,
    'custom_edit_url: null',
    '---',
    '',
    'import ApiEndpoint from "@site/src/components/ApiEndpoint";',
    '',
    '# Reject an order',
    '',
    "api: not front matter, the page's text",
    '',
  ].join('\n');

describe('moveOperation', () => {
  test("an operation's page names the file of its operation, which holds the operation as JSON", () => {
    const source = page('post api-method');
    const {page: moved, file} = moveOperation(source, 'docs/api/reject-order.api.mdx');
    assert.ok(file);
    assert.match(file.name, /^assets\/operations\/[0-9a-f]{20}\.json$/);
    assert.deepEqual(JSON.parse(file.content.toString('utf8')), operation);
    const lines = moved.split('\n');
    assert.equal(lines[3], `${OPERATION_FILE_KEY}: ${file.name}`);
    assert.equal(lines.length, source.split('\n').length, 'every other line on its number');
    assert.deepEqual(
      lines.filter((_, index) => index !== 3),
      source.split('\n').filter((_, index) => index !== 3),
    );
    assert.doesNotMatch(moved, new RegExp(encoded.slice(0, 40).replace(/[+/]/g, '\\$&')));
  });

  test('the same operation gets the same file, another operation another', () => {
    const one = moveOperation(page('post api-method'), 'a.api.mdx').file;
    const again = moveOperation(page('post api-method'), 'b.api.mdx').file;
    const other = moveOperation(
      page('post api-method', deflateSync(JSON.stringify({...operation, method: 'put'})).toString('base64')),
      'c.api.mdx',
    ).file;
    assert.equal(one?.name, again?.name);
    assert.notEqual(one?.name, other?.name);
  });

  test("a webhook event's page, which has no request panel, loses the operation and gets no file", () => {
    const source = page('event api-method');
    const {page: moved, file} = moveOperation(source, 'docs/api/webhooks/events/order-created.api.mdx');
    assert.equal(file, undefined);
    assert.equal(moved.split('\n')[3], '');
    const frontMatter = moved.split('\n---\n')[0];
    assert.doesNotMatch(frontMatter, /^api: /m);
    assert.doesNotMatch(frontMatter, new RegExp(`^${OPERATION_FILE_KEY}:`, 'm'));
  });

  test('a page without the operation in its front matter is left as it was', () => {
    const guide = "---\ntitle: Webhooks\n---\n\napi: a line of the page's text\n";
    assert.deepEqual(moveOperation(guide, 'docs/docs/webhooks.mdx'), {page: guide});
    const noFrontMatter = '# Title\n\napi: text\n';
    assert.deepEqual(moveOperation(noFrontMatter, 'x.api.mdx'), {page: noFrontMatter});
  });

  test('an operation the generator did not write stops the build with the page and what to run', () => {
    assert.throws(
      () => moveOperation(page('get api-method', 'bm90LWRlZmxhdGVk'), 'docs/api/broken.api.mdx'),
      /^Error: docs\/api\/broken\.api\.mdx: the front matter's "api" is not an operation .* `npm run gen-api -- --force`/,
    );
  });
});
