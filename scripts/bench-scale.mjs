/**
 * `npm run bench:scale`: how the build's cost and what readers get grow with the content. In
 * one run it builds, each in a temporary folder with a cold `npm run build`:
 *
 * - 1x: a plain copy of the portal (scripts/bench-scale/grow.mjs, `plainCopy`);
 * - 10x: a copy grown to ten times its content (`growCopy`: every operation, schema, webhook
 *   event and hand-written guide nine more times, numbered);
 *
 * and measures, for each (scripts/bench-scale/):
 *
 * - the pages (sitemap routes); the wall time and peak memory of the whole `npm run build`, and
 *   the time of each of its stages: gen-api and its steps, the reference writer, Docusaurus's
 *   phases (load, bundling, SSG, postBuild, broken links), the postBuild steps that print
 *   their time (Markdown pages, the local search's indexing), the search index shaping and the
 *   host configuration (build.mjs, stages.mjs);
 * - served by nginx as in production (served.mjs): main.js gzipped; the gzipped JavaScript a
 *   guide and a reference page request until they have hydrated; the search box's first
 *   suggestion and every index byte its query downloads; the index bytes and the time to the
 *   first result of /search?q=webhook; the desktop Total Blocking Time of the reference page
 *   (Lighthouse's desktop preset, median of --runs).
 *
 * Prints a table and writes bench/scale.json. The 10x folder is kept (its path is in the JSON
 * and printed; remove it when done); the 1x folder is removed unless --keep. `--from <folder>`
 * measures an existing 10x copy's build again without growing or building it (its build
 * figures are taken from bench/scale.json when that run built it). Run it under the heavy
 * lock: each 10x build takes minutes and the machine's memory bandwidth. Environment variables
 * reach the builds, so a setting (DOCUSAURUS_SSG_WORKER_THREAD_COUNT=1, say) is measured by
 * setting it for the bench.
 *
 *   npm run bench:scale [-- --sizes 1x,10x] [-- --parts build,served] [-- --runs 3]
 *                       [-- --from /tmp/gerai-scale-10x-XXXX] [-- --keep] [-- --port 3390]
 */
import {existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';

import {coldBuild} from './bench-scale/build.mjs';
import {growCopy, plainCopy, TIMES} from './bench-scale/grow.mjs';
import {measureServed} from './bench-scale/served.mjs';

const root = path.resolve(import.meta.dirname, '..');
const OUTPUT = path.join(root, 'bench', 'scale.json');
const SIZES = ['1x', `${TIMES}x`];
const PARTS = ['build', 'served'];

const {values} = parseArgs({
  options: {
    sizes: {type: 'string', default: SIZES.join(',')},
    parts: {type: 'string', default: PARTS.join(',')},
    runs: {type: 'string', default: '3'},
    from: {type: 'string'},
    keep: {type: 'boolean', default: false},
    port: {type: 'string', default: '3390'},
  },
});

function listOption(name, allowed) {
  const chosen = values[name].split(',').map((item) => item.trim());
  const unknown = chosen.filter((item) => !allowed.includes(item));
  if (unknown.length > 0) {
    throw new Error(`bench:scale: --${name} takes ${allowed.join(', ')}; unknown: ${unknown.join(', ')}`);
  }
  return chosen;
}

const sizes = listOption('sizes', SIZES);
const parts = listOption('parts', PARTS);
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`bench:scale: --runs takes a whole number, not "${values.runs}"`);
const from = values.from ? path.resolve(values.from) : undefined;
if (from && !existsSync(path.join(from, 'build', 'index.html'))) {
  throw new Error(`bench:scale: --from ${from} holds no build (expected ${path.join(from, 'build')})`);
}

const previous = existsSync(OUTPUT) ? JSON.parse(readFileSync(OUTPUT, 'utf8')) : undefined;
const say = (size) => (message) => console.log(`bench:scale ${size}: ${message}`);

/** The settings of the run that change a build: Docusaurus's and Node's variables. */
const settings = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => /^(DOCUSAURUS_|NODE_OPTIONS$|RSPACK_)/.test(name)),
);

const results = {
  date: new Date().toISOString(),
  machine: {
    cpus: os.availableParallelism(),
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
    loadAverage: os.loadavg()[0],
  },
  settings,
  sizes: {},
};

function save() {
  mkdirSync(path.dirname(OUTPUT), {recursive: true});
  writeFileSync(OUTPUT, `${JSON.stringify(results, null, 2)}\n`);
}

