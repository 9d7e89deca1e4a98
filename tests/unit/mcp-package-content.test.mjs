// @ts-check
// The content file of the MCP server's package (scripts/mcp-package/content.ts): it holds exactly
// the files the server reads, and a path in it that could be written outside the package's cache
// folder is refused, whatever the file says.
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {gunzipSync} from 'node:zlib';
import {describe, test} from 'node:test';

import createJiti from 'jiti';

const root = path.resolve(import.meta.dirname, '..', '..');
const jiti = createJiti(`${root}/`);
const {packContent, safeRelative} = jiti('./scripts/mcp-package/content.ts');

test('the content holds the pages’ Markdown, the search index and the descriptions’ JSON copies, nothing else', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'gerai-mcp-content-'));
  try {
    const files = {
      'llms.txt': '# Portal',
      'docs/api/intro.md': '---\ntitle: "Intro"\n---\n',
      'docs/api/intro/index.html': '<html></html>',
      'search-index-d0.json': '[]',
      'openapi/gerai-merchant-api.yaml': 'openapi: 3.1.0',
      'openapi/gerai-merchant-api.json': '{"openapi":"3.1.0"}',
      'openapi/releases/changes.json': '{}',
      'openapi/gerai-merchant-api.postman_collection.json': '{}',
      'assets/js/main.js': '',
      '.nginx/csp.conf': '',
      'downloads/gerai-portal-mcp.tgz': '',
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(folder, file)), {recursive: true});
      writeFileSync(path.join(folder, file), text);
    }
    const content = JSON.parse(gunzipSync(packContent(folder)).toString('utf8'));
    assert.match(content.id, /^[0-9a-f]{12}$/);
    assert.equal(
      JSON.parse(gunzipSync(packContent(folder)).toString('utf8')).id,
      content.id,
      'the same files, the same id',
    );
    assert.deepEqual(Object.keys(content.files), [
      'docs/api/intro.md',
      'llms.txt',
      'openapi/gerai-merchant-api.json',
      'openapi/releases/changes.json',
      'search-index-d0.json',
    ]);
    assert.equal(content.files['docs/api/intro.md'], files['docs/api/intro.md']);
  } finally {
    rmSync(folder, {recursive: true, force: true});
  }
});

test('a path that leaves the folder, or names a file the server does not read, is refused', () => {
  for (const bad of [
    '../x.md',
    'docs/../../x.md',
    '/etc/x.md',
    'a//b.md',
    './a.md',
    'a\\b.md',
    'a\0.md',
    'x.html',
    // The server reads a description's JSON copy, not its YAML.
    'openapi/releases/2026-11-23.yaml',
    '.bashrc',
    '',
  ]) {
    assert.equal(safeRelative(bad), false, JSON.stringify(bad));
  }
  for (const good of [
    'llms.txt',
    'docs/api/intro.md',
    'search-index-d12.json',
    'openapi/releases/2026-11-23.json',
  ]) {
    assert.equal(safeRelative(good), true, good);
  }
});

describe('the JSON copies of the descriptions', () => {
  const {writeJsonCopies} = jiti('./scripts/mcp-package/json-copies.ts');

  test('each YAML description of the downloads gets its JSON copy beside it, the same description', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'gerai-json-copies-'));
    try {
      mkdirSync(path.join(folder, 'openapi', 'releases'), {recursive: true});
      writeFileSync(
        path.join(folder, 'openapi', 'petstore.yaml'),
        'openapi: 3.1.0\ninfo:\n  title: Pets\n  version: "1.0"\n',
      );
      writeFileSync(
        path.join(folder, 'openapi', 'releases', '2026-11-23.yaml'),
        'openapi: 3.1.0\npaths: {}\n',
      );
      writeFileSync(path.join(folder, 'llms.yaml'), 'not: a description\n');
      assert.deepEqual(writeJsonCopies(folder).sort(), [
        'openapi/petstore.json',
        'openapi/releases/2026-11-23.json',
      ]);
      assert.deepEqual(JSON.parse(readFileSync(path.join(folder, 'openapi', 'petstore.json'), 'utf8')), {
        openapi: '3.1.0',
        info: {title: 'Pets', version: '1.0'},
      });
    } finally {
      rmSync(folder, {recursive: true, force: true});
    }
  });

  test('a description that is not YAML stops the step, naming the file', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'gerai-json-copies-'));
    try {
      mkdirSync(path.join(folder, 'openapi'), {recursive: true});
      writeFileSync(path.join(folder, 'openapi', 'broken.yaml'), 'openapi: [3.1.0\n');
      assert.throws(() => writeJsonCopies(folder), /^Error: openapi\/broken\.yaml is not YAML: /);
    } finally {
      rmSync(folder, {recursive: true, force: true});
    }
  });
});
