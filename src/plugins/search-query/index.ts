import path from 'node:path';

import type {Plugin} from '@docusaurus/types';

import {replaceModule} from '../replace-module';

/** The module through which the local search's box and page reach its worker. */
const WORKER_CLIENT = /[\\/]searchByWorker(?:\.js)?$/;
const SEARCH_THEME =
  /[\\/]@easyops-cn[\\/]docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme(?:[\\/]|$)/;

/**
 * Runs the local search's queries in the portal's own worker (./worker.ts),
 * on the index scripts/search-index.ts shapes. The search box and the search
 * page of @easyops-cn/docusaurus-search-local both reach their worker through
 * one module, `searchByWorker`; imports of it from the plugin's own
 * components resolve to ./searchByWorker.ts, which has the same two
 * functions. Nothing else of the plugin's components changes, so no swizzle
 * is needed.
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
