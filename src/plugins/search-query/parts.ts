/**
 * The parts the search index is published in (scripts/search-index.ts writes
 * them, ./worker.ts reads them). Each is a file named after the plugin's
 * index address, `search-index{dir}.json?_=<hash>`, with `{dir}` replaced by
 * the part's suffix, and holds, like the plugin's own file, a list of five
 * entries (titles, headings, descriptions, keywords, text), each with its
 * `documents` and `index`.
 *
 * - The lead part (no suffix) answers the first query, the first letters a
 *   reader types: every page's title, headings and keywords (a reference
 *   page's keywords are its method and path, parameter and field names, codes
 *   and events).
 * - The other parts hold every page's description, and the text of the
 *   guides and other hand-written pages, of the generated reference pages, of
 *   the pet store, and of the blog and changelog; the search loads them once
 *   the first results are shown, and later queries search them too. The
 *   search page waits for all of them.
 */
export const LEAD_PART = '';

export const LATER_PARTS = {
  /** Every page's description, and the text of the guides and other hand-written pages. */
  guides: '-guides',
  /** The text of the merchant API reference's generated pages. */
  reference: '-docs-api',
  /** The text of the sample pet store's reference. */
  petStore: '-api',
  /** The text of the sample blog and of the API changelog. */
  blog: '-blog',
} as const;

/** The five entries of every part, in order (the plugin's SearchDocumentType). */
export const DOCUMENT_TYPES = ['title', 'heading', 'description', 'keywords', 'content'] as const;
