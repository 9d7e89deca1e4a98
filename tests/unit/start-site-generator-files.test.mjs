// @ts-check
// The generator's loads of the site under `npm start` (scripts/start-site/generator-files.ts): the
// files Docusaurus's plugins write as they load go to a folder of their own, not among the
// development server's modules in `.docusaurus`. The site is loaded as the start command's process
// loads it, in a copy of the repository.
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {existsSync, readdirSync, rmSync} from 'node:fs';
import path from 'node:path';
import {after, test} from 'node:test';

import {copyRepository} from '../support/repository-copy.mjs';

const copy = copyRepository('gerai-generator-files-');
after(() => rmSync(copy, {recursive: true, force: true}));

/** The files under `folder`, relative to it. */
const filesUnder = (folder) =>
  existsSync(folder) ? readdirSync(folder, {recursive: true, encoding: 'utf8'}) : [];

/** Loads the OpenAPI generator in the copy, in a new process; `apart` as the start command does first. */
const loadGenerator = (apart) =>
  execFileSync(
    process.execPath,
    [
      '-e',
      `const load = require('jiti')(process.cwd() + '/');
      ${apart ? "load('./scripts/start-site/generator-files.ts').keepGeneratorFilesApart();" : ''}
      load('./scripts/generate-api-docs/generator.ts').loadPageGenerator(process.cwd())
        .then(() => process.exit(0), (error) => { console.error(error); process.exit(1); });`,
    ],
    {cwd: copy, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']},
  );

const SEARCH_CONSTANTS = path.join(
  '@easyops-cn',
  'docusaurus-search-local',
  'default',
  'generated-constants.js',
);

test("the generator's load writes its plugins' generated files apart from the development server's", () => {
  const generated = path.join(copy, '.docusaurus');
  loadGenerator(true);
  const apart = filesUnder(path.join(generated, 'generator-site'));
  assert.ok(apart.includes(SEARCH_CONSTANTS), `written apart: ${apart.join(', ')}`);
  assert.ok(apart.some((file) => file.endsWith('__mdx-loader-dependency.json')));
  const among = filesUnder(generated).filter((file) => !file.startsWith('generator-site'));
  assert.ok(!among.includes(SEARCH_CONSTANTS));
  assert.ok(!among.some((file) => file.endsWith('__mdx-loader-dependency.json')), among.join(', '));

  // Without it, Docusaurus's own folder gets them: the check above sees what it means to.
  loadGenerator(false);
  assert.ok(filesUnder(generated).includes(SEARCH_CONSTANTS));
});
