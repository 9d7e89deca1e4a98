/**
 * Tells who asks (src/clientModules/routeLoadFailure.ts) of each route the browser learns after
 * the app has started (./store.ts). Outside a production build no route is learnt this way: the
 * generated route table holds them all from the start.
 */
import type {RouteConfig} from 'react-router-config';

const listeners = new Set<(route: RouteConfig) => void>();

export function onRouteAdded(listener: (route: RouteConfig) => void): void {
  listeners.add(listener);
}

export function routeAdded(route: RouteConfig): void {
  for (const listener of listeners) listener(route);
}
