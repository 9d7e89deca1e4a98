/**
 * Replaces react-router-config for Docusaurus's client modules in the server bundle (./index.ts):
 * `matchRoutes` finds the route of an address in each list of routes through a table of paths
 * (./find-by-path.ts) instead of trying each route's path, with the same result; `renderRoutes`
 * is the package's own. Docusaurus's `preload` and `normalizeLocation` match every page's address
 * against the whole route tree, whose docs list holds every doc.
 */
import {matchPath, Router} from 'react-router';
import type {match as Match} from 'react-router';
import type {MatchedRoute, RouteConfig} from 'react-router-config';

import {findIndexByPath, plainRoutePath} from './find-by-path';

export {renderRoutes} from 'react-router-config';

type Params = Record<string, string>;

/** react-router's match of the root, for a route without a path at the top (a static its types omit). */
const rootMatch = (Router as unknown as {computeRootMatch(pathname: string): Match<Params>}).computeRootMatch;

/** The match of one route, as react-router-config makes it: a route without a path takes its parent's. */
function matchOf(route: RouteConfig, pathname: string, branch: MatchedRoute<Params>[]): Match<Params> | null {
  if (route.path) return matchPath<Params>(pathname, route);
  return branch.at(-1)?.match ?? rootMatch(pathname);
}

export function matchRoutes(
  routes: RouteConfig[],
  pathname: string,
  branch: MatchedRoute<Params>[] = [],
): MatchedRoute<Params>[] {
  const index = findIndexByPath(routes, pathname, plainRoutePath, (route) =>
    Boolean(matchOf(route, pathname, branch)),
  );
  const route = routes[index];
  const match = route && matchOf(route, pathname, branch);
  if (route && match) {
    branch.push({route, match});
    if (route.routes) matchRoutes(route.routes, pathname, branch);
  }
  return branch;
}
