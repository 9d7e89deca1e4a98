/**
 * The search worker: loads the portal's search index (the parts of
 * ./parts.ts, in the compact form of ./compactIndex.ts) and runs queries on
 * it, in a Web Worker so that typing never waits for it. It answers the same
 * two calls, with results of the same shape, as the worker of
 * @easyops-cn/docusaurus-search-local, whose box and page show them.
 *
 * A query:
 * - is cut into words as the index was (./text.ts): a path, an event name or
 *   a header is its words, stop words are left out;
 * - finds, for each word, the word itself, its synonyms
 *   (src/config/search-synonyms.ts), the words it begins (the last word,
 *   while it is being typed) and the words one or two letters away (typos),
 *   compared as written as well as stemmed (see writtenWords);
 * - ranks documents that hold every word of the query first, then those
 *   holding fewer: a long question still finds the pages that answer most of
 *   it. Then by score, weighted by what matched (a title before a heading
 *   before text) and where (the merchant pages before the sample pet store
 *   and blog; a list of codes after the page that explains them), and shows
 *   at most two results of a page.
 *
 * An index that cannot be loaded is an error of `fetchIndexes` and `search`,
 * and is asked for again by the next call.
 */
// A typo and the stem of the word it misspells, as the search meets them:
// cspell:ignore promtions promot
import * as Comlink from 'comlink';
import lunr from 'lunr';
// The plugin's build-time constants: the index address, with its hash.
import {searchIndexUrl} from '@generated/@easyops-cn/docusaurus-search-local/default/generated-constants.js';

import {SEARCH_SYNONYMS} from '../../config/search-synonyms';
import {type CompactIndex, loadCompactIndex, type SearchDocument, stem, TokenSets} from './compactIndex';
import {DOCUMENT_TYPES, LATER_PARTS, LEAD_PART} from './parts';
import {queryWords, vocabulary, wordValues, words} from './text';
import {withinTypos} from './typos';

interface LoadedEntry {
  type: number;
  documents: SearchDocument[];
  byRef: Map<string, SearchDocument>;
  index: lunr.Index;
  /** The words of the documents as written, worked out by the first query with a typo. */
  written?: WrittenWords;
}

/**
 * The words of an entry's documents as they are written (in lower case, stop
 * words left out: the words the index was built from), with the stem the
 * index holds for each. The index holds only stems, and a typo can change
 * where the stemmer cuts a word: it cuts "-ion" from "promotions", not from
 * "promtions", whose stem is then three letters from the index's "promot",
 * though the words as written are one letter apart. A word with a typo is
 * therefore also compared with the words as written, each match standing for
 * its stem. They are read from the documents' own text, which the index
 * carries anyway, so the index is no larger; an entry's are listed once,
 * when the first query with a typo reaches it, and compared one by one (a
 * few thousand words, of which only those of a length near the typed word's
 * are compared letter by letter): building an automaton of them, as the
 * index has of its stems, took longer than a query's comparisons.
 */
interface WrittenWords {
  /** Each word, with its stem once a typo has reached the word. */
  stems: Map<string, string | undefined>;
}

function writtenWords(entry: LoadedEntry): WrittenWords {
  if (!entry.written) {
    const stems = new Map<string, string | undefined>();
    for (const word of vocabulary(entry.documents.map((document) => document.t))) stems.set(word, undefined);
    entry.written = {stems};
  }
  return entry.written;
}

export interface SearchResult {
  document: SearchDocument;
  type: number;
  page: SearchDocument | false | undefined;
  metadata: Record<string, {t: {position: [number, number][]}}>;
  tokens: string[];
  score: number;
}

/** How long the index may take to answer before the search says it is unavailable. */
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
/** The box shows this many; a longer list (the search page) waits for every part. */
const SUGGESTIONS = 8;
/** How long after the first results the later parts are asked for. */
const LATER_PARTS_DELAY_MS = 500;
/** A query shorter than this is a reader's first letters: answered by what has loaded, never waiting. */
const FIRST_LETTERS = 3;
/** How many of the best candidates are weighed again by closeness. */
const REWEIGHED = 100;

/** The entries of a part, by their place in DOCUMENT_TYPES. */
const TITLE = DOCUMENT_TYPES.indexOf('title');
const HEADING = DOCUMENT_TYPES.indexOf('heading');
const KEYWORDS = DOCUMENT_TYPES.indexOf('keywords');
const CONTENT = DOCUMENT_TYPES.indexOf('content');

