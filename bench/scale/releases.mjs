// @ts-check
/**
 * The `releases` copy of `npm run bench:scale`: the portal after twenty more releases of the
 * merchant API, each cut as a maintainer cuts one (`npm run api:release -- <date>`, one day after
 * the one before, starting the day after the last release of `openapi/releases/`). Before each,
 * one operation's summary in `openapi/gerai/` gets a revision number, so every release differs
 * from the one before and has a change for its changelog entry. Every release adds its reference
 * pages (`/docs/api/releases/<release>/...`), its changelog entry and its list of changes to the
 * build.
 */
import {spawnSync} from 'node:child_process';
import {readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {isMap, isScalar, parseDocument} from 'yaml';

import {copyRepository} from '../../tests/support/repository-copy.mjs';
import {commitCopy} from '../shared/copies.mjs';

/** How many releases the copy has beyond the portal's. */
export const MORE_RELEASES = 20;

/** The description whose first operation's summary each release revises. */
export const REVISED_FILE = path.join('openapi', 'gerai', 'outlets.yaml');

const RELEASE = /^(\d{4}-\d{2}-\d{2})\.yaml$/;
const REVISION = / \(rev \d+\)$/;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/**
 * `count` release names (dates), one day apart, from the day after `last`.
 *
 * @param {string} last a release's date, YYYY-MM-DD
 * @param {number} count
 */
export function releaseDates(last, count) {
  const start = Date.parse(`${last}T00:00:00Z`);
  if (Number.isNaN(start)) throw new Error(`bench:scale: "${last}" is not a release's date`);
  return Array.from({length: count}, (_, k) =>
    new Date(start + (k + 1) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** The releases in a repository's `openapi/releases/`, oldest first. */
export function existingReleases(folder) {
  return readdirSync(path.join(folder, 'openapi', 'releases'))
    .map((name) => RELEASE.exec(name)?.[1])
    .filter((name) => name !== undefined)
    .sort();
}

/**
 * The description with the summary of its first operation ending in ` (rev <revision>)`, instead
 * of any earlier revision's number; every other byte as it was, so the release differs by that
 * summary alone. Returns the text, the operation and its new summary.
 *
 * @param {string} text an OpenAPI description, YAML
 * @param {number} revision
 */
export function reviseSummary(text, revision) {
  const doc = parseDocument(text);
  const paths = doc.get('paths');
  for (const item of isMap(paths) ? paths.items : []) {
    if (!isScalar(item.key)) continue;
    for (const method of METHODS) {
      const operation = isMap(item.value) ? item.value.get(method, true) : undefined;
      const node = isMap(operation) ? operation.get('summary', true) : undefined;
      if (!isScalar(node) || typeof node.value !== 'string' || !node.range) continue;
      const summary = `${node.value.replace(REVISION, '')} (rev ${revision})`;
      const written = node.type === 'PLAIN' && !/[:#]/.test(summary) ? summary : JSON.stringify(summary);
      const revised = text.slice(0, node.range[0]) + written + text.slice(node.range[1]);
      const check = parseDocument(revised).getIn(['paths', item.key.value, method, 'summary']);
      if (check !== summary)
        throw new Error(`bench:scale: could not revise the summary of ${method} ${item.key.value}`);
      return {text: revised, operation: `${method.toUpperCase()} ${item.key.value}`, summary};
    }
  }
  throw new Error('bench:scale: the description has no operation with a summary to revise');
}

/**
 * Makes the releases copy in a new temporary folder: MORE_RELEASES releases cut, then everything
 * committed (the build dates pages from git). Returns its folder and what was done, for
 * bench/scale/results.json; the caller removes the folder.
 *
 * @param {(message: string) => void} [log]
 */
export function releasesCopy(log = () => {}) {
  const folder = copyRepository('gerai-scale-releases-');
  const before = existingReleases(folder);
  const last = before.at(-1);
  if (last === undefined) throw new Error('bench:scale: openapi/releases/ holds no release to follow');
  const dates = releaseDates(last, MORE_RELEASES);
  const file = path.join(folder, REVISED_FILE);
  const started = performance.now();
  let revised;
  for (const [index, date] of dates.entries()) {
    revised = reviseSummary(readFileSync(file, 'utf8'), index + 1);
    writeFileSync(file, revised.text);
    const cut = spawnSync('npm', ['run', '--silent', 'api:release', '--', date], {
      cwd: folder,
      encoding: 'utf8',
    });
    if (cut.status !== 0) {
      throw new Error(
        `bench:scale: npm run api:release -- ${date} failed in ${folder}:\n${(cut.stdout + cut.stderr).trim().split('\n').slice(-10).join('\n')}`,
      );
    }
    log(`release ${index + 1}/${MORE_RELEASES} cut: ${date}, "${revised.summary}"`);
  }
  const cutS = Math.round((performance.now() - started) / 100) / 10;
  commitCopy(folder, `A copy of the portal with ${MORE_RELEASES} more releases of the merchant API`);
  const after = existingReleases(folder);
  log(`${after.length} releases (${before.length} before), cut in ${cutS} s`);
  return {
    folder,
    preparation: {
      releasesBefore: before,
      releasesAdded: dates,
      releases: after.length,
      revised: {file: REVISED_FILE, operation: revised?.operation, lastSummary: revised?.summary},
      cutS,
    },
  };
}
