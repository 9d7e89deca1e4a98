// @ts-check
// The reference pages of an owner's description in the sample's place, as `npm run gen-api` makes
// them: its prepared copy (src/api-reference/prepare.ts) read by the OpenAPI plugin's own
// loader, each operation or event written by the page writer (src/api-reference/page/markdown.ts).
import {writeFileSync} from 'node:fs';
import path from 'node:path';

import createJiti from 'jiti';

import {root} from './openapi.mjs';

const jiti = createJiti(root + '/');
const {createApiPageMarkdown} = jiti('./src/api-reference/page/markdown.ts');
const {readOpenapiFiles, processOpenapiFiles} = jiti('docusaurus-plugin-openapi-docs/lib/openapi');

/**
 * The pages of a prepared description, written to `file` for the loader: each operation and
 * event's item (the plugin's) with its MDX.
 *
 * @param {Record<string, unknown>} doc the prepared description
 * @param {string} file where to write it, a `.json` file in a folder of the test's own
 */
export async function ownerPages(doc, file) {
  writeFileSync(file, JSON.stringify(doc));
  const [items] = await processOpenapiFiles(
    await readOpenapiFiles(file),
    {specPath: file, outputDir: path.dirname(file)},
    {groupPathsBy: 'tag'},
  );
  return items
    .filter((item) => item.type === 'api')
    .map((item) => ({item, mdx: createApiPageMarkdown(item)}));
}
