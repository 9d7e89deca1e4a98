// The worker side of `Linter` (./problems.ts): lints in a thread of its own, so that a change of a
// description is linted while the generator writes its pages on the main thread.
import {parentPort} from 'node:worker_threads';

import createJiti from 'jiti';

const {lint} = createJiti(import.meta.url)('./problems.ts');

parentPort.on('message', async ({id, root, aliases, only}) => {
  try {
    parentPort.postMessage({id, problems: await lint(root, aliases, only)});
  } catch (error) {
    parentPort.postMessage({id, error: error instanceof Error ? error.message : String(error)});
  }
});
