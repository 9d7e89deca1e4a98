import {cpSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

import {parse, stringify} from 'yaml';

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

/**
 * Cuts the merchant API's descriptions of a copy (openapi/gerai/*.yaml) down to the first `keep`
 * path items and webhook events of each file, so a test of what the scripts do with a
 * description costs the same however far the API grows. Components stay whole: a description
 * still resolves every reference it keeps.
 */
export function sampleDescriptions(copy, keep = 2) {
  const folder = path.join(copy, 'openapi', 'gerai');
  for (const name of readdirSync(folder).filter((file) => file.endsWith('.yaml'))) {
    const file = path.join(folder, name);
    const doc = parse(readFileSync(file, 'utf8'));
    for (const key of ['paths', 'webhooks']) {
      if (doc[key]) doc[key] = Object.fromEntries(Object.entries(doc[key]).slice(0, keep));
    }
    writeFileSync(file, stringify(doc, {lineWidth: 0}));
  }
}
