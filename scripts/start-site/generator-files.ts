/**
 * Where the generator's loads of the site put Docusaurus's generated files under `npm start`.
 *
 * The generator (scripts/generate-api-docs/generator.ts) loads the site, in the start command's
 * process and in those ./reference.ts starts, and Docusaurus's plugins write generated files as
 * they load (the local search's constants, each docs plugin's dependency file of the MDX loader).
 * In `.docusaurus` those files are modules of the development server's compilation: the
 * generator's warm-up, just after the first page, compiled the site twice over while a writer's
 * first edits waited. keepGeneratorFilesApart gives them a folder of their own, inside
 * `.docusaurus` so that `npm run clear` empties it. Docusaurus reads the variable once, when its
 * constants load: call it before the generator loads, and after the development server's process
 * was started with an environment of its own.
 */
import path from 'node:path';

/** Docusaurus's variable for the folder of its generated files, relative to the site. */
export const GENERATED_FILES_VARIABLE = 'DOCUSAURUS_GENERATED_FILES_DIR_NAME';

/** The generator's folder of Docusaurus's generated files, relative to the site. */
export const GENERATOR_FILES_DIR = path.join('.docusaurus', 'generator-site');

export function keepGeneratorFilesApart(): void {
  process.env[GENERATED_FILES_VARIABLE] = GENERATOR_FILES_DIR;
}
