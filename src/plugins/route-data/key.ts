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

/**
 * The key, in the `customProps` of a placeholder, of where the items of a block of a long list are:
 * the items a page leaves out of its window (./sidebar-window.ts), loaded when the reader asks.
 */
export const LAZY_BLOCK = 'lazyBlock';

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
 * How many bits of a key's hash name its file, for a site of `pages` pages: enough for a file
 * per page on average, between 2^8 and 2^20 files. The build writes every file, an empty one
 * where no page falls, so that the browser's one request about any address is answered.
 */
export function bucketBits(pages: number): number {
  return Math.min(20, Math.max(8, Math.ceil(Math.log2(Math.max(pages, 1)))));
}

/**
 * The name of the file (without its folder) that holds the route data of the key: the low `bits`
 * bits of FNV-1a (32 bits) over the key's UTF-16 code units, in hexadecimal. Keys that share a
 * name share the file, which holds each under its key; a key it does not hold has no page.
 */
export function routeFileName(key: string, bits: number): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return bucketName((hash >>> 0) % 2 ** bits, bits);
}

/** The name of the `bucket`th of the 2^bits files. */
export function bucketName(bucket: number, bits: number): string {
  return `${bucket.toString(16).padStart(Math.ceil(bits / 4), '0')}.json`;
}
