/**
 * `npm run bench`: what readers and writers wait for, measured the same way
 * every time on this machine. Not part of `npm test`: the figures depend on
 * the machine, so compare runs taken on the same one.
 *
 * - build: a cold `npm run build` (after `docusaurus clear`) and a warm one,
 *   with the peak memory of each; the warm build is the one measured below.
 * - pages: one page of each kind (scripts/bench/pages.mjs), on the production
 *   build served by nginx as in production: requests, gzipped JavaScript, CSS
 *   and HTML loaded before the reader does anything, and Lighthouse's mobile
 *   and desktop presets (median of --runs runs: the four category scores,
 *   FCP, LCP, TBT, CLS). Reference pages also: readable with JavaScript off,
 *   the longest time their text vanishes once shown on a slow phone, and the
 *   time the request panel takes once asked for.
 * - floor: the guide's text on a site of Docusaurus alone (scripts/bench/floor.mjs),
 *   measured as the pages are: what the framework itself costs, at the machine's
 *   load of the moment; the pages' Lighthouse budgets are relative to it.
 * - writer: `npm start` until its first page, and a saved MDX change until it
 *   shows in the open page.
 *
 * Prints a table and writes bench/results.json. With --check, compares the
 * figures with bench/budgets.json, prints each against its budget and exits
 * with 1 when one is missed. The pages' Lighthouse scores and blocking time
 * are budgeted relative to the floor of the same run (they follow the
 * machine's load), so --check measures the floor whenever it measures pages.
 * --from <results.json> checks earlier figures without measuring.
 *
 *   npm run bench [-- --only build,pages,floor,writer] [-- --pages guide,search] [-- --runs 3]
 *                 [-- --port 3190] [-- --check] [-- --from bench/results.json]
 */
import {mkdirSync, readFileSync, writeFileSync, existsSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';

import {chromium} from '@playwright/test';

import {checkBudgets} from './bench/budgets.mjs';
import {CHROMIUM_ARGS, chromiumPath, root} from './bench/browser.mjs';
import {measureBuilds, measureWriterLoop} from './bench/build.mjs';
import {FLOOR, measureFloor} from './bench/floor.mjs';
import {PAGES, measurePage, startServer} from './bench/pages.mjs';

const SECTIONS = ['build', 'pages', 'floor', 'writer'];

const {values} = parseArgs({
  options: {
    only: {type: 'string', default: SECTIONS.join(',')},
    pages: {type: 'string'},
    runs: {type: 'string', default: '3'},
    build: {type: 'string', default: 'build'},
    port: {type: 'string', default: '3190'},
    check: {type: 'boolean', default: false},
    from: {type: 'string'},
  },
});

function options() {
  const only = values.only.split(',').map((section) => section.trim());
  const unknown = only.filter((section) => !SECTIONS.includes(section));
  if (unknown.length > 0) {
    throw new Error(`bench: --only takes ${SECTIONS.join(', ')}; unknown: ${unknown.join(', ')}`);
  }
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) {
    throw new Error(`bench: --runs takes a whole number of at least 1, not "${values.runs}"`);
  }
  const kinds = values.pages?.split(',').map((kind) => kind.trim()) ?? PAGES.map((page) => page.kind);
  const unknownKinds = kinds.filter((kind) => !PAGES.some((page) => page.kind === kind));
  if (unknownKinds.length > 0) {
    throw new Error(
      `bench: --pages takes kinds of page among ${PAGES.map((page) => page.kind).join(', ')}; unknown: ${unknownKinds.join(', ')}`,
    );
  }
  const pages = PAGES.filter((page) => kinds.includes(page.kind));
  if (values.check && !values.from && only.includes('pages') && !only.includes('floor')) {
    // The pages' Lighthouse budgets are relative to the floor measured in the same run.
    console.log(
      "bench: --check measures the framework floor too: the pages' scores and blocking time are judged against it",
    );
    only.push('floor');
  }
  return {only, runs, pages, build: path.resolve(root, values.build), port: values.port};
}

/** @param {unknown} error */
function firstLine(error) {
  return error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
}

