/**
 * The steps of generating the API reference that run a program or take a while: each says how
 * long it took, and a failure names the step.
 */
import {spawn} from 'node:child_process';
import path from 'node:path';

import {GERAI_POSTMAN_DOWNLOAD} from '../../src/config/openapi';
import {writeOpenApiDownloads} from '../../src/api-reference/downloads';
import {writePostmanCollection} from './postman-collection';
import {DOWNLOADS} from '../../src/api-reference/layout';

/** A step that failed; its message names it, and its program has printed why. */
export class StepFailed extends Error {}

/** The first line of an error's message: the cause, without the excerpt some parsers add. */
export function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0].trim();
}

/**
 * Runs one step and, once it has succeeded, prints how long it took (`[gen-api] <step>: 1.2 s`),
 * which `npm run bench:scale` reads.
 */
export async function timed<T>(step: string, work: () => T | Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`[gen-api] ${step}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** Runs a program; resolves once it has succeeded, rejects with StepFailed naming the step. */
export function run(
  step: string,
  command: string,
  args: string[],
  options: {cwd: string; env?: NodeJS.ProcessEnv},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {cwd: options.cwd, env: options.env, stdio: 'inherit'});
    child.on('error', (error) => reject(new StepFailed(`${step} failed: ${error.message}`)));
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new StepFailed(`${step} failed (exit code ${code ?? signal}). See the messages above.`)),
    );
  });
}

/**
 * Writes the downloads into `staging` (laid out as in the repository): each description bundled,
 * the merchant API joined into one, and its Postman collection.
 */
export async function writeDownloads(staging: string): Promise<void> {
  let joined: string;
  try {
    joined = await timed('downloads', () => writeOpenApiDownloads(path.join(staging, DOWNLOADS)));
  } catch (error) {
    throw new StepFailed((error as Error).message);
  }
  try {
    await timed('Postman collection', () =>
      writePostmanCollection(joined, path.join(staging, DOWNLOADS, GERAI_POSTMAN_DOWNLOAD)),
    );
  } catch (error) {
    throw new StepFailed(
      `Converting ${path.basename(joined)} into a Postman collection failed: ${firstLine(error)}`,
    );
  }
}
