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
 * Routes whose canonical form ends in a slash, without that slash (`/food`),
 * as nginx compares them. The root `/` is left out: it always keeps its slash.
 */
export function trailingSlashRoutes(paths: readonly string[]): string[] {
  const routes = paths
    .filter((route) => route.length > 1 && route.endsWith('/'))
    .map((route) => route.slice(0, -1));
  const unsafe = routes.filter((route) => !SAFE_ROUTE.test(route));
  if (unsafe.length > 0) {
    throw new Error(
      `The sitemap lists routes with characters the host map does not accept: ${unsafe.join(', ')}`,
    );
  }
  return [...new Set(routes)].sort();
}
