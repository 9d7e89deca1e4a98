// @ts-check
// The development server lints a saved description with Redocly's library in its own process
// (scripts/start-site/problems.ts); `npm run build` lints with Redocly CLI. Both must report the
// same problems, at the same places: on the descriptions as they are, and on copies broken on
// purpose.
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';

import createJiti from 'jiti';
import {parse} from 'yaml';

import {root} from '../support/openapi.mjs';
import {copyRepository, sampleDescriptions} from '../support/repository-copy.mjs';

const {formatProblem, lint} = createJiti(root + '/')('./scripts/start-site/problems.ts');

/** The JSON documents written one after the other (Redocly CLI writes one report per API). */
function jsonDocuments(text) {
  const documents = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === '{') {
      if (depth === 0) start = index;
      depth += 1;
    } else if (char === '}') {
      depth -= 1;
      if (depth === 0) documents.push(JSON.parse(text.slice(start, index + 1)));
    }
  }
  return documents;
}

/** What Redocly CLI reports for the folder's APIs, as the development server words each problem. */
function cliProblems(folder, aliases = []) {
  const result = spawnSync(
    path.join(folder, 'node_modules', '.bin', 'redocly'),
    ['lint', ...aliases, '--format=json'],
    {cwd: folder, encoding: 'utf8'},
  );
  const reports = jsonDocuments(result.stdout);
  if (reports.length === 0) return {parseFailure: result.stderr};
  return {
    problems: reports
      .flatMap((report) => report.problems)
      .map((problem) =>
        formatProblem({
          file: problem.location[0].source.ref,
          line: problem.location[0].start?.line,
          column: problem.location[0].start?.col,
          severity: problem.severity === 'error' ? 'error' : 'warning',
          rule: problem.ruleId,
          message: problem.message,
        }),
      )
      .sort(),
  };
}

const libraryProblems = async (folder, aliases) => (await lint(folder, aliases)).map(formatProblem).sort();

describe("the development server's linter and the build's", () => {
  let copy;
  const outlets = () => path.join(copy, 'openapi', 'gerai', 'outlets.yaml');

  before(() => {
    copy = copyRepository('gerai-lint-test-');
    sampleDescriptions(copy);
  });

  after(() => {
    if (copy) rmSync(copy, {recursive: true, force: true});
  });

  test('report the same problems on the descriptions as they are', async () => {
    const cli = cliProblems(root);
    assert.ok(cli.problems, cli.parseFailure);
    assert.deepEqual(await libraryProblems(root), cli.problems);
  });

  test('report the same problems at the same places on a description broken on purpose', async () => {
    const original = readFileSync(outlets(), 'utf8');
    writeFileSync(
      outlets(),
      original
        .replace(/parameters\/page\b/, 'parameters/no-such-parameter')
        .replace('operationId: getAllOutlets', 'operationId: get all outlets'),
    );
    try {
      const cli = cliProblems(copy, ['outlets@v1']);
      assert.ok(cli.problems, cli.parseFailure);
      const library = await libraryProblems(copy, ['outlets@v1']);
      assert.deepEqual(library, cli.problems);
      assert.ok(
        library.some((line) =>
          /^openapi\/gerai\/outlets\.yaml:\d+:\d+ {2}error {2}no-unresolved-refs /.test(line),
        ),
        library.join('\n'),
      );
      assert.ok(
        library.some((line) =>
          /^openapi\/gerai\/outlets\.yaml:\d+:\d+ {2}error {2}operation-operationId-url-safe /.test(line),
        ),
        library.join('\n'),
      );
    } finally {
      writeFileSync(outlets(), original);
    }
  });

  test('name the same line and column of YAML that does not parse', async () => {
    const original = readFileSync(outlets(), 'utf8');
    writeFileSync(outlets(), original.replace('summary: Get all outlets\n', 'summary: [Get all outlets\n'));
    try {
      const cli = cliProblems(copy, ['outlets@v1']);
      assert.ok(cli.parseFailure, 'Redocly CLI parsed the broken file');
      const [problem, ...others] = await lint(copy, ['outlets@v1']);
      assert.deepEqual(others, []);
      assert.equal(problem.file, path.join('openapi', 'gerai', 'outlets.yaml'));
      assert.equal(problem.rule, 'yaml-syntax');
      assert.match(cli.parseFailure, new RegExp(`\\(${problem.line}:${problem.column}\\)`));
    } finally {
      writeFileSync(outlets(), original);
    }
  });

  // An owner's description is often JSON (the linter reads it with JSON.parse), named as they like.
  test('report the same problems at the same places in a description written as JSON', async () => {
    const petstore = path.join(copy, 'openapi', 'petstore.yaml');
    const original = readFileSync(petstore, 'utf8');
    const json = JSON.stringify(parse(original), null, 2);
    assert.match(json, /"summary": "Find pet by ID",/);
    try {
      writeFileSync(petstore, json.replace('"summary": "Find pet by ID",', '"summary": 5,'));
      const cli = cliProblems(copy, ['petstore@v1']);
      assert.ok(cli.problems, cli.parseFailure);
      const library = await libraryProblems(copy, ['petstore@v1']);
      assert.deepEqual(library, cli.problems);
      assert.ok(
        library.some((line) => /^openapi\/petstore\.yaml:\d+:\d+ {2}error {2}struct /.test(line)),
        library.join('\n'),
      );

      writeFileSync(petstore, json.replace('"summary": "Find pet by ID",', '"summary": "Find pet by ID"'));
      const broken = cliProblems(copy, ['petstore@v1']);
      assert.ok(broken.parseFailure, 'Redocly CLI parsed the broken file');
      const [problem, ...others] = await lint(copy, ['petstore@v1']);
      assert.deepEqual(others, []);
      assert.equal(problem.rule, 'yaml-syntax');
      assert.match(broken.parseFailure, new RegExp(`\\(${problem.line}:${problem.column}\\)`));
    } finally {
      writeFileSync(petstore, original);
    }
  });
});
