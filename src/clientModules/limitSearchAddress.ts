/**
 * Client module: cuts the query of a /search address to MAX_QUERY_LENGTH before the app starts
 * (see below).
 *
 * Why: the local search's page takes a query of any length, and no option limits it; cutting it
 * after the app has started made the router reload the page.
 * Upgrade: check that client modules still run before hydration (tests/e2e/hostile-input.spec.ts).
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import siteConfig from '@generated/docusaurus.config';

import {limitSearchParams} from '@site/src/theme/SearchBar/queryLength';

/**
 * A link to the search page may carry a query of any length. It is cut to
 * MAX_QUERY_LENGTH in the address before the app starts, so the router, the
 * search page and the page title only ever see the cut query. Cutting it
 * later, with a navigation during hydration, made the router reload the page.
 */
if (ExecutionEnvironment.canUseDOM) {
  const {pathname, search, hash} = window.location;
  const searchPage = `${siteConfig.baseUrl}search`;
  const limited = pathname.replace(/\/$/, '') === searchPage ? limitSearchParams(search) : null;
  if (limited !== null) {
    window.history.replaceState(window.history.state, '', `${pathname}${limited}${hash}`);
  }
}
