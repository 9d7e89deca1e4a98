/**
 * Shapes what the search reads of the built pages (./extract.ts, as the
 * local search plugin would index them: every word of every page) into what
 * a reader searches for, the documents of the index's entries (../format.ts):
 *
 * - titles, headings and descriptions of every page; headings that stand on
 *   many pages ("Request", "200 OK") and the card headings of hub pages
 *   ("📄️ Accept an order", a copy of the operation's own title) are left out;
 * - as a page's keywords, instead of the site-wide meta keywords: for a
 *   reference page its method and path, parameter and field names, codes and
 *   event names, so a query finds a reference page by them;
 * - the text of hand-written pages in full; of generated reference pages the
 *   description of the operation, of each parameter section and each
 *   response, without example payloads and without the sentences repeated
 *   on many pages. The text goes to the entry of its area: guides, the
 *   reference, the pet store, the blog.
 *
 * The merchant reference repeats the same header, error and schema
 * descriptions on every page, and its example payloads: most of an index of
 * every word would be repetition a reader never searches for.
 */
import {ENTRIES, type EntryName, type SearchDocument} from '../format';
import type {EntryDocuments} from './files';

/** The documents of a built site as the search plugin reads them, by the plugin's document type. */
export interface ReadDocuments {
  titles: SearchDocument[];
  headings: SearchDocument[];
  descriptions: SearchDocument[];
  keywords: SearchDocument[];
  contents: SearchDocument[];
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
 * lists every schema's fields (on further pages too, for a long one). Its
 * title, headings and description stay in the lead part; its text goes with
 * the reference's.
 */
const GENERATED_TEXT = /^\/docs\/api\/objects-glossary(\/part-\d+)?\/?$/;
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

/** Which entry a page's text goes to. */
function entryOf(url: string, reference: boolean): EntryName {
  if (url.startsWith('/blog') || url.startsWith('/changelog')) return 'blog';
  if (url.startsWith('/api/') || url === '/api') return 'pet store';
  if (reference || GENERATED_TEXT.test(url)) return 'reference';
  return 'guides';
}

/** The documents of each entry of the index (in the order of ENTRIES). */
export function shapeIndex({titles, headings, descriptions, contents}: ReadDocuments): EntryDocuments {
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
  const texts = new Map<EntryName, SearchDocument[]>();
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
    const entry = entryOf(content.u, isReference);
    const list = texts.get(entry) ?? [];
    list.push({...content, t: text});
    texts.set(entry, list);
  }

  const documents: Record<EntryName, SearchDocument[]> = {
    titles,
    headings: keptHeadings,
    keywords,
    descriptions,
    guides: texts.get('guides') ?? [],
    reference: texts.get('reference') ?? [],
    'pet store': texts.get('pet store') ?? [],
    blog: texts.get('blog') ?? [],
  };
  return ENTRIES.map(({name}) => documents[name]);
}
