/**
 * Releases of the merchant API's description: each a dated snapshot of the whole description
 * (every section of `openapi/gerai/` joined into one file, as the joined download is), kept in
 * `openapi/releases/<YYYY-MM-DD>.yaml`. A release is never changed once cut; the description in
 * `openapi/gerai/` is the next release in the making.
 */
import {execFileSync} from 'node:child_process';
import {copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

import {parseYaml} from '@redocly/openapi-core';

import {geraiApiSections} from '../../config/openapi';
import {writeOpenApiDownloads} from '../downloads';
import type {Description} from './report';

export const RELEASES_DIR = path.join('openapi', 'releases');

/** The name of the description in `openapi/gerai/` as it stands: the release in the making. */
export const CURRENT = 'current';

const RELEASE_NAME = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `name` is a release's name: a real calendar date, `2026-11-23`. */
export function isReleaseName(name: string): boolean {
  if (!RELEASE_NAME.test(name)) return false;
  const date = new Date(`${name}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(name);
}

/** The releases cut so far, oldest first. */
export function listReleases(root: string): string[] {
  const folder = path.join(root, RELEASES_DIR);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((file) => file.endsWith('.yaml') && isReleaseName(file.slice(0, -'.yaml'.length)))
    .map((file) => file.slice(0, -'.yaml'.length))
    .sort();
}

export function releaseFile(root: string, name: string): string {
  return path.join(root, RELEASES_DIR, `${name}.yaml`);
}

/** A description to compare: its name as the reader gave it, its file, and the file's contents. */
export interface Resolved {
  readonly name: string;
  readonly file: string;
  readonly doc: Description;
}

export class UsageError extends Error {}

/** Joins the merchant API's sections under `root` into one description in a temporary folder. */
async function joinCurrent(root: string, scratch: string): Promise<string> {
  const sections = geraiApiSections.filter((section) =>
    existsSync(path.join(root, 'openapi', 'gerai', section.file)),
  );
  return writeOpenApiDownloads(path.join(scratch, 'current'), {root, sections, petstore: false});
}

/**
 * Finds the description a reader named: `current`, a release's name, or a description file (a
 * joined one, or one section of `openapi/gerai/` with its references).
 */
export async function resolveDescription(spec: string, root: string, scratch: string): Promise<Resolved> {
  let file: string;
  if (spec === CURRENT) file = await joinCurrent(root, scratch);
  else if (isReleaseName(spec) && existsSync(releaseFile(root, spec))) file = releaseFile(root, spec);
  else if (existsSync(path.resolve(spec))) file = path.resolve(spec);
  else {
    const releases = listReleases(root);
    throw new UsageError(
      `"${spec}" is neither a release nor a file. Releases: ${releases.join(', ') || 'none yet'}; ` +
        `"${CURRENT}" is openapi/gerai/ as it stands.`,
    );
  }
  let doc: unknown;
  try {
    doc = parseYaml(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`${file} is not a YAML or JSON description: ${(error as Error).message}`);
  }
  if (typeof doc !== 'object' || doc === null || !('openapi' in doc)) {
    throw new UsageError(`${file} is not an OpenAPI description (it has no "openapi" field).`);
  }
  return {name: spec, file, doc: doc as Description};
}

/**
 * Cuts a release: joins `openapi/gerai/` as it stands (or as it stood at the git revision `at`)
 * into `openapi/releases/<name>.yaml`. Refuses a name that is no date, a release that exists, and
 * a date not after the last release's.
 */
export async function cutRelease(root: string, name: string, at?: string): Promise<string> {
  if (!isReleaseName(name))
    throw new UsageError(`A release is named by its date, YYYY-MM-DD: "${name}" is not one.`);
  const releases = listReleases(root);
  const last = releases.at(-1);
  if (releases.includes(name))
    throw new UsageError(`Release ${name} exists: a release is never changed once cut.`);
  if (last !== undefined && name < last) {
    throw new UsageError(
      `Release ${name} would come before the last release, ${last}: releases are cut in date order.`,
    );
  }
  const scratch = mkdtempSync(path.join(tmpdir(), 'gerai-release-'));
  try {
    let source = root;
    if (at !== undefined) {
      source = path.join(scratch, 'source');
      mkdirSync(source);
      let archive: Buffer;
      try {
        archive = execFileSync('git', ['archive', at, 'openapi/gerai'], {
          cwd: root,
          maxBuffer: 256 * 1024 * 1024,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
      } catch (error) {
        throw new UsageError(
          `git has no openapi/gerai/ at "${at}": ${String((error as {stderr?: Buffer}).stderr ?? error).trim()}`,
        );
      }
      execFileSync('tar', ['-x', '-C', source], {input: archive});
    }
    const joined = await joinCurrent(source, scratch);
    const target = releaseFile(root, name);
    mkdirSync(path.dirname(target), {recursive: true});
    copyFileSync(joined, target);
    return target;
  } finally {
    rmSync(scratch, {recursive: true, force: true});
  }
}
