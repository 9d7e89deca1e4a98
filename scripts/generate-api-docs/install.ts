/**
 * Puts generated files in place, writing only those whose bytes changed.
 *
 * Why: the development server recompiles every page whose file is written, and Docusaurus reloads
 * its docs plugin (every page's metadata, longer as the site grows) for every page file that
 * changes on disk. A page rewritten with the same bytes costs all of that for nothing; an
 * unchanged page keeps its bytes and its modification time.
 */
import {copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';

/** What an install changed, as paths relative to the repository. */
export interface Installed {
  readonly written: string[];
  readonly removed: string[];
}

/** True when `to` already holds exactly the bytes of `from`. */
function same(from: string, to: string): boolean {
  return existsSync(to) && readFileSync(from).equals(readFileSync(to));
}

/**
 * For each folder (relative to both `staging` and `root`): copies the files of the staging folder
 * that `owned` accepts over those of the repository's folder where their bytes differ, then
 * removes the repository's files that `owned` accepts and the staging folder no longer has. Other
 * files are left alone. Sidebars are written before pages, so that a reload of the docs plugin set
 * off by a page finds its sidebar already up to date.
 */
export function installChanged(
  staging: string,
  root: string,
  folders: readonly {dir: string; owned: (name: string) => boolean}[],
): Installed {
  const installed: Installed = {written: [], removed: []};
  for (const {dir, owned} of folders) {
    const from = path.join(staging, dir);
    const to = path.join(root, dir);
    const fresh = readdirSync(from)
      .filter(owned)
      .sort((a, b) => Number(b.startsWith('sidebar.')) - Number(a.startsWith('sidebar.')));
    // A folder that would stay empty is not made (the glossary's further pages, mostly none).
    if (fresh.length === 0 && !existsSync(to)) continue;
    mkdirSync(to, {recursive: true});
    for (const name of fresh) {
      if (!same(path.join(from, name), path.join(to, name))) {
        copyFileSync(path.join(from, name), path.join(to, name));
        installed.written.push(path.join(dir, name));
      }
    }
    const kept = new Set(fresh);
    for (const name of readdirSync(to)) {
      if (owned(name) && !kept.has(name)) {
        rmSync(path.join(to, name));
        installed.removed.push(path.join(dir, name));
      }
    }
  }
  return installed;
}

/** Copies one generated file over its installed version when their bytes differ; says whether it did. */
export function installFile(staging: string, root: string, file: string): boolean {
  if (same(path.join(staging, file), path.join(root, file))) return false;
  mkdirSync(path.dirname(path.join(root, file)), {recursive: true});
  copyFileSync(path.join(staging, file), path.join(root, file));
  return true;
}
