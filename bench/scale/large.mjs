// @ts-check
/**
 * The `large` copy of `npm run bench:scale`: the portal with a real, large public OpenAPI
 * description in place of the sample pet store (`openapi/petstore.yaml`), as an owner who brings
 * their own API would have it. The description is GitHub's REST API (OpenAPI 3.0.3, 1,223
 * operations, 969 schemas), from the npm package below: fetched once with `npm pack` into a
 * cache under this repository's node_modules (never committed) and reused by later runs.
 *
 * What the copy changes besides the description, each said in its file and printed by the run:
 *
 * - nothing in the description: it is copied byte for byte, its `x-webhooks` (270 events, OpenAPI
 *   3.0's extension for what 3.1 calls `webhooks`) with it;
 * - the Redocly rules the description breaks (`npm run gen-api` lints `openapi/` and stops on an
 *   error) are turned off for the pet store's API only, `petstore@v1` in the copy's redocly.yaml;
 * - broken links and anchors are reported, not fatal: some of GitHub's descriptions link to
 *   pages of docs.github.com by path only (23 operations) or to its headings by anchor only (11),
 *   and the sample's introduction and landing page link to pet-store operations the copy no
 *   longer has.
 */
import {spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {isMap, parseDocument, stringify} from 'yaml';

import {copyRepository} from '../../tests/support/repository-copy.mjs';
import {commitCopy} from '../shared/copies.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');

/** The package and the file in it that the copy's API reference is generated from. */
export const LARGE_DESCRIPTION = {package: '@octokit/openapi@23.0.2', file: 'generated/api.github.com.json'};

/**
 * Where the fetched description is kept between runs. Not under node_modules/.cache: every cold
 * build of the benchmark empties that folder (`docusaurus clear` removes the bundler's cache there).
 */
export const CACHE = path.join(root, 'node_modules', '.gerai-bench-cache');

/** The API of redocly.yaml that lints openapi/petstore.yaml. */
const PETSTORE_API = 'petstore@v1';

/**
 * The rules of Redocly's `recommended` set, and of the portal's redocly.yaml, that GitHub's
 * description breaks with errors (found by `redocly lint petstore@v1` on the copy; its warnings,
 * which do not stop the build, stay on), each with how many errors it gave.
 */
export const RELAXED_RULES = {
  // 1,223 errors.
  'security-defined':
    'it declares no security scheme, on the root or on an operation (its authentication is told in prose)',
  // 1,194 errors.
  'no-invalid-media-type-examples':
    'examples with fields their schemas do not declare (the portal refuses those) or lack required ones',
  // 135 errors.
  'nullable-type-sibling': 'schemas with `nullable` and no `type`',
  // 29 errors.
  'no-invalid-schema-examples': 'schema examples of another type or format than their schemas',
  // 2 errors.
  'no-identical-paths': 'paths that differ only by the names of their parameters',
  // The events of x-webhooks: untagged (the merchant API's convention, 270 errors each), and
  // header parameters whose examples are of another type than their schemas.
  'operation-tag-defined': 'events with no tag (an untagged event goes into a group of its own)',
  'rule/operation-tags': 'events with no tag',
  'no-invalid-parameter-examples': 'parameter examples of another type than their schemas',
};

/**
 * Fetches the package with `npm pack` (through the npm registry, as `npm ci` fetches packages)
 * unless the cache holds its description already; returns the description's path in the cache.
 *
 * @param {(message: string) => void} [log]
 */
