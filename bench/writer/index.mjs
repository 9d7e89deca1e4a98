// @ts-check
/**
 * `npm run bench:writer`: what a writer waits for under `npm start`, at 1x and on a copy grown to
 * ten times the content (../shared/copies.mjs), in one run. For each size, in a temporary
 * copy of the repository as a fresh clone has it (no generated page, no download, no bundler
 * cache):
 *
 * - cold start: `npm start` from its spawn to a guide's title on screen in Chromium, then the
 *   first visit of an operation's reference page to its title;
 * - a guide edit: a sentence appended to the guide's MDX file, until it shows in the open page
 *   (three edits, each timed);
 * - a description edit: the `summary` of `getAllOutlets` changed in `openapi/gerai/outlets.yaml`,
 *   until the open reference page's title shows it (three edits, the first saved
 *   FIRST_EDIT_PAUSE_MS after the page first shows, as a writer who opens the page and edits at
 *   once does: the first edit of a session is the one a writer judges the loop by);
 * - a broken description: a YAML error written into the same file, until the open page shows a
 *   message naming the file; then the file put back, until the message is gone and the page
 *   shows the operation again;
 * - the peak resident memory of the whole `npm start` process tree (sampled every 250 ms), and
 *   which processes held it at the peak of the cold start;
 * - a second start, with what the first left (generated pages, the bundler's persistent cache),
 *   to the guide's title;
 * - then `--starts` (3) cold and second starts in all, each cold one from a fresh clone again:
 *   their figures are the medians (a start on this shared machine moves by a third from one run
 *   to the next).
 *
 * Every wait has a limit (`--limit`, 60 s; `--start-limit`, 600 s, for a start): a figure that
 * never came is written as null with the reason. Prints a table and writes
 * bench/writer/results.json, with the ratios of the cold start at 10x to 1x and of the second
 * start to the cold one. Run it with nothing else on the machine. `--help` lists the options.
 *
 * With `--sizes large` (or `1x,10x,large`), a copy whose sample pet store is GitHub's REST API
 * description as published (../scale/large.mjs), where the description edit is the summary of
 * `repos/get`: what an owner waits for with a description of a thousand operations. With
 * `--sizes large-yaml`, the same description written as YAML, as most owners write theirs. With
 * `--sizes 100x`, a copy with a hundred times the content (about ten thousand pages).
 *
 *   npm run bench:writer [-- --sizes 1x,10x,100x,large,large-yaml] [-- --edits 3] [-- --starts 3] [-- --limit 60]
 *                        [-- --start-limit 600] [-- --port 3290] [-- --keep]
 */
