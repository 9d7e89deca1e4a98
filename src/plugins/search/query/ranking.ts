/**
 * The arithmetic of ranking, kept cheap for a large site: a common word of a
 * site ten times the portal's size reaches some 14,000 documents, and the
 * worker (./worker.ts) scores every one of them on each keystroke.
 *
 * - `Tally` sums a query's postings per document of one entry in typed arrays
 *   reused from query to query, rather than an object per document.
 * - `Columns` holds a query's candidates, a typed array per field, taken from
 *   a `ColumnPool` and given back when the query has answered: making typed
 *   arrays for every query took a third of a common word's time at ten times
 *   the content (each is zeroed memory outside the heap).
 * - `RankedOrder` orders the candidates only as far as they are read: the
 *   first few (what the results show) at once, the rest when a caller reads
 *   past them. The order is total, so reading it in parts gives the order a
 *   whole sort gives.
 */

/** Lists of term numbers, one per document: each item's term, and the index of the next item or -1. */
export interface TermPairs {
  readonly term: Int32Array;
  readonly next: Int32Array;
}

/** The numbers of the terms of the list that starts at `head`. */
export function termsOf({term, next}: TermPairs, head: number): number[] {
  const terms: number[] = [];
  for (let pair = head; pair >= 0; pair = next[pair]) terms.push(term[pair]);
  return terms;
}

/** Sums postings by document id, for one entry at a time (`begin`), reusing its arrays. */
export class Tally {
  private sums = new Float64Array(1024);
  private wordBits = new Int32Array(1024);
  private strongestBoosts = new Float64Array(1024);
  /** The round a document was last reached in: a document not reached this round is zero. */
  private rounds = new Int32Array(1024);
  /** Each document's last term, as an index into `pairs` (a list per document). */
  private heads = new Int32Array(1024);
  private pairs: TermPairs = {term: new Int32Array(0), next: new Int32Array(0)};
  /** The next free place of `pairs`. */
  private paired = 0;
  private round = 0;
  /** The documents reached this round, in the order they were first reached. */
  readonly ids: number[] = [];

  /**
   * Starts a round: nothing is reached. Its lists of terms go into `pairs` from place `from` on
   * (`paired` says where they end), so that the rounds of a query share one `TermPairs` and a
   * round's lists stay as they were after the next round begins.
   */
  begin(pairs: TermPairs, from = 0): void {
    this.round += 1;
    if (this.round === 0x7fffffff) {
      this.rounds.fill(0);
      this.round = 1;
    }
    this.ids.length = 0;
    this.pairs = pairs;
    this.paired = from;
  }

  /** The place after the last list item this round wrote. */
  get next(): number {
    return this.paired;
  }

  /** Adds term number `term`, with its boost and query words, to document `id`'s sums. */
  add(id: number, term: number, boost: number, value: number, words: number): void {
    if (id >= this.rounds.length) this.grow(id + 1);
    const pair = this.paired;
    this.paired += 1;
    this.pairs.term[pair] = term;
    if (this.rounds[id] === this.round) {
      this.sums[id] += boost * value;
      this.wordBits[id] |= words;
      if (boost > this.strongestBoosts[id]) this.strongestBoosts[id] = boost;
      this.pairs.next[pair] = this.heads[id];
    } else {
      this.rounds[id] = this.round;
      this.sums[id] = boost * value;
      this.wordBits[id] = words;
      this.strongestBoosts[id] = boost;
      this.pairs.next[pair] = -1;
      this.ids.push(id);
    }
    this.heads[id] = pair;
  }

  // What this round summed for `id`, a document it reached, a number at a time (a caller reads
  // thousands of documents a query).
  /** The sum of boost times score over the terms that reach the document. */
  sum(id: number): number {
    return this.sums[id];
  }

  /** The query's words the terms stand for, as bits of their positions. */
  words(id: number): number {
    return this.wordBits[id];
  }

  /** The largest boost among those terms. */
  strongest(id: number): number {
    return this.strongestBoosts[id];
  }

  /** Where its list of terms starts in the round's `TermPairs`. */
  terms(id: number): number {
    return this.heads[id];
  }

