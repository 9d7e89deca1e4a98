// @ts-check
// Generated files are put in place only where their bytes changed (scripts/generate-api-docs/install.ts):
// a page generated again with the same bytes keeps its modification time, so a running development
// server recompiles nothing for it.
import assert from 'node:assert/strict';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, beforeEach, describe, test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const {installChanged} = createJiti(root + '/')('./scripts/generate-api-docs/install.ts');

const isPage = (name) => name.endsWith('.api.mdx') || name === 'sidebar.ts';

describe('putting generated files in place', () => {
  let folder;
  const staging = () => path.join(folder, 'staging');
  const site = () => path.join(folder, 'site');
  const write = (base, file, text) => {
    mkdirSync(path.dirname(path.join(base, file)), {recursive: true});
    writeFileSync(path.join(base, file), text);
  };
  const modified = (file) => statSync(path.join(site(), file)).mtimeMs;

  beforeEach(() => {
    if (folder) rmSync(folder, {recursive: true, force: true});
    folder = mkdtempSync(path.join(tmpdir(), 'gerai-install-test-'));
    for (const [file, text] of [
      ['pages/kept.api.mdx', 'the same page\n'],
      ['pages/changed.api.mdx', 'the page before\n'],
      ['pages/removed.api.mdx', 'an operation since removed\n'],
      ['pages/sidebar.ts', 'export default [];\n'],
      ['pages/index.mdx', 'written by hand\n'],
    ]) {
      write(site(), file, text);
      // An hour ago, so that a file written now has another time.
      const then = new Date(Date.now() - 3_600_000);
      utimesSync(path.join(site(), file), then, then);
    }
    write(staging(), 'pages/kept.api.mdx', 'the same page\n');
    write(staging(), 'pages/changed.api.mdx', 'the page after\n');
    write(staging(), 'pages/new.api.mdx', 'a new operation\n');
    write(staging(), 'pages/sidebar.ts', 'export default [];\n');
  });

  after(() => rmSync(folder, {recursive: true, force: true}));

  test('writes the new and changed files, removes the gone ones, and leaves the rest untouched', () => {
    const before = {kept: modified('pages/kept.api.mdx'), sidebar: modified('pages/sidebar.ts')};
    const installed = installChanged(staging(), site(), [{dir: 'pages', owned: isPage}]);
    assert.deepEqual(installed.written.sort(), ['pages/changed.api.mdx', 'pages/new.api.mdx']);
    assert.deepEqual(installed.removed, ['pages/removed.api.mdx']);
    assert.equal(readFileSync(path.join(site(), 'pages/changed.api.mdx'), 'utf8'), 'the page after\n');
    assert.equal(existsSync(path.join(site(), 'pages/removed.api.mdx')), false);
    assert.equal(modified('pages/kept.api.mdx'), before.kept, 'a page with the same bytes keeps its time');
    assert.equal(modified('pages/sidebar.ts'), before.sidebar);
    assert.ok(existsSync(path.join(site(), 'pages/index.mdx')), 'a page written by hand stays');
  });

  test('writes a changed sidebar before the pages of its folder', () => {
    write(staging(), 'pages/sidebar.ts', 'export default ["new"];\n');
    const installed = installChanged(staging(), site(), [{dir: 'pages', owned: isPage}]);
    assert.equal(installed.written[0], 'pages/sidebar.ts');
  });
});
