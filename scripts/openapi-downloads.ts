/**
 * The downloadable copies of the OpenAPI descriptions: each merchant API
 * section bundled into one self-contained file, the sample pet store, and
 * every section joined into `GERAI_FULL_DOWNLOAD`. `npm run gen-api` writes
 * them into `static/openapi/`; the unit tests write them into a temporary
 * folder and run the validators integrators use on them.
 */
import {spawnSync} from 'node:child_process';
import {mkdirSync} from 'node:fs';
import path from 'node:path';

import {GERAI_FULL_DOWNLOAD, geraiApiSections} from '../src/config/openapi';

const root = path.resolve(__dirname, '..');
const redocly = path.join(root, 'node_modules', '.bin', 'redocly');

function redoclyStep(step: string, args: string[]): void {
  const result = spawnSync(redocly, args, {cwd: root, encoding: 'utf8'});
  if (result.status !== 0) {
    throw new Error(`${step} failed (exit code ${result.status ?? result.signal}):\n${result.stderr}`);
  }
}

/** Writes every download into `folder`; returns the path of the joined merchant API. */
export function writeOpenApiDownloads(folder: string): string {
  mkdirSync(folder, {recursive: true});
  const bundled = geraiApiSections.map((section) => {
    const output = path.join(folder, `gerai-${section.id}.yaml`);
    redoclyStep(`Bundling ${section.file}`, [
      'bundle',
      path.join('openapi', 'gerai', section.file),
      '--output',
      output,
    ]);
    return output;
  });
  redoclyStep('Bundling petstore.yaml', [
    'bundle',
    path.join('openapi', 'petstore.yaml'),
    '--output',
    path.join(folder, 'petstore.yaml'),
  ]);
  const joined = path.join(folder, GERAI_FULL_DOWNLOAD);
  redoclyStep('Joining the merchant API into one description', ['join', ...bundled, '--output', joined]);
  return joined;
}
