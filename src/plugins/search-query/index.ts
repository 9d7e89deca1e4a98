/**
 * Bundler options for the local search (@easyops-cn/docusaurus-search-local): a module
 * replacement of its `searchByWorker`, and a vendor group that keeps the worker in one script
 * (see searchQueryPlugin below).
 *
 * Why: the plugin has no option for another query engine or index format, and Docusaurus has
 * none for how chunks are split.
 * Upgrade: check that the plugin still has dist/client/client/theme/searchByWorker.js with the
 * same two functions and arguments (./searchByWorker.ts), and that `defaultVendors` below still
 * repeats the bundler's own group but for the worker (tests/build/search-relevance.test.mjs,
 * tests/e2e/search.spec.ts).
 */
import path from 'node:path';

import type {Plugin} from '@docusaurus/types';

import {replaceModule} from '../replace-module';

/** The name of the search worker's script (searchByWorker.ts names it when it starts the worker). */
const SEARCH_WORKER_CHUNK = 'search-worker';

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
    configureWebpack(_config, isServer, {currentBundler}) {
      const replacement = path.join(__dirname, 'searchByWorker.ts');
      return {
        plugins: [replaceModule(currentBundler, WORKER_CLIENT, replacement, SEARCH_THEME)],
        ...(isServer
          ? {}
          : {
              optimization: {
                splitChunks: {
                  cacheGroups: {
                    // The bundler's own vendor group, except that the worker keeps its libraries
                    // (lunr, Comlink) in its one script: split out, they were a second request the
                    // worker made, and waited for, before it could ask for the index.
                    defaultVendors: {
                      idHint: 'vendors',
                      test: /[\\/]node_modules[\\/]/i,
                      priority: -10,
                      reuseExistingChunk: true,
                      chunks: (chunk: {name?: string | null; canBeInitial(): boolean}) =>
                        !chunk.canBeInitial() && chunk.name !== SEARCH_WORKER_CHUNK,
                    },
                  },
                },
              },
            }),
      };
    },
  };
}
