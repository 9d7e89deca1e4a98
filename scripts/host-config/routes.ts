/**
 * The canonical form of each route, as the sitemap lists it.
 *
 * Docusaurus writes every route as `<route>/index.html`, whether the route is
 * `/docs/docs/intro` or `/food/`, so the files alone do not tell a host which
 * form is canonical. The sitemap does: the host answers the other form with a
 * 301 to the listed one.
 */

/** Paths of the sitemap's `<loc>` entries. */
export function sitemapPaths(sitemapXml: string): string[] {
  return [...sitemapXml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((match) => new URL(match[1]).pathname);
}

/** Characters a route may hold to be written into the nginx map unquoted-safe. */
const SAFE_ROUTE = /^\/[A-Za-z0-9._~\-/]*$/;

/**
 * The sizes of nginx's map hash tables that hold every key of the build's maps
 * (`.nginx/routes.conf`), written into `.nginx/map-sizes.conf`, which the host
 * includes before its first map. A description's paths make routes of any
 * length, so the sizes follow the build rather than a fixed limit.
 *
 * nginx stores a key of `n` bytes in a bucket as a pointer and the key padded
 * to a pointer's size with two bytes of length (`NGX_HASH_ELT_SIZE`), and ends
 * each bucket with a pointer: `8 + align8(n + 2)` bytes a key (64-bit). It
 * looks for the smallest table of at most `map_hash_max_size` buckets in which
 * no bucket overflows. A bucket that holds eight of the longest keys, and a
 * table of up to four buckets a key, let it find one for thousands of routes;
 * a bucket of one key would need a table with no two keys in one bucket,
 * which nginx reports as "could not build optimal map_hash".
 */
export function mapHashSizes(keys: readonly string[]): {bucketSize: number; maxSize: number} {
  const longest = Math.max(0, ...keys.map((key) => Buffer.byteLength(key)));
  const align = (value: number, to: number) => Math.ceil(value / to) * to;
  const element = 8 + align(longest + 2, 8);
  return {
    // Rounded up to the CPU's cache line, as nginx does; never below 128, the size the host had.
    bucketSize: Math.max(128, align(8 + 8 * element, 64)),
    // nginx's default, or four buckets a key for a build with more routes.
    maxSize: Math.max(2048, align(keys.length * 4, 1024)),
  };
}

/** Throws when a route cannot be written into the host's maps. */
function checkRoutes(routes: readonly string[]): void {
  const unsafe = routes.filter((route) => route !== '' && !SAFE_ROUTE.test(route));
  if (unsafe.length > 0) {
    throw new Error(
      `The sitemap lists routes with characters the host map does not accept: ${unsafe.join(', ')}`,
    );
  }
}

/**
 * Routes whose canonical form ends in a slash, without that slash (`/food`),
 * as nginx compares them. The root `/` is left out: it always keeps its slash.
 */
export function trailingSlashRoutes(paths: readonly string[]): string[] {
  const routes = paths
    .filter((route) => route.length > 1 && route.endsWith('/'))
    .map((route) => route.slice(0, -1));
  checkRoutes(routes);
  return [...new Set(routes)].sort();
}

/**
 * The routes whose page has a Markdown version in the build (`hasFile` tells
 * whether the build holds a path), in the form nginx compares them: without a
 * trailing slash, the root as `""`. The host answers these pages' addresses
 * with the Markdown to a client that prefers it (deploy/nginx/snippets/maps.conf);
 * `markdownPath` of such a route is its file, as of the route the sitemap lists.
 */
export function markdownRoutes(
  paths: readonly string[],
  markdownPath: (route: string) => string,
  hasFile: (file: string) => boolean,
): string[] {
  const routes = paths
    .filter((route) => hasFile(markdownPath(route)))
    .map((route) => route.replace(/\/+$/, ''));
  checkRoutes(routes);
  return [...new Set(routes)].sort();
}
