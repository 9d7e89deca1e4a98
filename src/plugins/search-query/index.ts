import path from 'node:path';

import type {Plugin} from '@docusaurus/types';

import {replaceModule} from '../replace-module';

/** The module through which the local search's box and page reach its worker. */
const WORKER_CLIENT = /[\\/]searchByWorker(?:\.js)?$/;
const SEARCH_THEME =
  /[\\/]@easyops-cn[\\/]docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme(?:[\\/]|$)/;

/**
 * Cleans the search query before the local search runs it (see ./query.ts).
 * The search box and the search page of @easyops-cn/docusaurus-search-local
 * both send their query through one module, `searchByWorker`; imports of it
 * from the plugin's own components resolve to ./searchByWorker.ts, which
 * passes the cleaned query on to the original. Nothing else of the plugin's
 * components changes, so no swizzle is needed.
 */
export default function searchQueryPlugin(): Plugin {
  return {
    name: 'search-query',
    configureWebpack(_config, _isServer, {currentBundler}) {
      const replacement = path.join(__dirname, 'searchByWorker.ts');
      return {
        plugins: [replaceModule(currentBundler, WORKER_CLIENT, replacement, SEARCH_THEME)],
      };
    },
  };
}
