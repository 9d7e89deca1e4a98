// The worker side of ./index.ts: answers each task the pool sends with what `handle` returns
// for it (or resolves to), or with the message of the error it throws.
import {parentPort, workerData} from 'node:worker_threads';

/** @param {(task: any, workerData: any) => unknown} handle */
export function answerTasks(handle) {
  parentPort.on('message', async ({position, task}) => {
    try {
      parentPort.postMessage({position, result: await handle(task, workerData)});
    } catch (error) {
      parentPort.postMessage({position, error: error instanceof Error ? error.message : String(error)});
    }
  });
}
