// @ts-check
/**
 * `npm run bench`: what readers and writers wait for, measured the same way
 * every time on this machine. Not part of `npm test`: the figures depend on
 * the machine, so compare runs taken on the same one.
 *
 * - build: a cold `npm run build` (after `docusaurus clear`) and a warm one,
 *   with the peak memory of each; the warm build is the one measured below.
 * - pages: one page of each kind (./pages.mjs), on the production build
 *   served by nginx as in production: requests, gzipped JavaScript, CSS
 *   and HTML loaded before the reader does anything, and Lighthouse's mobile
 *   and desktop presets (median of --runs runs: the four category scores,
 *   FCP, LCP, TBT, CLS). Reference pages also: readable with JavaScript off,
 *   the longest time their text vanishes once shown on a slow phone, and the
 *   time the request panel takes once asked for.
 * - floor: the guide's text on a site of Docusaurus alone (./floor.mjs),
 *   measured as the pages are: what the framework itself costs, at the machine's
 *   load of the moment; the pages' Lighthouse budgets are relative to it.
 * - writer: `npm start` until its first page, and a saved MDX change until it
 *   shows in the open page (./build.mjs).
 *
 * Prints a table and writes bench/pages/results.json. With --check, compares
 * the figures with bench/pages/budgets.json (./budgets.mjs), prints each
 * against its budget and exits with 1 when one is missed. The pages'
 * Lighthouse scores and blocking time are budgeted relative to the floor of
 * the same run (they follow the machine's load), so --check measures the
 * floor whenever it measures pages. --from <results.json> checks earlier
 * figures without measuring. `--help` lists the options.
 *
 *   npm run bench [-- --only build,pages,floor,writer] [-- --pages guide,search] [-- --runs 3]
 *                 [-- --port 3190] [-- --check] [-- --from bench/pages/results.json]
 */
import {readFileSync, existsSync} from 'node:fs';
import path from 'node:path';

import {launchBrowser} from '../shared/browser.mjs';
import {root} from '../shared/root.mjs';
import {
  buildOption,
  listOption,
  portOption,
  readCommandLine,
  UsageError,
  wholeNumber,
} from '../shared/options.mjs';
import {resultsFile, writeResults} from '../shared/results.mjs';
import {serve} from '../shared/server.mjs';
import {checkBudgets} from './budgets.mjs';
import {measureBuilds, measureWriterLoop} from './build.mjs';
import {FLOOR, measureFloor} from './floor.mjs';
import {PAGES, measurePage} from './pages.mjs';

const SECTIONS = ['build', 'pages', 'floor', 'writer'];
const OUTPUT = resultsFile('pages');
const BUDGETS = path.join(import.meta.dirname, 'budgets.json');

/** @type {import('../shared/options.mjs').Command} */
const COMMAND = {
  name: 'bench',
  about:
    'Measures what readers and writers wait for on this machine: cold and warm builds, one page of ' +
    'each kind served by nginx (weight, Lighthouse mobile and desktop), the framework floor ' +
    '(Docusaurus alone) and the writer loop of npm start. Prints a table and writes ' +
    `${path.relative(root, OUTPUT)}.`,
  options: {
    only: {
      type: 'string',
      value: 'LIST',
      default: SECTIONS.join(','),
      help: `what to measure, any of ${SECTIONS.join(',')}`,
    },
    pages: {
      type: 'string',
      value: 'KINDS',
      help: `kinds of page to measure, any of ${PAGES.map((page) => page.kind).join(',')} (default: all)`,
    },
    runs: {type: 'string', value: 'N', default: '3', help: 'Lighthouse runs per page and preset'},
    build: buildOption('the build whose pages are measured'),
    port: portOption(
      3190,
      'port of the served build (the writer loop, the not-found proxy and the floor use the next three)',
    ),
    check: {
      type: 'boolean',
      help: `compare the figures with ${path.relative(root, BUDGETS)}; exit with 1 when one is missed`,
    },
    from: {
      type: 'string',
      value: 'FILE',
      help: 'check the figures of an earlier run (a results.json) against the budgets, measuring nothing',
    },
  },
};

/** The run's settings, from the command line's values. */
function settle(/** @type {Record<string, any>} */ values) {
  const only = listOption('only', values.only, SECTIONS);
  const runs = wholeNumber('runs', values.runs, 1);
  const port = wholeNumber('port', values.port, 1);
  const kinds = PAGES.map((page) => page.kind);
  const chosen = values.pages === undefined ? kinds : listOption('pages', values.pages, kinds);
  const pages = PAGES.filter((page) => chosen.includes(page.kind));
  if (values.from && !existsSync(path.resolve(root, values.from))) {
    throw new UsageError(`--from ${values.from}: no such file`);
  }
  if (values.check && !values.from && only.includes('pages') && !only.includes('floor')) {
    // The pages' Lighthouse budgets are relative to the floor measured in the same run.
    console.log(
      "bench: --check measures the framework floor too: the pages' scores and blocking time are judged against it",
    );
    only.push('floor');
  }
  return {
    only,
    runs,
    pages,
    build: path.resolve(root, values.build),
    port: String(port),
    check: Boolean(values.check),
    from: /** @type {string | undefined} */ (values.from),
  };
}

/** @param {unknown} error */
function firstLine(error) {
  return error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
}

/** @param {ReturnType<typeof settle>} settings */
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
    const server = await serve(settings.build, settings.port);
    const browser = await launchBrowser();
    const {origin} = server;
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
      server.stop();
    }
  }
  if (settings.only.includes('floor')) {
    console.log(`bench: framework floor (${FLOOR.guide} on a site of Docusaurus alone)…`);
    const browser = await launchBrowser();
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
  const settings = readCommandLine(COMMAND, settle);
  let results;
  if (settings.from) {
    results = JSON.parse(readFileSync(path.resolve(root, settings.from), 'utf8'));
  } else {
    results = await measure(settings);
    writeResults(OUTPUT, results);
    print(results);
    console.log(`\nWritten to ${path.relative(root, OUTPUT)}`);
  }
  if (settings.check || settings.from) {
    const budgets = JSON.parse(readFileSync(BUDGETS, 'utf8'));
    const lines = checkBudgets(results, budgets);
    console.log(`\nBudgets (${path.relative(root, BUDGETS)}):`);
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
