/**
 * How a page's address names its route data, the same in the build (which writes the files) and
 * in the browser (which asks for them): one module, imported by both.
 */

/** Where the route data of a build is published, under the site's base URL. */
export const ROUTE_DATA_FOLDER = 'assets/route-data';

/** The file that every build's route data folder holds: a folder without it belongs to no build. */
export const BUILD_FILE = 'build.json';

/** The folder, inside a build's route data, of the items of sidebar categories loaded on demand. */
export const CATEGORIES_FOLDER = 'categories';

/** The key, in the `customProps` of a closed category's placeholder, of where its items are. */
export const LAZY_CATEGORY = 'lazyCategory';

/** The id of the element of every page that holds its route data, a JSON data block. */
export const INLINE_DATA_ID = '__route-data';

/**
 * The key of a route's address: what the router treats as the same page gives the same key. The
 * router matches without regard to case or a trailing slash, and against the decoded address.
 */
export function routeKey(address: string): string {
  let path = address.replace(/[?#].*$/s, '');
  try {
    path = decodeURI(path);
  } catch {
    // A malformed escape: the address as it is, which no route has.
  }
  path = path.toLowerCase().replace(/\/+$/, '');
  return path === '' ? '/' : path;
}

/**
 * The name of the file (without its folder) that holds the route data of the key: 32 bits of
 * FNV-1a over its UTF-16 code units, in hexadecimal. Keys that share a name share the file, which
 * holds each under its key.
 */
export function routeFileName(key: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${(hash >>> 0).toString(16).padStart(8, '0')}.json`;
}
