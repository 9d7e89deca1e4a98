/**
 * Writes the prepared copy of a description (src/api-reference/description.ts): the
 * description bundled into one document by Redocly when it refers to other files (so that its
 * references keep working from the copy's folder), then prepared, as JSON (read back faster than
 * YAML by the generator).
 */
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {bundle, createConfig, parseYaml} from '@redocly/openapi-core';

import {operationCount, parsedAsJson, preparedDescription, preparedSpecPath} from './description';
import type {Target} from './layout';

/** Whether a parsed description refers to another file (a `$ref` not starting with `#`). */
function refersElsewhere(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(refersElsewhere);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([key, each]) =>
    key === '$ref' && typeof each === 'string' ? !each.startsWith('#') : refersElsewhere(each),
  );
}

/**
 * A description of one file, parsed as Redocly parses it, when it refers to no other file: then it
 * needs no bundling (for GitHub's description, many times longer than parsing it), since the
 * generator's loader resolves its references itself. Undefined otherwise, and for a file
 * that does not parse, whose error the bundling reports.
 */
function oneFile(file: string): Record<string, unknown> | undefined {
  try {
    const text = readFileSync(file, 'utf8');
    const parsed = parsedAsJson(text) ?? parseYaml(text);
    const isDescription = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
    return isDescription && !refersElsewhere(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A description's file bundled (unless it is one file: oneFile) and prepared, with its operations and events counted. */
export async function preparedSpec(
  file: string,
): Promise<{doc: Record<string, unknown>; operations: number; events: number}> {
  let whole = oneFile(file);
  if (whole === undefined) {
    const {bundle: result, problems} = await bundle({ref: file, config: await createConfig({})});
    const unresolved = problems.find((problem) => problem.severity === 'error');
    if (unresolved) {
      const where = unresolved.location[0]?.pointer;
      throw new Error(`${where ? `At ${where}: ` : ''}${unresolved.message}`);
    }
    whole = result.parsed as Record<string, unknown>;
  }
  return {doc: preparedDescription(whole), ...operationCount(whole)};
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
