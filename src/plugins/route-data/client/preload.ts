/**
 * Replaces Docusaurus's `preload` (@docusaurus/core, lib/client/preload.js) in a production build,
 * for its app, its navigation and `window.docusaurus`: learns the routes of the address first
 * (./store.ts), then loads the code of every route that shows it, as Docusaurus's does.
 */
import {matchRoutes} from 'react-router-config';

import {learnPageOrStandIn, routes, type KnownRoute} from './store';

function decoded(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

export default async function preload(pathname: string): Promise<unknown[]> {
  const paths = [...new Set([pathname, decoded(pathname)])];
  await Promise.all(paths.map((path) => learnPageOrStandIn(path)));
  const matches = paths.flatMap((path) => matchRoutes(routes, path) as {route: KnownRoute}[]);
  return Promise.all(matches.map(({route}) => route.component.preload?.()));
}