const TYPE_WEIGHT = [3, 2, 1.5, 1.5, 1];
/** How a result's address weighs: merchant pages first. */
const AREA_WEIGHT: [RegExp, number][] = [
  [/^\/docs\/api\/objects-glossary/, 0.5],
  [/^\/docs\//, 1],
  [/^\/api(\/|$)/, 0.35],
  [/^\/blog(\/|$)/, 0.3],
];
const OTHER_AREA_WEIGHT = 0.7;

/** Clause boosts: the word as typed, a synonym, a word it begins, a typo. */
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

function queryKindWeight(input: string, url: string): number {
  return QUERY_KINDS.reduce(
    (weight, kind) => (kind.query.test(input) && kind.page.test(url) ? weight * kind.weight : weight),
    1,
  );
}

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

async function fetchPart(url: string): Promise<LoadedEntry[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), INDEX_RESPONSE_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, {signal: controller.signal});
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) {
    throw new Error(`The search index answered ${response.status}`);
  }
  const entries = (await response.json()) as {documents: SearchDocument[]; index: CompactIndex}[];
  return entries.map(({documents, index}, type) => {
    const refs = documents.map((document) => String(document.i));
    return {
      type,
      documents,
      byRef: new Map(documents.map((document, k) => [refs[k], document])),
      index: loadCompactIndex(index, refs),
    };
  });
}

/** Gives the documents of a page (p) the address of the page's title document, in `lead`. */
function withPageUrls(entries: LoadedEntry[], lead: LoadedEntry[]): LoadedEntry[] {
  const urls = new Map<number, string>();
  for (const document of lead.find((entry) => entry.type === TITLE)?.documents ?? [])
    urls.set(document.i, document.u);
  for (const entry of entries) {
    for (const document of entry.documents) {
      if (document.p !== undefined) document.u ??= urls.get(document.p) ?? '';
    }
  }
  return entries;
}

/**
 * The automata of the clauses one query has built, by clause. One of a word
 * with typos is costly to build (thousands of states for two edits of a long
 * word) and every part of the index asks for the same ones, so a query builds
 * each once; they are let go with the query, as they are large.
 */
type ClauseSets = Map<string, lunr.TokenSet>;

/** The automaton of the words a clause reaches, from `sets` or built into it. */
function clauseSet(
  sets: ClauseSets,
  {term, editDistance = 0, wildcard = lunr.Query.wildcard.NONE}: Partial<lunr.Query.Clause> & {term: string},
): lunr.TokenSet {
  const key = `${editDistance} ${wildcard} ${term}`;
  let set = sets.get(key);
  if (!set) {
    // The library reads a wildcard from a `*` in the term, and only when no edit distance is given.
    set = TokenSets.fromClause({
      fields: ['t'],
      boost: 1,
      usePipeline: false,
      presence: lunr.Query.presence.OPTIONAL,
      wildcard,
      term: wildcard === lunr.Query.wildcard.TRAILING ? `${term}*` : term,
      ...(editDistance > 0 ? {editDistance} : {}),
    } as lunr.Query.Clause);
    sets.set(key, set);
  }
  return set;
}

/** The words of the index each query word reaches, and how strongly. */
interface WordGroup {
  word: string;
  terms: Map<string, number>;
}

/**
 * The index words `word` reaches in an entry: the word, its synonyms, the
 * words it begins (the last word, while typed) and, with `typos`, the words
 * one or two letters away from it: stems from its stem, and words as written
 * from the word as typed (see writtenWords).
 */
function expand(
  sets: ClauseSets,
  entry: LoadedEntry,
  word: string,
  last: boolean,
  typing: boolean,
  typos: boolean,
): Map<string, number> {
  const tokenSet = (entry.index as unknown as {tokenSet: lunr.TokenSet}).tokenSet;
  const terms = new Map<string, number>();
  const add = (clause: Partial<lunr.Query.Clause> & {term: string}, boost: number) => {
    for (const term of tokenSet.intersect(clauseSet(sets, clause)).toArray()) {
      terms.set(term, Math.max(terms.get(term) ?? 0, boost));
    }
  };
  const stemmed = stem(word);
  add({term: stemmed}, BOOST.exact);
  add({term: word}, BOOST.exact);
  for (const synonym of synonymsByStem.get(stemmed) ?? []) {
    for (const part of queryWords(synonym)) add({term: stem(part)}, BOOST.synonym);
  }
  if (last && typing && word.length >= 2) {
    add({term: word, wildcard: lunr.Query.wildcard.TRAILING}, BOOST.prefix);
  }
  if (typos && word.length >= 4 && word.length <= MAX_TYPO_LENGTH && !/\d/.test(word)) {
    const editDistance = word.length >= 7 ? 2 : 1;
    add({term: stemmed, editDistance}, BOOST.typo);
    // The index was built from these very words: each one's stem is one of its terms.
    const {stems} = writtenWords(entry);
    for (const [near, known] of stems) {
      if (!withinTypos(word, near, editDistance)) continue;
      const term = known ?? stem(near);
      stems.set(near, term);
      terms.set(term, Math.max(terms.get(term) ?? 0, BOOST.typo));
    }
  }
  return terms;
}

