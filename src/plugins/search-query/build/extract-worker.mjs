// A worker thread of the search index's build (./index.ts): reads the built pages it is sent and
// answers what the search reads of each (./extract.ts, loaded with jiti as the build loads it).
import {readFileSync} from 'node:fs';
import {parentPort, workerData} from 'node:worker_threads';

import createJiti from 'jiti';

const {extractPage} = createJiti(import.meta.url)('./extract.ts');

parentPort.on('message', ({position, file, type}) => {
  try {
    parentPort.postMessage({position, page: extractPage(readFileSync(file, 'utf8'), type, workerData.ignored)});
  } catch (error) {
    parentPort.postMessage({position, error: `${file}: ${error instanceof Error ? error.message : error}`});
  }
});
