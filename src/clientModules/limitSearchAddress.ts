/**
 * Client module: cuts the query of a /search address to MAX_QUERY_LENGTH, and takes out a
 * `version` that names no release of the API reference, before the app starts (see below).
 *
 * Why: the local search's page takes a query of any length, and no option limits it; cutting it
 * after the app has started made the router reload the page.
 * Upgrade: UPGRADING.md#srcclientmoduleslimitsearchaddressts.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import siteConfig from '@generated/docusaurus.config';

import {dropUnknownVersion} from '@site/src/api-reference/client';
import {limitSearchParams} from '@site/src/theme/SearchBar/queryLength';

/**
 * A link to the search page may carry a query of any length. It is cut to
 * MAX_QUERY_LENGTH in the address before the app starts, so the router, the
 * search page and the page title only ever see the cut query. Cutting it
 * later, with a navigation during hydration, made the router reload the page.
 * A `version` of a folder of the site that is no release is taken out the same
 * way (src/api-reference/client.ts), before the page asks for its index.
 */
if (ExecutionEnvironment.canUseDOM) {
  const {pathname, search, hash} = window.location;
  const searchPage = `${siteConfig.baseUrl}search`;
  if (pathname.replace(/\/$/, '') === searchPage) {
    const limited = limitSearchParams(search) ?? search;
    const known = dropUnknownVersion(limited, window.location.origin) ?? limited;
    if (known !== search) {
      window.history.replaceState(window.history.state, '', `${pathname}${known}${hash}`);
    }
  }
}
