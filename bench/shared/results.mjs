// @ts-check
/**
 * Where each benchmark keeps the figures of its last run, `bench/<benchmark>/results.json` (git
 * ignores them: they are one machine's), and the machine they were taken on.
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {root} from './root.mjs';

/**
 * The results file of a benchmark, by the name of its folder under bench/.
 *
 * @param {'pages' | 'search' | 'suite' | 'scale' | 'writer' | 'mcp'} benchmark
 */
export function resultsFile(benchmark) {
  return path.join(root, 'bench', benchmark, 'results.json');
}

/**
 * Writes `results` into `file` as JSON, its folder made if need be.
 *
 * @param {string} file
 * @param {unknown} results
 */
export function writeResults(file, results) {
  mkdirSync(path.dirname(file), {recursive: true});
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}

/** The machine a run is taken on: its cores, its memory and its load when the run began. */
export function machine() {
  return {
    cpus: os.availableParallelism(),
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
    loadAverage: os.loadavg()[0],
  };
}
