/**
 * Finds the first of a list of docs or doc routes whose path matches an address, as a scan with
 * react-router's `matchPath` would, without trying each path in turn.
 *
 * `matchPath(pathname, {path, exact: true, strict: false, sensitive: false})` on a path with no
 * parameter, group, wildcard or escape compares the address with the path as text, ignoring ASCII
 * case and one trailing slash. Such paths go in a table built once per list (lists are the site's
 * global data and routes, made once per process); the others are still tried in turn, in order, so
 * the first match in the list wins as in a scan.
 */

/** What makes a path more than text to path-to-regexp: parameters, groups, wildcards, escapes, modifiers. */
const PATTERN_SYNTAX = /[\\:()*?+]/;
/** Printable ASCII: case folding in a regular expression without the `u` flag is plain lowercase there. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** The routes of react-router's `Switch` and react-router-config, as far as matching goes. */
interface Route {
  readonly path?: string | readonly string[];
  readonly exact?: boolean;
  readonly strict?: boolean;
  readonly sensitive?: boolean;
}

/** Whether a path is matched as plain text. */
export function isPlainPath(path: unknown): path is string {
  return typeof path === 'string' && PRINTABLE_ASCII.test(path) && !PATTERN_SYNTAX.test(path);
}

/** The path of a route matched as text: exact, not strict, not case sensitive, a plain path. */
export function plainRoutePath(route: Route): string | undefined {
  const path = route.path;
  // An empty path is no path to a Switch or react-router-config: the route matches anything.
  return route.exact && !route.strict && !route.sensitive && path !== '' && isPlainPath(path)
    ? path
    : undefined;
}

function textKey(path: string): string {
  return (path.endsWith('/') ? path.slice(0, -1) : path).toLowerCase();
}

interface PathTable {
  /** The first item of each plain path, by the path's key. */
  readonly first: ReadonlyMap<string, number>;
  /** The items whose path is not plain, in list order. */
  readonly others: readonly number[];
}

/** The table of each list; a list is always read with the same `plainPath`. */
const tables = new WeakMap<readonly object[], PathTable>();

function tableOf<T extends object>(
  items: readonly T[],
  plainPath: (item: T) => string | undefined,
): PathTable {
  let table = tables.get(items);
  if (!table) {
    const first = new Map<string, number>();
    const others: number[] = [];
    items.forEach((item, index) => {
      const path = plainPath(item);
      if (path === undefined) {
        others.push(index);
        return;
      }
      const key = textKey(path);
      if (!first.has(key)) first.set(key, index);
    });
    table = {first, others};
    tables.set(items, table);
  }
  return table;
}

/**
 * The index of the first item that matches `pathname`, or -1.
 *
 * @param plainPath the item's path when the item is matched exactly, not strictly, not case
 *   sensitively and its path is plain text (`isPlainPath`); otherwise undefined
 * @param matches whether an item whose path is not plain matches (its `matchPath`)
 */
export function findIndexByPath<T extends object>(
  items: readonly T[],
  pathname: string,
  plainPath: (item: T) => string | undefined,
  matches: (item: T) => boolean,
): number {
  const {first, others} = tableOf(items, plainPath);
  // An address with other characters cannot equal a plain path, whatever the case.
  const found = PRINTABLE_ASCII.test(pathname) ? (first.get(textKey(pathname)) ?? -1) : -1;
  for (const index of others) {
    if (found !== -1 && index > found) break;
    const item = items[index];
    if (item !== undefined && matches(item)) return index;
  }
  return found;
}

/** Whether every item of a list is matched as plain text (see `findIndexByPath`). */
export function everyPathPlain<T extends object>(
  items: readonly T[],
  plainPath: (item: T) => string | undefined,
): boolean {
  return tableOf(items, plainPath).others.length === 0;
}
