/**
 * The search worker: loads the portal's search index (the files of
 * ../format.ts: the lead, then the shards and chunks a query needs) and runs
 * queries on it, in a Web Worker so that typing never waits for it. It
 * answers the same two calls, with results of the same shape, as the worker
 * of @easyops-cn/docusaurus-search-local, whose box and page show them.
 *
 * A query:
 * - is cut into words as the index was (../text.ts): a path, an event name or
 *   a header is its words, stop words are left out;
 * - finds, for each word, the word itself, its synonyms
 *   (src/config/search-synonyms.ts), the words it begins (the last word,
 *   while it is being typed) and the words one or two letters away (typos),
 *   compared as written as well as stemmed (a typo can change where the
 *   stemmer cuts: "promtions" keeps the "-ion" that "promotions" loses);
 * - fetches the shards that hold those words' postings (and the tails of the
 *   common words, but for the words the last word begins in a short list: the
 *   box's suggestions while a word is typed are drawn from each such word's
 *   best documents, its head, whatever the size of the portal), and scores each
 *   entry's documents as the search library (lunr) scores a query on an index
 *   of that entry: the sum over the words of word boost times the document's
 *   score for the word, divided by the length of the query's vector of boosts;
 * - ranks documents that hold every word of the query first, then those
 *   holding fewer: a long question still finds the pages that answer most of
 *   it. Then by score, weighted by what matched (a title before a heading
 *   before text) and where (the merchant pages before the sample pet store
 *   and blog; a list of codes after the page that explains them); weighs the
 *   best again by how closely they hold the query as written, which reads
 *   their text (fetched in chunks), and shows at most two results of a page.
 *
 * An index file that cannot be loaded is an error of `fetchIndexes` and
 * `search`, and is asked for again by the next call.
 */
// A typo and the stem of the word it misspells, as the search meets them:
// cspell:ignore promtions promot
import * as Comlink from 'comlink';
import lunr from 'lunr';
// The plugin's build-time constants: the index address, with its hash.
import {searchIndexUrl} from '@generated/@easyops-cn/docusaurus-search-local/default/generated-constants.js';

import {SEARCH_SYNONYMS} from '../../../config/search-synonyms';
import {
  chunkSuffix,
  DOCUMENT_TYPES,
  ENTRIES,
  forEachPosting,
  INDEX_VERSION,
  lastAtMost,
  LEAD_SUFFIX,
  mergePostings,
  shardSuffix,
  tailSuffix,
  TITLES,
  type ChunkFile,
  type DocumentType,
  type LeadFile,
  type Postings,
  type SearchDocument,
  type ShardFile,
  type TailFile,
  type WordPostings,
} from '../format';
import {queryWords, stem, TokenSets, wordValues} from '../text';
import {phrase, positions, type Positions, type StemMemo, stems} from './marks';
import {ColumnPool, type Columns, RankedOrder, Tally, termsOf} from './ranking';
import {withinTypos} from './typos';

export interface SearchResult {
  document: SearchDocument;
  type: number;
  page: SearchDocument | false | undefined;
  metadata: Positions;
  tokens: string[];
  score: number;
}

/**
 * How long an index file may take to answer, or pause while its body arrives, before the search
 * says it is unavailable. A body that keeps arriving is waited for however long it takes in all:
 * on a slow network a file can take longer than this and still come.
 */
export const INDEX_RESPONSE_TIMEOUT_MS = 4000;
/** The most words of a query that are searched. */
const MAX_WORDS = 12;
/**
 * The longest word searched with typos: the cost of a fuzzy match grows fast
 * with the length of the word, and a longer word is pasted, not typed.
 */
const MAX_TYPO_LENGTH = 24;
/** The most results of one page in a list. */
const MAX_PER_PAGE = 2;
/**
 * A list of at most this many results (the box's suggestions: eight) reads the words that the word
 * being typed begins from their heads alone (HEAD_POSTINGS best documents per entry, ../format.ts):
 * while a word is typed the list is redrawn at each key, and each of those words weighs a third of
 * the word itself (BOOST). The search page's hundred results, and a finished word, read every posting.
 */
const SHORT_LIST = 10;
/**
 * The most words that a word of FIRST_LETTERS or more being typed reaches in a short list
 * (SHORT_LIST): the shortest of the words it begins, the closest to what is typed so far. Three
 * letters of a large reference begin hundreds of words (field names such as `order_id` and
 * `order_total`, and a grown copy's numbered ones), each a posting list to fetch and score while
 * the reader is still typing. No three letters of the portal as published begin as many
 * (tests/build/content.test.mjs): its suggestions read every word. The first letters, answered by
 * what has loaded, are not cut.
 */
