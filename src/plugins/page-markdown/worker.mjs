// A worker thread of ./workers.ts: converts the pages it is sent, one at a time, and answers
// each with its title and description. Plain JavaScript, since a worker starts from a file
// Node.js runs as it is; the TypeScript it runs is compiled by jiti, as Docusaurus compiles the
// plugin.
import createJiti from 'jiti';

import {answerTasks} from '../worker-pool/answer.mjs';

const {writePageMarkdown} = createJiti(import.meta.filename)('./write-page.ts');

answerTasks(writePageMarkdown);
