// A worker thread of the search index's build (./index.ts, through src/plugins/worker-pool):
// reads the built pages it is sent and answers what the search reads of each (./extract.ts,
// loaded with jiti as the build loads it), or what an earlier build kept of the same content
// (src/plugins/worker-pool/page-cache.ts).
import {readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';

import createJiti from 'jiti';

import {answerTasks} from '../../worker-pool/answer.mjs';

const jiti = createJiti(import.meta.url);
const {extractPage} = jiti('./extract.ts');
const {pageCache} = jiti('../../worker-pool/page-cache.ts');

const extracted = pageCache('search', [
  fileURLToPath(new URL('./extract.ts', import.meta.url)),
  import.meta.filename,
]);

answerTasks(({file, type}, {ignored}) => {
  const html = readFileSync(file, 'utf8');
  return extracted.result(html, {type, ignored}, () => extractPage(html, type, ignored));
});
