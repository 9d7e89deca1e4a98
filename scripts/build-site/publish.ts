import {existsSync, renameSync, rmSync} from 'node:fs';

/**
 * Puts the complete build in `from` in place of `to`: the previous build is
 * set aside, the new one renamed in, then the previous one removed, so `to`
 * is never a mix of two builds and is missing only between two renames.
 */
export function publish(from: string, to: string): void {
  const previous = `${to}-previous`;
  rmSync(previous, {recursive: true, force: true});
  if (existsSync(to)) renameSync(to, previous);
  renameSync(from, to);
  rmSync(previous, {recursive: true, force: true});
}
