/**
 * The portal's compact form of a search index (written at build time by
 * scripts/search-index/shape.ts), and how the browser turns it back into an
 * index of the search library (lunr) that the search queries.
 *
 * The library's own serialized form holds, besides the words and the
 * documents that contain them, a score for every word of every document and
 * the word positions: three quarters of its size. The compact form holds the
 * words, sorted, for each the documents that contain it (as the distance
 * from the previous one) with the number of times, and each document's
 * length in words; the scores are computed again here exactly as the library
 * computes them when it builds an index (BM25, k1 = 1.2, b = 0.75, rounded to
 * three decimals), which takes a few milliseconds.
 */
import lunr from 'lunr';

/** A document of the index: a page's title, a heading, a description, keywords or text. */
export interface SearchDocument {
  /** Id, unique over the five entries but shared by a page's title, description and keywords. */
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

export const COMPACT_INDEX_VERSION = 1;

export interface CompactIndex {
  version: typeof COMPACT_INDEX_VERSION;
  /** Stemmed words, sorted. */
  terms: string[];
  /** For each word: document position (as the difference from the previous one), count, ... */
  postings: number[][];
  /** Each document's length in words, in the order of the entry's documents. */
  lengths: number[];
}

/** The stem the index holds for a lower-case word. */
export function stem(word: string): string {
  return (lunr.stemmer as unknown as (token: lunr.Token) => lunr.Token)(new lunr.Token(word, {})).toString();
}

/** Parts of the library that its type declarations leave out. */
export const TokenSets = lunr.TokenSet as unknown as {
  fromArray(sorted: string[]): lunr.TokenSet;
  fromClause(clause: lunr.Query.Clause): lunr.TokenSet;
};

const K1 = 1.2;
const B = 0.75;
const FIELD = 't';

type Posting = {_index: number; [FIELD]: Record<string, object>};

/** Calls `visit` with the position and count of each document of a word's compact postings. */
function forEachPosting(flat: number[], visit: (position: number, frequency: number) => void): void {
  let position = 0;
  for (let k = 0; k < flat.length; k += 2) {
    position += flat[k];
    visit(position, flat[k + 1]);
  }
}

/**
 * A lunr index from its compact form; `refs` are the documents' refs, in order.
 *
 * The scores of every document vector are needed at once, but a query reads the postings of
 * only the few words it matches: each word's posting (the documents that hold it, as the library
 * keeps them) is built the first time a query reads it, so loading allocates nothing per word.
 */
export function loadCompactIndex(compact: CompactIndex, refs: string[]): lunr.Index {
  if (compact.version !== COMPACT_INDEX_VERSION) {
    throw new Error(`Unknown search index version ${String(compact.version)}`);
  }
  const documentCount = refs.length;
  const totalLength = compact.lengths.reduce((sum, length) => sum + length, 0);
  const averageLength = documentCount ? totalLength / documentCount : 0;
  const vectors: number[][] = refs.map(() => []);

  compact.terms.forEach((_term, termIndex) => {
    const flat = compact.postings[termIndex] ?? [];
    const withTerm = flat.length / 2;
    const idf = Math.log(1 + Math.abs((documentCount - withTerm + 0.5) / (withTerm + 0.5)));
    forEachPosting(flat, (position, frequency) => {
      const length = compact.lengths[position] ?? 0;
      const score =
        (idf * ((K1 + 1) * frequency)) / (K1 * (1 - B + (B * length) / (averageLength || 1)) + frequency);
      vectors[position].push(termIndex, Math.round(score * 1000) / 1000);
    });
  });

  const termIndexes = new Map(compact.terms.map((term, termIndex) => [term, termIndex]));
  function posting(termIndex: number): Posting {
    // No prototype: a ref is a number, but the object is read by whatever key a caller brings.
    const documents = Object.create(null) as Record<string, object>;
    forEachPosting(compact.postings[termIndex] ?? [], (position) => {
      documents[refs[position]] = {};
    });
    return {_index: termIndex, [FIELD]: documents};
  }
  // No prototype: the index may hold words such as `constructor`.
  const built = Object.create(null) as Record<string, Posting>;
  const invertedIndex = new Proxy(built, {
    get(target, term) {
      if (typeof term !== 'string') return undefined;
      const termIndex = termIndexes.get(term);
      if (termIndex === undefined) return undefined;
      return (target[term] ??= posting(termIndex));
    },
    has: (_target, term) => typeof term === 'string' && termIndexes.has(term),
  });

  const fieldVectors: Record<string, lunr.Vector> = {};
  refs.forEach((ref, position) => {
    fieldVectors[`${FIELD}/${ref}`] = new lunr.Vector(vectors[position]);
  });
  const pipeline = new lunr.Pipeline();
  pipeline.add(lunr.stemmer);
  return new lunr.Index({
    invertedIndex,
    fieldVectors,
    tokenSet: TokenSets.fromArray(compact.terms),
    fields: [FIELD],
    pipeline,
  } as unknown as lunr.Index.Attributes);
}
