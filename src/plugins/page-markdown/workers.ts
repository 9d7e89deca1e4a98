/**
 * Converts pages in worker threads (./worker.mjs), one per core: each thread is sent a page as
 * soon as it has finished the one before, so the threads share the work however long each page
 * takes, and none holds more than one page. A small site uses fewer threads, since starting one
 * costs about as much as converting a few pages.
 */
import {availableParallelism} from 'node:os';
import path from 'node:path';
import {Worker} from 'node:worker_threads';

import type {PageSettings, PageSummary, PageTask} from './write-page';

/** Pages per thread below which another thread would cost more than it saves. */
const MIN_PAGES_PER_THREAD = 20;

/**
 * The young generation of each thread's heap, in MB. A page's conversion makes many short-lived
 * trees; with V8's default the threads spent a seventh of their time more collecting them (on
 * the ten-times copy, 42 s of CPU for every page instead of 37.5), for about 70 MB more memory
 * a thread.
 */
const YOUNG_GENERATION_MB = 128;

type Answer = {route: string; summary: PageSummary} | {route: string; error: string};

/** The number of threads for `pages` pages: one per core, at most one per MIN_PAGES_PER_THREAD pages. */
export function threadCount(pages: number, cores = availableParallelism()): number {
  return Math.max(1, Math.min(cores, Math.ceil(pages / MIN_PAGES_PER_THREAD)));
}

/**
 * Writes the Markdown of every task's page; resolves with each route's summary. The first page
 * that cannot be converted stops every thread and rejects, naming its route.
 */
export function convertPages(
  tasks: readonly PageTask[],
  settings: PageSettings,
  threads = threadCount(tasks.length),
): Promise<Map<string, PageSummary>> {
  const summaries = new Map<string, PageSummary>();
  if (tasks.length === 0) return Promise.resolve(summaries);
  return new Promise((resolve, reject) => {
    const workers: Worker[] = [];
    let next = 0;
    let failed = false;
    const stop = (error: Error) => {
      if (failed) return;
      failed = true;
      for (const worker of workers) void worker.terminate();
      reject(error);
    };
    const send = (worker: Worker) => worker.postMessage(next < tasks.length ? tasks[next++] : null);
    for (let index = 0; index < threads; index += 1) {
      const worker = new Worker(path.join(__dirname, 'worker.mjs'), {
        workerData: settings,
        resourceLimits: {maxYoungGenerationSizeMb: YOUNG_GENERATION_MB},
      });
      workers.push(worker);
      worker.on('message', (answer: Answer) => {
        if ('error' in answer) {
          stop(new Error(`page-markdown: could not write the Markdown of ${answer.route}: ${answer.error}`));
          return;
        }
        summaries.set(answer.route, answer.summary);
        if (summaries.size === tasks.length) resolve(summaries);
        send(worker);
      });
      worker.on('error', (error) =>
        stop(new Error(`page-markdown: a worker thread failed: ${error.message}`)),
      );
      worker.on('exit', (code) => {
        if (code !== 0 && !failed && summaries.size < tasks.length) {
          stop(new Error(`page-markdown: a worker thread stopped (exit code ${code})`));
        }
      });
      send(worker);
    }
  });
}
