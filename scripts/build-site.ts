/**
 * `npm run build`, once `npm run gen-api` has run: builds the site into
 * `build-incomplete/`, shapes its search index (scripts/search-index.ts),
 * writes its host configuration there
 * (scripts/host-config.ts, the `.nginx/` folder), and only when both have
 * succeeded puts it in place of `build/`.
 *
 * So `build/` only ever holds a complete build, `.nginx/` included: a build
 * that fails (a broken link is found only after every page is rendered)
 * leaves the last complete build, or none, and removes what it wrote.
 * Arguments are passed on to `docusaurus build`.
 */
import {spawnSync} from 'node:child_process';
import {existsSync, rmSync} from 'node:fs';
import path from 'node:path';

import {publish} from './build-site/publish';

const root = path.resolve(__dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

/** Where the site is published once complete (`npm run serve` and the tests serve it). */
const BUILD_DIR = 'build';
/** Where it is built; it never stays after a run. */
const INCOMPLETE_DIR = 'build-incomplete';

/** A step that failed; its program has printed why. */
class StepFailed extends Error {}

/**
 * Runs one step; once it has succeeded, prints a line with its name and how long it took
 * (`[build-site] <step>: 12.3 s`), which `npm run bench:scale` reads.
 */
function run(step: string, command: string, args: string[]): void {
  const started = performance.now();
  const result = spawnSync(command, args, {cwd: root, stdio: 'inherit'});
  if (result.status !== 0) {
    throw new StepFailed(
      `${step} failed (exit code ${result.status ?? result.signal}). See the messages above.`,
    );
  }
  console.log(`[build-site] ${step}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

function main(): number {
  const incomplete = path.join(root, INCOMPLETE_DIR);
  const target = path.join(root, BUILD_DIR);
  rmSync(incomplete, {recursive: true, force: true});
  try {
    run('Building the site (docusaurus build)', bin('docusaurus'), [
      'build',
      '--out-dir',
      INCOMPLETE_DIR,
      ...process.argv.slice(2),
    ]);
    run('Shaping the search index (scripts/search-index.ts)', bin('jiti'), [
      path.join('scripts', 'search-index.ts'),
      INCOMPLETE_DIR,
    ]);
    run('Writing the host configuration (scripts/host-config.ts)', bin('jiti'), [
      path.join('scripts', 'host-config.ts'),
      INCOMPLETE_DIR,
    ]);
    publish(incomplete, target);
  } catch (error) {
    if (!(error instanceof StepFailed)) throw error;
    const left = existsSync(target)
      ? `${BUILD_DIR}/ still holds the last complete build`
      : `there is no ${BUILD_DIR}/`;
    console.error(`\n✖ ${error.message} Nothing was published: ${left}.`);
    return 1;
  } finally {
    rmSync(incomplete, {recursive: true, force: true});
  }
  console.log(`\n✔ The site is in ${BUILD_DIR}/, with its host configuration in ${BUILD_DIR}/.nginx/.`);
  return 0;
}

process.exitCode = main();