export const PREFIX_WORDS = 64;
/** A query shorter than this is a reader's first letters: answered by what has loaded, never waiting. */
const FIRST_LETTERS = 3;
/**
 * How many of the best candidates are weighed again by closeness, which reads
 * their text: four times the box's suggestions, or as many as a longer list shows.
 */
const REWEIGHED = 32;
/** How many chunks of documents `warm` loads at most. */
const WARM_CHUNKS = 8000;
/** How many questions `warm` asks. */
const WARM_QUESTIONS = 40;

/** How a match weighs, by document type: a title before a heading before text. */
const TYPE_WEIGHT: Record<DocumentType, number> = {
  title: 3,
  heading: 2,
  description: 1.5,
  keywords: 1.5,
  content: 1,
};
/** How a result's address weighs: merchant pages first. */
const AREA_WEIGHT: [RegExp, number][] = [
  [/^\/docs\/api\/objects-glossary/, 0.5],
  [/^\/docs\//, 1],
  [/^\/api(\/|$)/, 0.35],
  [/^\/blog(\/|$)/, 0.3],
];
const OTHER_AREA_WEIGHT = 0.7;

/** Word boosts: the word as typed, a synonym, a word it begins, a typo. */
const BOOST = {exact: 10, synonym: 4, prefix: 3, typo: 1};

const synonymsByStem = new Map<string, string[]>();
for (const group of SEARCH_SYNONYMS) {
  for (const word of group) {
    synonymsByStem.set(
      stem(word),
      group.filter((other) => other !== word),
    );
  }
}

/**
 * Queries of a kind that one kind of page answers:
 * - an error code or an HTTP status is explained by the troubleshooting pages,
 *   which come before the reference pages that list it among their errors;
 * - a question (three words or more, starting with a question word) is
 *   answered by the guides, which explain, before the reference, which lists.
 */
const QUERY_KINDS: {query: RegExp; page: RegExp; weight: number}[] = [
  {query: /^\s*(?:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[45]\d\d\b.*)\s*$/, page: /\/troubleshooting\/?$/, weight: 3},
  {
    query: /^\s*(?:how|what|which|why|when|where|can|should|do|does|is|are)\s+\S+\s+\S/i,
    page: /^\/docs\/docs\//,
    weight: 1.25,
  },
];

function areaWeight(url: string): number {
  return AREA_WEIGHT.find(([pattern]) => pattern.test(url))?.[1] ?? OTHER_AREA_WEIGHT;
}

function indexUrl(baseUrl: string, suffix: string): string {
  const url = `${baseUrl}${searchIndexUrl.replace('{dir}', suffix)}`;
  // The index is read from the page's own origin only.
  if (new URL(url, location.origin).origin !== location.origin) {
    throw new Error('Unexpected version url');
  }
  return url;
}

/**
 * The most index files asked for at once. A query on the search page can need a hundred chunks;
 * asked for all at once, the browser queues most of them (six connections a host over HTTP/1.1),
 * and on a slow network a queued one waited past INDEX_RESPONSE_TIMEOUT_MS before it was even
 * sent. A file waits here instead, and its time starts when it is asked for.
 */
const MAX_INDEX_REQUESTS = 6;
let indexRequests = 0;
const waitingRequests: (() => void)[] = [];

async function fetchJson<T>(url: string): Promise<T> {
  // A file that ends hands its place to the first one waiting.
  if (indexRequests < MAX_INDEX_REQUESTS) indexRequests += 1;
  else await new Promise<void>((resolve) => waitingRequests.push(resolve));
  try {
    return await fetchJsonNow<T>(url);
  } finally {
    const next = waitingRequests.shift();
    if (next) next();
    else indexRequests -= 1;
  }
}

async function fetchJsonNow<T>(url: string): Promise<T> {
  const controller = new AbortController();
  let timer = setTimeout(() => controller.abort(), INDEX_RESPONSE_TIMEOUT_MS);
  const restart = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(), INDEX_RESPONSE_TIMEOUT_MS);
  };
  try {
    const response = await fetch(url, {signal: controller.signal});
    if (!response.ok) throw new Error(`The search index answered ${response.status}`);
    if (!response.body) return (await response.json()) as T;
    restart();
    // Each piece of the body that arrives gives the next one the whole time again.
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(piece, stream) {
          restart();
          stream.enqueue(piece);
        },
      }),
    );
    return (await new Response(body).json()) as T;
  } finally {
    clearTimeout(timer);
  }
}

