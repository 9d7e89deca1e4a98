/**
 * Lets `npm run gen-api` skip its work when nothing it reads has changed since
 * its last run and its output is still as it left it: the lint, the generator
 * and the conversions take a while (the `[gen-api]` steps of
 * bench/scale/results.json), which every `npm start` and `npm run build`
 * would otherwise pay again.
 *
 * What it reads (the descriptions, its own code, the site's configuration,
 * the installed versions, the environment variables of the build) is
 * fingerprinted; what it wrote is listed with a hash of each file. A run is
 * reused only when the fingerprint is the same and the output folders hold
 * exactly those files, unchanged. The record lives in `.docusaurus/`, so
 * `npm run clear` forgets it; `--force` regenerates regardless.
 */
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';

/** Files and folders whose content decides what the generator writes. */
export const INPUTS = [
  'openapi',
  'scripts',
  'src/api-reference',
  'src/config',
  'src/shims',
  'src/remark/substitute-tokens.ts',
  'src/constants.ts',
  'samples/webhooks/test-vectors.json',
  'docusaurus.config.ts',
  'redocly.yaml',
  'package-lock.json',
];

/** Environment variables the generation reads (src/config/build-environment.ts). */
const ENVIRONMENT = ['SITE_URL', 'GTM_CONTAINER_ID'];

/** The record of a run of `npm run gen-api`, which covers every generated file. */
const RECORD = 'api-reference-run';

/** Where a record is kept: `.docusaurus/<name>.json`. */
const recordFile = (root: string, name: string) => path.join(root, '.docusaurus', `${name}.json`);

interface Record {
  readonly fingerprint: string;
  readonly outputs: {readonly [file: string]: string};
}

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

function filesUnder(root: string, entry: string): string[] {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full)
    .sort()
    .flatMap((name) => filesUnder(root, path.join(entry, name)));
}

/**
 * The fingerprint of everything the generation reads. Taken before it runs and
 * recorded after it succeeds, so a file edited while it runs makes the next
 * run generate again.
 */
export function fingerprintInputs(root: string): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((entry) => filesUnder(root, entry))) {
    hash.update(`${file}\0${sha256(readFileSync(path.join(root, file)))}\n`);
  }
  for (const name of ENVIRONMENT) hash.update(`${name}=${process.env[name] ?? ''}\n`);
  return hash.digest('hex');
}

/** The generated files now in the repository, with the hash of each. */
function outputs(root: string, owned: (file: string) => boolean, dirs: readonly string[]) {
  return Object.fromEntries(
    dirs
      .flatMap((dir) => filesUnder(root, dir))
      .filter(owned)
      .map((file) => [file, sha256(readFileSync(path.join(root, file)))]),
  );
}

/** The outputs of the record `name` with `changed`'s files hashed again; undefined without a record that reads. */
function updatedOutputs(
  root: string,
  owned: (file: string) => boolean,
  name: string,
  changed: Changed,
): Record['outputs'] | undefined {
  let before: Partial<Record>;
  try {
    before = JSON.parse(readFileSync(recordFile(root, name), 'utf8')) as Partial<Record>;
  } catch {
    return undefined;
  }
  if (!before.outputs) return undefined;
  const removed = new Set(changed.removed);
  const updated = Object.fromEntries(Object.entries(before.outputs).filter(([file]) => !removed.has(file)));
  for (const file of changed.written.filter(owned)) {
    updated[file] = sha256(readFileSync(path.join(root, file)));
  }
  return updated;
}

/**
 * The last run's record, when it can be reused: same inputs, and its output
 * unchanged, with no file added or removed. `name` chooses the record: by
 * default `npm run gen-api`'s, which covers every generated file.
 */
export function reusableRun(
  root: string,
  inputs: string,
  owned: (file: string) => boolean,
  dirs: readonly string[],
  name = RECORD,
): boolean {
  const file = recordFile(root, name);
  if (!existsSync(file)) return false;
  let record: Partial<Record>;
  try {
    record = JSON.parse(readFileSync(file, 'utf8')) as Partial<Record>;
  } catch {
    return false;
  }
  if (record.fingerprint !== inputs || !record.outputs) return false;
  const now = outputs(root, owned, dirs);
  const before = record.outputs;
  return (
    Object.keys(now).length === Object.keys(before).length &&
    Object.entries(now).every(([output, hash]) => before[output] === hash)
  );
}

/** The files a run wrote and removed, relative to the repository, when it left the others as they were. */
export interface Changed {
  readonly written: readonly string[];
  readonly removed: readonly string[];
}

/**
 * Records a run that succeeded, from inputs of fingerprint `inputs`, for the next one to reuse.
 * With `changed`, the run changed only those files since the record of the same name was made:
 * the record keeps the hashes of the others (the development server's update of one page, whose
 * record read every generated page again: at a hundred times the content, half a second beside
 * the server's reload). A file changed by hand since then makes the next start's comparison fail,
 * and generate again.
 */
export function recordRun(
  root: string,
  inputs: string,
  owned: (file: string) => boolean,
  dirs: readonly string[],
  name = RECORD,
  changed?: Changed,
): void {
  const record: Record = {
    fingerprint: inputs,
    outputs: (changed && updatedOutputs(root, owned, name, changed)) ?? outputs(root, owned, dirs),
  };
  mkdirSync(path.dirname(recordFile(root, name)), {recursive: true});
  writeFileSync(recordFile(root, name), JSON.stringify(record));
}