export function fetchLargeDescription(log = () => {}) {
  const name = LARGE_DESCRIPTION.package.replace(/^@/, '').replace(/[/@]/g, '-');
  const cached = path.join(CACHE, name, path.basename(LARGE_DESCRIPTION.file));
  if (existsSync(cached)) return cached;
  log(`fetching ${LARGE_DESCRIPTION.package} (npm pack) into ${path.relative(root, CACHE)}`);
  mkdirSync(CACHE, {recursive: true});
  const scratch = mkdtempSync(path.join(CACHE, 'fetching-'));
  try {
    const packed = spawnSync(
      'npm',
      ['pack', LARGE_DESCRIPTION.package, '--pack-destination', scratch, '--json'],
      {
        cwd: scratch,
        encoding: 'utf8',
      },
    );
    if (packed.status !== 0) {
      throw new Error(
        `bench:scale: npm pack ${LARGE_DESCRIPTION.package} failed:\n${packed.stderr.trim().split('\n').slice(-5).join('\n')}`,
      );
    }
    const [{filename}] = JSON.parse(packed.stdout);
    const member = `package/${LARGE_DESCRIPTION.file}`;
    const unpacked = spawnSync('tar', ['-xzf', path.join(scratch, filename), '-C', scratch, member], {
      encoding: 'utf8',
    });
    if (unpacked.status !== 0)
      throw new Error(`bench:scale: ${filename} holds no ${member}: ${unpacked.stderr.trim()}`);
    mkdirSync(path.dirname(cached), {recursive: true});
    renameSync(path.join(scratch, member), cached);
    return cached;
  } finally {
    rmSync(scratch, {recursive: true, force: true});
  }
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/**
 * What the description holds, read from its text (JSON), which the copy holds as it is (JSON is
 * YAML, and every reader of `openapi/petstore.yaml` reads it as such).
 *
 * @param {string} text the description, JSON
 */
export function largeDescription(text) {
  const doc = JSON.parse(text);
  if (typeof doc?.openapi !== 'string')
    throw new Error('bench:scale: the large description has no "openapi" field');
  const count = (items) =>
    Object.values(items ?? {}).reduce(
      (sum, item) => sum + METHODS.filter((method) => item[method]).length,
      0,
    );
  return {
    text,
    openapi: doc.openapi,
    operations: count(doc.paths),
    events: count(doc['x-webhooks']) + count(doc.webhooks),
    schemas: Object.keys(doc.components?.schemas ?? {}).length,
  };
}

/**
 * redocly.yaml with every rule of `rules` turned off for the pet store's API, each under a comment
 * saying why; the rest of the file (its comments too) as it was.
 *
 * @param {string} text redocly.yaml
 * @param {Record<string, string>} rules rule name: what the description does that breaks it
 */
export function relaxLintRules(text, rules) {
  const config = parseDocument(text);
  if (!config.hasIn(['apis', PETSTORE_API]))
    throw new Error(`bench:scale: redocly.yaml no longer lints an API named ${PETSTORE_API}`);
  if (!config.hasIn(['apis', PETSTORE_API, 'rules'])) config.setIn(['apis', PETSTORE_API, 'rules'], {});
  const relaxed = config.getIn(['apis', PETSTORE_API, 'rules']);
  if (!isMap(relaxed))
    throw new Error(`bench:scale: the rules of ${PETSTORE_API} in redocly.yaml are not a map`);
  for (const [rule, reason] of Object.entries(rules)) {
    relaxed.delete(rule);
    const pair = config.createPair(rule, 'off');
    pair.key.commentBefore = ` Off in this copy only, whose pet store is GitHub's REST API: ${reason}.`;
    relaxed.add(pair);
  }
  return config.toString({lineWidth: 0});
}

/**
 * docusaurus.config.ts with broken links and anchors reported as warnings: the copy's pages link
 * to pages and headings it does not have (see the module's comment), which is no cost of its size.
 *
 * @param {string} text
 */
export function brokenLinksWarned(text) {
  let warned = text;
  for (const setting of ['onBrokenLinks', 'onBrokenAnchors']) {
    if (!warned.includes(`${setting}: 'throw'`))
      throw new Error(`bench:scale: docusaurus.config.ts no longer sets ${setting} as expected`);
    warned = warned.replace(
      `${setting}: 'throw'`,
      `// The large copy: GitHub's descriptions link to pages and headings of docs.github.com by path.\n  ${setting}: 'warn'`,
    );
  }
  return warned;
}

/**
 * Makes the large copy in a new temporary folder and commits it (the build dates pages from git).
 * Returns its folder and what was changed, for bench/scale/results.json; the caller removes the folder.
 *
 * @param {(message: string) => void} [log]
 * @param {string} [source] the description's file: GitHub's, fetched, unless a test gives its own
 * @param {{asYaml?: boolean}} [options] asYaml: the description written as block YAML, as most
 *   owners write theirs, rather than as the JSON it is published as
 */
export function largeCopy(log = () => {}, source = fetchLargeDescription(log), {asYaml = false} = {}) {
  const bytes = readFileSync(source);
  const description = largeDescription(bytes.toString('utf8'));
  const folder = copyRepository(asYaml ? 'gerai-scale-large-yaml-' : 'gerai-scale-large-');
  try {
    writeFileSync(
      path.join(folder, 'openapi', 'petstore.yaml'),
      asYaml
        ? stringify(JSON.parse(description.text), {lineWidth: 0, aliasDuplicateObjects: false})
        : description.text,
    );
    const redocly = path.join(folder, 'redocly.yaml');
    writeFileSync(redocly, relaxLintRules(readFileSync(redocly, 'utf8'), RELAXED_RULES));
    const config = path.join(folder, 'docusaurus.config.ts');
    writeFileSync(config, brokenLinksWarned(readFileSync(config, 'utf8')));
    commitCopy(folder, `A copy of the portal with ${LARGE_DESCRIPTION.package} as its pet store`);
  } catch (error) {
    rmSync(folder, {recursive: true, force: true});
    throw error;
  }
  const notes = [
    `openapi/petstore.yaml is ${LARGE_DESCRIPTION.file} of ${LARGE_DESCRIPTION.package} ` +
      `(OpenAPI ${description.openapi}, ${description.operations} operations, ${description.events} webhook events, ` +
      `${description.schemas} schemas), ${asYaml ? 'written as YAML' : 'as published'}`,
    `Redocly rules off for ${PETSTORE_API} in the copy's redocly.yaml: ${Object.keys(RELAXED_RULES).join(', ')}`,
    'broken links and anchors are warnings in the copy (GitHub links to docs.github.com by path, and the sample pages to pet-store operations)',
  ];
  for (const note of notes) log(note);
  return {
    folder,
    preparation: {
      package: LARGE_DESCRIPTION.package,
      file: LARGE_DESCRIPTION.file,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      openapi: description.openapi,
      written: asYaml ? 'yaml' : 'json',
      operations: description.operations,
      schemas: description.schemas,
      events: description.events,
      relaxedLintRules: Object.keys(RELAXED_RULES),
      onBrokenLinks: 'warn',
      onBrokenAnchors: 'warn',
      notes,
    },
  };
}