/** The lead file, read for queries. */
interface Lead {
  /** The title document of every page, by id, and their ids in order. */
  titles: Map<number, SearchDocument>;
  titleIds: number[];
  /** Every word of the index, sorted, and as a set. */
  terms: string[];
  termSet: ReadonlySet<string>;
  /** The automaton of every word, for typos: built when the first typo needs it. */
  tokenSet?: lunr.TokenSet;
  /**
   * Words as written, and the stem of each at the same place (those that stem to another word):
   * two arrays, since a typo is looked for in every one of them.
   */
  writtenWords: string[];
  writtenStems: string[];
  titlePostings: Record<string, Postings>;
  shardStarts: string[];
  /** The words whose postings go on in a tail, and the first word of each tail. */
  longTerms: ReadonlySet<string>;
  tailStarts: string[];
  chunkStarts: number[];
  /** Each page's weights, worked out when a query first reaches it (pageWeights). */
  pageWeights: Map<number, PageWeights>;
}

/** A page's area weight (AREA_WEIGHT), and the QUERY_KINDS whose pages it is, as bits. */
interface PageWeights {
  area: number;
  kinds: number;
}

function pageWeights(lead: Lead, page: number): PageWeights {
  let weights = lead.pageWeights.get(page);
  if (!weights) {
    const url = lead.titles.get(page)?.u ?? '';
    weights = {
      area: areaWeight(url),
      kinds: QUERY_KINDS.reduce((mask, kind, k) => (kind.page.test(url) ? mask | (1 << k) : mask), 0),
    };
    lead.pageWeights.set(page, weights);
  }
  return weights;
}

function readLead([{documents, index}]: LeadFile): Lead {
  if (index.version !== INDEX_VERSION)
    throw new Error(`Unknown search index version ${String(index.version)}`);
  const terms = index.terms ? index.terms.split('\n') : [];
  const written = new Map<string, string>();
  for (const line of index.written ? index.written.split('\n') : []) {
    const [word, stemmed] = line.split(' ');
    written.set(word, stemmed);
  }
  let start = 0;
  return {
    titles: new Map(documents.map((document) => [document.i, document])),
    titleIds: documents.map((document) => document.i).sort((a, b) => a - b),
    terms,
    termSet: new Set(terms),
    writtenWords: [...written.keys()],
    writtenStems: [...written.values()],
    titlePostings: index.titles,
    shardStarts: index.shards,
    longTerms: new Set(index.long ? index.long.split('\n') : []),
    tailStarts: index.tails,
    chunkStarts: index.chunks.map((difference) => (start += difference)),
    pageWeights: new Map(),
  };
}

/** The first and last place (exclusive) of the words of sorted `terms` that begin with `prefix`. */
function prefixRange(terms: readonly string[], prefix: string): [number, number] {
  let low = 0;
  let high = terms.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (terms[middle] < prefix) low = middle + 1;
    else high = middle;
  }
  let end = low;
  while (end < terms.length && terms[end].startsWith(prefix)) end += 1;
  return [low, end];
}

/** The automaton of the words a typo clause reaches, one per query and clause (they are large). */
type ClauseSets = Map<string, lunr.TokenSet>;

function fuzzySet(sets: ClauseSets, term: string, editDistance: number): lunr.TokenSet {
  const key = `${editDistance} ${term}`;
  let set = sets.get(key);
  if (!set) {
    set = TokenSets.fromClause({
      fields: ['t'],
      boost: 1,
      usePipeline: false,
      presence: lunr.Query.presence.OPTIONAL,
      wildcard: lunr.Query.wildcard.NONE,
      term,
      editDistance,
    } as lunr.Query.Clause);
    sets.set(key, set);
  }
  return set;
}

/** The `most` shortest of `terms[from]` to `terms[to - 1]`, the first in order among equals. */
export function shortest(terms: readonly string[], from: number, to: number, most: number): string[] {
  const range = terms.slice(from, to);
  if (range.length <= most) return range;
  return range
    .map((term, k) => [term, k] as const)
    .sort((a, b) => a[0].length - b[0].length || a[1] - b[1])
    .slice(0, most)
    .map(([term]) => term);
}

/**
 * The index words `word` reaches: the word, its synonyms, the words it begins
 * (the last word, while typed; PREFIX_WORDS of them at most in a `short` list)
 * and, with `typos`, the words one or two letters away from it: stems from its
 * stem, and words as written from the word as typed, each standing for its stem.
 */
