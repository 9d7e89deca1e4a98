// @ts-check
// The reference pages of a description as `npm run gen-api` makes them: the copy the generator
// reads (src/api-reference/prepare.ts: an owner's description prepared, a section of the merchant
// API bundled) read by the OpenAPI plugin's own loader, each operation or event written by a page
// writer (src/api-reference/page/markdown.ts).
import {writeFileSync} from 'node:fs';
import path from 'node:path';

import createJiti from 'jiti';

import {root} from './openapi.mjs';

const jiti = createJiti(root + '/');
const {createApiPageMarkdown} = jiti('./src/api-reference/page/markdown.ts');
const {readOpenapiFiles, processOpenapiFiles} = jiti('docusaurus-plugin-openapi-docs/lib/openapi');

/**
 * The pages of the description in `file`, read by the plugin's loader (which bundles what it refers
 * to): each operation and event's item (the plugin's) with the MDX `write` makes of it.
 *
 * @param {string} file a description's file
 * @param {(item: any) => string} [write] the page writer (the sample's place's by default)
 */
export async function generatedPages(file, write = createApiPageMarkdown) {
  const [items] = await processOpenapiFiles(
    await readOpenapiFiles(file),
    {specPath: file, outputDir: path.dirname(file)},
    {groupPathsBy: 'tag'},
  );
  return items.filter((item) => item.type === 'api').map((item) => ({item, mdx: write(item)}));
}

/**
 * The pages of a prepared description, written to `file` for the loader (generatedPages).
 *
 * @param {Record<string, unknown>} doc the prepared description
 * @param {string} file where to write it, a `.json` file in a folder of the test's own
 * @param {(item: any) => string} [write] the page writer (the sample's place's by default)
 */
export async function ownerPages(doc, file, write) {
  writeFileSync(file, JSON.stringify(doc));
  return generatedPages(file, write);
}