/* global document -- functions passed to page.evaluate run in the page */
import {execFileSync} from 'node:child_process';
import {readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {launchBrowser} from '../shared/browser.mjs';
import {root} from '../shared/root.mjs';
import {growCopy, plainCopy, TIMES} from '../shared/copies.mjs';
import {largeCopy} from '../scale/large.mjs';
import {sampleMemory} from '../shared/memory.mjs';
import {listOption, portOption, readCommandLine, wholeNumber} from '../shared/options.mjs';
import {machine, resultsFile, writeResults} from '../shared/results.mjs';
import {median as middle} from '../shared/stats.mjs';
import {startDevServer} from '../../tests/support/dev-server.mjs';

const OUTPUT = resultsFile('writer');
const SIZES = ['1x', `${TIMES}x`];
/** And on request: a copy whose sample is a large public description (../scale/large.mjs). */
const LARGE = 'large';
/** The same description written as YAML, as most owners write theirs. */
const LARGE_YAML = 'large-yaml';
/** A hundred times the content, grown as the ten-times copy is. */
const HUNDRED = '100x';

/** The guide and the operation the writer edits, and the routes they are served at. */
const GUIDE = {file: 'docs/docs/getting-started.mdx', route: '/docs/docs/getting-started'};
const OPERATION = {
  file: 'openapi/gerai/outlets.yaml',
  summary: 'Get all outlets',
  route: '/docs/api/outlet-information/get-all-outlets',
  /** The line of the summary in the file, with `summary` in it. */
  line: (/** @type {string} */ summary) => `summary: ${summary}\n`,
};
/** In the large copy: an operation of GitHub's description (JSON, which is YAML), in the sample's place. */
const LARGE_OPERATION = {
  file: 'openapi/petstore.yaml',
  summary: 'Get a repository',
  route: '/api/repos-get',
  line: (/** @type {string} */ summary) => `"summary": ${JSON.stringify(summary)},`,
};
/** The same operation in the copy whose description is written as YAML. */
const LARGE_YAML_OPERATION = {
  ...LARGE_OPERATION,
  line: (/** @type {string} */ summary) => `summary: ${summary}\n`,
};

/** How long after the reference page first shows the first description edit is saved. */
const FIRST_EDIT_PAUSE_MS = 3000;

/** Lines `npm start` prints as it starts, before and after the change of its design. */
const MILESTONES = {
  referenceReady: /API reference (generated|unchanged)|\[gen-api\] total|✔ API reference/,
  docusaurusListening: /Docusaurus website is running/,
  firstCompilation: /compiled (successfully|with)/,
};

/** @type {import('../shared/options.mjs').Command} */
const COMMAND = {
  name: 'bench:writer',
  about:
    'Measures what a writer waits for under npm start, in a copy of the portal and in a copy with ' +
    'ten times its content, each as a fresh clone has it: the cold and the second start, a guide ' +
    'edit, a description edit and a broken description on screen, and the peak memory. Takes about ' +
    `10 minutes. Prints a table and writes ${path.relative(root, OUTPUT)}.`,
  options: {
    sizes: {
      type: 'string',
      value: 'LIST',
      default: SIZES.join(','),
      help: `copies to measure; ${LARGE} is a copy with GitHub's REST API description in the sample's place, ${LARGE_YAML} the same written as YAML, ${HUNDRED} one with a hundred times the content`,
    },
    edits: {type: 'string', value: 'N', default: '3', help: 'edits of the guide and of the description'},
    starts: {
      type: 'string',
      value: 'N',
      default: '3',
      help: 'cold and second starts, each cold one from a fresh clone; their figures are the medians',
    },
    limit: {type: 'string', value: 'S', default: '60', help: 'seconds a figure may take before it is null'},
    'start-limit': {type: 'string', value: 'S', default: '600', help: 'the same for a start'},
    port: portOption(3290, 'port of the development server'),
    keep: {type: 'boolean', help: 'keep the copies (default: each is removed once measured)'},
  },
};

const {sizes, edits, starts, limitMs, startLimitMs, port, keep} = readCommandLine(COMMAND, (values) => ({
  sizes: listOption('sizes', values.sizes, [...SIZES, HUNDRED, LARGE, LARGE_YAML]),
  edits: wholeNumber('edits', values.edits, 1),
  starts: wholeNumber('starts', values.starts, 1),
  limitMs: wholeNumber('limit', values.limit, 1) * 1000,
  startLimitMs: wholeNumber('start-limit', values['start-limit'], 1) * 1000,
  port: wholeNumber('port', values.port, 1),
  keep: Boolean(values.keep),
}));

/** A wait that ran out: its figure is null, with why. */
class NeverShown extends Error {}

/**
 * Resolves with the milliseconds from `since` until `check` returns true, polling every 50 ms;
 * rejects with NeverShown after the limit, or as soon as `ended` says why the wait is vain (the
 * server it waits on has exited).
 *
 * @param {number} since performance.now() when the wait began
 * @param {() => Promise<boolean>} check
 * @param {string} what
 * @param {number} [limit]
 * @param {() => string | undefined} [ended]
 */
async function until(since, check, what, limit = limitMs, ended = () => undefined) {
  while (performance.now() - since < limit) {
    const vain = ended();
    if (vain) throw new NeverShown(`${what}: ${vain}`);
    try {
      if (await check()) return Math.round(performance.now() - since);
    } catch {
      // The page is navigating or reloading; look again.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new NeverShown(`${what}: not within ${limit / 1000} s`);
}

/**
 * A check that holds only once it has held three times running (150 ms): the overlay is drawn
 * again at each compilation, and a message seen gone for one look may only be between two.
 */
function steadily(/** @type {() => Promise<boolean>} */ check) {
  let held = 0;
  return async () => {
    held = (await check()) ? held + 1 : 0;
    return held >= 3;
  };
}

/** The text of the page and of every frame in it (the development server's overlay is one). */
async function visibleText(/** @type {import('@playwright/test').Page} */ page) {
  const texts = await Promise.all(
    page.frames().map((frame) => frame.evaluate(() => document.body?.innerText ?? '').catch(() => '')),
  );
  return texts.join('\n');
}

const titleOf = (/** @type {import('@playwright/test').Page} */ page) =>
  page.evaluate(() => document.querySelector('main h1, article h1')?.textContent?.trim() ?? '');

/** Runs `measure`; its figure, or null and why when it never came. */
async function figure(/** @type {() => Promise<number>} */ measure) {
  try {
    return {ms: await measure()};
  } catch (error) {
    if (error instanceof NeverShown) return {ms: null, why: error.message};
    throw error;
  }
}

/** The median of a figure's measures; null when one of them never came. */
const median = (/** @type {(number|null)[]} */ list) =>
  list.some((value) => value === null) ? null : middle(/** @type {number[]} */ (list));

/**
 * `npm start` in `folder` until the guide's title is on screen; the server is left running, its
 * memory sampled until `stop`.
 */
async function start(
  /** @type {string} */ folder,
  /** @type {import('@playwright/test').Browser} */ browser,
) {
  const guideTitle = /^title: (.+)$/m.exec(readFileSync(path.join(folder, GUIDE.file), 'utf8'))?.[1] ?? '';
  const started = performance.now();
  serverStarted = started;
  saves = [];
  const server = startDevServer(folder, {port});
  /** How the server ended, if it did before the guide showed (a port still held, a crash). */
  let exit;
  void server.exited.then((code) => {
    exit = code;
  });
  const memory = sampleMemory(server.pid, {everyMs: 250, since: started});
  const page = await browser.newPage();
  let answeredMs = null;
  const firstPage = await figure(() =>
    until(
      started,
      async () => {
        // As a writer does: the page is opened once the server answers (asked from Node.js, which
        // costs the machine nothing; a browser retrying a closed port slowed the start by a third).
        if (page.url() !== server.origin + GUIDE.route) {
          const answer = await fetch(server.origin + GUIDE.route).catch(() => undefined);
          if (!answer?.ok) return false;
          answeredMs = Math.round(performance.now() - started);
          await page.goto(server.origin + GUIDE.route, {timeout: startLimitMs});
        }
        return (await titleOf(page)) === guideTitle;
      },
      'the guide after npm start',
      startLimitMs,
      () => (exit === undefined ? undefined : `npm start exited (${exit}) before it showed`),
    ),
  );
  if (firstPage.ms === null) firstPage.serverOutput = server.output().slice(-3000);
  // Where the time went: when the server said each step was done (ms since the spawn).
  firstPage.serverAnsweredMs = answeredMs;
  firstPage.printed = Object.fromEntries(
    Object.entries(MILESTONES).map(([name, pattern]) => [name, server.printedAt(pattern)]),
  );
  return {
    server,
    page,
    firstPage,
    peakMB: () => Math.round(memory.peakKB() / 1024),
    /** At the peak, which processes held the memory (MB each, the largest first). */
    peakProcesses: () => memory.peakProcesses(),
    /** When the peak was sampled, in seconds from the spawn: the server's timed log says what it did then. */
    peakAtS: () => Math.round(memory.peakAtS() * 10) / 10,
    /** Stops the server; what it printed is kept in `log` (a file of the system's temporary folder). */
    async stop(/** @type {string} */ log) {
      memory.stop();
      await page.close();
      await server.stop();
      writeFileSync(log, `${server.timedOutput()}\n${saves.join('\n')}\n`);
    },
  };
}

/** Where what a server printed is kept: beside the copy, which may be removed. */
function serverLog(/** @type {string} */ folder, /** @type {string} */ label) {
  return `${folder}-${label}.log`;
}

/** Writes `text` into `file` and returns performance.now() just after. */
function save(/** @type {string} */ file, /** @type {string} */ text) {
  writeFileSync(file, text);
  saves.push(`${((performance.now() - serverStarted) / 1000).toFixed(1)} (bench) saved ${file}`);
  return performance.now();
}

/** The saves of the running server's session, for its log, and when it started. */
let saves = [];
let serverStarted = 0;

/** Makes `folder` as a fresh clone has it: nothing generated, no bundler cache. */
function asNewClone(/** @type {string} */ folder) {
  execFileSync('git', ['clean', '-fdxq', '-e', 'node_modules'], {cwd: folder});
  // node_modules/.cache is this repository's, which the copy links.
  rmSync(path.join(folder, 'node_modules', '.cache'), {recursive: true, force: true});
}

/** Everything measured on one copy. */
async function measureCopy(
  /** @type {string} */ folder,
  /** @type {(line: string) => void} */ log,
  operation = OPERATION,
) {
  asNewClone(folder);
  const guideFile = path.join(folder, GUIDE.file);
  const operationFile = path.join(folder, operation.file);
  const guideText = readFileSync(guideFile, 'utf8');
  const operationText = readFileSync(operationFile, 'utf8');
  const summaryLine = operation.line(operation.summary);
  if (!operationText.includes(summaryLine)) {
    throw new Error(`bench:writer: ${operation.file} no longer has the line "${summaryLine.trim()}"`);
  }
  const browser = await launchBrowser();
  const result = {};
  try {
    log('cold npm start');
    const cold = await start(folder, browser);
    try {
      result.coldStart = cold.firstPage;
      log(`  guide on screen: ${cold.firstPage.ms ?? cold.firstPage.why} ms`);
      const {page} = cold;

      // The guide, edited while open.
      result.guideEdit = [];
      for (let n = 1; n <= edits; n += 1) {
        const marker = `Writer loop sentence ${n}, written at ${Date.now()}.`;
        const saved = save(guideFile, `${guideText.trimEnd()}\n\n${marker}\n`);
        result.guideEdit.push(
          await figure(() =>
            until(saved, async () => (await visibleText(page)).includes(marker), 'guide edit'),
          ),
        );
      }
      writeFileSync(guideFile, guideText);
      log(`  guide edits: ${result.guideEdit.map((f) => f.ms ?? 'never').join(', ')} ms`);

      // The reference page, first visited.
      const visited = performance.now();
      await page.goto(cold.server.origin + operation.route, {timeout: limitMs});
      result.referenceFirstVisit = await figure(() =>
        until(
          visited,
          async () => (await titleOf(page)) === operation.summary,
          'first visit of the reference page',
        ),
      );
      log(`  reference page first visit: ${result.referenceFirstVisit.ms ?? 'never'} ms`);

      // The description, edited while its page is open: the first edit a few seconds after the
      // page shows, the others as soon as the one before has shown.
      await new Promise((resolve) => setTimeout(resolve, FIRST_EDIT_PAUSE_MS));
      result.descriptionEdit = [];
      for (let n = 1; n <= edits; n += 1) {
        const summary = `${operation.summary}, edit ${n} at ${Date.now()}`;
        const saved = save(operationFile, operationText.replace(summaryLine, operation.line(summary)));
        const shown = await figure(() =>
          until(saved, async () => (await titleOf(page)) === summary, 'description edit'),
        );
        result.descriptionEdit.push(shown);
        // One that never shows would not show the next time either.
        if (shown.ms === null) break;
      }
      log(`  description edits: ${result.descriptionEdit.map((f) => f.ms ?? 'never').join(', ')} ms`);
      const restored = save(operationFile, operationText);
      await figure(() => until(restored, async () => (await titleOf(page)) === operation.summary, 'restore'));

      // A broken description: its message on screen, then the page back once it is mended.
      const broken = save(
        operationFile,
        operationText.replace(summaryLine, summaryLine.replace(': ', ': [')),
      );
      result.brokenShown = await figure(() =>
        until(
          broken,
          async () => (await visibleText(page)).includes(operation.file),
          'broken description message',
        ),
      );
      const mended = save(operationFile, operationText);
      result.mendedShown =
        result.brokenShown.ms === null
          ? {ms: null, why: 'no message was shown to clear'}
          : await figure(() =>
              until(
                mended,
                steadily(
                  async () =>
                    !(await visibleText(page)).includes(operation.file) &&
                    (await titleOf(page)) === operation.summary,
                ),
                'mended description',
              ),
            );
      log(
        `  broken: message ${result.brokenShown.ms ?? 'never'} ms, back ${result.mendedShown.ms ?? 'never'} ms`,
      );
    } finally {
      writeFileSync(guideFile, guideText);
      writeFileSync(operationFile, operationText);
      result.coldPeakMB = cold.peakMB();
      result.coldPeakProcesses = cold.peakProcesses();
      result.coldPeakAtS = cold.peakAtS();
      log(
        `  peak ${result.coldPeakMB} MB, ${result.coldPeakAtS} s after the spawn: ${result.coldPeakProcesses.join('; ')}`,
      );
      await cold.stop(serverLog(folder, 'cold'));
    }

    log('second npm start');
    const second = await start(folder, browser);
    result.secondStart = second.firstPage;
    result.secondPeakMB = second.peakMB();
    await second.stop(serverLog(folder, 'second'));
    log(`  guide on screen: ${second.firstPage.ms ?? second.firstPage.why} ms`);

    // The starts again, from a fresh clone each time: a start on this shared machine moves by a
    // third from one run to the next, so its figure is the median of `--starts`.
    result.coldStarts = [result.coldStart];
    result.secondStarts = [result.secondStart];
    for (let n = 2; n <= starts; n += 1) {
      asNewClone(folder);
      for (const [kind, list] of /** @type {const} */ ([
        ['cold', result.coldStarts],
        ['second', result.secondStarts],
      ])) {
        const again = await start(folder, browser);
        list.push(again.firstPage);
        result[`${kind}PeakMB`] = Math.max(result[`${kind}PeakMB`], again.peakMB());
        await again.stop(serverLog(folder, `${kind}-${n}`));
        log(`  ${kind} start ${n}: guide on screen in ${again.firstPage.ms ?? again.firstPage.why} ms`);
      }
    }
  } finally {
    await browser.close();
  }
  result.peakMB = Math.max(result.coldPeakMB ?? 0, result.secondPeakMB ?? 0);
  result.guideEditMs = median(result.guideEdit.map((f) => f.ms));
  result.coldStartMs = median(result.coldStarts.map((f) => f.ms));
  result.secondStartMs = median(result.secondStarts.map((f) => f.ms));
  result.descriptionEditMs = median(result.descriptionEdit.map((f) => f.ms));
  result.firstDescriptionEditMs = result.descriptionEdit[0]?.ms ?? null;
  return result;
}

/** @typedef {{folder: string | null} & Awaited<ReturnType<typeof measureCopy>>} SizeResults */

const results = {
  date: new Date().toISOString(),
  commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], {cwd: root, encoding: 'utf8'}).trim(),
  machine: machine(),
  /** @type {Record<string, SizeResults>} the figures of each size measured, by its name */
  sizes: {},
};
const save1 = () => writeResults(OUTPUT, results);

for (const size of sizes) {
  const log = (/** @type {string} */ line) => console.log(`bench:writer ${size}: ${line}`);
  const folder =
    size === '1x'
      ? plainCopy()
      : size === LARGE || size === LARGE_YAML
        ? largeCopy(log, undefined, {asYaml: size === LARGE_YAML}).folder
        : growCopy(size === HUNDRED ? 100 : TIMES);
  const operation = {[LARGE]: LARGE_OPERATION, [LARGE_YAML]: LARGE_YAML_OPERATION}[size] ?? OPERATION;
  log(`copy in ${folder}`);
  try {
    results.sizes[size] = {
      folder,
      ...(await measureCopy(folder, log, operation)),
    };
  } finally {
    if (!keep) {
      rmSync(folder, {recursive: true, force: true});
      if (results.sizes[size]) results.sizes[size].folder = null;
    }
    save1();
  }
}

const one = results.sizes['1x'];
const ten = results.sizes[`${TIMES}x`];
const ratio = (/** @type {number|null|undefined} */ a, /** @type {number|null|undefined} */ b) =>
  typeof a === 'number' && typeof b === 'number' ? Number((a / b).toFixed(2)) : null;
results.ratios = {
  coldStart10xTo1x: ratio(ten?.coldStartMs, one?.coldStartMs),
  secondToCold1x: ratio(one?.secondStartMs, one?.coldStartMs),
  secondToCold10x: ratio(ten?.secondStartMs, ten?.coldStartMs),
};
save1();

/** @type {[label: string, pick: (entry: SizeResults) => unknown][]} */
const FIGURES = [
  ['cold npm start to the guide, ms (median)', (e) => e.coldStartMs],
  ['second npm start to the guide, ms (median)', (e) => e.secondStartMs],
  ['reference page, first visit, ms', (e) => e.referenceFirstVisit.ms],
  ['guide edit on screen, ms (median)', (e) => e.guideEditMs],
  [
    `first description edit, saved ${FIRST_EDIT_PAUSE_MS / 1000} s after its page shows, ms`,
    (e) => e.firstDescriptionEditMs,
  ],
  ['description edit on its page, ms (median)', (e) => e.descriptionEditMs],
  ['broken description: message, ms', (e) => e.brokenShown.ms],
  ['broken description: page back, ms', (e) => e.mendedShown.ms],
  ['peak memory of the process tree, MB', (e) => e.peakMB],
];
const rows = FIGURES.map(([label, pick]) => ({
  figure: label,
  ...Object.fromEntries(Object.entries(results.sizes).map(([size, entry]) => [size, pick(entry) ?? 'never'])),
}));
console.table(rows);
console.log(`bench:writer: ratios ${JSON.stringify(results.ratios)}`);
console.log(`bench:writer: written to ${path.relative(process.cwd(), OUTPUT)}`);
