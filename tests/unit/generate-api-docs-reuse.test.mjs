// @ts-check
// When `npm run gen-api` reuses its last run (scripts/generate-api-docs/reuse.ts): only when
// nothing it reads has changed and its output is exactly as that run left it. Judged on a small
// folder of its own; tests/unit/generate-api-docs.test.mjs runs the generator itself.
import assert from 'node:assert/strict';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, beforeEach, describe, test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {fingerprintInputs, recordRun, reusableRun} = jiti('./scripts/generate-api-docs/reuse.ts');

const DIRS = ['pages'];
const owned = (file) => file.endsWith('.api.mdx');

describe('reusing the last run of the generator', () => {
  let site;
  const write = (file, text) => {
    mkdirSync(path.dirname(path.join(site, file)), {recursive: true});
    writeFileSync(path.join(site, file), text);
  };

  beforeEach(() => {
    if (site) rmSync(site, {recursive: true, force: true});
    site = mkdtempSync(path.join(tmpdir(), 'gerai-reuse-test-'));
    write('openapi/outlets.yaml', 'openapi: 3.1.0\n');
    write('pages/get-outlet.api.mdx', 'a generated page\n');
    write('pages/intro.mdx', 'a page written by hand\n');
    recordRun(site, fingerprintInputs(site), owned, DIRS);
  });

  after(() => rmSync(site, {recursive: true, force: true}));

  test('reused when nothing has changed', () => {
    assert.equal(reusableRun(site, fingerprintInputs(site), owned, DIRS), true);
  });

  test('reused when only a page written by hand has changed', () => {
    write('pages/intro.mdx', 'edited by a writer\n');
    assert.equal(reusableRun(site, fingerprintInputs(site), owned, DIRS), true);
  });

  test('not reused when a description has changed', () => {
    write('openapi/outlets.yaml', 'openapi: 3.1.1\n');
    assert.equal(reusableRun(site, fingerprintInputs(site), owned, DIRS), false);
  });

  test('not reused when a generated page was deleted, edited or added by hand', () => {
    rmSync(path.join(site, 'pages/get-outlet.api.mdx'));
    assert.equal(reusableRun(site, fingerprintInputs(site), owned, DIRS), false);
    write('pages/get-outlet.api.mdx', 'edited by hand\n');
    assert.equal(reusableRun(site, fingerprintInputs(site), owned, DIRS), false);
    write('pages/get-outlet.api.mdx', 'a generated page\n');
    write('pages/stray.api.mdx', 'added by hand\n');
    assert.equal(reusableRun(site, fingerprintInputs(site), owned, DIRS), false);
  });

  test('not reused when an environment variable of the build has changed', () => {
    const before = process.env.SITE_URL;
    process.env.SITE_URL = 'https://docs.example.org';
    try {
      assert.equal(reusableRun(site, fingerprintInputs(site), owned, DIRS), false);
    } finally {
      if (before === undefined) delete process.env.SITE_URL;
      else process.env.SITE_URL = before;
    }
  });

  test('a record of a run that changed a few files keeps the others, and a file changed by hand is still seen', () => {
    write('pages/list-outlets.api.mdx', 'another generated page\n');
    recordRun(site, fingerprintInputs(site), owned, DIRS);
    // An update writes one page and removes another.
    write('openapi/outlets.yaml', 'openapi: 3.1.1\n');
    write('pages/get-outlet.api.mdx', 'the page updated\n');
    rmSync(path.join(site, 'pages/list-outlets.api.mdx'));
    const changed = {
      written: ['pages/get-outlet.api.mdx', 'pages/intro.mdx'],
      removed: ['pages/list-outlets.api.mdx'],
    };
    recordRun(site, fingerprintInputs(site), owned, DIRS, undefined, changed);
    assert.equal(reusableRun(site, fingerprintInputs(site), owned, DIRS), true);
    // A page changed outside the update, before it: its old hash was kept, and it does not match.
    write('pages/stray.api.mdx', 'generated earlier\n');
    recordRun(site, fingerprintInputs(site), owned, DIRS);
    write('pages/stray.api.mdx', 'edited by hand\n');
    write('pages/get-outlet.api.mdx', 'the page updated again\n');
    recordRun(site, fingerprintInputs(site), owned, DIRS, undefined, {
      written: ['pages/get-outlet.api.mdx'],
      removed: [],
    });
    assert.equal(reusableRun(site, fingerprintInputs(site), owned, DIRS), false);
    // Without a record to start from, every file is read.
    rmSync(path.join(site, '.docusaurus'), {recursive: true});
    recordRun(site, fingerprintInputs(site), owned, DIRS, undefined, {written: [], removed: []});
    assert.equal(reusableRun(site, fingerprintInputs(site), owned, DIRS), true);
  });

  test('not reused without a record, or with a record that cannot be read', () => {
    rmSync(path.join(site, '.docusaurus'), {recursive: true});
    assert.equal(reusableRun(site, fingerprintInputs(site), owned, DIRS), false);
    write('.docusaurus/api-reference-run.json', '{not json');
    assert.equal(reusableRun(site, fingerprintInputs(site), owned, DIRS), false);
  });
});

describe('what the fingerprint reads', () => {
  const {INPUTS} = jiti('./scripts/generate-api-docs/reuse.ts');
  const covered = (file) => INPUTS.some((input) => file === input || file.startsWith(`${input}/`));

  /** The repository's files that `entry` imports, directly or through others (relative imports). */
  function localImports(entry) {
    const seen = new Set();
    const visit = (file) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(path.join(root, file), 'utf8');
      for (const [, spec] of text.matchAll(/(?:from|import|require\()\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
        const base = path.join(path.dirname(file), spec);
        const found = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts']
          .map((ext) => base + ext)
          .find(
            (candidate) =>
              existsSync(path.join(root, candidate)) && statSync(path.join(root, candidate)).isFile(),
          );
        if (found) visit(path.normalize(found));
      }
    };
    visit(entry);
    return [...seen];
  }

  test('covers every module gen-api and the page writer it runs load, so that a change of one generates again', () => {
    const modules = [
      ...localImports('scripts/generate-api-docs/index.ts'),
      ...localImports('src/api-reference/page/markdown.ts'),
    ];
    assert.ok(modules.length > 20, `only ${modules.length} modules found`);
    assert.deepEqual(
      modules.filter((file) => !covered(file) && !file.endsWith('.json')),
      [],
      'modules outside the inputs of scripts/generate-api-docs/reuse.ts',
    );
  });
});
