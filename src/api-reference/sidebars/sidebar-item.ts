import type {ApiDocItemGenerator} from 'docusaurus-plugin-openapi-docs/src/types';

/**
 * A reference page's entry in the `sidebar.ts` that `npm run gen-api` writes: the page's id
 * alone (the OpenAPI plugin's `sidebarGenerators.createDocItem` option).
 *
 * The plugin's own entry also holds the page's label and class, copies of the page's
 * `sidebar_label` and `sidebar_class_name` front matter, which Docusaurus reads first when it
 * draws the sidebar. With the copies, a changed summary or deprecation rewrote `sidebar.ts` as
 * well as the page, and under `npm start` the development server then reloaded the whole docs
 * instance once for each file (two reloads of a 1,500-page reference for one summary). Without
 * them, such a change rewrites the page alone; the sidebar drawn is the same.
 *
 * Upgrade: UPGRADING.md#the-reference-page-writer-srcapi-reference.
 */
export const pageSidebarItem: ApiDocItemGenerator = (item, {basePath}) => {
  const id = item.type === 'schema' ? `schemas/${item.id}` : item.id;
  return {type: 'doc', id: basePath === '' ? id : `${basePath}/${id}`};
};
