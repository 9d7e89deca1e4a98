/**
 * The files the search index is published in, and what each holds. The build
 * writes them (./build/files.ts) and the search worker reads them
 * (./query/worker.ts), a query fetching only the few files that hold its words and
 * its results, so what a query downloads stays about the same as the portal
 * grows.
 *
 * - `search-index.json`, the lead: a list of one entry, whose `documents` are
 *   the title document of every page and whose `index` (LeadIndex) holds every
 *   word of the index, the postings of the words of the titles, where the
 *   other postings are (shards) and where the other documents are (chunks).
 *   The box asks for it when it gets the focus; the first letters typed are
 *   answered from it alone.
 * - `search-index-t<k>.json`, a shard: the postings of a run of words (in the
 *   order of LeadIndex.terms) in every entry but the titles; of a word that more
 *   than HEAD_POSTINGS documents of an entry hold, only its HEAD_POSTINGS best
 *   scored there (its head).
 * - `search-index-r<k>.json`, a tail: the other postings of such words (the
 *   words of LeadIndex.long), a run of words per file. A word being typed into
 *   the box is read from its head alone (see ../query/worker.ts): what a
 *   common word costs the box's first suggestions then stays the same as the
 *   portal grows, however many pages hold it.
 * - `search-index-d<k>.json`, a chunk: the documents of a run of ids, every
 *   one but the titles, in id order. A query asks for the chunks of the
 *   documents it ranks closely or shows.
 *
 * Every file is named as the plugin names its index, `search-index{dir}.json`,
 * with the plugin's `?_=<hash>` version; the lead is always asked for first.
 *
 * Document ids follow the pages: a page's title has the first id of the page,
 * its description and keywords share it, and its headings and text have the
 * next ones, up to the next page's title. A document's page is thus known from
 * its id alone, before its chunk is fetched.
 *
 * A posting is a document id and the document's score for the word, as the
 * search library (lunr) computes it when it builds an index: BM25 (k1 = 1.2,
 * b = 0.75) over the documents of the posting's entry, rounded to three
 * decimals, stored in thousandths. Ids are stored as the difference from the
 * previous one.
 */

/** A document of the index: a page's title, a heading, a description, keywords or text. */
export interface SearchDocument {
  /** Id, unique over the entries but shared by a page's title, description and keywords. */
  i: number;
  /** Text. */
  t: string;
  /** Address of the page; left out of the published documents that have `p`. */
  u: string;
  /** Anchor. */
  h?: string;
  /** Id of the page's title document. */
  p?: number;
  /** Title of the page or section. */
  s?: string;
  /** Breadcrumbs. */
  b?: string[];
}

/** The plugin's document types, whose results its box and page draw differently. */
export const DOCUMENT_TYPES = ['title', 'heading', 'description', 'keywords', 'content'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/**
 * The entries of the index: each is a set of documents of one type that a
 * score is relative to (BM25 counts documents and their mean length within
 * an entry), and that a query's words are weighed against together.
 */
export const ENTRIES = [
  {name: 'titles', type: 'title'},
  {name: 'headings', type: 'heading'},
  {name: 'keywords', type: 'keywords'},
  {name: 'descriptions', type: 'description'},
  /** The text of the guides and other hand-written pages. */
  {name: 'guides', type: 'content'},
  /** The text of the merchant API reference's generated pages (and the objects glossary's tables). */
  {name: 'reference', type: 'content'},
  /** The text of the sample pet store's reference. */
  {name: 'pet store', type: 'content'},
  /** The text of the sample blog and of the API changelog. */
  {name: 'blog', type: 'content'},
] as const satisfies readonly {name: string; type: DocumentType}[];

export type EntryName = (typeof ENTRIES)[number]['name'];

/** The place of the titles in ENTRIES: their postings are in the lead, not in shards. */
export const TITLES = 0;

export const INDEX_VERSION = 3;

/**
 * The most postings of a word in one entry that its shard holds; the rest are in its tail. Above
 * what any word of the portal as published reaches (tests/build/content.test.mjs): only a larger
 * site has tails.
 */
export const HEAD_POSTINGS = 256;

/** Postings of one word in one entry: id difference, score in thousandths, id difference, … */
export type Postings = number[];

/** The postings of one word, by entry (its place in ENTRIES). */
export type WordPostings = Partial<Record<number, Postings>>;

export interface LeadIndex {
  version: typeof INDEX_VERSION;
  /** Every word (stem) of the index, sorted, one per line. */
  terms: string;
  /**
   * The words as written that stem to another word, with that stem, one pair
   * per line (`promotions` with its stem): a word with a typo is compared with them
   * too, since a typo can change where the stemmer cuts.
   */
  written: string;
  /** The postings of the words of the titles, by word. */
  titles: Record<string, Postings>;
  /** The first word of each shard, in order. */
  shards: string[];
  /** The words whose postings in some entry go on in a tail, sorted, one per line. */
  long: string;
  /** The first word of each tail, in order. */
  tails: string[];
  /** The first document id of each chunk, in order, as differences. */
  chunks: number[];
}

/** `search-index.json`: one entry, as the plugin's index is a list of entries. */
export type LeadFile = [{documents: SearchDocument[]; index: LeadIndex}];

/** `search-index-t<k>.json`: the postings of a run of words. */
export type ShardFile = Record<string, WordPostings>;

/** `search-index-r<k>.json`: the postings of a run of long words beyond their heads. */
export type TailFile = ShardFile;

/** `search-index-d<k>.json`: documents, each with its entry (its place in ENTRIES). */
export type ChunkFile = [number, SearchDocument][];

/** The `{dir}` of the plugin's index address for each file. */
export const LEAD_SUFFIX = '';
export const shardSuffix = (shard: number) => `-t${shard}`;
export const tailSuffix = (tail: number) => `-r${tail}`;
export const chunkSuffix = (chunk: number) => `-d${chunk}`;

/** The position of the last element of `sorted` that is at most `value` (-1 when none is). */
export function lastAtMost<T>(sorted: readonly T[], value: T): number {
  let low = 0;
  let high = sorted.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (sorted[middle] <= value) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/** Calls `visit` with each document id and score (a number, thousandths divided out) of some postings. */
export function forEachPosting(postings: Postings, visit: (id: number, score: number) => void): void {
  let id = 0;
  for (let k = 0; k < postings.length; k += 2) {
    id += postings[k];
    visit(id, postings[k + 1] / 1000);
  }
}

/** Postings of the same word and entry from two lists (a head and its tail) as one, in id order. */
export function mergePostings(a: Postings, b: Postings): Postings {
  const merged: Postings = [];
  let idA = a.length > 0 ? a[0] : Infinity;
  let idB = b.length > 0 ? b[0] : Infinity;
  let k = 0;
  let l = 0;
  let previous = 0;
  while (k < a.length || l < b.length) {
    if (idA <= idB) {
      merged.push(idA - previous, a[k + 1]);
      previous = idA;
      k += 2;
      idA = k < a.length ? idA + a[k] : Infinity;
    } else {
      merged.push(idB - previous, b[l + 1]);
      previous = idB;
      l += 2;
      idB = l < b.length ? idB + b[l] : Infinity;
    }
  }
  return merged;
}
