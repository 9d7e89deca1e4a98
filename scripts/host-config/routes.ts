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
 * The longest route the host's maps take: deploy/nginx/snippets/maps.conf sets
 * map_hash_bucket_size 128, which holds keys of up to 110 bytes.
 */
export const LONGEST_ROUTE = 100;

/** Throws when a route cannot be written into the host's maps. */
function checkRoutes(routes: readonly string[]): void {
  const unsafe = routes.filter((route) => route !== '' && !SAFE_ROUTE.test(route));
  if (unsafe.length > 0) {
    throw new Error(
      `The sitemap lists routes with characters the host map does not accept: ${unsafe.join(', ')}`,
    );
  }
  const long = routes.filter((route) => route.length > LONGEST_ROUTE);
  if (long.length > 0) {
    throw new Error(
      `The sitemap lists routes longer than the ${LONGEST_ROUTE} characters the host maps take ` +
        `(raise map_hash_bucket_size in deploy/nginx/snippets/maps.conf and LONGEST_ROUTE): ${long.join(', ')}`,
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
