/**
 * Writes the prepared copy of a description (src/config/api-reference/description.ts): the
 * description bundled into one document by Redocly (a description of several files keeps its
 * external references working from the copy's folder), then prepared, as JSON (read back faster
 * than YAML by the generator).
 */
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {bundle, createConfig} from '@redocly/openapi-core';

import {
  operationCount,
  preparedDescription,
  preparedSpecPath,
} from '../../src/config/api-reference/description';
import type {Target} from './layout';

/** A description's file bundled and prepared, with its operations and events counted. */
export async function preparedSpec(
  file: string,
): Promise<{doc: Record<string, unknown>; operations: number; events: number}> {
  const {bundle: result, problems} = await bundle({ref: file, config: await createConfig({})});
  const unresolved = problems.find((problem) => problem.severity === 'error');
  if (unresolved) {
    const where = unresolved.location[0]?.pointer;
    throw new Error(`${where ? `At ${where}: ` : ''}${unresolved.message}`);
  }
  const bundled = result.parsed as Record<string, unknown>;
  return {doc: preparedDescription(bundled), ...operationCount(bundled)};
}

/** Writes the prepared copy of `target`'s description where the generator reads it: `doc`, or else its own. */
export async function writePreparedSpec(
  root: string,
  target: Target,
  doc?: Record<string, unknown>,
): Promise<void> {
  const prepared = doc ?? (await preparedSpec(path.join(root, target.spec))).doc;
  const file = path.join(root, preparedSpecPath(target.id));
  mkdirSync(path.dirname(file), {recursive: true});
  writeFileSync(file, JSON.stringify(prepared));
}

/** The prepared copy the pages of `target` were last generated from, if there is one. */
export function readPreparedSpec(root: string, target: Target): Record<string, unknown> | undefined {
  const file = path.join(root, preparedSpecPath(target.id));
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    // Half written (a process stopped): as if there were none.
    return undefined;
  }
}
