/**
 * Converts pages in worker threads (./worker.mjs, through src/plugins/worker-pool), one per
 * core; a small site uses fewer threads.
 */
import path from 'node:path';

import {runInWorkers, threadCount as poolThreads} from '../worker-pool';
import type {PageSettings, PageSummary, PageTask} from './write-page';

/** Pages per thread below which another thread would cost more than it saves. */
const MIN_PAGES_PER_THREAD = 20;

/**
 * The young generation of each thread's heap, in MB. A page's conversion makes many short-lived
 * trees; with V8's default the threads spent noticeably more of their time collecting them (on
 * the ten-times copy), for some more memory a thread.
 */
const YOUNG_GENERATION_MB = 128;

/** The number of threads for `pages` pages: one per core, at most one per MIN_PAGES_PER_THREAD pages. */
export function threadCount(pages: number, cores?: number): number {
  return poolThreads(pages, MIN_PAGES_PER_THREAD, cores);
}

/**
 * Writes the Markdown of every task's page; resolves with each route's summary. The first page
 * that cannot be converted stops every thread and rejects, naming its route.
 */
export async function convertPages(
  tasks: readonly PageTask[],
  settings: PageSettings,
  threads = threadCount(tasks.length),
): Promise<Map<string, PageSummary>> {
  const summaries = await runInWorkers<PageTask, PageSummary>(path.join(__dirname, 'worker.mjs'), tasks, {
    name: 'page-markdown',
    threads,
    workerData: settings,
    resourceLimits: {maxYoungGenerationSizeMb: YOUNG_GENERATION_MB},
    failure: (task, message) =>
      new Error(`page-markdown: could not write the Markdown of ${task.route}: ${message}`),
  });
  return new Map(tasks.map((task, position) => [task.route, summaries[position]]));
}