function expand(
  sets: ClauseSets,
  lead: Lead,
  word: string,
  last: boolean,
  typing: boolean,
  typos: boolean,
  short: boolean,
): Map<string, number> {
  const terms = new Map<string, number>();
  const add = (term: string, boost: number) => terms.set(term, Math.max(terms.get(term) ?? 0, boost));
  const stemmed = stem(word);
  for (const exact of [stemmed, word]) if (lead.termSet.has(exact)) add(exact, BOOST.exact);
  for (const synonym of synonymsByStem.get(stemmed) ?? []) {
    for (const part of queryWords(synonym)) {
      const term = stem(part);
      if (lead.termSet.has(term)) add(term, BOOST.synonym);
    }
  }
  if (last && typing && word.length >= 2) {
    const [from, to] = prefixRange(lead.terms, word);
    const most = short && word.length >= FIRST_LETTERS ? PREFIX_WORDS : Infinity;
    for (const term of shortest(lead.terms, from, to, most)) add(term, BOOST.prefix);
  }
  if (typos && word.length >= 4 && word.length <= MAX_TYPO_LENGTH && !/\d/.test(word)) {
    const editDistance = word.length >= 7 ? 2 : 1;
    const tokenSet = (lead.tokenSet ??= TokenSets.fromArray(lead.terms));
    for (const term of tokenSet.intersect(fuzzySet(sets, stemmed, editDistance)).toArray()) {
      add(term, BOOST.typo);
    }
    const {writtenWords, writtenStems} = lead;
    for (let k = 0; k < writtenWords.length; k += 1) {
      if (withinTypos(word, writtenWords[k], editDistance) && lead.termSet.has(writtenStems[k])) {
        add(writtenStems[k], BOOST.typo);
      }
    }
  }
  return terms;
}

/**
 * The words of the texts ranking reads of each document (rankedTexts), in
 * lower case and in order, worked out when a query of two words or more
 * first reads it: the same documents come back query after query, and
 * cutting a long text into words is much of the time a query takes.
 */
const wordLists = new WeakMap<SearchDocument, string[]>();

/** The texts of a document that ranking reads: its section title and text, or a page's keywords. */
function rankedTexts(type: DocumentType, document: SearchDocument): string[] {
  return type === 'keywords' ? [document.t] : [document.s ?? '', document.t];
}

function wordsOf(type: DocumentType, document: SearchDocument): string[] {
  let list = wordLists.get(document);
  if (!list) {
    list = wordValues(rankedTexts(type, document).join(' '));
    wordLists.set(document, list);
  }
  return list;
}

/** Whether a query is a path, a header or a code: something pasted, matched as typed too. */
function pasted(typed: string): boolean {
  return typed.length >= 4 && /[/_.{}-]/.test(typed);
}

interface Candidate {
  entry: number;
  /** The document's id; its page's title id. */
  id: number;
  page: number;
  url: string;
  /** The document, once its chunk has loaded (a title's at once). */
  document?: SearchDocument;
  /** The query words the document holds, as bits of their positions in the query. */
  words: number;
  /** How many query words the document or its page's title, description and keywords hold. */
  covered: number;
  score: number;
  /** The index terms the document holds (a term once per entry's match). */
  matched: readonly string[];
}

const typeOf = (entry: number): DocumentType => ENTRIES[entry].type;

/** The documents of a chunk, by entry and id. */
type Chunk = Map<string, SearchDocument>;
const documentKey = (entry: number, id: number) => `${entry} ${id}`;

export class SearchWorker {
  private lead?: {url: string; loaded: Promise<Lead>};
  private shards = new Map<string, Promise<ShardFile>>();
  private tails = new Map<string, Promise<TailFile>>();
  private chunks = new Map<string, Promise<Chunk>>();
  /** What has loaded, for the first letters, which never wait. */
  private loadedShards = new Map<number, ShardFile>();
  private loadedTails = new Map<number, TailFile>();
  /** A long word's heads and tails merged, once, by word. */
  private whole = new Map<string, WordPostings>();
  private loadedChunks = new Map<number, Chunk>();
  /** The sums of a query's scores, reused by every query, and the columns of its candidates. */
  private tally = new Tally();
  private columns = new ColumnPool();

  private loadLead(baseUrl: string): Promise<Lead> {
    const url = indexUrl(baseUrl, LEAD_SUFFIX);
    if (this.lead?.url !== url) {
      const loaded = fetchJson<LeadFile>(url).then(readLead);
      this.lead = {url, loaded};
      // A lead that failed is asked for again next time.
      loaded.catch(() => {
        if (this.lead?.loaded === loaded) this.lead = undefined;
      });
    }
    return this.lead.loaded;
  }

  /** A file of the index, fetched once (again after a failure). */
  private file<T>(cache: Map<string, Promise<T>>, url: string, read: (value: T) => void): Promise<T> {
    let file = cache.get(url);
    if (!file) {
      file = fetchJson<T>(url);
      cache.set(url, file);
      file.then(read, () => cache.delete(url));
    }
    return file;
  }

  private shard(baseUrl: string, shard: number): Promise<ShardFile> {
    return this.file(this.shards, indexUrl(baseUrl, shardSuffix(shard)), (value) =>
      this.loadedShards.set(shard, value),
    );
  }

