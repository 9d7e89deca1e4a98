/**
 * How the portal's search cuts text into words: one definition for the index
 * (./build/, at build time) and for the query (./query/worker.ts, in
 * the browser), so that both sides always meet on the same words.
 *
 * - A word is a run of letters, digits and underscores. Everything else
 *   separates words, so an endpoint path, an event name or a header is a
 *   sequence of words: `/v1/outlets/{outlet_id}/orders` is `v1 outlets
 *   outlet_id orders`, `food.order.placed` is `food order placed` and
 *   `X-Gerai-Signature` is `x gerai signature`. Any fragment of a path is
 *   then found by the same words, and `{outlet_id}` and `:outlet_id` are the
 *   same word.
 * - A word with underscores (`cancel_reason_code`, `OUTLET_NOT_LINKED`) is
 *   kept whole and also gives its parts, so it is found as typed and by its
 *   parts written apart (`cancel reason code`).
 * - Words that carry no meaning on their own (STOP_WORDS) are left out on
 *   both sides: a question finds what its meaningful words find.
 * - The index holds each word's stem (`stem`, the search library's English
 *   stemmer), and so does a query.
 */
import lunr from 'lunr';

/** A word of a text and where it stands in it. */
export interface Word {
  /** Lower case. */
  value: string;
  start: number;
  length: number;
}

/**
 * English function words. Kept short on purpose: HTTP methods (`get`, `put`,
 * `post`), `not`, `no`, `all` and the like mean something here and stay.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about also an and any are as at be been being between but by can could did do does doing ' +
    'each for from had has have ' +
    'having he her here hers him his how i if in into is it its itself me my myself of on or ' +
    'our ours she should so than that the their theirs them then there these they this those ' +
    'to too us very was we were what when where which while who whom why will with would you ' +
    'your need want ' +
    "yours i'm i've it's don't doesn't"
  ).split(' '),
);

export const WORD = /[\p{L}\p{N}_]+/gu;

/** A run of word characters without the underscores around it (`__init__` is `init`). */
function trimUnderscores(raw: string): string {
  return raw.replace(/^_+|_+$/g, '');
}

/** Every word of `text`, stop words included, with underscore words also split. */
export function words(text: string): Word[] {
  const found: Word[] = [];
  for (const match of text.matchAll(WORD)) {
    const raw = match[0];
    const start = match.index;
    const trimmed = trimUnderscores(raw);
    if (!trimmed) continue;
    const offset = start + raw.indexOf(trimmed);
    found.push({value: trimmed.toLowerCase(), start: offset, length: trimmed.length});
    if (trimmed.includes('_')) {
      for (const part of trimmed.matchAll(/[^_]+/g)) {
        found.push({value: part[0].toLowerCase(), start: offset + part.index, length: part[0].length});
      }
    }
  }
  return found;
}

/**
 * The values of `words(text)`, in the same order: what ranking reads of a
 * text. Built without a match or a word object per word, since ranking reads
 * the words of up to a hundred long texts per query.
 */
export function wordValues(text: string): string[] {
  const found: string[] = [];
  for (const raw of text.match(WORD) ?? []) {
    if (!raw.includes('_')) {
      found.push(raw.toLowerCase());
      continue;
    }
    const value = trimUnderscores(raw).toLowerCase();
    if (!value) continue;
    found.push(value);
    if (value.includes('_')) for (const part of value.split('_')) if (part) found.push(part);
  }
  return found;
}

/** The words of `text` that the index holds: stop words left out. */
export function indexWords(text: string): Word[] {
  return words(text).filter((word) => !STOP_WORDS.has(word.value));
}

/**
 * The words of a query, in order, each once: stop words left out, and the
 * parts of an underscore word left to the word itself (it is searched whole).
 */
export function queryWords(query: string): string[] {
  const result: string[] = [];
  const all = query.matchAll(WORD);
  for (const match of all) {
    const value = trimUnderscores(match[0]).toLowerCase();
    if (value && !STOP_WORDS.has(value) && !result.includes(value)) result.push(value);
  }
  return result;
}

/** The stem the index holds for a lower-case word. */
export function stem(word: string): string {
  return (lunr.stemmer as unknown as (token: lunr.Token) => lunr.Token)(new lunr.Token(word, {})).toString();
}

/** The search library's automata of words, which its type declarations leave out. */
export const TokenSets = lunr.TokenSet as unknown as {
  fromArray(sorted: string[]): lunr.TokenSet;
  fromClause(clause: lunr.Query.Clause): lunr.TokenSet;
};
