/**
 * Writes the copy of a description the generator reads (its `specPath`, docusaurus.config.ts), as
 * JSON (read back faster than YAML): the description bundled into one document by Redocly when it
 * refers to other files (so that its references keep working from the copy's folder), and for the
 * sample's place, an owner's description of any shape, prepared (src/api-reference/description.ts).
 * A section of the merchant API is bundled only: it is written in the shape the generator reads.
 * With a copy of its own, a target's pages can be written from a part of its description
 * (scripts/generate-api-docs/changed-operations.ts), which the development server does when a
 * change touches a few operations.
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

/** A description's file as one document: bundled, unless it is one file already (oneFile). */
async function bundledSpec(file: string): Promise<Record<string, unknown>> {
  const whole = oneFile(file);
  if (whole !== undefined) return whole;
  const {bundle: result, problems} = await bundle({ref: file, config: await createConfig({})});
  const unresolved = problems.find((problem) => problem.severity === 'error');
  if (unresolved) {
    const where = unresolved.location[0]?.pointer;
    throw new Error(`${where ? `At ${where}: ` : ''}${unresolved.message}`);
  }
  return result.parsed as Record<string, unknown>;
}

/** A description's file bundled (bundledSpec) and prepared, with its operations and events counted. */
export async function preparedSpec(
  file: string,
): Promise<{doc: Record<string, unknown>; operations: number; events: number}> {
  const whole = await bundledSpec(file);
  return {doc: preparedDescription(whole), ...operationCount(whole)};
}

/**
 * The copy of `target`'s description the generator reads (see above): prepared for the sample's
 * place, bundled for a section of the merchant API. Not for a release, whose copy
 * (./page/release-pages.ts) holds only what the release changed.
 */
export async function generatorSpec(root: string, target: Target): Promise<Record<string, unknown>> {
  const file = path.join(root, target.spec);
  return target.pluginId === 'petstore' ? (await preparedSpec(file)).doc : bundledSpec(file);
}

/** Writes the copy of `target`'s description where the generator reads it: `doc`, or else generatorSpec's. */
export async function writePreparedSpec(
  root: string,
  target: Target,
  doc?: Record<string, unknown>,
): Promise<void> {
  const prepared = doc ?? (await generatorSpec(root, target));
  const file = path.join(root, preparedSpecPath(target.id));
  mkdirSync(path.dirname(file), {recursive: true});
  writeFileSync(file, JSON.stringify(prepared));
}
