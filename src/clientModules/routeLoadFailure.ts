import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {matchPath} from '@docusaurus/router';
import routes from '@generated/routes';
import type {ClientModule} from '@docusaurus/types';
import type {RouteConfig} from 'react-router-config';

import {onRouteAdded} from '../plugins/route-data/client/route-events';

/**
 * What happens when the code of a page (its route chunks) cannot be loaded.
 *
 * Docusaurus loads a page's chunks before it shows the page. When that fails
 * while the reader follows a link, it reloads the page, since the chunks of
 * an older deployment may be gone; when it fails on the first page of a
 * visit, the page is never started. Alone, that reloads into the browser's
 * own error page when the reader is offline, and leaves a page that is not
 * started when the chunks keep failing.
 *
 * This module decides instead, for each failed load of the page being
 * opened:
 * - reload once, when the browser is online and the site answers, and no
 *   page has loaded since the last such reload;
 * - otherwise show the page with its red "Page Error" box and Retry button
 *   (src/theme/Loading), which loads the chunks again when pressed.
 * The first page of a visit never reloads: it shows the box. A failed load
 * ahead of time (when the pointer rests on a link) is left for the
 * navigation itself to handle.
 *
 * Why: Docusaurus has no option for what a failed load does; this wraps the
 * `preload` of every route of @generated/routes, and of each route the browser
 * learns later (src/plugins/route-data: a production build knows a page's
 * routes once it is asked for).
 * Upgrade: UPGRADING.md#srcclientmodulesrouteloadfailurets.
 */

/** Set, for this tab, when the page was reloaded because a page's code failed to load. */
const RELOADED_KEY = 'gerai-portal:reloaded-after-failed-load';

type LoadableRoute = RouteConfig & {
  readonly path?: string;
  readonly component?: {preload?: () => Promise<unknown>};
  readonly routes?: LoadableRoute[];
};

/** Whether the app has shown its first page; until then a failure has no page to reload from. */
let started = false;

function reloadedAlready(): boolean {
  try {
    return sessionStorage.getItem(RELOADED_KEY) !== null;
  } catch {
    return false;
  }
}

function markReloaded(reloaded: boolean): void {
  try {
    if (reloaded) sessionStorage.setItem(RELOADED_KEY, window.location.pathname);
    else sessionStorage.removeItem(RELOADED_KEY);
  } catch {
    // Storage refused (private mode, quota): each failed navigation may then reload once.
  }
}

/** Whether the site answers at all: a reload is worth it only then. */
async function siteAnswers(): Promise<boolean> {
  try {
    await fetch(window.location.href, {method: 'HEAD', cache: 'no-store'});
    return true;
  } catch {
    return false;
  }
}

/** Whether the route is part of the page now in the address bar (not a link looked at ahead). */
function isOpening(route: LoadableRoute): boolean {
  const {pathname} = window.location;
  let decoded = pathname;
  try {
    decoded = decodeURI(pathname);
  } catch {
    // A malformed escape: match the address as it is.
  }
  return [pathname, decoded].some(
    (candidate) =>
      matchPath(candidate, {path: route.path, exact: route.exact, strict: route.strict}) !== null,
  );
}

/**
 * After a failed load: resolves to show the page with its error box, or
 * rejects (with the load's error) to have Docusaurus reload the page.
 */
async function afterFailure(route: LoadableRoute, error: unknown): Promise<void> {
  if (!started || !isOpening(route) || !navigator.onLine || reloadedAlready()) return;
  if (!(await siteAnswers())) return;
  markReloaded(true);
  throw error;
}

function handleFailures(list: readonly LoadableRoute[]): void {
  for (const route of list) {
    const component = route.component;
    const preload = component?.preload;
    if (component && preload) {
      component.preload = () =>
        preload().then(
          (loaded) => {
            // A page (the innermost route) loaded: a later failure may reload again.
            if (!route.routes && isOpening(route)) markReloaded(false);
            return loaded;
          },
          (error: unknown) => afterFailure(route, error),
        );
    }
    if (route.routes) handleFailures(route.routes);
  }
}

if (ExecutionEnvironment.canUseDOM) {
  handleFailures(routes as LoadableRoute[]);
  onRouteAdded((route) => handleFailures([route as LoadableRoute]));
}

const clientModule: ClientModule = {
  onRouteDidUpdate() {
    started = true;
  },
};

export default clientModule;
