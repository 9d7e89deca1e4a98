/**
 * The longest search query the portal runs, in UTF-16 code units (what an
 * input's maxLength counts). The search library's cost grows faster than the
 * length of a word: a 5,000-character word kept the search busy for more than a
 * minute, and no real query comes near 200 characters (the longest endpoint
 * path of the reference is under 100).
 */
export const MAX_QUERY_LENGTH = 200;

/** The query cut to MAX_QUERY_LENGTH, never through the middle of a character. */
export function limitQuery(query: string): string {
  if (query.length <= MAX_QUERY_LENGTH) return query;
  const cut = query.slice(0, MAX_QUERY_LENGTH);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * The search part of an address (`?q=…&ctx=…`) with its `q` cut to
 * MAX_QUERY_LENGTH, or null when `q` is absent or short enough.
 */
export function limitSearchParams(search: string): string | null {
  const params = new URLSearchParams(search);
  const query = params.get('q');
  if (query === null) return null;
  const limited = limitQuery(query);
  if (limited === query) return null;
  params.set('q', limited);
  return `?${params.toString()}`;
}

/** Stops every text input under an element from taking more than MAX_QUERY_LENGTH. */
export function limitInputsUnder(element: HTMLElement | null): void {
  element?.querySelectorAll('input').forEach((input) => {
    input.maxLength = MAX_QUERY_LENGTH;
  });
}
