/**
 * Writes what a reference page does not show, generated from the descriptions, into the folder
 * given as its argument (laid out as in the repository): the downloads and the companion files
 * (webhook bodies, the objects glossary's tables, each release's list of changes for the
 * changelog). In a process of its own: the development server's watcher runs it after a change of a description, at a low priority, once the pages
 * are in place, and stops it when another change comes first.
 *
 * With `--lint`, it first lints every description (as ../start-site/problems.ts does) and prints
 * the problems found on one line, `PROBLEMS <JSON>`; it stops there when one is an error, as
 * `npm run build` would. The watcher asks for it at a start with no page yet, whose pages were
 * generated without waiting for the linter.
 *
 *   jiti scripts/generate-api-docs/write-downloads.ts [--lint] <folder>
 */
import path from 'node:path';

import {lint, PROBLEMS_LINE} from '../start-site/problems';
import {writeReleaseNotes} from '../../src/api-reference/changes/release-notes';
import {writeCompanions} from './companions';
import {StepFailed, writeDownloads} from './steps';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const folder = args.find((arg) => !arg.startsWith('--'));
  if (!folder) {
    console.error('✖ write-downloads: give the folder to write the downloads into.');
    return 2;
  }
  const root = path.resolve(__dirname, '..', '..');
  if (args.includes('--lint')) {
    const problems = await lint(root);
    console.log(`${PROBLEMS_LINE}${JSON.stringify(problems)}`);
    if (problems.some((problem) => problem.severity === 'error')) return 1;
  }
  try {
    writeCompanions(root, folder);
    await writeReleaseNotes(root, folder, folder);
    await writeDownloads(folder);
    return 0;
  } catch (error) {
    console.error(`✖ ${error instanceof StepFailed ? error.message : String(error)}`);
    return 1;
  }
}

void main().then((code) => {
  process.exitCode = code;
});
