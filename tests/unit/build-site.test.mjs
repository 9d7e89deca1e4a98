// @ts-check
// `npm run build` (scripts/build-site/): build/ only ever holds a complete build with its
// host configuration; a failed build publishes nothing and leaves no folder behind.
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';
import {copyRepository} from '../support/repository-copy.mjs';

const jiti = createJiti(root + '/');
const {publish} = jiti('./scripts/build-site/publish.ts');

/** A folder holding a fake build: the given files, each with its name as content. */
function fakeBuild(dir, files) {
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    writeFileSync(path.join(dir, file), file);
  }
}

/** Every file under a folder, hidden ones included, with its content. */
function contents(dir) {
  return Object.fromEntries(
    readdirSync(dir, {recursive: true, withFileTypes: true})
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return [path.relative(dir, file), readFileSync(file, 'utf8')];
      })
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

describe('publishing a build', () => {
  let work;
  before(() => {
    work = mkdtempSync(path.join(tmpdir(), 'gerai-publish-test-'));
  });
  after(() => rmSync(work, {recursive: true, force: true}));

  test('the new build replaces the previous one whole, and nothing is left beside it', () => {
    fakeBuild(path.join(work, 'build'), ['index.html', 'old-page/index.html', '.nginx/csp.conf']);
    fakeBuild(path.join(work, 'build-incomplete'), ['index.html', 'new-page/index.html', '.nginx/csp.conf']);
    publish(path.join(work, 'build-incomplete'), path.join(work, 'build'));
    assert.deepEqual(contents(path.join(work, 'build')), {
      '.nginx/csp.conf': '.nginx/csp.conf',
      'index.html': 'index.html',
      'new-page/index.html': 'new-page/index.html',
    });
    assert.deepEqual(readdirSync(work), ['build']);
  });

  test('the first build is published where there was none', () => {
    rmSync(path.join(work, 'build'), {recursive: true, force: true});
    fakeBuild(path.join(work, 'build-incomplete'), ['index.html']);
    publish(path.join(work, 'build-incomplete'), path.join(work, 'build'));
    assert.deepEqual(contents(path.join(work, 'build')), {'index.html': 'index.html'});
    assert.deepEqual(readdirSync(work), ['build']);
  });
});

describe('a build that fails', () => {
  let copy;
  before(() => {
    copy = copyRepository('gerai-build-test-');
  });
  after(() => rmSync(copy, {recursive: true, force: true}));

  test('publishes nothing: build/ keeps the last complete build, and no other folder stays', () => {
    const last = path.join(copy, 'build');
    fakeBuild(last, ['index.html', 'sitemap.xml', '.nginx/csp.conf', '.nginx/routes.conf']);
    const before = contents(last);
    appendFileSync(
      path.join(copy, 'docusaurus.config.ts'),
      '\nthrow new Error("a configuration that cannot load");\n',
    );
    const result = spawnSync(
      path.join(copy, 'node_modules', '.bin', 'jiti'),
      ['scripts/build-site/index.ts'],
      {
        cwd: copy,
        encoding: 'utf8',
      },
    );
    assert.equal(result.status, 1);
    assert.match(result.stderr, /a configuration that cannot load/);
    const lines = result.stderr.trim().split('\n');
    assert.equal(
      lines[lines.length - 1],
      "✖ Bundling the site: the server's code (docusaurus build) failed (exit code 1). See the messages above. " +
        'Nothing was published: build/ still holds the last complete build.',
    );
    assert.deepEqual(contents(last), before);
    assert.equal(existsSync(path.join(copy, 'build-incomplete')), false);
    assert.equal(existsSync(path.join(copy, 'build-previous')), false);
  });
});