/** Whether the index holds `word`, a synonym, or (the last word, typed) a word it begins. */
function known(
  sets: ClauseSets,
  entries: LoadedEntry[],
  word: string,
  last: boolean,
  typing: boolean,
): boolean {
  return entries.some(
    (entry) => entry.documents.length > 0 && expand(sets, entry, word, last, typing, false).size > 0,
  );
}

/**
 * The words of the texts ranking reads of each document (rankedTexts), in
 * lower case and in order, worked out when a query of two words or more
 * first reads it: the same documents come back query after query, and
 * cutting a long text into words is much of the time a query takes.
 */
const wordLists = new WeakMap<SearchDocument, string[]>();

/** The texts of a document that ranking reads: its section title and text, or a page's keywords. */
function rankedTexts(entry: LoadedEntry, document: SearchDocument): string[] {
  return entry.type === KEYWORDS ? [document.t] : [document.s ?? '', document.t];
}

function wordsOf(entry: LoadedEntry, document: SearchDocument): string[] {
  let list = wordLists.get(document);
  if (!list) {
    list = wordValues(rankedTexts(entry, document).join(' '));
    wordLists.set(document, list);
  }
  return list;
}

/** Whether a query is a path, a header or a code: something pasted, matched as typed too. */
function pasted(typed: string): boolean {
  return typed.length >= 4 && /[/_.{}-]/.test(typed);
}

/**
 * Stems, with what a word must begin with to have one of them. The stemmer
 * changes only a word's ending: a word stems to `value` only if it begins with
 * `head`, its first two letters. Most words of a text fail that test, and are
 * never stemmed: stemming every word of the texts ranked was most of a query's
 * time.
 */
interface Stem {
  value: string;
  head: string;
}

function stems(terms: Iterable<string>): Stem[] {
  return Array.from(terms, (value) => ({value, head: value.slice(0, 2)}));
}

/**
 * The stems of the words one query has read, by word: a text repeats its
 * words, and the texts ranked repeat each other's. Let go with the query.
 */
type StemMemo = Map<string, string>;

function stemOf(memo: StemMemo, word: string): string {
  let value = memo.get(word);
  if (value === undefined) {
    value = stem(word);
    memo.set(word, value);
  }
  return value;
}

/** Whether `word` (in lower case) stems to `target`. */
function stemsTo(memo: StemMemo, word: string, target: Stem): boolean {
  return word.startsWith(target.head) && stemOf(memo, word) === target.value;
}

/** Whether the text holds the query's words one after the other. */
function phrase(memo: StemMemo, sequence: string[], query: Stem[]): boolean {
  for (let start = 0; start + query.length <= sequence.length; start += 1) {
    let k = 0;
    while (k < query.length && stemsTo(memo, sequence[start + k], query[k])) k += 1;
    if (k === query.length) return true;
  }
  return false;
}

/** Where the matched words stand in a text, in the shape the plugin's templates read. */
function positions(memo: StemMemo, text: string, matched: Set<string>): SearchResult['metadata'] {
  // No prototype: a matched word may be `constructor` or `__proto__`.
  const metadata: SearchResult['metadata'] = Object.create(null) as SearchResult['metadata'];
  const heads = new Set(stems(matched).map((target) => target.head));
  for (const word of words(text)) {
    if (!heads.has(word.value.slice(0, 2))) continue;
    const term = stemOf(memo, word.value);
    if (!matched.has(term)) continue;
    (metadata[term] ??= {t: {position: []}}).t.position.push([word.start, word.length]);
  }
  return metadata;
}

interface Candidate {
  entry: LoadedEntry;
  document: SearchDocument;
  /** The query words the document holds (their positions in the query). */
  groups: Set<number>;
  /** How many query words the document or its page's title, description and keywords hold. */
  covered: number;
  score: number;
  matched: Set<string>;
}

export class SearchWorker {
  private parts = new Map<string, Promise<LoadedEntry[]>>();

