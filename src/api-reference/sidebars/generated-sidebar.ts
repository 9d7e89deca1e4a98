import {existsSync, readdirSync} from 'node:fs';
import path from 'node:path';

import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

import {GLOSSARY_PARTS_DIR, glossaryPartNumber} from '../../config/objects-glossary';
import {geraiApiSections} from '../../config/openapi';

/** One item of a sidebar, in its object form. */
type Item = Exclude<Extract<SidebarsConfig[string], unknown[]>[number], string>;

/**
 * Reads the `sidebar.ts` that `npm run gen-api` writes beside generated
 * reference pages. The category of the folder's section tag (see
 * `sectionTag` in `./openapi.ts`) is dissolved into the list, while the
 * categories of the other tags are kept. With `sorted`, items are ordered by
 * page id, so a section lists its pages alphabetically as the reference index
 * does.
 */
export function generatedItems(folder: string, {sorted = true} = {}): Item[] {
  const file = path.join(__dirname, '..', '..', '..', folder, 'sidebar.ts');
  if (!existsSync(file)) {
    throw new Error(
      `The generated reference pages in ${folder}/ are missing. ` +
        'Run `npm run gen-api` (npm start and npm run build run it for you).',
    );
  }
  // Sidebars are loaded by Docusaurus through jiti, which also compiles this TypeScript module.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const loaded = require(file) as {default: Item[]} | Item[];
  const items = Array.isArray(loaded) ? loaded : loaded.default;
  const sectionTag = geraiApiSections.find(
    (section) => `docs/api/${section.outputDir}` === folder,
  )?.sectionTag;
  const flat = items.flatMap((item) =>
    item.type === 'category' && sectionTag !== undefined && item.label === sectionTag
      ? (item.items as Item[])
      : [item],
  );
  return sorted ? flat.sort((a, b) => sortKey(a).localeCompare(sortKey(b))) : flat;
}

/**
 * The objects glossary in the API sidebar: its page, or, when `gen-api` wrote it in several pages
 * (a description of thousands of schemas), a category of its page and the further parts in order.
 */
export function glossaryItem(): string | Item {
  const folder = path.join(__dirname, '..', '..', '..', GLOSSARY_PARTS_DIR);
  const parts = existsSync(folder)
    ? readdirSync(folder)
        .map(glossaryPartNumber)
        .filter((number) => number !== undefined)
        .sort((a, b) => a - b)
    : [];
  if (parts.length === 0) return 'api/objects-glossary';
  return {
    type: 'category',
    label: 'Objects glossary',
    link: {type: 'doc', id: 'api/objects-glossary'},
    items: parts.map((part) => `api/objects-glossary/part-${part}`),
  };
}

function sortKey(item: Item): string {
  if (item.type === 'doc') {
    return item.id;
  }
  if (item.type === 'category' && item.link?.type === 'doc') {
    return item.link.id;
  }
  return 'label' in item && typeof item.label === 'string' ? item.label : '';
}
