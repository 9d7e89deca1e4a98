// The worker side of `Linter` (./problems.ts): lints in a thread of its own, so that a change of a
// description is linted while the generator writes its pages on the main thread.
import {parentPort} from 'node:worker_threads';

import createJiti from 'jiti';

const jiti = createJiti(import.meta.url);
const {lint} = jiti('./problems.ts');
const {collectGarbage} = jiti('./collect-garbage.ts');

parentPort.on('message', async ({id, root, aliases, only}) => {
  try {
    parentPort.postMessage({id, problems: await lint(root, aliases, only)});
  } catch (error) {
    parentPort.postMessage({id, error: error instanceof Error ? error.message : String(error)});
  }
  // The description this thread parsed is garbage once its problems are sent.
  collectGarbage();
});
