// A worker thread of ./workers.ts: converts the pages it is sent, one at a time, and answers
// each with its title and description, or the error that stopped it. Plain JavaScript, since a
// worker starts from a file Node.js runs as it is; the TypeScript it runs is compiled by jiti,
// as Docusaurus compiles the plugin.
import {parentPort, workerData} from 'node:worker_threads';

import createJiti from 'jiti';

const {writePageMarkdown} = createJiti(import.meta.filename)('./write-page.ts');

parentPort.on('message', async (task) => {
  if (task === null) {
    parentPort.close();
    return;
  }
  try {
    parentPort.postMessage({route: task.route, summary: await writePageMarkdown(task, workerData)});
  } catch (error) {
    parentPort.postMessage({
      route: task.route,
      error: error instanceof Error ? error.message : String(error),
    });
  }
});
