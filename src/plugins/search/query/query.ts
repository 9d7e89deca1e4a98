/**
 * The query the search index is asked, from what the reader typed.
 *
 * The index library reads `*` inside a word as "any characters": a query with
 * a `*` is matched against every word of the index, once for each variant the
 * search tries (with and without each word, with typos allowed). When nothing
 * matches, the search tries every variant: `+order -state title:webhook
 * order~2 order^10 *` took seconds against the portal's index, and next to
 * nothing without the `*`. The search already completes the last word typed, so the asterisks
 * are left out: `webhook*` asks for `webhook`, a lone `*` for nothing.
 */
export function indexQuery(typed: string): string {
  return typed.replaceAll('*', '');
}
