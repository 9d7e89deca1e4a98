// A worker thread of the search index's build (./index.ts, through src/plugins/worker-pool):
// reads the built pages it is sent and answers what the search reads of each (./extract.ts,
// loaded with jiti as the build loads it).
import {readFileSync} from 'node:fs';

import createJiti from 'jiti';

import {answerTasks} from '../../worker-pool/answer.mjs';

const {extractPage} = createJiti(import.meta.url)('./extract.ts');

answerTasks(({file, type}, {ignored}) => extractPage(readFileSync(file, 'utf8'), type, ignored));
