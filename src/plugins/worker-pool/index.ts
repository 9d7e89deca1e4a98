/**
 * Work shared among worker threads, one per core, for the postBuild steps that read every page
 * (src/plugins/page-markdown, src/plugins/search): each thread is sent a task as soon as
 * it has answered the one before, so the threads share the work however long each task takes,
 * and none holds more than one task. The worker script answers through ./answer.mjs.
 */
import {availableParallelism} from 'node:os';
import {Worker, type ResourceLimits} from 'node:worker_threads';

/** What a worker answers for the task at `position`: its result, or the message of its error. */
export type Answer<Result> = {position: number; result: Result} | {position: number; error: string};

/**
 * Threads for `tasks` tasks: one per core, but at most one per `minPerThread` tasks, since
 * starting a thread costs about as much as a few tasks.
 */
export function threadCount(tasks: number, minPerThread: number, cores = availableParallelism()): number {
  return Math.max(1, Math.min(cores, Math.ceil(tasks / minPerThread)));
}

export interface PoolOptions<Task> {
  /** Who runs the work, at the start of the messages of a thread that fails (`page-markdown`). */
  readonly name: string;
  /** How many threads to start. */
  readonly threads: number;
  /** Given to every thread as `workerData`. */
  readonly workerData?: unknown;
  readonly resourceLimits?: ResourceLimits;
  /** The error that rejects the run when `task` failed with `message`. */
  readonly failure: (task: Task, message: string) => Error;
}

/**
 * Runs every task in the worker threads of `script`; resolves with their results in the tasks'
 * order. The first task that fails stops every thread and rejects with `failure`'s error; so does
 * a thread that fails or stops before the work is done.
 */
export function runInWorkers<Task, Result>(
  script: string,
  tasks: readonly Task[],
  {name, threads, workerData, resourceLimits, failure}: PoolOptions<Task>,
): Promise<Result[]> {
  const results: Result[] = new Array<Result>(tasks.length);
  if (tasks.length === 0) return Promise.resolve(results);
  return new Promise((resolve, reject) => {
    const workers: Worker[] = [];
    let next = 0;
    let answered = 0;
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      for (const worker of workers) void worker.terminate();
      if (error) reject(error);
      else resolve(results);
    };
    const send = (worker: Worker) => {
      if (next < tasks.length) {
        const position = next++;
        worker.postMessage({position, task: tasks[position]});
      }
    };
    for (let index = 0; index < threads; index += 1) {
      const worker = new Worker(script, {workerData, resourceLimits});
      workers.push(worker);
      worker.on('message', (answer: Answer<Result>) => {
        if ('error' in answer) {
          finish(failure(tasks[answer.position], answer.error));
          return;
        }
        results[answer.position] = answer.result;
        answered += 1;
        if (answered === tasks.length) finish();
        else send(worker);
      });
      worker.on('error', (error) => finish(new Error(`${name}: a worker thread failed: ${error.message}`)));
      worker.on('exit', (code) => {
        if (!settled) finish(new Error(`${name}: a worker thread stopped (exit code ${code})`));
      });
      send(worker);
    }
  });
}
