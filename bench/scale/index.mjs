// @ts-check
/**
 * `npm run bench:scale`: how the build's cost and what readers get grow with the content. In
 * one run it builds, each in a temporary folder with a cold `npm run build`:
 *
 * - 1x: a plain copy of the portal (../shared/copies.mjs, `plainCopy`);
 * - 10x: a copy grown to ten times its content (`growCopy`: every operation, schema, webhook
 *   event and hand-written guide nine more times, numbered);
 * - 30x and 100x, only when --sizes names them: grown the same way to thirty and a hundred times
 *   (about three and ten thousand pages), to see how each stage grows;
 * - large: a copy whose sample pet store is GitHub's REST API description as published, 1,223
 *   operations and 270 webhook events (large.mjs: fetched once from the npm registry; the Redocly
 *   rules it breaks turned off, broken links reported, each printed); large-yaml, only when
 *   --sizes names it: the same description written as YAML, as most owners write theirs;
 * - releases: a copy with 20 more releases of the merchant API, each cut by
 *   `npm run api:release` (releases.mjs);
 *
 * and measures, for each (the modules of this folder):
 *
 * - the pages (sitemap routes); the wall time and peak memory of the whole `npm run build`, and
 *   the time of each of its stages: gen-api and its steps, the reference writer, Docusaurus's
 *   phases (load, bundling, SSG, postBuild, broken links), the postBuild steps that print
 *   their time (Markdown pages, the local search's indexing), the search index shaping and the
 *   host configuration (build.mjs, stages.mjs);
 * - served by nginx as in production (served.mjs): main.js gzipped; the scripts a guide, a
 *   reference page and /search request until they have hydrated (gzipped, and how many), and the
 *   route data each holds in its HTML (gzipped); the search box's first suggestion and every
 *   index byte its query downloads; the index bytes and the time to the first result of
 *   /search?q=webhook; the desktop Total Blocking Time of the reference page (Lighthouse's
 *   desktop preset, median of --runs);
 *
 * then, once every copy is built, Lighthouse's mobile preset on the guide and the reference page
 * of every copy, interleaved (lighthouse.mjs: for each of --runs rounds, each copy, each page),
 * each copy served on its own port: the medians of performance, TBT and LCP, and the range of
 * Lighthouse's CPU index over the runs.
 *
 * Prints a table (each copy, and its ratio to 1x) and writes bench/scale/results.json. Every copy is
 * removed at the end unless --keep; a copy whose build failed is kept for its log
 * (`bench-build.log`). `--from <folder>` measures an existing 10x (or 30x or 100x) copy's build again without
 * growing or building it (its build figures are taken from bench/scale/results.json when that run built
 * it). Run it under the heavy lock: each build takes minutes and the machine's memory bandwidth.
 * Environment variables reach the builds, so a setting (DOCUSAURUS_SSG_WORKER_THREAD_COUNT=1,
 * say) is measured by setting it for the bench. `--help` lists the options (options.mjs).
 *
 *   npm run bench:scale [-- --sizes 1x,10x,30x,100x,large,large-yaml,releases] [-- --parts build,served,lighthouse]
 *                       [-- --runs 3] [-- --from /tmp/gerai-scale-10x-XXXX] [-- --keep]
 *                       [-- --port 3390]
 */
import {existsSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';

import {growCopy, plainCopy} from '../shared/copies.mjs';
import {readCommandLine, usage} from '../shared/options.mjs';
import {machine, resultsFile, writeResults} from '../shared/results.mjs';
import {BuildFailed, coldBuild, warmRebuild} from './build.mjs';
import {largeCopy} from './large.mjs';
import {mobileLighthouse} from './lighthouse.mjs';
import {COMMAND, portOf, settle} from './options.mjs';
import {releasesCopy} from './releases.mjs';
import {measureServed} from './served.mjs';
import {tableRows} from './table.mjs';

const OUTPUT = resultsFile('scale');

const options = readCommandLine(COMMAND, settle);
const {sizes, parts, runs} = options;
const from = options.from ? path.resolve(options.from) : undefined;
if (from && !existsSync(path.join(from, 'build', 'index.html'))) {
  usage(COMMAND, `--from ${from} holds no build (expected ${path.join(from, 'build')})`);
}

/** Each copy, made in a new temporary folder: its folder and what was done to make it. */
const MAKE = {
  '1x': () => ({folder: plainCopy(), preparation: {}}),
  '10x': () => ({folder: growCopy(), preparation: {}}),
  '30x': () => ({folder: growCopy(30), preparation: {}}),
  '100x': () => ({folder: growCopy(100), preparation: {}}),
  large: (/** @type {(message: string) => void} */ log) => largeCopy(log),
  'large-yaml': (/** @type {(message: string) => void} */ log) => largeCopy(log, undefined, {asYaml: true}),
  releases: (/** @type {(message: string) => void} */ log) => releasesCopy(log),
};

const previous = existsSync(OUTPUT) ? JSON.parse(readFileSync(OUTPUT, 'utf8')) : undefined;
const say = (/** @type {string} */ size) => (/** @type {string} */ message) =>
  console.log(`bench:scale ${size}: ${message}`);

/** The settings of the run that change a build: Docusaurus's and Node's variables. */
const settings = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => /^(DOCUSAURUS_|NODE_OPTIONS$|RSPACK_)/.test(name)),
);

const results = {
  date: new Date().toISOString(),
  machine: machine(),
  settings,
  options: {sizes, parts, runs, keep: options.keep, from: from ?? null, port: options.port},
  /** @type {Record<string, any>} */
  sizes: {},
  /** @type {any} */
  lighthouseMobile: null,
};

function save() {
  writeResults(OUTPUT, results);
}

