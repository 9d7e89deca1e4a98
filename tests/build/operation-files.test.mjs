// @ts-check
// The request panel's operation is a file of its own, not part of the page's script
// (src/plugins/operation-files). Run after `npm run build`; PORTAL_BUILD_DIR checks another build.
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

import {root} from '../support/openapi.mjs';

const build = path.resolve(root, process.env.PORTAL_BUILD_DIR ?? 'build');
const scriptsDir = path.join(build, 'assets', 'js');
const scripts = readdirSync(scriptsDir)
  .filter((name) => name.endsWith('.js'))
  .map((name) => ({name, code: readFileSync(path.join(scriptsDir, name), 'utf8')}));

/** The script that holds the page whose source is `source`, as its metadata names it. */
function pageScript(source) {
  const found = scripts.find(({code}) => code.includes(`"source":"@site/${source}"`));
  if (!found) throw new Error(`no script of ${scriptsDir} holds the page ${source}`);
  return found;
}

test("no page's script carries its operation, neither in its front matter nor in its metadata", () => {
  // The OpenAPI plugin writes each operation, compressed, into its page's front matter (`api`): the
  // loader takes it out of the page's module, and the doc's metadata, which the module imports,
  // keeps none of it (src/plugins/route-data/json-loader.cjs).
  const pages = ['docs/api', 'api-releases', 'api'].flatMap((folder) =>
    readdirSync(path.join(root, folder), {recursive: true, encoding: 'utf8'})
      .filter((file) => file.endsWith('.api.mdx'))
      .map((file) => path.join(folder, file)),
  );
  const operations = new Map();
  for (const page of pages) {
    const api = /^api: (\S+)$/m.exec(readFileSync(path.join(root, page), 'utf8'))?.[1];
    if (api) operations.set(api, page);
  }
  assert.ok(operations.size > 50, `${operations.size} reference pages with an operation`);
  const carried = scripts.flatMap(({name, code}) =>
    [...code.matchAll(/eJ[\w+/=-]{40,}/g)]
      .filter(([blob]) => operations.has(blob))
      .map(([blob]) => `${name}: ${operations.get(blob)}`),
  );
  assert.deepEqual(carried, [], 'scripts that carry the operation of a page');
});

test("an operation's page names its operation's file, which holds the operation", () => {
  const {name, code} = pageScript('docs/api/food-integration/reject-order.api.mdx');
  const named = /api_operation:\s*"(assets\/operations\/[0-9a-f]{20}\.json)"/.exec(code);
  assert.ok(named, `${name} names the operation's file`);
  const file = path.join(build, named[1]);
  assert.ok(existsSync(file), `${named[1]} is in the build`);
  const operation = JSON.parse(readFileSync(file, 'utf8'));
  assert.equal(operation.method, 'put');
  assert.match(operation.path, /\/orders\/{order_type}\/{order_id}\/cancelled$/);
});

test("a webhook event's page, which has no request panel, names no operation", () => {
  const source = readdirSync(path.join(root, 'docs', 'api', 'webhooks', 'events')).find((file) =>
    file.endsWith('.api.mdx'),
  );
  assert.ok(source, 'the reference has webhook events');
  const {name, code} = pageScript(`docs/api/webhooks/events/${source}`);
  assert.doesNotMatch(code, /api_operation:/, `${name} names no operation`);
});

test('every file of operations is an operation', () => {
  const folder = path.join(build, 'assets', 'operations');
  const files = readdirSync(folder);
  assert.ok(files.length > 10, `${files.length} operations`);
  for (const file of files) {
    const operation = JSON.parse(readFileSync(path.join(folder, file), 'utf8'));
    assert.equal(typeof operation.method, 'string', `${file} has a method`);
    assert.equal(typeof operation.path, 'string', `${file} has a path`);
  }
});
