// @ts-check
// `npm run gen-api` (scripts/generate-api-docs/), run in a copy of the repository: a bad
// environment variable or a failing step stops it with a message naming the cause, and never
// loses a page or download generated before; a run that succeeds replaces them.
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {
  appendFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';

import {copyRepository, sampleDescriptions} from '../support/repository-copy.mjs';

/** The names the generator writes (as scripts/generate-api-docs/ has them). */
const GENERATED = /\.(api|info|tag|schema|fields)\.mdx$|^sidebar\.(ts|js)$/;

/** Every generated file of the copy (pages, sidebars, downloads) with a hash of its content. */
function generatedFiles(copy) {
  const files = {};
  const walk = (dir) => {
    for (const entry of readdirSync(path.join(copy, dir), {withFileTypes: true})) {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (GENERATED.test(entry.name) || relative.startsWith(path.join('static', 'openapi'))) {
        files[relative] = createHash('sha256')
          .update(readFileSync(path.join(copy, relative)))
          .digest('hex');
      }
    }
  };
  for (const dir of ['api', path.join('docs', 'api'), path.join('static', 'openapi')]) {
    if (existsSync(path.join(copy, dir))) walk(dir);
  }
  return files;
}

/** When each generated file of the copy was last written. */
function modificationTimes(copy) {
  return Object.fromEntries(
    Object.keys(generatedFiles(copy)).map((file) => [file, statSync(path.join(copy, file)).mtimeMs]),
  );
}

/** Runs the generator in the copy with extra environment variables; returns its exit code and output. */
function generate(copy, env = {}) {
  const clean = {...process.env};
  delete clean.SITE_URL;
  delete clean.GTM_CONTAINER_ID;
  const result = spawnSync(
    path.join(copy, 'node_modules', '.bin', 'jiti'),
    [path.join('scripts', 'generate-api-docs', 'index.ts')],
    {cwd: copy, env: {...clean, ...env}, encoding: 'utf8'},
  );
  const lines = `${result.stdout}\n${result.stderr}`.trim().split('\n');
  return {
    status: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
    lastLine: lines[lines.length - 1],
  };
}

describe('generating the API reference', () => {
  let copy;
  /** The generated files after a successful run. */
  let generated;

  before(() => {
    copy = copyRepository('gerai-generate-test-');
    // What the generator does does not depend on how many operations there are: a few of each
    // file keep the test's cost flat as the API grows (the build generates the whole reference).
    sampleDescriptions(copy);
    // Pages left by an earlier run that none of today's operations produces.
    for (const dir of ['api', path.join('docs', 'api', 'outlet-information')]) {
      writeFileSync(path.join(copy, dir, 'removed-operation.api.mdx'), 'An operation since removed.\n');
    }
  });

  after(() => {
    if (copy) rmSync(copy, {recursive: true, force: true});
  });

  test('a run that succeeds writes every page and download, drops stale pages, keeps hand-written ones', () => {
    const {status, lastLine} = generate(copy);
    assert.equal(status, 0, lastLine);
    generated = generatedFiles(copy);
    const petStorePages = Object.keys(generated).filter((file) => /^api\/[^/]+\.api\.mdx$/.test(file));
    assert.equal(petStorePages.length, 21, petStorePages.join('\n'));
    assert.ok(generated['api/sidebar.ts']);
    assert.ok(generated['static/openapi/gerai-merchant-api.yaml']);
    assert.ok(generated['static/openapi/gerai-merchant-api.postman_collection.json']);
    assert.ok(generated['docs/api/webhooks/events/sidebar.ts']);
    assert.equal(existsSync(path.join(copy, 'api', 'removed-operation.api.mdx')), false);
    assert.equal(
      existsSync(path.join(copy, 'docs', 'api', 'outlet-information', 'removed-operation.api.mdx')),
      false,
    );
    for (const handWritten of ['api/introduction.mdx', 'docs/api/intro.mdx', 'docs/api/webhooks/index.mdx']) {
      assert.ok(existsSync(path.join(copy, handWritten)), handWritten);
    }
  });

  test('a second run with nothing changed reuses the pages and downloads, and says so', () => {
    assert.ok(generated, 'needs the pages of the run that succeeds');
    const started = Date.now();
    const {status, lastLine} = generate(copy);
    assert.equal(status, 0, lastLine);
    assert.match(
      lastLine,
      /^✔ API reference unchanged: nothing it is generated from has changed since the last run/,
    );
    assert.ok(Date.now() - started < 10_000, `reusing took ${Date.now() - started} ms`);
    assert.deepEqual(generatedFiles(copy), generated);
  });

  test("a changed summary rewrites that operation's page and the downloads, and no other file", () => {
    assert.ok(generated, 'needs the pages of the run that succeeds');
    const description = path.join(copy, 'openapi', 'gerai', 'outlets.yaml');
    const text = readFileSync(description, 'utf8');
    assert.match(text, /summary: Get all outlets\n/);
    writeFileSync(description, text.replace('summary: Get all outlets\n', 'summary: Get every outlet\n'));
    const before = modificationTimes(copy);
    const {status, lastLine, stdout} = generate(copy);
    assert.equal(status, 0, lastLine);
    const after = modificationTimes(copy);
    const rewritten = Object.keys(after)
      .filter((file) => after[file] !== before[file])
      .sort();
    assert.deepEqual(rewritten, [
      'docs/api/outlet-information/get-all-outlets.api.mdx',
      'static/openapi/gerai-merchant-api.postman_collection.json',
      'static/openapi/gerai-merchant-api.yaml',
      'static/openapi/gerai-outlets.yaml',
    ]);
    assert.match(stdout, /\[gen-api\] 4 files written, 0 removed; the others were already as generated/);
    // The later tests compare with the files as they are now.
    generated = generatedFiles(copy);
  });

  for (const [variable, value] of [
    ['GTM_CONTAINER_ID', 'gtm-123; alert(1)'],
    ['SITE_URL', 'garbage::not a url'],
  ]) {
    test(`${variable}=${JSON.stringify(value)} stops it at once, naming the variable and value; nothing is lost`, () => {
      assert.ok(generated, 'needs the pages of the run that succeeds');
      const {status, lastLine} = generate(copy, {[variable]: value});
      assert.equal(status, 1);
      assert.ok(lastLine.startsWith(`✖ ${variable} is ${JSON.stringify(value)}, `), lastLine);
      assert.match(lastLine, /Expected /);
      assert.deepEqual(generatedFiles(copy), generated);
    });
  }

  test('a Postman conversion that fails stops it, naming the step, and the downloads of the last run stay', () => {
    assert.ok(generated, 'needs the pages of the run that succeeds');
    const converter = path.join(copy, 'scripts', 'generate-api-docs', 'postman-collection.ts');
    const source = readFileSync(converter, 'utf8');
    // The converter is handed a description it cannot read.
    const broken = source.replace('await convert(description)', "await convert({openapi: '['})");
    assert.notEqual(broken, source, 'the test no longer finds the converter call it breaks');
    writeFileSync(converter, broken);
    const {status, lastLine, stdout} = generate(copy);
    writeFileSync(converter, source);
    assert.equal(status, 1);
    // The downloads come first: a failed conversion stops the run before any page is generated.
    assert.doesNotMatch(stdout, /Successfully created/);
    assert.match(
      lastLine,
      /^✖ Converting gerai-merchant-api\.yaml into a Postman collection failed: .+ The pages and downloads generated before are kept as they were\.$/,
    );
    assert.deepEqual(generatedFiles(copy), generated);
  });

  test('a step that fails after the lint names itself, and the pages of the last run stay', () => {
    assert.ok(generated, 'needs the pages of the run that succeeds');
    appendFileSync(
      path.join(copy, 'docusaurus.config.ts'),
      '\nthrow new Error("a configuration that cannot load");\n',
    );
    const {status, lastLine} = generate(copy);
    assert.equal(status, 1);
    assert.match(
      lastLine,
      /^✖ Loading the site for the OpenAPI generator failed: .*a configuration that cannot load\..* The pages and downloads generated before are kept as they were\.$/,
    );
    assert.deepEqual(generatedFiles(copy), generated);
  });
});