/** The copies this run made, which it removes at the end unless --keep. */
const made = new Set();
/** The copies that could not be made or built: kept, for their log. */
const failed = new Set();

try {
  for (const size of sizes) {
    const log = say(size);
    const reuse = size === options.fromSize && from !== undefined;
    const entry = {folder: reuse ? from : null, port: portOf(size, options.port), build: null};
    results.sizes[size] = entry;
    try {
      if (reuse) {
        const earlier = previous?.sizes?.[size];
        entry.build = earlier?.folder === from ? earlier.build : null;
        entry.reusedBuild = true;
        log(`measuring the existing build in ${from}`);
      } else {
        log('making the copy');
        const started = performance.now();
        const copy = MAKE[size](log);
        made.add(copy.folder);
        entry.folder = copy.folder;
        entry.preparation = {...copy.preparation, s: Math.round((performance.now() - started) / 100) / 10};
        log(`cold npm run build in ${copy.folder} (log: ${path.join(copy.folder, 'bench-build.log')})`);
        entry.build = await coldBuild(copy.folder, (line) => log(line));
        log(`built in ${entry.build.wallS} s, peak ${entry.build.peakRssMB} MB`);
      }
      save();
    } catch (error) {
      entry.error = /** @type {Error} */ (error).message;
      if (error instanceof BuildFailed) entry.build = error.figures;
      log(`failed: ${entry.error}`);
      if (entry.folder && !reuse) failed.add(entry.folder);
      save();
      continue;
    }
    if (parts.includes('served')) {
      try {
        entry.served = await measureServed(path.join(entry.folder, 'build'), {port: entry.port, runs, log});
      } catch (error) {
        // The build is sound: the copy is still measured by Lighthouse, and removed at the end.
        entry.served = {error: /** @type {Error} */ (error).message};
        log(`measuring the served build failed: ${entry.served.error}`);
      }
      save();
    }
  }

  const servable = Object.entries(results.sizes).filter(
    ([, entry]) => !entry.error && entry.folder && existsSync(path.join(entry.folder, 'build', 'index.html')),
  );
  if (parts.includes('lighthouse') && servable.length > 0) {
    const log = say('mobile Lighthouse');
    log(
      `${runs} round${runs === 1 ? '' : 's'} of ${servable.map(([size]) => size).join(', ')} × guide, ` +
        'reference, interleaved',
    );
    try {
      results.lighthouseMobile = await mobileLighthouse(
        servable.map(([size, entry]) => ({size, build: path.join(entry.folder, 'build'), port: entry.port})),
        {rounds: runs, log},
      );
      for (const [size, entry] of servable) entry.lighthouseMobile = results.lighthouseMobile.bySize[size];
    } catch (error) {
      results.lighthouseMobile = {error: /** @type {Error} */ (error).message};
      log(`failed: ${results.lighthouseMobile.error}`);
    }
    save();
  }
  if (parts.includes('rebuild')) {
    for (const [size, entry] of servable) {
      const log = say(size);
      log('warm rebuild after a guide edit: a build that keeps the bundler cache first');
      try {
        entry.rebuild = await warmRebuild(entry.folder, log);
        log(`rebuilt in ${entry.rebuild.wallS} s (cold: ${entry.build?.wallS ?? 'not measured'} s)`);
      } catch (error) {
        entry.rebuild = {error: /** @type {Error} */ (error).message};
        if (error instanceof BuildFailed) Object.assign(entry.rebuild, error.figures);
        log(`warm rebuild failed: ${entry.rebuild.error}`);
      }
      save();
    }
  }
} finally {
  for (const [size, entry] of Object.entries(results.sizes)) {
    if (!made.has(entry.folder) || options.keep || failed.has(entry.folder)) continue;
    rmSync(entry.folder, {recursive: true, force: true});
    entry.removedFolder = entry.folder;
    entry.folder = null;
    say(size)(`removed ${entry.removedFolder}`);
  }
  save();
}

// A figure no copy has (a part not run, a stage the build no longer prints) is left out.
console.table(
  tableRows(results.sizes).filter((row) => Object.keys(results.sizes).some((size) => row[size] !== null)),
);
const mobile = results.lighthouseMobile;
if (mobile?.error) console.log(`bench:scale: mobile Lighthouse FAILED: ${mobile.error}`);
else if (mobile) {
  const done = mobile.runs.filter((/** @type {any} */ run) => !run.error).length;
  const index = mobile.cpuIndex ? `${mobile.cpuIndex.min} to ${mobile.cpuIndex.max}` : 'not measured';
  console.log(
    `bench:scale: mobile Lighthouse, ${done} of ${mobile.runs.length} runs interleaved in ${mobile.rounds} ` +
      `round${mobile.rounds === 1 ? '' : 's'}; ` +
      `Lighthouse's CPU benchmark index ${index} (its mobile preset intends about 1,500)`,
  );
}
for (const [size, entry] of Object.entries(results.sizes)) {
  const log = say(size);
  for (const note of entry.preparation?.notes ?? []) log(note);
  if (entry.preparation?.releasesAdded) {
    const added = entry.preparation.releasesAdded;
    log(`${entry.preparation.releases} releases: ${added.length} cut, ${added[0]} to ${added.at(-1)}`);
  }
  if (entry.error) log(`FAILED: ${entry.error}`);
  if (entry.served?.error) log(`measuring the served build FAILED: ${entry.served.error}`);
  if (entry.folder) log(`the copy and its build are in ${entry.folder}`);
}
console.log(`bench:scale: written to ${path.relative(process.cwd(), OUTPUT)}`);
if (
  results.lighthouseMobile?.error ||
  Object.values(results.sizes).some((entry) => entry.error || entry.served?.error)
) {
  process.exitCode = 1;
}
