/**
 * The merchant API's releases as the build publishes them beside the other descriptions: each
 * release's joined description (`openapi/releases/<release>.yaml` in the repository) under
 * RELEASE_DOWNLOADS_PATH, and API_CHANGES_DOWNLOAD, every release's changes against the one before
 * and the description's since the last release, as `npm run api:changes` names them. The MCP
 * server answers `list_operations`, `get_operation` and `api_changes` from them.
 */
import {copyFileSync, mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {
  API_CHANGES_DOWNLOAD,
  GERAI_FULL_DOWNLOAD,
  OPENAPI_DOWNLOADS_PATH,
  RELEASE_DOWNLOADS_PATH,
} from '../../src/config/openapi';
import {changesBetween, releaseChanges} from '../../src/api-reference/changes/release-notes';
import {listReleases, releaseFile} from '../../src/api-reference/changes/release-snapshots';
import type {ApiChange} from '../../src/api-reference/changes/report';

/** One step of the history: the changes from `from` (none before the first release) to `to`. */
export interface ChangeStep {
  readonly from: string | null;
  /** A release's name, or `current`: the description as it stands, not yet released. */
  readonly to: string;
  readonly changes: readonly ApiChange[];
}

/** What API_CHANGES_DOWNLOAD holds. */
export interface ChangeHistory {
  /** The releases, oldest first. */
  readonly releases: readonly string[];
  /** One step per release, then one from the last release to `current`. */
  readonly steps: readonly ChangeStep[];
}

/** Writes the releases and their changes into the build folder `out`; returns the history. */
export async function writeReleases(root: string, out: string, scratch: string): Promise<ChangeHistory> {
  const folder = path.join(out, RELEASE_DOWNLOADS_PATH);
  mkdirSync(folder, {recursive: true});
  const releases = listReleases(root);
  const steps: ChangeStep[] = [];
  for (const [index, name] of releases.entries()) {
    copyFileSync(releaseFile(root, name), path.join(folder, `${name}.yaml`));
    const previous = releases[index - 1];
    steps.push({
      from: previous ?? null,
      to: name,
      changes: await releaseChanges(root, name, previous, scratch),
    });
  }
  const last = releases.at(-1);
  if (last !== undefined) {
    const current = path.join(out, OPENAPI_DOWNLOADS_PATH, GERAI_FULL_DOWNLOAD);
    steps.push({
      from: last,
      to: 'current',
      changes: await changesBetween(root, releaseFile(root, last), current),
    });
  }
  const history: ChangeHistory = {releases, steps};
  writeFileSync(path.join(folder, API_CHANGES_DOWNLOAD), `${JSON.stringify(history)}\n`);
  return history;
}