  private load(baseUrl: string, suffix: string): Promise<LoadedEntry[]> {
    const url = indexUrl(baseUrl, suffix);
    let part = this.parts.get(url);
    if (!part) {
      part =
        suffix === LEAD_PART
          ? fetchPart(url).then((lead) => withPageUrls(lead, lead))
          : Promise.all([fetchPart(url), this.load(baseUrl, LEAD_PART)]).then(([entries, lead]) =>
              withPageUrls(entries, lead),
            );
      this.parts.set(url, part);
      // A part that failed is asked for again next time.
      part.catch(() => this.parts.delete(url));
    }
    return part;
  }

  /** Loads the lead part: what the first query needs. (The portal has one search context.) */
  async fetchIndexes(baseUrl: string): Promise<void> {
    await this.load(baseUrl, LEAD_PART);
  }

  /**
   * The later parts: all of them when `wait`, otherwise those that have
   * loaded, the others being asked for shortly after this query's results are
   * shown (LATER_PARTS_DELAY_MS), so they never delay a suggestion.
   */
  private async laterParts(
    baseUrl: string,
    wait: boolean,
  ): Promise<{entries: LoadedEntry[]; complete: boolean}> {
    const urls = Object.values(LATER_PARTS).map((suffix) => [suffix, indexUrl(baseUrl, suffix)] as const);
    if (!wait) {
      const missing = urls.filter(([, url]) => !this.parts.has(url));
      if (missing.length > 0) {
        setTimeout(() => {
          for (const [suffix] of missing) this.load(baseUrl, suffix).catch(() => {});
        }, LATER_PARTS_DELAY_MS);
      }
    }
    const loaded: LoadedEntry[] = [];
    let complete = true;
    for (const [suffix, url] of urls) {
      const part = this.parts.get(url) ?? (wait ? this.load(baseUrl, suffix) : undefined);
      if (!part) {
        complete = false;
        continue;
      }
      try {
        // Without `wait`, a part still on its way is left out of this query.
        const settled = wait ? await part : await Promise.race([part, Promise.resolve(null)]);
        if (settled) loaded.push(...settled);
        else complete = false;
      } catch {
        // Searched without it; asked for again by the next query.
      }
    }
    return {entries: loaded, complete};
  }

  /**
   * Answers a query. The box's queries are answered by what has loaded, the
   * lead part at least; one that this cannot fill (fewer than `limit` results,
   * or none) waits for the rest of the index, unless it is shorter than
   * FIRST_LETTERS, so the box never says "No results", or shows one result,
   * for lack of the text still on its way.
   */
  async search(
    baseUrl: string,
    _searchContext: string,
    input: string,
    limit: number,
  ): Promise<SearchResult[]> {
    const queryList = queryWords(input).slice(0, MAX_WORDS);
    if (queryList.length === 0) return [];
    const lead = await this.load(baseUrl, LEAD_PART);
    const later = await this.laterParts(baseUrl, limit > SUGGESTIONS);
    const results = rank([...lead, ...later.entries], lead, input, queryList, limit);
    if (results.length >= limit || later.complete || input.trim().length < FIRST_LETTERS) return results;
    const rest = await this.laterParts(baseUrl, true);
    return rank([...lead, ...rest.entries], lead, input, queryList, limit);
  }
}

