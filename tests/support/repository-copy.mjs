import {cpSync, mkdtempSync, symlinkSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

import {root} from './openapi.mjs';

/** What a copy leaves out: installed packages (linked instead), git, and outputs. */
const LEFT_OUT = new Set([
  'node_modules',
  '.git',
  'build',
  '.docusaurus',
  'test-results',
  'playwright-report',
]);

/**
 * Copies the repository into a new temporary folder whose name starts with
 * `prefix`, with its node_modules linked, so a test can run the project's
 * scripts on files it breaks on purpose. The caller removes the folder.
 */
export function copyRepository(prefix) {
  const copy = mkdtempSync(path.join(tmpdir(), prefix));
  cpSync(root, copy, {recursive: true, filter: (source) => !LEFT_OUT.has(path.relative(root, source))});
  symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  return copy;
}
