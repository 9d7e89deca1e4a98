/**
 * Shapes the search index that @easyops-cn/docusaurus-search-local wrote into
 * a build folder; `npm run build` runs it after `docusaurus build` (see
 * scripts/search-index.ts).

 *
 * The plugin indexes every word of every page, positions included, in one
 * file: the merchant reference repeats the same header, error and schema
 * descriptions on every page and its example payloads, so most of the file is
 * repetition a reader never searches for, and all of it is downloaded before
 * the first suggestion. This keeps what a reader searches for and publishes
 * it in parts (src/plugins/search-query/parts.ts):
 *
 * - titles, headings and descriptions of every page; headings that stand on
 *   many pages ("Request", "200 OK") and the card headings of hub pages
 *   ("📄️ Accept an order", a copy of the operation's own title) are left out;
 * - as a page's keywords, instead of the site-wide meta keywords: for a
 *   reference page its method and path, parameter and field names, codes and
 *   event names; the lead part holds them, so the first query already finds a
 *   reference page by them;
 * - the text of hand-written pages in full; of generated reference pages the
 *   description of the operation, of each parameter section and each
 *   response, without example payloads and without the sentences repeated
 *   on many pages.
 *
 * Each index is rebuilt with the portal's own word splitting
 * (src/plugins/search-query/text.ts) and without word positions, which the
 * browser finds again for the few results it shows.
 */
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {
  COMPACT_INDEX_VERSION,
  type CompactIndex,
  type SearchDocument,
  stem,
} from '../../src/plugins/search-query/compactIndex';
import {LATER_PARTS, LEAD_PART} from '../../src/plugins/search-query/parts';
import {indexWords} from '../../src/plugins/search-query/text';

export interface IndexEntry {
  documents: SearchDocument[];
  index: CompactIndex;
}

/** Headings of the generated reference pages and of webhook event pages. */
const REFERENCE_HEADINGS = new Set([
  '#example-request',
  '#example-payload',
  '#header-parameters',
  '#payload',
]);
/** A section of example data, never indexed: examples, and an event's test delivery (its example, signed). */
const EXAMPLE_SECTION = /^#example|-example$|^#test-delivery$/;
/** A response section: `#200-ok`, `#any-other-status`. */
const RESPONSE_SECTION = /^#(\d{3}-|any-other-status)/;
/** The card headings of hub pages start with the card's emoji. */
const CARD_HEADING = /^\p{Extended_Pictographic}/u;
/** A heading that stands on this many pages or more says nothing about any of them. */
const COMMON_HEADING_PAGES = 8;
/** A sentence found on this share of reference pages or more is boilerplate. */
const COMMON_SHARE = 0.2;
/**
 * Hand-written pages whose text is generated tables: the objects glossary
 * lists every schema's fields. Its title, headings and description stay in
 * the lead part; its text goes with the reference's.
 */
const GENERATED_TEXT = /^\/docs\/api\/objects-glossary\/?$/;
const HTTP_METHOD = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+(\/\S*)/;

/** The names a reference page is searched by, in the order they appear. */
export function identifiers(text: string): string[] {
  const found = new Set<string>();
  const patterns = [
    // snake_case and UPPER_CASE names: fields, parameters, error codes.
    /\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b/g,
    // Header names: X-Request-ID, Idempotency-Key, Retry-After.
    /\b(?:X-[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*|[A-Z][a-z]+(?:-[A-Z][a-z]+)+)\b/g,
    // camelCase names of the pet store.
    /\b[a-z]+[A-Z][A-Za-z0-9]*\b/g,
    // Event names: food.order.placed.
    /\b[a-z]+(?:\.[a-z_]+){2,}\b/g,
    // Endpoint paths.
    /(?:^|\s)(\/[\w{}.-]+(?:\/[\w{}.-]+)+)/g,
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) found.add((match[1] ?? match[0]).trim());
  }
  // A one-word field or parameter name, written before its type.
  for (const match of text.matchAll(/\b([a-z][a-z0-9]*) (?:string|integer|number|boolean|object|array)\b/g)) {
    found.add(match[1]);
  }
  return [...found];
}

