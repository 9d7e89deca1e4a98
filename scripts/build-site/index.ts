/**
 * `npm run build`, once `npm run gen-api` has run: builds the site into
 * `build-incomplete/` (its search index included, src/plugins/search),
 * writes the MCP server's package and the merchant API's releases there
 * (scripts/mcp-package/), then its host configuration (scripts/host-config/, the `.nginx/`
 * folder), and only when both have succeeded puts it in place of `build/`
 * (./publish.ts).
 *
 * `docusaurus build` runs in three processes (see DOCUSAURUS_STEPS below):
 * the first bundles the server's code and stops, the second the browser's,
 * the third renders the pages from the server bundle and runs the postBuild
 * steps, so that the memory of each is not added to the others'.
 *
 * So `build/` only ever holds a complete build, `.nginx/` included: a build
 * that fails (a broken link is found only after every page is rendered)
 * leaves the last complete build, or none, and removes what it wrote.
 * Arguments are passed on to `docusaurus build`.
 */
import {spawnSync} from 'node:child_process';
import {existsSync, renameSync, rmSync} from 'node:fs';
import path from 'node:path';

import {BUNDLE_ONLY, COLLECT_BEFORE_SEAL} from '../../src/plugins/bundler-memory';
import {publish} from './publish';

const root = path.resolve(__dirname, '..', '..');
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
function run(step: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const started = performance.now();
  const result = spawnSync(command, args, {cwd: root, stdio: 'inherit', env});
  if (result.status !== 0) {
    throw new StepFailed(
      `${step} failed (exit code ${result.status ?? result.signal}). See the messages above.`,
    );
  }
  console.log(`[build-site] ${step}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Node.js 25 and later define a `localStorage` global that prints an ExperimentalWarning when read
 * without a storage file (src/shims/web-storage.ts says who reads it): code run in the worker
 * threads of the second run read it, two warnings a build on Node.js 26. Docusaurus's processes,
 * their threads included, run without the global, as on Node.js 24; the switch is given only where
 * the global exists, since Node.js 20 refuses it.
 */
const WITHOUT_WEB_STORAGE =
  Number(process.versions.node.split('.')[0]) >= 25 ? ' --no-experimental-webstorage' : '';

/** The environment of a bundling run: see DOCUSAURUS_STEPS. */
const BUNDLING_ENV = {
  DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true',
  DOCUSAURUS_NO_PERSISTENT_CACHE: process.env.DOCUSAURUS_NO_PERSISTENT_CACHE ?? 'true',
  [COLLECT_BEFORE_SEAL]: 'true',
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-semi-space-size=32${WITHOUT_WEB_STORAGE}`.trim(),
};

/** The server bundle's folder in the build folder, which waits beside it while the browser's code is bundled. */
const SERVER_BUNDLE = '__server';

/**
 * The three runs of `docusaurus build`, through Docusaurus's own environment variables.
 *
 * What: the first run bundles the server's code and exits (`DOCUSAURUS_EXIT_AFTER_BUNDLING`), the
 * second the browser's code (src/plugins/bundler-memory gives the other side no entry,
 * GERAI_BUNDLE_ONLY); the third loads the site again, skips bundling (`DOCUSAURUS_SKIP_BUNDLING`),
 * renders every page from the server bundle the first left and runs the postBuild steps. A
 * bundling run empties the build folder first, so the server bundle waits beside it during the
 * second (`moveServerBundle`). The bundling runs go without the bundler's persistent cache
 * (`DOCUSAURUS_NO_PERSISTENT_CACHE`; set that variable to an empty value to keep the cache),
 * collect the heap before the bundler seals (src/plugins/bundler-memory) and give V8 a young
 * generation of 32 MB semi-spaces (`--max-semi-space-size`, added to NODE_OPTIONS): compiling the
 * MDX pages makes many short-lived objects, and with V8's default a large share of the main
 * thread's time went to collecting them; the bundling took less time for the same peak. Larger
 * sizes, each measured against the one below it on the ten-times copy, saved a little more time
 * but raised the peak: neither is worth the memory. The last run keeps V8's default, which was
 * faster there.
 * Why no option does it: `docusaurus build` does all of it in one process, compiling the server
 * and the browser's code side by side: the memory of both compilations adds up (with a hundred
 * times the content it was more than a 24 GB machine has), and what the bundler has used stays
 * with that process while the pages render and the postBuild steps run; the persistent cache,
 * written in full on every cold build (every CI and deployment build), was a large part of it.
 * Three processes cost two more loads of the site and a second compilation of each page's MDX.
 * Each stage's time and peak memory are in bench/scale/results.json (`npm run bench:scale`).
 * Upgrade: UPGRADING.md#the-build-in-three-processes-scriptsbuild-site.
 */
const DOCUSAURUS_STEPS = [
  {
    step: "Bundling the site: the server's code (docusaurus build)",
    env: {...BUNDLING_ENV, [BUNDLE_ONLY]: 'server'},
  },
  {
    step: "Bundling the site: the browser's code (docusaurus build)",
    env: {...BUNDLING_ENV, [BUNDLE_ONLY]: 'client'},
    around: moveServerBundle,
  },
  {
    step: 'Rendering the pages and running the postBuild steps (docusaurus build)',
    env: {
      DOCUSAURUS_SKIP_BUNDLING: 'true',
      ...(WITHOUT_WEB_STORAGE
        ? {NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''}${WITHOUT_WEB_STORAGE}`.trim()}
        : {}),
    },
  },
];

/**
 * Runs `bundle` (the bundling of the browser's code, which empties the build folder) with the
 * server bundle moved out of the build folder and back.
 */
function moveServerBundle(outDir: string, bundle: () => void): void {
  const bundled = path.join(outDir, SERVER_BUNDLE);
  const waiting = `${outDir}-server-bundle`;
  if (!existsSync(bundled)) throw new StepFailed(`the server bundle is missing from ${bundled}`);
  rmSync(waiting, {recursive: true, force: true});
  renameSync(bundled, waiting);
  try {
    bundle();
    rmSync(bundled, {recursive: true, force: true});
    renameSync(waiting, bundled);
  } finally {
    rmSync(waiting, {recursive: true, force: true});
  }
}

function main(): number {
  const incomplete = path.join(root, INCOMPLETE_DIR);
  const target = path.join(root, BUILD_DIR);
  rmSync(incomplete, {recursive: true, force: true});
  try {
    for (const {step, env, around} of DOCUSAURUS_STEPS) {
      const build = () =>
        run(step, bin('docusaurus'), ['build', '--out-dir', INCOMPLETE_DIR, ...process.argv.slice(2)], {
          ...process.env,
          ...env,
        });
      if (around) around(incomplete, build);
      else build();
    }
    run(
      'Writing the MCP server package, the releases and their changes (scripts/mcp-package/)',
      bin('jiti'),
      [path.join('scripts', 'mcp-package', 'index.ts'), INCOMPLETE_DIR],
    );
    run('Writing the host configuration (scripts/host-config/)', bin('jiti'), [
      path.join('scripts', 'host-config', 'index.ts'),
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
