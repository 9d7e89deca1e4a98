/**
 * Writes the reference pages of the targets named (their `id`s in ./layout.ts) into the folder
 * given first (laid out as in the repository), in a process of its own: at a start with no page
 * yet and a large reference, the development server's watcher generates it in two of these, one
 * on each core, and keeps none of their memory.
 *
 *   jiti scripts/generate-api-docs/write-pages.ts <folder> <target id>...
 */
import path from 'node:path';

import {GeneratorFailed, loadPageGenerator} from './generator';
import {TARGETS} from '../../src/api-reference/layout';

async function main(): Promise<number> {
  const [folder, ...ids] = process.argv.slice(2);
  const targets = TARGETS.filter((target) => ids.includes(target.id));
  if (!folder || targets.length !== ids.length || ids.length === 0) {
    console.error(
      `✖ write-pages: give a folder and target ids among ${TARGETS.map((t) => t.id).join(', ')}.`,
    );
    return 2;
  }
  try {
    const generator = await loadPageGenerator(path.resolve(__dirname, '..', '..'));
    await generator.write(folder, targets, {quiet: true});
    return 0;
  } catch (error) {
    if (!(error instanceof GeneratorFailed)) throw error;
    console.error(`✖ ${error.message}`);
    return 1;
  }
}

void main().then((code) => {
  process.exitCode = code;
});
