/**
 * Replaces `@generated/routes` in a production build: the route tree the browser knows, which
 * ./store.ts fills a page at a time.
 */
import {routes} from './store';

export default routes;

/**
 * The generated registry, whose `import()` of every route module makes the bundler build each
 * page's chunks. No browser loads it: a page's data says which chunks and module each chunk name
 * loads (../compile.ts reads them from this chunk, compiled). Exported so that it is kept.
 */
export const allRouteModules = () => import(/* webpackChunkName: "route-registry" */ '@generated/registry');
