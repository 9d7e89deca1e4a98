/**
 * When each operation and webhook event of the merchant API came into the description, and since
 * when it is deprecated, read from its releases (`openapi/releases/<YYYY-MM-DD>.yaml`, cut by
 * `npm run api:release`): the line under the method and path of each reference page.
 */
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';

import {parseYaml} from '@redocly/openapi-core';

const RELEASES = path.resolve(__dirname, '..', '..', '..', 'openapi', 'releases');
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

export interface ReleaseHistory {
  /** The releases, oldest first. */
  readonly releases: readonly string[];
  /** By `METHOD /path` or event name: the first release that has it. */
  readonly added: ReadonlyMap<string, string>;
  /** By `METHOD /path` or event name: the first release since which it has stayed deprecated. */
  readonly deprecated: ReadonlyMap<string, string>;
}

type Operations<T> = Record<string, Record<string, T | undefined> | undefined>;

/**
 * Every operation and webhook event of a description, keyed as the change report names them:
 * `METHOD /path`, or the event's name.
 */
export function operationsOf<T>(doc: {paths?: Operations<T>; webhooks?: Operations<T>}): [string, T][] {
  const found: [string, T][] = [];
  for (const [area, items] of [
    ['paths', doc.paths],
    ['webhooks', doc.webhooks],
  ] as const) {
    for (const [name, item] of Object.entries(items ?? {})) {
      for (const method of METHODS) {
        const operation = item?.[method];
        if (operation !== undefined)
          found.push([area === 'paths' ? `${method.toUpperCase()} ${name}` : name, operation]);
      }
    }
  }
  return found;
}

/** The history of the releases in `folder` (their file names are their dates). */
export function readReleaseHistory(folder = RELEASES): ReleaseHistory {
  const releases = existsSync(folder)
    ? readdirSync(folder)
        .filter((file) => /^\d{4}-\d{2}-\d{2}\.yaml$/.test(file))
        .map((file) => file.slice(0, -'.yaml'.length))
        .sort()
    : [];
  const added = new Map<string, string>();
  const deprecated = new Map<string, string>();
  for (const release of releases) {
    const doc = parseYaml(readFileSync(path.join(folder, `${release}.yaml`), 'utf8')) as {
      paths?: Operations<{deprecated?: boolean}>;
      webhooks?: Operations<{deprecated?: boolean}>;
    };
    for (const [key, operation] of operationsOf(doc)) {
      if (!added.has(key)) added.set(key, release);
      if (operation.deprecated !== true) deprecated.delete(key);
      else if (!deprecated.has(key)) deprecated.set(key, release);
    }
  }
  return {releases, added, deprecated};
}

let cached: {stamp: string; history: ReleaseHistory} | undefined;

/** The history of the repository's releases, read again only when a release file changes. */
function repositoryHistory(): ReleaseHistory {
  const stamp = existsSync(RELEASES)
    ? readdirSync(RELEASES)
        .map((file) => `${file}:${statSync(path.join(RELEASES, file)).mtimeMs}`)
        .join('|')
    : '';
  if (cached?.stamp !== stamp) cached = {stamp, history: readReleaseHistory()};
  return cached.history;
}

/** The changelog entry of a release (its slug: changelog/<date>-release.mdx). */
export const releaseEntry = (release: string) => `/changelog/release-${release}`;

/**
 * What a reference page says of its operation's releases: the release that added it (or that it
 * is in none yet), and since which release it is deprecated. Empty when there is no release.
 */
export function releaseLine(key: string, deprecatedNow: boolean, history = repositoryHistory()): string {
  const last = history.releases.at(-1);
  if (last === undefined) return '';
  const link = (release: string) => `[release ${release}](${releaseEntry(release)})`;
  const added = history.added.get(key);
  const parts = [added ? `Added in ${link(added)}.` : `New since ${link(last)}: in no release yet.`];
  if (deprecatedNow) {
    const since = history.deprecated.get(key);
    parts.push(
      since ? `Deprecated since ${link(since)}.` : `Deprecated after ${link(last)}, in no release yet.`,
    );
  }
  return parts.join(' ');
}