  private tail(baseUrl: string, tail: number): Promise<TailFile> {
    return this.file(this.tails, indexUrl(baseUrl, tailSuffix(tail)), (value) =>
      this.loadedTails.set(tail, value),
    );
  }

  private chunk(baseUrl: string, chunk: number): Promise<Chunk> {
    const url = indexUrl(baseUrl, chunkSuffix(chunk));
    let file = this.chunks.get(url);
    if (!file) {
      file = fetchJson<ChunkFile>(url).then((records) => {
        const documents: Chunk = new Map();
        for (const [entry, document] of records) documents.set(documentKey(entry, document.i), document);
        this.loadedChunks.set(chunk, documents);
        return documents;
      });
      this.chunks.set(url, file);
      file.catch(() => this.chunks.delete(url));
    }
    return file;
  }

  /** Loads the lead: what the first query needs. (The portal has one search context.) */
  async fetchIndexes(baseUrl: string): Promise<void> {
    await this.loadLead(baseUrl);
  }

  /**
   * Readies the worker for queries in advance: loads the lead, every shard and tail and the chunks of
   * documents (WARM_CHUNKS at most), builds the automaton typos are found with, then asks a few
   * questions of its own (the titles of some pages), so that the code that scores has been
   * compiled before the first real query. A file or a question at a time, handing the thread back
   * between them, so that queries asked meanwhile are answered. For a long-running server that
   * answers many queries from files at hand (the MCP server), where this costs tens of megabytes
   * once; the browser, paying for each file it downloads, never calls it.
   */
  async warm(baseUrl: string): Promise<void> {
    const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
    const lead = await this.loadLead(baseUrl);
    for (let shard = 0; shard < lead.shardStarts.length; shard += 1) {
      await pause();
      await this.shard(baseUrl, shard);
    }
    for (let tail = 0; tail < lead.tailStarts.length; tail += 1) {
      await pause();
      await this.tail(baseUrl, tail);
    }
    for (let chunk = 0; chunk < Math.min(lead.chunkStarts.length, WARM_CHUNKS); chunk += 1) {
      await pause();
      await this.chunk(baseUrl, chunk);
    }
    await pause();
    lead.tokenSet ??= TokenSets.fromArray(lead.terms);
    const titles = [...lead.titles.values()];
    const step = Math.max(1, Math.floor(titles.length / WARM_QUESTIONS));
    for (let k = 0; k < titles.length; k += step) {
      await pause();
      await this.search(baseUrl, '', `how do I ${titles[k].t}`, 10);
    }
  }

  /**
   * The postings of `terms`, by word: the titles' from the lead, the others
   * from their shards, and from their tails unless `heads` holds the word,
   * fetched unless `wait` is false (then from the files that have loaded).
   */
  private async postings(
    baseUrl: string,
    lead: Lead,
    terms: Iterable<string>,
    heads: ReadonlySet<string>,
    wait: boolean,
  ) {
    const words = [...terms];
    const shardOf = new Map(words.map((term) => [term, lastAtMost(lead.shardStarts, term)]));
    const tailOf = new Map(
      words
        .filter((term) => lead.longTerms.has(term) && !heads.has(term) && !this.whole.has(term))
        .map((term) => [term, lastAtMost(lead.tailStarts, term)]),
    );
    const [shards, tails] = await Promise.all([
      numberedFiles(shardOf.values(), (shard) => this.shard(baseUrl, shard), this.loadedShards, wait),
      numberedFiles(tailOf.values(), (tail) => this.tail(baseUrl, tail), this.loadedTails, wait),
    ]);
    const found = new Map<string, WordPostings>();
    for (const term of words) {
      const titles = lead.titlePostings[term];
      let rest = heads.has(term) ? undefined : this.whole.get(term);
      if (!rest) {
        const shard = shards.get(shardOf.get(term) ?? -1);
        rest = shard && Object.hasOwn(shard, term) ? shard[term] : undefined;
        const tail = tails.get(tailOf.get(term) ?? -1);
        if (rest && tail && Object.hasOwn(tail, term)) {
          rest = wholePostings(rest, tail[term] ?? {});
          this.whole.set(term, rest);
        }
      }
      found.set(term, {...rest, ...(titles ? {[TITLES]: titles} : {})});
    }
    return found;
  }

