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

/** The operation as the OpenAPI generator stores it in a page's front matter: base64 of deflated JSON. */
const ENCODED_OPERATION = /\bapi:\s*"eJ[A-Za-z0-9+/=]{16,}"/;

test("no page's script carries an operation", () => {
  const carrying = scripts.filter(({code}) => ENCODED_OPERATION.test(code)).map(({name}) => name);
  assert.deepEqual(carrying, []);
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
