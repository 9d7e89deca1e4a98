/**
 * `npm run gen-api`: generates the API reference from `openapi/` and the
 * downloadable copies of the descriptions. `npm run build` runs it first;
 * `npm start` runs the same steps, then keeps the reference up to date as the
 * descriptions change (scripts/start-site/).
 *
 * 1. Checks the environment variables of the build (SITE_URL,
 *    GTM_CONTAINER_ID; src/config/build-environment.ts): a bad value stops
 *    here, naming the variable, before anything is run or touched.
 * 2. Lints every description with Redocly: an invalid description stops here
 *    with the linter's own message. The linter runs while step 3 bundles the
 *    downloads; no page is put in place until it has passed.
 * 3. Into a temporary folder: bundles each description for download
 *    (src/api-reference/downloads.ts) and converts the joined one into a Postman
 *    collection (./postman-collection.ts), both run by ./steps.ts; writes the
 *    webhook bodies and the objects glossary's tables (./companions.ts) and
 *    each release's list of changes for the changelog
 *    (src/api-reference/changes/release-notes.ts); then runs the generator of
 *    `docusaurus-plugin-openapi-docs` for the sample pet store (`api/`) and
 *    every section of the merchant API (`docs/api/`) in this process
 *    (./generator.ts), removes the page of each section tag and gives each
 *    page a meta description of whole sentences (src/api-reference/page/current-pages.ts).
 * 4. Only when every step has succeeded, puts the new pages and downloads in
 *    place, writing only the files whose bytes changed and removing the pages
 *    of deleted operations (./install.ts). A failure leaves the pages and
 *    downloads of the previous run as they were.
 *
 * When nothing it reads has changed since its last run and the pages and
 * downloads are as it left them, it reuses them and stops after step 1
 * (./reuse.ts); `--force` runs every step regardless.
 */
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

import {environmentIsValid} from '../../src/config/build-environment';
import {writeCompanions} from './companions';
import {GeneratorFailed, loadPageGenerator} from './generator';
import {installChanged} from './install';
import {
  COMPANION_FOLDERS,
  DOWNLOADS,
  isDownload,
  isGenerated,
  isGeneratedPage,
  OUTPUT_DIRS,
  TARGETS,
  WEBHOOK_DOWNLOADS,
} from '../../src/api-reference/layout';
import {fingerprintInputs, recordRun, reusableRun} from './reuse';
import {run, StepFailed, timed, writeDownloads} from './steps';
import {writeReleaseNotes} from '../../src/api-reference/changes/release-notes';

const root = path.resolve(__dirname, '..', '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

/** Every folder `gen-api` puts files into, with which of its files are generated. */
const INSTALLED = [
  ...TARGETS.map((target) => ({dir: target.dir, owned: isGeneratedPage})),
  {dir: DOWNLOADS, owned: isDownload},
  ...COMPANION_FOLDERS,
];

/**
 * Generates every page and download into `staging`, laid out as in the
 * repository: first the downloads, which need only the descriptions (so a
 * conversion that fails stops the run before the slower steps), then the
 * reference pages.
 */
async function generate(staging: string, linted: Promise<void>): Promise<void> {
  try {
    await writeDownloads(staging);
  } catch (error) {
    // A description the linter refuses is reported as the linter's failure, whatever broke after.
    await linted;
    throw error;
  }
  await linted;
  writeCompanions(root, staging);
  await timed('release notes', () => writeReleaseNotes(root, staging, staging));
  const generator = await timed('load the site', () => loadPageGenerator(root));
  await timed('generator', () => generator.write(staging, TARGETS));
}

async function main(): Promise<number> {
  if (
    !environmentIsValid(
      'The build did not start: an environment variable has a value of the wrong form. Nothing was generated or changed.',
    )
  ) {
    return 1;
  }

  const inputs = fingerprintInputs(root);
  if (!process.argv.includes('--force') && reusableRun(root, inputs, isGenerated, OUTPUT_DIRS)) {
    console.log(
      '✔ API reference unchanged: nothing it is generated from has changed since the last run, and its pages and downloads are as that run left them. (`npm run gen-api -- --force` generates it again.)',
    );
    return 0;
  }

  const staging = mkdtempSync(path.join(tmpdir(), 'gerai-api-reference-'));
  try {
    const started = performance.now();
    // The linter runs while the downloads are bundled: neither changes anything, and both take
    // a while to start. Nothing is put in place until it has passed.
    const linted = timed('lint', () =>
      run('Linting the OpenAPI descriptions (redocly lint)', bin('redocly'), ['lint', '--format=stylish'], {
        cwd: root,
      }),
    );
    linted.catch(() => {});
    await generate(staging, linted);
    const installed = await timed('install', () => installChanged(staging, root, INSTALLED));
    console.log(`[gen-api] total: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    console.log(
      `[gen-api] ${installed.written.length} files written, ${installed.removed.length} removed; ` +
        'the others were already as generated',
    );
    recordRun(root, inputs, isGenerated, OUTPUT_DIRS);
  } catch (error) {
    if (!(error instanceof StepFailed || error instanceof GeneratorFailed)) throw error;
    console.error(`\n✖ ${error.message} The pages and downloads generated before are kept as they were.`);
    return 1;
  } finally {
    rmSync(staging, {recursive: true, force: true});
  }
  console.log(`\n✔ API reference generated; downloads in ${DOWNLOADS}/ and ${WEBHOOK_DOWNLOADS}/`);
  return 0;
}

void main().then((code) => {
  process.exitCode = code;
});
