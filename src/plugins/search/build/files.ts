/**
 * The files of the search index (../format.ts) from its entries' documents:
 * the lead, the shards of postings, the tails of long words' postings and the
 * chunks of documents, each as the JSON value to write under its name.
 */
import {
  chunkSuffix,
  ENTRIES,
  forEachPosting,
  HEAD_POSTINGS,
  INDEX_VERSION,
  lastAtMost,
  LEAD_SUFFIX,
  shardSuffix,
  tailSuffix,
  TITLES,
  type ChunkFile,
  type LeadFile,
  type Postings,
  type SearchDocument,
  type ShardFile,
  type WordPostings,
} from '../format';
import {indexWords, stem} from '../text';

/** The documents of each entry, in the order of ENTRIES. */
export type EntryDocuments = readonly (readonly SearchDocument[])[];

/** About this much JSON per shard and per chunk: small enough that a query fetches little it does not read. */
const SHARD_BYTES = 24 * 1024;
const CHUNK_BYTES = 2 * 1024;

const K1 = 1.2;
const B = 0.75;

/** Each word's postings in one entry: the BM25 score of each document that holds it, as lunr scores it. */
function entryPostings(documents: readonly SearchDocument[]): Map<string, Postings> {
  const counts = new Map<string, Map<number, number>>();
  const lengths = new Map<number, number>();
  let total = 0;
  for (const document of documents) {
    const found = indexWords(document.t);
    lengths.set(document.i, found.length);
    total += found.length;
    for (const word of found) {
      const term = stem(word.value);
      let byDocument = counts.get(term);
      if (!byDocument) counts.set(term, (byDocument = new Map()));
      byDocument.set(document.i, (byDocument.get(document.i) ?? 0) + 1);
    }
  }
  const average = documents.length ? total / documents.length : 0;
  const postings = new Map<string, Postings>();
  for (const [term, byDocument] of counts) {
    const idf = Math.log(1 + Math.abs((documents.length - byDocument.size + 0.5) / (byDocument.size + 0.5)));
    const scored = [...byDocument]
      .sort((a, b) => a[0] - b[0])
      .map(([id, frequency]): [number, number] => {
        const length = lengths.get(id) ?? 0;
        const score = (idf * ((K1 + 1) * frequency)) / (K1 * (1 - B + (B * length) / (average || 1)) + frequency);
        return [id, Math.round(score * 1000)];
      });
    postings.set(term, encode(scored));
  }
  return postings;
}

/** Delta-coded postings from [id, score] pairs in id order. */
function encode(pairs: readonly (readonly [number, number])[]): Postings {
  const flat: Postings = [];
  let previous = 0;
  for (const [id, value] of pairs) {
    flat.push(id - previous, value);
    previous = id;
  }
  return flat;
}

/**
 * A word's postings in one entry as its head (the HEAD_POSTINGS best scored, the lower id first
 * among equals) and its tail (the rest, or none), each in id order.
 */
export function splitPostings(postings: Postings): {head: Postings; tail?: Postings} {
  if (postings.length / 2 <= HEAD_POSTINGS) return {head: postings};
  const pairs: [number, number][] = [];
  forEachPosting(postings, (id, score) => pairs.push([id, Math.round(score * 1000)]));
  const best = [...pairs].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, HEAD_POSTINGS);
  const inHead = new Set(best.map(([id]) => id));
  return {
    head: encode(pairs.filter(([id]) => inHead.has(id))),
    tail: encode(pairs.filter(([id]) => !inHead.has(id))),
  };
}

/** Files of a run of words each, of about SHARD_BYTES: the shards, or the tails. */
class Runs {
  readonly starts: string[] = [];
  private file: ShardFile = {};
  private bytes = 0;

  constructor(
    private readonly files: Map<string, unknown>,
    private readonly suffix: (k: number) => string,
  ) {}

  add(term: string, postings: WordPostings): void {
    if (this.bytes === 0) this.starts.push(term);
    this.file[term] = postings;
    this.bytes += term.length + JSON.stringify(postings).length + 4;
    if (this.bytes >= SHARD_BYTES) this.close();
  }

  close(): void {
    if (this.bytes === 0) return;
    this.files.set(this.suffix(this.starts.length - 1), this.file);
    this.file = {};
    this.bytes = 0;
  }
}