  /** Gives the candidates their documents: from the lead for titles, else from their chunks. */
  private async documents(
    baseUrl: string,
    lead: Lead,
    candidates: Candidate[],
    wait: boolean,
  ): Promise<void> {
    const missing = candidates.filter((candidate) => !candidate.document);
    const chunkOf = (candidate: Candidate) => lastAtMost(lead.chunkStarts, candidate.id);
    if (wait) {
      await Promise.all(
        [...new Set(missing.filter((c) => c.entry !== TITLES).map(chunkOf))].map((chunk) =>
          this.chunk(baseUrl, chunk),
        ),
      );
    }
    for (const candidate of missing) {
      if (candidate.entry === TITLES) {
        candidate.document = lead.titles.get(candidate.id);
        continue;
      }
      const chunk = this.loadedChunks.get(chunkOf(candidate));
      const key = documentKey(candidate.entry, candidate.id);
      let found = chunk?.get(key);
      // A document of a page takes its address from the page's title, once: the same object
      // comes back query after query, and the words of its texts are kept by it (wordsOf).
      if (chunk && found && found.u === undefined) {
        found = {...found, u: candidate.url};
        chunk.set(key, found);
      }
      if (found) candidate.document = found;
    }
  }

  /**
   * Answers a query: the best `limit` documents (see the top of this file).
   * The first letters (FIRST_LETTERS) are answered by what has loaded, the
   * lead at least, and never wait for a file.
   */
  async search(
    baseUrl: string,
    _searchContext: string,
    input: string,
    limit: number,
  ): Promise<SearchResult[]> {
    const queryList = queryWords(input).slice(0, MAX_WORDS);
    if (queryList.length === 0) return [];
    const lead = await this.loadLead(baseUrl);
    const wait = input.trim().length >= FIRST_LETTERS;
    const typing = !/\s$/.test(input);
    const short = limit <= SHORT_LIST;
    const lastIndex = queryList.length - 1;

    // A word that is not in the index is searched with typos; one that is, as it is.
    const sets: ClauseSets = new Map();
    const groups = queryList.map((word, k) => {
      const last = k === lastIndex;
      const known = expand(sets, lead, word, last, typing, false, short);
      return known.size > 0 ? known : expand(sets, lead, word, last, typing, true, short);
    });
    const boosts = new Map<string, number>();
    for (const group of groups) {
      for (const [term, boost] of group) boosts.set(term, Math.max(boosts.get(term) ?? 0, boost));
    }
    if (boosts.size === 0) return [];
    // The words only the word being typed reaches, in a short list: their heads suffice (SHORT_LIST).
    const heads = new Set(
      short ? [...boosts].filter(([, boost]) => boost === BOOST.prefix).map(([term]) => term) : [],
    );
    const postings = await this.postings(baseUrl, lead, boosts.keys(), heads, wait);
    const columns = this.columns.take(countPostings(postings));
    try {
      const candidates = score(this.tally, columns, lead, postings, boosts, groups, input);
      return await this.answer(baseUrl, lead, candidates, input, queryList, limit, wait);
    } finally {
      this.columns.give(columns);
    }
  }

