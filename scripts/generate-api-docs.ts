/**
 * Generates the API reference from `openapi/` and the downloadable copies of
 * the descriptions. `npm start` and `npm run build` run it first.
 *
 * 1. Checks the environment variables of the build (SITE_URL,
 *    GTM_CONTAINER_ID; src/config/build-environment.ts): a bad value stops
 *    here, naming the variable, before anything is run or touched.
 * 2. Lints every description with Redocly: an invalid description stops here
 *    with the linter's own message.
 * 3. Runs the generator of `docusaurus-plugin-openapi-docs` for the sample
 *    pet store (`api/`) and for the merchant API (`docs/api/`), and bundles
 *    each description for download, all into a temporary folder. It checks
 *    the generator produced what the sidebars need (the generator reports
 *    some failures without an exit code).
 * 4. Only when every step has succeeded, puts the new pages and downloads in
 *    place of the previous ones, removing the pages of deleted operations. A
 *    failure leaves the pages and downloads of the previous run as they were.
 */
import {spawnSync} from 'node:child_process';
import {copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

import {BuildEnvironmentError, readBuildEnvironment} from '../src/config/build-environment';
import {GERAI_FULL_DOWNLOAD, geraiApiSections} from '../src/config/openapi';

const root = path.resolve(__dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const DOWNLOADS = path.join('static', 'openapi');

/** The files the generator writes; every other file of its folders is written by hand. */
const GENERATED = /\.(api|info|tag|schema)\.mdx$|^sidebar\.(ts|js)$/;

const targets = [
  {pluginId: 'petstore', dirs: ['api']},
  {pluginId: 'gerai', dirs: geraiApiSections.map((s) => path.join('docs', 'api', s.outputDir))},
];

/** A step that failed; its program has printed why. */
class StepFailed extends Error {}

function run(
  step: string,
  command: string,
  args: string[],
  options: {cwd?: string; env?: NodeJS.ProcessEnv} = {},
) {
  const result = spawnSync(command, args, {cwd: options.cwd ?? root, env: options.env, stdio: 'inherit'});
  if (result.status !== 0) {
    throw new StepFailed(
      `${step} failed (exit code ${result.status ?? result.signal}). See the messages above.`,
    );
  }
}

/**
 * Generates every page and download into `staging`, laid out as in the
 * repository. The generator reads the site (its configuration and the
 * descriptions) from the repository and writes its `outputDir` folders
 * relative to its working folder, so it runs in `staging`.
 */
function generate(staging: string): void {
  for (const {pluginId, dirs} of targets) {
    run(
      `Generating the ${pluginId} reference pages`,
      bin('docusaurus'),
      ['gen-api-docs', 'all', '--plugin-id', pluginId],
      {cwd: staging, env: {...process.env, DOCUSAURUS_CLI_SITE_DIR: root}},
    );
    const missing = dirs.filter((dir) => !existsSync(path.join(staging, dir, 'sidebar.ts')));
    if (missing.length > 0) {
      throw new StepFailed(
        `The generator wrote no pages into ${missing.join(', ')}. ` +
          'Its messages above say why (often an unreadable OpenAPI file).',
      );
    }
  }

  const downloads = path.join(staging, DOWNLOADS);
  mkdirSync(downloads, {recursive: true});
  const bundled = geraiApiSections.map((section) => {
    const output = path.join(downloads, `gerai-${section.id}.yaml`);
    run(`Bundling ${section.file}`, bin('redocly'), [
      'bundle',
      path.join('openapi', 'gerai', section.file),
      '--output',
      output,
    ]);
    return output;
  });
  run('Bundling petstore.yaml', bin('redocly'), [
    'bundle',
    path.join('openapi', 'petstore.yaml'),
    '--output',
    path.join(downloads, 'petstore.yaml'),
  ]);
  run('Joining the merchant API into one description', bin('redocly'), [
    'join',
    ...bundled,
    '--output',
    path.join(downloads, GERAI_FULL_DOWNLOAD),
  ]);
}

/**
 * Puts the files of `from` that `owned` accepts into `to`, each over its
 * previous version, then removes the files of `to` that `owned` accepts and
 * `from` no longer has. Other files of `to` are left alone.
 */
function replaceFiles(from: string, to: string, owned: (name: string) => boolean): void {
  mkdirSync(to, {recursive: true});
  const fresh = new Set(readdirSync(from).filter(owned));
  for (const name of fresh) copyFileSync(path.join(from, name), path.join(to, name));
  for (const name of readdirSync(to)) {
    if (owned(name) && !fresh.has(name)) rmSync(path.join(to, name));
  }
}

function install(staging: string): void {
  for (const dir of targets.flatMap((target) => target.dirs)) {
    replaceFiles(path.join(staging, dir), path.join(root, dir), (name) => GENERATED.test(name));
  }
  replaceFiles(path.join(staging, DOWNLOADS), path.join(root, DOWNLOADS), (name) => name.endsWith('.yaml'));
}

function main(): number {
  try {
    readBuildEnvironment();
  } catch (error) {
    if (!(error instanceof BuildEnvironmentError)) throw error;
    console.error(
      '\n✖ The build did not start: an environment variable has a value of the wrong form. Nothing was generated or changed.',
    );
    for (const problem of error.problems) console.error(`✖ ${problem}`);
    return 1;
  }

  const staging = mkdtempSync(path.join(tmpdir(), 'gerai-api-reference-'));
  try {
    run('Linting the OpenAPI descriptions (redocly lint)', bin('redocly'), ['lint', '--format=stylish']);
    generate(staging);
    install(staging);
  } catch (error) {
    if (!(error instanceof StepFailed)) throw error;
    console.error(`\n✖ ${error.message} The pages and downloads generated before are kept as they were.`);
    return 1;
  } finally {
    rmSync(staging, {recursive: true, force: true});
  }
  console.log(`\n✔ API reference generated; downloads in ${DOWNLOADS}/`);
  return 0;
}

process.exitCode = main();