/** A document as published: one that belongs to a page takes the page's address from its title. */
function published({u, ...rest}: SearchDocument): SearchDocument {
  return (rest.p === undefined ? {u, ...rest} : rest) as SearchDocument;
}

/** Whether every document's page follows from its id, as the worker reads it (see ../format.ts). */
function checkIds(entries: EntryDocuments): void {
  const titleIds = entries[TITLES].map((title) => title.i).sort((a, b) => a - b);
  for (const documents of entries) {
    for (const document of documents) {
      if (document.p === undefined) continue;
      const page = titleIds[lastAtMost(titleIds, document.i)];
      if (page !== document.p) {
        throw new Error(
          `search index: document ${document.i} belongs to page ${document.p}, but its id follows page ${String(page)}`,
        );
      }
    }
  }
}

/** The index's files, by their `{dir}` suffix, from each entry's documents (ids unique per entry). */
export function indexFiles(entries: EntryDocuments): Map<string, unknown> {
  if (entries.length !== ENTRIES.length) throw new Error(`search index: ${ENTRIES.length} entries expected`);
  checkIds(entries);
  const files = new Map<string, unknown>();

  // Postings: the titles' in the lead, every other entry's by word, in shards.
  const byWord = new Map<string, WordPostings>();
  entries.forEach((documents, entry) => {
    for (const [term, postings] of entryPostings(documents)) {
      let word = byWord.get(term);
      if (!word) byWord.set(term, (word = {}));
      word[entry] = postings;
    }
  });
  const terms = [...byWord.keys()].sort();
  const titles: Record<string, Postings> = {};
  const shards = new Runs(files, shardSuffix);
  const tails = new Runs(files, tailSuffix);
  const long: string[] = [];
  for (const term of terms) {
    const {[TITLES]: titlePostings, ...rest} = byWord.get(term) ?? {};
    if (titlePostings) titles[term] = titlePostings;
    if (Object.keys(rest).length === 0) continue;
    const heads: WordPostings = {};
    const beyond: WordPostings = {};
    for (const [entry, postings] of Object.entries(rest)) {
      if (!postings) continue;
      const {head, tail} = splitPostings(postings);
      heads[Number(entry)] = head;
      if (tail) beyond[Number(entry)] = tail;
    }
    shards.add(term, heads);
    if (Object.keys(beyond).length > 0) {
      long.push(term);
      tails.add(term, beyond);
    }
  }
  shards.close();
  tails.close();

  // Documents other than the titles, in id order, in chunks that never part documents of one id.
  const others = entries
    .flatMap((documents, entry) =>
      entry === TITLES ? [] : documents.map((document) => [entry, published(document)] as [number, SearchDocument]),
    )
    .sort((a, b) => a[1].i - b[1].i || a[0] - b[0]);
  const starts: number[] = [];
  let chunk: ChunkFile = [];
  let chunkBytes = 0;
  others.forEach((record, k) => {
    chunk.push(record);
    chunkBytes += JSON.stringify(record).length;
    const next = others[k + 1];
    if (next === undefined || (chunkBytes >= CHUNK_BYTES && next[1].i !== record[1].i)) {
      starts.push(chunk[0][1].i);
      files.set(chunkSuffix(starts.length - 1), chunk);
      chunk = [];
      chunkBytes = 0;
    }
  });

  // The words as written that stem to another word.
  const written = new Map<string, string>();
  for (const documents of entries) {
    for (const document of documents) {
      for (const {value} of indexWords(document.t)) {
        if (written.has(value)) continue;
        const stemmed = stem(value);
        written.set(value, stemmed);
      }
    }
  }

  const lead: LeadFile = [
    {
      documents: entries[TITLES].map(published),
      index: {
        version: INDEX_VERSION,
        terms: terms.join('\n'),
        written: [...written]
          .filter(([value, stemmed]) => value !== stemmed)
          .sort((a, b) => (a[0] < b[0] ? -1 : 1))
          .map((pair) => pair.join(' '))
          .join('\n'),
        titles,
        shards: shards.starts,
        long: long.join('\n'),
        tails: tails.starts,
        chunks: starts.map((start, k) => start - (starts[k - 1] ?? 0)),
      },
    },
  ];
  files.set(LEAD_SUFFIX, lead);
  return files;
}