/** @param {ReturnType<typeof options>} settings */
async function measure(settings) {
  /** @type {{date: string, runs: number, build?: object, pages?: object[], floor?: object, writer?: object}} */
  const results = {date: new Date().toISOString(), runs: settings.runs};
  if (settings.only.includes('build')) {
    console.log('bench: cold and warm npm run build…');
    results.build = await measureBuilds();
  }
  if (settings.only.includes('pages')) {
    if (!existsSync(path.join(settings.build, 'index.html'))) {
      throw new Error(
        `bench: no build in ${settings.build}: run npm run build, or bench with --only build,pages`,
      );
    }
    const server = await startServer(settings.build, settings.port);
    const browser = await chromium.launch({executablePath: chromiumPath(), args: CHROMIUM_ARGS});
    const origin = `http://127.0.0.1:${settings.port}`;
    results.pages = [];
    try {
      for (const kind of settings.pages) {
        console.log(`bench: ${kind.kind} (${kind.route})…`);
        try {
          results.pages.push(
            await measurePage(browser, {origin, build: settings.build, runs: settings.runs}, kind),
          );
        } catch (error) {
          // A page that cannot be measured loses its own figures, not those of the others.
          const message = firstLine(error);
          console.error(`bench: ${kind.kind} not measured: ${message}`);
          results.pages.push({kind: kind.kind, route: kind.route, error: message});
        }
      }
    } finally {
      await browser.close();
      server.kill('SIGTERM');
    }
  }
  if (settings.only.includes('floor')) {
    console.log(`bench: framework floor (${FLOOR.guide} on a site of Docusaurus alone)…`);
    const browser = await chromium.launch({executablePath: chromiumPath(), args: CHROMIUM_ARGS});
    try {
      results.floor = await measureFloor(browser, {
        build: settings.build,
        port: String(Number(settings.port) + 3),
        runs: settings.runs,
      });
    } catch (error) {
      const message = firstLine(error);
      console.error(`bench: framework floor not measured: ${message}`);
      results.floor = {kind: 'framework floor', route: FLOOR.route, error: message};
    } finally {
      await browser.close();
    }
  }
  if (settings.only.includes('writer')) {
    console.log('bench: npm start and an MDX change…');
    results.writer = await measureWriterLoop(String(Number(settings.port) + 1));
  }
  return results;
}

/** @param {Awaited<ReturnType<typeof measure>>} results */
function print(results) {
  if (results.build) {
    const {cold, warm} = /** @type {any} */ (results.build);
    console.log(
      `\nnpm run build: cold ${cold.ms} ms (peak ${cold.peakMB} MB), warm ${warm.ms} ms (peak ${warm.peakMB} MB)`,
    );
  }
  // The floor (Docusaurus alone, the guide's text) is shown last: the pages' scores are judged against it.
  const measured = [...(results.pages ?? []), ...(results.floor ? [results.floor] : [])].filter(
    (/** @type {any} */ p) => !p.error,
  );
  if (measured.length > 0) {
    console.table(
      measured.map((/** @type {any} */ p) => ({
        page: p.kind,
        requests: p.requests,
        'JS KB': p.jsKB,
        'CSS KB': p.cssKB,
        'HTML KB': p.htmlKB,
        'm perf': p.mobile.performance,
        'm a11y': p.mobile.accessibility,
        'm BP': p.mobile.bestPractices,
        'm SEO': p.mobile.seo,
        'm LCP': p.mobile.lcpMs,
        'm TBT': p.mobile.tbtMs,
        'm CLS': p.mobile.cls,
        'd perf': p.desktop.performance,
        'd TBT': p.desktop.tbtMs,
        'd CLS': p.desktop.cls,
        'm CPU index': p.mobile.benchmarkIndex,
      })),
    );
    for (const p of /** @type {any[]} */ (measured)) {
      if (p.requestPanelMs !== undefined) {
        console.log(
          `${p.kind}: readable with JavaScript off ${p.readableWithoutJavaScript ? 'yes' : 'NO'}, longest blank ${p.longestBlankMs} ms, request panel ready ${p.requestPanelMs} ms`,
        );
      }
      const failing = [...new Set([...p.mobile.failing, ...p.desktop.failing])];
      if (failing.length > 0) console.log(`${p.kind}: Lighthouse audits below 90: ${failing.join(', ')}`);
    }
  }
  if (results.writer) {
    const {firstPageMs, changeShownMs} = /** @type {any} */ (results.writer);
    console.log(`npm start: first page in ${firstPageMs} ms; an MDX change on screen in ${changeShownMs} ms`);
  }
}

async function main() {
  const settings = options();
  let results;
  if (values.from) {
    results = JSON.parse(readFileSync(path.resolve(root, values.from), 'utf8'));
  } else {
    results = await measure(settings);
    mkdirSync(path.join(root, 'bench'), {recursive: true});
    writeFileSync(path.join(root, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
    print(results);
    console.log('\nWritten to bench/results.json');
  }
  if (values.check || values.from) {
    const budgets = JSON.parse(readFileSync(path.join(root, 'bench', 'budgets.json'), 'utf8'));
    const lines = checkBudgets(results, budgets);
    console.log('\nBudgets (bench/budgets.json):');
    for (const line of lines) {
      console.log(
        `${line.ok ? 'ok  ' : 'MISS'}  ${line.subject} · ${line.figure}: ${line.value} (budget ${line.budget})`,
      );
    }
    const missed = lines.filter((line) => !line.ok).length;
    console.log(`\n${lines.length - missed} of ${lines.length} figures within budget.`);
    if (missed > 0) process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
