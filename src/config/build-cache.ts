/**
 * The portal's own caches of built work (the reference pages' converted HTML, the postBuild
 * steps' results, the minified scripts): where they are kept, what their results are keyed by, and
 * whether a build keeps them.
 */
import {createHash} from 'node:crypto';
import {mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

/** A folder of the bundler's cache folder, which `docusaurus clear` empties: where a cache is kept. */
export function cacheFolder(name: string): string {
  return path.join(ROOT, 'node_modules', '.cache', name);
}

/**
 * The hash of the code that makes a kept result: `files` (of the repository) and the lock file of
 * the installed packages. A change of any makes every result again.
 */
export function codeHash(files: readonly string[]): string {
  return [...files, path.join(ROOT, 'package-lock.json')]
    .reduce((hash, file) => hash.update(readFileSync(file)).update('\0'), createHash('sha256'))
    .digest('hex');
}

/**
 * Keeps `data` in a cache's `file`: written whole under another name first (unique to the process
 * and the call, as threads share a process), then renamed, so that another process or thread never
 * reads half of it. A cache that cannot be written (a read-only node_modules) only costs the next
 * build its time: a failure is ignored.
 */
export function keepInCache(file: string, data: string | NodeJS.ArrayBufferView): void {
  try {
    mkdirSync(path.dirname(file), {recursive: true});
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(partial, data);
    renameSync(partial, file);
  } catch {
    // See above.
  }
}

/**
 * Whether the build keeps its cache, as the bundler's: when `DOCUSAURUS_NO_PERSISTENT_CACHE` is
 * unset or empty (`docusaurus build` alone, or `npm run build` asked to keep it), not otherwise
 * (`npm run build`'s default: deployments and CI build cold, and writing it would only cost them
 * time). The reference pages' HTML is kept always (src/api-reference/page/html.ts).
 */
export function cacheKept(env: NodeJS.ProcessEnv = process.env): boolean {
  return !env.DOCUSAURUS_NO_PERSISTENT_CACHE;
}
