/**
 * Where a query's words stand in a text: whether a text holds them one after
 * the other (ranking, ./worker.ts) and the place of each word a result marks
 * (`positions`, in the shape the search plugin's templates read). A word is
 * matched by its stem (lunr's stemmer), as the index holds it.
 */
import {stem, words} from '../text';

/** Each matched term, with the places `[start, length]` of the words of a text that stem to it. */
export type Positions = Record<string, {t: {position: [number, number][]}}>;

/**
 * Stems, with what a word must begin with to have one of them. The stemmer
 * changes only a word's ending: a word stems to `value` only if it begins with
 * `head`, its first two letters. Most words of a text fail that test, and are
 * never stemmed: stemming every word of the texts ranked was most of a query's
 * time.
 */
export interface Stem {
  value: string;
  head: string;
}

export function stems(terms: Iterable<string>): Stem[] {
  return Array.from(terms, (value) => ({value, head: value.slice(0, 2)}));
}

/**
 * The stems of the words one query has read, by word: a text repeats its
 * words, and the texts ranked repeat each other's. Let go with the query.
 */
export type StemMemo = Map<string, string>;

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
export function phrase(memo: StemMemo, sequence: string[], query: Stem[]): boolean {
  for (let start = 0; start + query.length <= sequence.length; start += 1) {
    let k = 0;
    while (k < query.length && stemsTo(memo, sequence[start + k], query[k])) k += 1;
    if (k === query.length) return true;
  }
  return false;
}

/** A run of word characters, read from where `lastIndex` says, and one word character. */
const RUN = /[\p{L}\p{N}_]*/uy;
const RUN_CHARACTER = /^[\p{L}\p{N}_]$/u;

/**
 * Where the matched words stand in a text, in the shape the plugin's templates read: the words of
 * `words(text)` whose stem is matched, in their order.
 */
export function positions(memo: StemMemo, text: string, matched: Set<string>): Positions {
  // No prototype: a matched word may be `constructor` or `__proto__`.
  const metadata: Positions = Object.create(null) as Positions;
  const heads = new Set(stems(matched).map((target) => target.head));
  const mark = (value: string, start: number, length: number) => {
    if (!heads.has(value.slice(0, 2))) return;
    const term = stemOf(memo, value);
    if (matched.has(term)) (metadata[term] ??= {t: {position: []}}).t.position.push([start, length]);
  };
  if (heads.size === 0) return metadata;
  if (![...heads].every((head) => /^[a-z0-9]+$/.test(head))) {
    for (const word of words(text)) mark(word.value, word.start, word.length);
    return metadata;
  }
  // A section of a large description's page can be a hundred thousand characters, and most of its
  // words begin with no head: the text is searched for the heads alone, at the start of a word or of
  // a part of one after an underscore (case aside, they are ASCII letters and digits, which lower
  // case maps nothing else onto, so every word the plain reading marks is found).
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${[...heads].join('|')})[\\p{L}\\p{N}]*`, 'giu');
  for (const match of text.matchAll(pattern)) {
    const part = match[0];
    const start = match.index;
    // The whole word (its underscores trimmed) starts here too when only underscores come before.
    let before = start - 1;
    while (before >= 0 && text[before] === '_') before -= 1;
    const previous = /[\uDC00-\uDFFF]/.test(text[before] ?? '')
      ? text.slice(before - 1, before + 1)
      : text[before];
    const wordStart = before < 0 || !RUN_CHARACTER.test(previous);
    if (wordStart) {
      RUN.lastIndex = start;
      const whole = (RUN.exec(text)?.[0] ?? part).replace(/_+$/, '');
      if (whole.length !== part.length) mark(whole.toLowerCase(), start, whole.length);
    }
    mark(part.toLowerCase(), start, part.length);
  }
  return metadata;
}