  private grow(size: number): void {
    const length = Math.max(size, this.rounds.length * 2);
    const grown = <T extends Float64Array | Int32Array>(old: T, make: new (n: number) => T): T => {
      const array = new make(length);
      array.set(old);
      return array;
    };
    this.sums = grown(this.sums, Float64Array);
    this.wordBits = grown(this.wordBits, Int32Array);
    this.strongestBoosts = grown(this.strongestBoosts, Float64Array);
    this.rounds = grown(this.rounds, Int32Array);
    this.heads = grown(this.heads, Int32Array);
  }
}

/**
 * A query's candidates, one place per candidate in each column, and their lists of terms (which
 * `Tally` writes: one item per posting, so `reserve` takes the query's number of postings, which
 * bounds the candidates too).
 */
export class Columns {
  entries = new Uint8Array(0);
  ids = new Int32Array(0);
  pages = new Int32Array(0);
  words = new Int32Array(0);
  covered = new Uint8Array(0);
  values = new Float64Array(0);
  scores = new Float64Array(0);
  termLists = new Int32Array(0);
  pairs: TermPairs = {term: new Int32Array(0), next: new Int32Array(0)};

  /** Makes room for `size` places (what the columns held before is not kept). */
  reserve(size: number): void {
    if (size <= this.ids.length) return;
    const length = Math.max(size, this.ids.length * 2, 1024);
    this.entries = new Uint8Array(length);
    this.ids = new Int32Array(length);
    this.pages = new Int32Array(length);
    this.words = new Int32Array(length);
    this.covered = new Uint8Array(length);
    this.values = new Float64Array(length);
    this.scores = new Float64Array(length);
    this.termLists = new Int32Array(length);
    this.pairs = {term: new Int32Array(length), next: new Int32Array(length)};
  }
}

/**
 * Columns lent to the queries being answered: a query keeps its columns until it has chosen its
 * results (it reads them between awaits, while other queries may run), then gives them back.
 */
export class ColumnPool {
  private free: Columns[] = [];

  take(size: number): Columns {
    const columns = this.free.pop() ?? new Columns();
    columns.reserve(size);
    return columns;
  }

  give(columns: Columns): void {
    this.free.push(columns);
  }
}

/** How many of the best a `RankedOrder` orders before it is read: more than a page of results. */
const FIRST_ORDERED = 64;

/**
 * The numbers 0 to `count - 1` ordered by `before` (negative when a comes before b; it must be a
 * total order), ordered only as far as `at` reads.
 */
export class RankedOrder {
  private order: number[] = [];

  constructor(
    readonly count: number,
    private readonly before: (a: number, b: number) => number,
  ) {}

  /** The number at `rank`. */
  at(rank: number): number {
    if (rank >= this.order.length) this.orderAll(rank);
    return this.order[rank];
  }

  private orderAll(rank: number): void {
    const {before, count} = this;
    if (this.order.length === 0 && rank < FIRST_ORDERED && count > FIRST_ORDERED) {
      this.order = this.best(FIRST_ORDERED);
      return;
    }
    const ordered = new Uint8Array(count);
    for (const k of this.order) ordered[k] = 1;
    const rest: number[] = [];
    for (let k = 0; k < count; k += 1) if (!ordered[k]) rest.push(k);
    rest.sort(before);
    this.order.push(...rest);
  }

  /** The best `size`, in order: a heap whose root is the worst kept. */
  private best(size: number): number[] {
    const {before, count} = this;
    const heap: number[] = [];
    const siftDown = (from: number) => {
      let parent = from;
      for (;;) {
        const left = 2 * parent + 1;
        if (left >= heap.length) return;
        const right = left + 1;
        const worse = right < heap.length && before(heap[right], heap[left]) > 0 ? right : left;
        if (before(heap[worse], heap[parent]) <= 0) return;
        [heap[worse], heap[parent]] = [heap[parent], heap[worse]];
        parent = worse;
      }
    };
    for (let k = 0; k < count; k += 1) {
      if (heap.length < size) {
        heap.push(k);
        for (let child = heap.length - 1; child > 0;) {
          const parent = (child - 1) >> 1;
          if (before(heap[child], heap[parent]) <= 0) break;
          [heap[child], heap[parent]] = [heap[parent], heap[child]];
          child = parent;
        }
      } else if (before(k, heap[0]) < 0) {
        heap[0] = k;
        siftDown(0);
      }
    }
    return heap.sort(before);
  }
}
