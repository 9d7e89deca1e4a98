/**
 * Writes the prepared copy of a description (src/config/api-reference/description.ts): the
 * description bundled into one document by Redocly (a description of several files keeps its
 * external references working from the copy's folder), then prepared, as JSON (read back faster
 * than YAML by the generator).
 */
import {mkdirSync, writeFileSync} from 'node:fs';
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

/** Writes the prepared copy of `target`'s description where the generator reads it. */
export async function writePreparedSpec(root: string, target: Target): Promise<void> {
  const {doc} = await preparedSpec(path.join(root, target.spec));
  const file = path.join(root, preparedSpecPath(target.id));
  mkdirSync(path.dirname(file), {recursive: true});
  writeFileSync(file, JSON.stringify(doc));
}
