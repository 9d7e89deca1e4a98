/**
 * The arithmetic of ranking, kept cheap for a large site: a common word of a
 * site ten times the portal's size reaches some 14,000 documents, and the
 * worker (./worker.ts) scores every one of them on each keystroke.
 *
 * - `Tally` sums a query's postings per document of one entry in typed arrays
 *   reused from query to query, rather than an object per document.
 * - `RankedOrder` orders the candidates only as far as they are read: the
 *   first few (what the results show) at once, the rest when a caller reads
 *   past them. The order is total, so reading it in parts gives the order a
 *   whole sort gives.
 */

/** Lists of term numbers, one per document: each item's term, and the index of the next item or -1. */
export interface TermPairs {
  readonly term: number[];
  readonly next: number[];
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
  private pairs: TermPairs = {term: [], next: []};
  private round = 0;
  /** The documents reached this round, in the order they were first reached. */
  readonly ids: number[] = [];

  /**
   * Starts a round: nothing is reached. The lists of terms of the round before stay as they were
   * (see `termPairs`).
   */
  begin(): void {
    this.round += 1;
    if (this.round === 0x7fffffff) {
      this.rounds.fill(0);
      this.round = 1;
    }
    this.ids.length = 0;
    this.pairs = {term: [], next: []};
  }

  /** Adds term number `term`, with its boost and query words, to document `id`'s sums. */
  add(id: number, term: number, boost: number, value: number, words: number): void {
    if (id >= this.rounds.length) this.grow(id + 1);
    const pair = this.pairs.term.length;
    this.pairs.term.push(term);
    if (this.rounds[id] === this.round) {
      this.sums[id] += boost * value;
      this.wordBits[id] |= words;
      if (boost > this.strongestBoosts[id]) this.strongestBoosts[id] = boost;
      this.pairs.next.push(this.heads[id]);
    } else {
      this.rounds[id] = this.round;
      this.sums[id] = boost * value;
      this.wordBits[id] = words;
      this.strongestBoosts[id] = boost;
      this.pairs.next.push(-1);
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

  /** This round's lists of terms, which `termsOf` reads; kept as they are after the round. */
  termPairs(): TermPairs {
    return this.pairs;
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
