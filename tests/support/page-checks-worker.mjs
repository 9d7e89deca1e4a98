// A worker thread of tests/build/every-page.test.mjs: inspects its share of the built pages
// (./page-checks.mjs) and sends back each page's findings.
import {readFileSync} from 'node:fs';
import {parentPort, workerData} from 'node:worker_threads';

import {inspectPage} from './page-checks.mjs';

const {pages, scriptHashes, origin} = workerData;
const allowed = new Set(scriptHashes);
for (const {route, file} of pages) {
  const result = await inspectPage(readFileSync(file, 'utf8'), {route, scriptHashes: allowed, origin});
  parentPort.postMessage({route, file, ...result});
}