function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=[A-Z0-9`"(])/).filter(Boolean);
}

function pageOf(document: SearchDocument): string {
  return document.u;
}

/** Which later part a page's text goes to. */
function partOf(url: string, reference: boolean): string {
  if (url.startsWith('/blog') || url.startsWith('/changelog')) return LATER_PARTS.blog;
  if (url.startsWith('/api/') || url === '/api') return LATER_PARTS.petStore;
  if (reference || GENERATED_TEXT.test(url)) return LATER_PARTS.reference;
  return LATER_PARTS.guides;
}

/**
 * The index of `documents`, in the portal's compact form (read back by
 * src/plugins/search-query/compactIndex.ts): every word the documents hold,
 * sorted, and for each the documents holding it with how often, plus each
 * document's length in words. The search library's own form stores a score
 * for every word of every document besides; the browser computes those again
 * from these counts.
 */
export function buildIndex(documents: SearchDocument[]): CompactIndex {
  const counts = new Map<string, Map<number, number>>();
  const lengths: number[] = [];
  documents.forEach((document, position) => {
    const found = indexWords(document.t);
    lengths.push(found.length);
    for (const word of found) {
      const term = stem(word.value);
      const postings = counts.get(term) ?? new Map<number, number>();
      postings.set(position, (postings.get(position) ?? 0) + 1);
      counts.set(term, postings);
    }
  });
  const terms = [...counts.keys()].sort();
  const postings = terms.map((term) => {
    const flat: number[] = [];
    let previous = 0;
    for (const [position, frequency] of [...(counts.get(term) ?? [])].sort((a, b) => a[0] - b[0])) {
      flat.push(position - previous, frequency);
      previous = position;
    }
    return flat;
  });
  return {version: COMPACT_INDEX_VERSION, terms, postings, lengths};
}

/** The shaped index, as {suffix: the part's five entries}. */
export function shapeIndex(entries: IndexEntry[]): Map<string, IndexEntry[]> {
  const [titles, headings, descriptions, , contents] = entries.map((entry) => entry.documents);

  // Which pages are generated reference pages.
  const reference = new Set(
    headings.filter((heading) => REFERENCE_HEADINGS.has(heading.h ?? '')).map(pageOf),
  );

  // Headings that stand on many pages.
  const headingPages = new Map<string, Set<string>>();
  for (const heading of headings) {
    const pages = headingPages.get(heading.t) ?? new Set();
    pages.add(heading.u);
    headingPages.set(heading.t, pages);
  }
  const keptHeadings = headings.filter(
    (heading) =>
      !CARD_HEADING.test(heading.t) && (headingPages.get(heading.t)?.size ?? 0) < COMMON_HEADING_PAGES,
  );

  // Sentences and names repeated over many reference pages.
  const sentencePages = new Map<string, Set<string>>();
  const namePages = new Map<string, Set<string>>();
  const count = (map: Map<string, Set<string>>, key: string, page: string) => {
    const pages = map.get(key) ?? new Set();
    pages.add(page);
    map.set(key, pages);
  };
  for (const content of contents) {
    if (!reference.has(content.u)) continue;
    for (const sentence of sentences(content.t)) count(sentencePages, sentence, content.u);
    if (!EXAMPLE_SECTION.test(content.h ?? '')) {
      for (const name of identifiers(content.t)) count(namePages, name, content.u);
    }
  }
  const common = (map: Map<string, Set<string>>, key: string) =>
    (map.get(key)?.size ?? 0) >= Math.max(3, reference.size * COMMON_SHARE);

  // Keywords of reference pages: method and path first, then the names.
  const keywordsOf = new Map<string, string[]>();
  for (const content of contents) {
    if (!reference.has(content.u) || EXAMPLE_SECTION.test(content.h ?? '')) continue;
    const names = keywordsOf.get(content.u) ?? [];
    const operation = HTTP_METHOD.exec(content.t);
    if (operation && !content.h) names.unshift(`${operation[1]} ${operation[2]}`);
    for (const name of identifiers(content.t)) {
      if (!common(namePages, name) && !names.includes(name)) names.push(name);
    }
    keywordsOf.set(content.u, names);
  }
  const keywords: SearchDocument[] = titles.flatMap((title) => {
    const names = keywordsOf.get(title.u);
    return names?.length ? [{i: title.i, t: names.join(' '), s: title.t, u: title.u, p: title.i}] : [];
  });

  // Text: reference pages keep their descriptions, without examples and boilerplate.
  const parts = new Map<string, SearchDocument[]>();
  for (const content of contents) {
    const isReference = reference.has(content.u);
    let text = content.t;
    if (isReference) {
      if (EXAMPLE_SECTION.test(content.h ?? '')) continue;
      let kept = sentences(text).filter((sentence) => !common(sentencePages, sentence));
      if (RESPONSE_SECTION.test(content.h ?? '')) kept = kept.slice(0, 2);
      text = kept.join(' ').replace(/\s+(Headers|Body)\s*$/, '');
    }
    if (!text.trim()) continue;
    const part = partOf(content.u, isReference);
    const list = parts.get(part) ?? [];
    list.push({...content, t: text});
    parts.set(part, list);
  }

  const shaped = new Map<string, IndexEntry[]>();
  // A document of a page (p) takes its address from the page's title document, in the browser.
  const entry = (documents: SearchDocument[]): IndexEntry => ({
    documents: documents.map(
      ({u, ...rest}) => (rest.p === undefined ? {u, ...rest} : rest) as SearchDocument,
    ),
    index: buildIndex(documents),
  });
  const none = entry([]);
  shaped.set(LEAD_PART, [entry(titles), entry(keptHeadings), none, entry(keywords), none]);
  for (const suffix of Object.values(LATER_PARTS)) {
    const text = entry(parts.get(suffix) ?? []);
    shaped.set(suffix, [none, none, suffix === LATER_PARTS.guides ? entry(descriptions) : none, none, text]);
  }
  return shaped;
}

/** Replaces the plugin's search-index.json in `folder` by the shaped parts. */
export function shapeSearchIndex(folder: string): Map<string, number> {
  const source = path.join(folder, 'search-index.json');
  const entries = JSON.parse(readFileSync(source, 'utf8')) as IndexEntry[];
  const sizes = new Map<string, number>();
  for (const [suffix, part] of shapeIndex(entries)) {
    const text = JSON.stringify(part);
    writeFileSync(path.join(folder, `search-index${suffix}.json`), text);
    sizes.set(`search-index${suffix}.json`, Buffer.byteLength(text));
  }
  return sizes;
}