for (const size of sizes) {
  const log = say(size);
  const reuse = size !== '1x' && from !== undefined;
  const folder = reuse ? from : size === '1x' ? plainCopy() : growCopy();
  const entry = {folder, build: null};
  results.sizes[size] = entry;
  try {
    if (reuse) {
      const earlier = previous?.sizes?.[size];
      entry.build = earlier?.folder === folder ? earlier.build : null;
      entry.reusedBuild = true;
      log(`measuring the existing build in ${folder}`);
    } else if (parts.includes('build')) {
      log(`cold npm run build in ${folder} (log: ${path.join(folder, 'bench-build.log')})`);
      entry.build = await coldBuild(folder, (line) => log(line));
      log(`built in ${entry.build.wallS} s, peak ${entry.build.peakRssMB} MB`);
    }
    save();
    if (parts.includes('served')) {
      if (!existsSync(path.join(folder, 'build', 'index.html'))) {
        throw new Error(`bench:scale: no build in ${folder} to measure (run with --parts build,served)`);
      }
      entry.served = await measureServed(path.join(folder, 'build'), {port: Number(values.port), runs, log});
      save();
    }
  } finally {
    if (size === '1x' && !values.keep && !reuse) {
      rmSync(folder, {recursive: true, force: true});
      entry.folder = null;
      save();
    }
  }
}

// The table: one row per figure, one column per size, and how many times the 1x figure.
const rows = [];
const add = (label, pick, digits = 1) => {
  const cells = Object.fromEntries(
    Object.entries(results.sizes).map(([size, entry]) => {
      let value;
      try {
        value = pick(entry);
      } catch {
        value = undefined;
      }
      return [
        size,
        typeof value === 'number' && Number.isFinite(value) ? Number(value.toFixed(digits)) : null,
      ];
    }),
  );
  const [first, last] = [cells[SIZES[0]], cells[SIZES[1]]];
  rows.push({figure: label, ...cells, ratio: first && last ? Number((last / first).toFixed(1)) : null});
};
add('pages', (e) => e.served?.pages ?? e.build?.stages?.pageMarkdown?.pages, 0);
add('npm run build, wall s', (e) => e.build.wallS);
add('  peak RSS MB (largest process)', (e) => e.build.peakRssMB, 0);
add('  peak RSS MB (process tree)', (e) => e.build.treePeakRssMB, 0);
add('gen-api s', (e) => e.build.stages.genApi.total);
add('  lint s', (e) => e.build.stages.genApi.lint);
add('  downloads s', (e) => e.build.stages.genApi.downloads);
add('  Postman collection s', (e) => e.build.stages.genApi['Postman collection']);
add('  generator s', (e) => e.build.stages.genApi.generator);
add('  reference writer s', (e) => e.build.stages.referenceWriter.s, 2);
add(
  'docusaurus build s',
  (e) =>
    e.build.stages.buildSite.docusaurus ??
    e.build.stages.buildSite.docusaurusBundling + e.build.stages.buildSite.docusaurusPages,
);
add('  load site s (each process)', (e) => e.build.stages.docusaurus['Load site']);
add(
  '  bundling s',
  (e) => e.build.stages.docusaurus['Bundling with rspack'] ?? e.build.stages.buildSite.docusaurusBundling,
);
add('  SSG s', (e) => e.build.stages.docusaurus.SSG);
add('  postBuild s', (e) => e.build.stages.docusaurus['postBuild()']);
add('    Markdown pages s', (e) => e.build.stages.pageMarkdown.s);
add('    search index s', (e) => e.build.stages.searchIndex.s);
add('  broken links s', (e) => e.build.stages.docusaurus['Broken links checker'], 2);
add('host configuration s', (e) => e.build.stages.buildSite.hostConfig);
add('main.js KB gzip', (e) => e.served.mainJsKBGzip);
add('guide JS before interaction KB gzip', (e) => e.served.jsBeforeInteraction.guide.kb);
add('reference JS before interaction KB gzip', (e) => e.served.jsBeforeInteraction.reference.kb);
add('search box first suggestion ms', (e) => e.served.searchBox.firstSuggestionMs, 0);
add('search box index KB, in all', (e) => e.served.searchBox.allIndexKB);
add('/search?q=webhook index KB', (e) => e.served.searchPage.indexKB);
add('/search?q=webhook first result ms', (e) => e.served.searchPage.resultsMs, 0);
add('reference desktop TBT ms (median)', (e) => e.served.referenceDesktop.tbtMs, 0);
console.table(rows);
for (const [size, entry] of Object.entries(results.sizes)) {
  if (entry.folder) console.log(`bench:scale ${size}: the copy and its build are in ${entry.folder}`);
}
console.log(`bench:scale: written to ${path.relative(process.cwd(), OUTPUT)}`);
