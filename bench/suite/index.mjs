// @ts-check
/**
 * `npm run bench:suite`: what the test suite costs per page. Runs `npm test` (tests/run-all.sh,
 * every stage, PORTAL_TEST_KEEP_GOING=1) in two temporary copies of the repository, one as it is
 * and one grown to ten times its content (../shared/copies.mjs), one after the other,
 * and reports each stage's time (elapsed and CPU) in both, and what each extra page of the grown copy adds to each
 * stage and to the whole run. A copy's own failures (a content check that counts pages, say) do
 * not stop the measure; they are listed.
 *
 * Writes bench/suite/results.json. Takes about 20 minutes on a 2-core machine. Not part of
 * `npm test`: compare runs taken on the same machine, with nothing else running. `--help` lists
 * the options.
 *
 *   npm run bench:suite [-- --keep]
 */
import {spawn} from 'node:child_process';
import {readFileSync, rmSync} from 'node:fs';
import path from 'node:path';

import {root} from '../shared/root.mjs';
import {growCopy, plainCopy} from '../shared/copies.mjs';
import {readCommandLine} from '../shared/options.mjs';
import {resultsFile, writeResults} from '../shared/results.mjs';

const OUTPUT = resultsFile('suite');

/** @type {import('../shared/options.mjs').Command} */
const COMMAND = {
  name: 'bench:suite',
  about:
    'Runs npm test, every stage, in a copy of the portal and in a copy with ten times its content, ' +
    "and reports each stage's time in both and what each extra page adds to it. Takes about 20 " +
    `minutes. Writes ${path.relative(root, OUTPUT)}.`,
  options: {
    keep: {type: 'boolean', help: 'keep both copies (default: both are removed at the end)'},
  },
};

const values = readCommandLine(COMMAND, (read) => ({keep: Boolean(read.keep)}));

/** Runs the suite in `folder`; resolves with each stage's seconds, the total and the failed stages. */
function runSuite(folder) {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['tests/run-all.sh'], {
      cwd: folder,
      env: {...process.env, CI: '1', PORTAL_TEST_KEEP_GOING: '1'},
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.on('error', reject);
    child.on('exit', () => {
      // Each line of the summary: elapsed seconds, CPU seconds, the stage's name.
      const summary = output.split('=== Stage times').at(-1) ?? '';
      const stages = {};
      const cpu = {};
      let total = NaN;
      let totalCpu = NaN;
      for (const [, seconds, cpuSeconds, name] of summary.matchAll(/^\s*(\d+) s\s+(\d+) s {2}(.+)$/gm)) {
        if (name === 'in all') {
          total = Number(seconds);
          totalCpu = Number(cpuSeconds);
        } else {
          const stage = name.replace(/ \(failed\)$/, '');
          stages[stage] = Number(seconds);
          cpu[stage] = Number(cpuSeconds);
        }
      }
      const failed = [...output.matchAll(/^Failed: (.+)$/gm)].map((match) => match[1]);
      if (Number.isNaN(total))
        reject(new Error(`bench:suite: the suite in ${folder} printed no stage times`));
      else resolve({stages, cpu, total, totalCpu, failed});
    });
  });
}

function pagesOf(folder) {
  const sitemap = readFileSync(path.join(folder, 'build', 'sitemap.xml'), 'utf8');
  return [...sitemap.matchAll(/<loc>/g)].length;
}

const copies = [];
const results = {};
try {
  const plain = plainCopy();
  copies.push(plain);
  const grown = growCopy();
  copies.push(grown);
  for (const [label, folder] of [
    ['1x', plain],
    ['10x', grown],
  ]) {
    const suite = await runSuite(folder);
    results[label] = {folder, pages: pagesOf(folder), ...suite};
  }
} finally {
  if (!values.keep) for (const folder of copies) rmSync(folder, {recursive: true, force: true});
}

const extra = results['10x'].pages - results['1x'].pages;
const perPage = (a, b) => Math.round(((b - a) / extra) * 1000) / 1000;
const stages = Object.keys(results['1x'].stages);
const rows = stages.map((stage) => ({
  stage,
  '1x s': results['1x'].stages[stage],
  '10x s': results['10x'].stages[stage],
  's per extra page': perPage(results['1x'].stages[stage], results['10x'].stages[stage]),
  '1x CPU s': results['1x'].cpu[stage],
  '10x CPU s': results['10x'].cpu[stage],
}));
rows.push({
  stage: 'in all',
  '1x s': results['1x'].total,
  '10x s': results['10x'].total,
  's per extra page': perPage(results['1x'].total, results['10x'].total),
  '1x CPU s': results['1x'].totalCpu,
  '10x CPU s': results['10x'].totalCpu,
});
console.log(`\n${results['1x'].pages} and ${results['10x'].pages} pages (${extra} more):`);
console.table(rows);
for (const [label, {failed}] of Object.entries(results)) {
  if (failed.length > 0) console.log(`${label}: failed stages (the times still count): ${failed.join('; ')}`);
}
writeResults(OUTPUT, {...results, extraPages: extra, perExtraPage: rows});
console.log(`bench:suite: written to ${path.relative(root, OUTPUT)}`);