  /** Weighs the best candidates again by how closely they hold the query as written, and chooses. */
  private async answer(
    baseUrl: string,
    lead: Lead,
    candidates: Candidates,
    input: string,
    queryList: string[],
    limit: number,
    wait: boolean,
  ): Promise<SearchResult[]> {
    const typed = input
      .trim()
      .toLowerCase()
      .replace(/:(\w+)/g, '{$1}');
    const query = stems(queryList.map(stem));
    const memo: StemMemo = new Map();
    const isPasted = pasted(typed);
    if (isPasted || query.length >= 2) {
      const closest = candidates.top(Math.max(REWEIGHED, limit));
      await this.documents(baseUrl, lead, closest, wait);
      // A text that holds the query's characters as typed comes first. (Read in place: a copy of
      // every text in lower case would be thousands of strings for a path's common words.)
      const asTyped = isPasted ? new RegExp(typed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i') : undefined;
      for (const candidate of closest) {
        const {document} = candidate;
        if (!document) continue;
        const type = typeOf(candidate.entry);
        if (asTyped && rankedTexts(type, document).some((text) => asTyped.test(text))) candidate.score *= 3;
        if (query.length >= 2 && phrase(memo, wordsOf(type, document), query)) candidate.score *= 2;
      }
      candidates.reorderTop(closest.length);
    }
    return this.choose(baseUrl, lead, candidates, queryList, limit, wait, memo);
  }

  /** The results: one per section, at most MAX_PER_PAGE per page, the documents fetched in batches. */
  private async choose(
    baseUrl: string,
    lead: Lead,
    candidates: Candidates,
    queryList: string[],
    limit: number,
    wait: boolean,
    memo: StemMemo,
  ): Promise<SearchResult[]> {
    // A long question keeps the documents that answer most of it.
    const best = candidates.length > 0 ? candidates.at(0).covered : 0;
    const enough = queryList.length >= 4 ? Math.max(1, best - Math.floor(queryList.length / 3)) : 1;
    const perPage = new Map<number, number>();
    const seen = new Set<string>();
    const chosen: SearchResult[] = [];
    let next = 0;
    while (chosen.length < limit && next < candidates.length) {
      // Those that could still be shown, a few more than the places left (a section found twice is
      // shown once).
      const batch: Candidate[] = [];
      const wanted = Math.ceil((limit - chosen.length) * 1.25) + 2;
      while (next < candidates.length && batch.length < wanted) {
        const candidate = candidates.at(next++);
        if (candidate.covered < enough) {
          next = candidates.length;
          break;
        }
        if ((perPage.get(candidate.page) ?? 0) < MAX_PER_PAGE) batch.push(candidate);
      }
      await this.documents(baseUrl, lead, batch, wait);
      for (const candidate of batch) {
        if (chosen.length >= limit) break;
        const {document, entry, page} = candidate;
        if (!document) continue;
        const count = perPage.get(page) ?? 0;
        const key = `${page} ${document.h ?? ''}`;
        if (count >= MAX_PER_PAGE || seen.has(key)) continue;
        perPage.set(page, count + 1);
        seen.add(key);
        chosen.push(result(lead, candidate, document, typeOf(entry), queryList, memo));
      }
    }
    return chosen;
  }
}

/**
 * The files of one kind (shards or tails) that `numbers` name (-1: none), by number: fetched with
 * `fetch` when `wait`, else those of `loaded` only.
 */
async function numberedFiles<T>(
  numbers: Iterable<number>,
  fetch: (file: number) => Promise<T>,
  loaded: ReadonlyMap<number, T>,
  wait: boolean,
): Promise<Map<number, T>> {
  const wanted = [...new Set(numbers)].filter((file) => file >= 0);
  if (wait) {
    const files = await Promise.all(wanted.map(fetch));
    return new Map(wanted.map((file, k) => [file, files[k]]));
  }
  const files = new Map<number, T>();
  for (const file of wanted) {
    const found = loaded.get(file);
    if (found) files.set(file, found);
  }
  return files;
}

/** A word's postings in every entry: its heads with its tails. */
function wholePostings(heads: WordPostings, tails: WordPostings): WordPostings {
  const whole: WordPostings = {...heads};
  for (const [entry, tail] of Object.entries(tails)) {
    const head = whole[Number(entry)];
    if (tail) whole[Number(entry)] = head ? mergePostings(head, tail) : tail;
  }
  return whole;
}

/** How many of a query's words a mask of their positions holds. */
function countBits(mask: number): number {
  let count = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) count += 1;
  return count;
}

/** How many postings the words of a query have, in every entry. */
function countPostings(postings: Map<string, WordPostings>): number {
  let count = 0;
  for (const lists of postings.values())
    for (const list of Object.values(lists)) count += (list?.length ?? 0) / 2;
  return count;
}

/** The documents a query reaches, best first, each made a `Candidate` when it is first read. */
class Candidates {
  private made: Candidate[] = [];

  constructor(
    private readonly order: RankedOrder,
    private readonly make: (index: number) => Candidate,
  ) {}

  get length(): number {
    return this.order.count;
  }

  at(rank: number): Candidate {
    return (this.made[rank] ??= this.make(this.order.at(rank)));
  }

  /** The first `count`. */
  top(count: number): Candidate[] {
    return Array.from({length: Math.min(count, this.length)}, (_, rank) => this.at(rank));
  }

  /**
   * Orders the first `count` again, by how many words they cover, then by score, after their
   * scores grew: a score that only grows keeps them ahead of the rest.
   */
  reorderTop(count: number): void {
    const top = this.top(count);
    top.sort((a, b) => b.covered - a.covered || b.score - a.score);
    top.forEach((candidate, rank) => (this.made[rank] = candidate));
  }
}

/**
 * Scores every document the query's words reach, entry by entry, as lunr scores a query on an index.
 * A common word reaches most documents of a large site, so the work per document is kept to sums
 * (./ranking.ts): what depends on the query alone (the words each term stands for, the kinds of
 * query) or on a page alone (its area's weight) is worked out once.
 */
