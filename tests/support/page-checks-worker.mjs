// @ts-check
// A worker thread of tests/build/every-page.test.mjs, for its share of the built pages (see
// ./page-checks.mjs). Task "pages": every check of a page, its code blocks and sidebar menu read as
// text, and what the page's markup is made of (./page-kinds.ts). Task "markup": html-validate on
// the whole markup of a sampled page, code blocks and menu included.
import {readFileSync} from 'node:fs';
import {parentPort, workerData} from 'node:worker_threads';

import createJiti from 'jiti';

import {root} from './openapi.mjs';
import {inspectPage, validateMarkup} from './page-checks.mjs';

const {markupFeatures} = createJiti(root + '/')('./tests/support/page-kinds.ts');

const {task, pages, scriptHashes, origin} = workerData;
const allowed = new Set(scriptHashes);
for (const {route, file} of pages) {
  const html = readFileSync(file, 'utf8');
  if (task === 'markup') {
    parentPort.postMessage({route, problems: await validateMarkup(html, route)});
    continue;
  }
  const result = await inspectPage(html, {route, scriptHashes: allowed, origin}, {repeatedMarkup: false});
  // A redirect page only sends the browser on: it brings no markup of its own to the sample.
  const features = result.redirect === undefined ? [...markupFeatures(html)] : [];
  parentPort.postMessage({route, file, ...result, features});
}