/** The best `limit` documents of `entries` for a query (see the top of this file). */
function rank(
  entries: LoadedEntry[],
  lead: LoadedEntry[],
  input: string,
  queryList: string[],
  limit: number,
): SearchResult[] {
  const typing = !/\s$/.test(input);

  const lastIndex = queryList.length - 1;
  // A word that is not in the index is searched with typos; one that is, as it is.
  const sets: ClauseSets = new Map();
  const typos = queryList.map((word, k) => !known(sets, entries, word, k === lastIndex, typing));

  const candidates: Candidate[] = [];
  for (const entry of entries) {
    if (entry.documents.length === 0) continue;
    const groups: WordGroup[] = queryList.map((word, k) => ({
      word,
      terms: expand(sets, entry, word, k === lastIndex, typing, typos[k]),
    }));
    const boosts = new Map<string, number>();
    for (const group of groups) {
      for (const [term, boost] of group.terms) boosts.set(term, Math.max(boosts.get(term) ?? 0, boost));
    }
    if (boosts.size === 0) continue;
    const results = entry.index.query((query) => {
      for (const [term, boost] of boosts) {
        query.term(term, {usePipeline: false, boost, fields: ['t']});
      }
    });
    for (const result of results) {
      const document = entry.byRef.get(result.ref);
      if (!document) continue;
      // A common word matches thousands of documents: nothing here copies a list per document.
      const terms = Object.keys(result.matchData.metadata);
      const matched = new Set(terms);
      const held = new Set<number>();
      groups.forEach((group, k) => {
        if (terms.some((term) => group.terms.has(term))) held.add(k);
      });
      let strongest = 0;
      for (const term of terms) strongest = Math.max(strongest, boosts.get(term) ?? 0);
      const exactness = strongest / BOOST.exact;
      candidates.push({
        entry,
        document,
        groups: held,
        covered: held.size,
        matched,
        score:
          result.score *
          TYPE_WEIGHT[entry.type] *
          areaWeight(document.u) *
          queryKindWeight(input, document.u) *
          (0.5 + exactness / 2),
      });
    }
  }

  // A section is read with its page: words of the page's title, description or keywords count for it.
  const pageWords = new Map<string, Set<number>>();
  for (const candidate of candidates) {
    if (candidate.entry.type === HEADING || candidate.entry.type === CONTENT) continue;
    const held = pageWords.get(candidate.document.u) ?? new Set<number>();
    candidate.groups.forEach((k) => held.add(k));
    pageWords.set(candidate.document.u, held);
  }
  for (const candidate of candidates) {
    const page = pageWords.get(candidate.document.u);
    if (page) candidate.covered = new Set([...candidate.groups, ...page]).size;
  }

  // Candidates are weighed again by how closely they hold the query as written.
  const typed = input
    .trim()
    .toLowerCase()
    .replace(/:(\w+)/g, '{$1}');
  const query = stems(queryList.map(stem));
  const memo: StemMemo = new Map();
  if (pasted(typed)) {
    // A text that holds the query's characters as typed comes first. (Read in place: a copy of
    // every text in lower case would be thousands of strings for a path's common words.)
    const asTyped = new RegExp(typed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
    for (const candidate of candidates) {
      if (rankedTexts(candidate.entry, candidate.document).some((text) => asTyped.test(text))) {
        candidate.score *= 3;
      }
    }
  }
  candidates.sort((a, b) => b.covered - a.covered || b.score - a.score);
  if (query.length >= 2) {
    for (const candidate of candidates.slice(0, REWEIGHED)) {
      if (phrase(memo, wordsOf(candidate.entry, candidate.document), query)) candidate.score *= 2;
    }
  }
  candidates.sort((a, b) => b.covered - a.covered || b.score - a.score);
  // A long question keeps the documents that answer most of it.
  const best = candidates[0]?.covered ?? 0;
  const enough = queryList.length >= 4 ? Math.max(1, best - Math.floor(queryList.length / 3)) : 1;

  const titles = new Map<number, SearchDocument>();
  for (const entry of lead) {
    if (entry.type === TITLE) for (const document of entry.documents) titles.set(document.i, document);
  }
  const perPage = new Map<string, number>();
  const seen = new Set<string>();
  const chosen: SearchResult[] = [];
  for (const candidate of candidates) {
    if (chosen.length >= limit) break;
    if (candidate.covered < enough) break;
    const {document, entry} = candidate;
    const page = document.u;
    const count = perPage.get(page) ?? 0;
    const key = `${page}${document.h ?? ''}`;
    // One result per section, and at most MAX_PER_PAGE per page.
    if (count >= MAX_PER_PAGE || seen.has(key)) continue;
    perPage.set(page, count + 1);
    seen.add(key);
    // A page found by its keywords (a reference page's method, path, parameters and fields) is
    // listed as its title when the title holds words the query reached, marked there. As a
    // keywords result, the plugin's template marks only the letters typed in the title, so a
    // typo, or "promotions" typed for "promotion", left the title unmarked. A title
    // that holds none of them stays a keywords result: the plugin's templates cannot draw a title
    // with nothing to mark.
    const pageTitle: SearchResult['page'] =
      entry.type === TITLE ? undefined : (titles.get(document.p ?? -1) ?? false);
    const marks =
      entry.type === KEYWORDS && pageTitle ? positions(memo, pageTitle.t, candidate.matched) : undefined;
    const shown =
      pageTitle && marks && Object.keys(marks).length > 0
        ? {document: pageTitle, type: TITLE, page: undefined, metadata: marks}
        : {
            document,
            type: entry.type,
            page: pageTitle,
            metadata: positions(memo, document.t, candidate.matched),
          };
    chosen.push({...shown, tokens: queryList, score: candidate.score});
  }
  return chosen;
}

Comlink.expose(SearchWorker);