function score(
  tally: Tally,
  columns: Columns,
  lead: Lead,
  postings: Map<string, WordPostings>,
  boosts: Map<string, number>,
  groups: Map<string, number>[],
  input: string,
): Candidates {
  const pageOf = (id: number) => lead.titleIds[Math.max(0, lastAtMost(lead.titleIds, id))];
  const terms = [...boosts.keys()];
  // The query's words a term stands for, as bits of their positions (MAX_WORDS of them at most).
  const wordsOfTerm = terms.map((term) =>
    groups.reduce((mask, group, k) => (group.has(term) ? mask | (1 << k) : mask), 0),
  );
  // The kinds of page this kind of query favours (QUERY_KINDS), as bits, and a page's weight.
  const kinds = QUERY_KINDS.reduce((mask, kind, k) => (kind.query.test(input) ? mask | (1 << k) : mask), 0);
  const weightOf = (page: number) => {
    const {area, kinds: ofPage} = pageWeights(lead, page);
    let weight = area;
    QUERY_KINDS.forEach((kind, k) => {
      if (ofPage & kinds & (1 << k)) weight *= kind.weight;
    });
    return weight;
  };

  // The candidates, as columns (at most one per posting).
  const {entries, ids, pages, words, covered, values, scores, termLists, pairs} = columns;
  let count = 0;
  for (let entry = 0; entry < ENTRIES.length; entry += 1) {
    const type = typeOf(entry);
    tally.begin(pairs, entry === 0 ? 0 : tally.next);
    let squares = 0;
    terms.forEach((term, t) => {
      const list = postings.get(term)?.[entry];
      if (!list) return;
      const boost = boosts.get(term) ?? 0;
      squares += boost * boost;
      forEachPosting(list, (id, value) => tally.add(id, t, boost, value, wordsOfTerm[t]));
    });
    const norm = Math.sqrt(squares);
    const typeWeight = TYPE_WEIGHT[type];
    const ofPage = type === 'heading' || type === 'content';
    // The sections of a page come one after another: its weight is looked up once for them.
    let lastPage = -1;
    let lastWeight = 0;
    for (const id of tally.ids) {
      const held = tally.words(id);
      const page = ofPage ? pageOf(id) : id;
      if (page !== lastPage) {
        lastPage = page;
        lastWeight = weightOf(page);
      }
      const value = tally.sum(id) / norm;
      entries[count] = entry;
      ids[count] = id;
      pages[count] = page;
      words[count] = held;
      covered[count] = countBits(held);
      values[count] = value;
      scores[count] = value * typeWeight * lastWeight * (0.5 + tally.strongest(id) / BOOST.exact / 2);
      termLists[count] = tally.terms(id);
      count += 1;
    }
  }

  // A section is read with its page: words of the page's title, description or keywords count for it.
  const pageWords = new Map<number, number>();
  for (let k = 0; k < count; k += 1) {
    const type = typeOf(entries[k]);
    if (type !== 'heading' && type !== 'content')
      pageWords.set(pages[k], (pageWords.get(pages[k]) ?? 0) | words[k]);
  }
  for (let k = 0; k < count; k += 1) {
    const held = pageWords.get(pages[k]);
    if (held !== undefined) covered[k] = countBits(words[k] | held);
  }
  // Equal ones keep the order of lunr's results: by entry, then by score before weights, then by id.
  const order = new RankedOrder(
    count,
    (a, b) =>
      covered[b] - covered[a] ||
      scores[b] - scores[a] ||
      entries[a] - entries[b] ||
      values[b] - values[a] ||
      ids[a] - ids[b],
  );
  return new Candidates(order, (k) => ({
    entry: entries[k],
    id: ids[k],
    page: pages[k],
    url: lead.titles.get(pages[k])?.u ?? '',
    words: words[k],
    covered: covered[k],
    score: scores[k],
    matched: termsOf(pairs, termLists[k]).map((t) => terms[t]),
  }));
}

/** A result as the plugin's box and page draw it. */
function result(
  lead: Lead,
  candidate: Candidate,
  document: SearchDocument,
  type: DocumentType,
  queryList: string[],
  memo: StemMemo,
): SearchResult {
  const pageTitle: SearchResult['page'] =
    type === 'title' ? undefined : (lead.titles.get(candidate.page) ?? false);
  // A page found by its keywords (a reference page's method, path, parameters and fields) is
  // listed as its title when the title holds words the query reached, marked there. As a
  // keywords result, the plugin's template marks only the letters typed in the title, so a
  // typo, or "promotions" typed for "promotion", left the title unmarked. A title that holds
  // none of them stays a keywords result: the plugin's templates cannot draw a title with
  // nothing to mark.
  const matched = new Set(candidate.matched);
  const marks = type === 'keywords' && pageTitle ? positions(memo, pageTitle.t, matched) : undefined;
  const shown =
    pageTitle && marks && Object.keys(marks).length > 0
      ? {document: pageTitle, type: DOCUMENT_TYPES.indexOf('title'), page: undefined, metadata: marks}
      : {
          document,
          type: DOCUMENT_TYPES.indexOf(type),
          page: pageTitle,
          metadata: positions(memo, document.t, matched),
        };
  return {...shown, tokens: queryList, score: candidate.score};
}

Comlink.expose(SearchWorker);
