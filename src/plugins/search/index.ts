/**
 * Bundler options for the local search (@easyops-cn/docusaurus-search-local): a module
 * replacement of its `searchByWorker`, and a vendor group that keeps the worker in one script
 * (see searchPlugin below).
 *
 * Why: the plugin has no option for another query engine or index format, and Docusaurus has
 * none for how chunks are split.
 * Upgrade: UPGRADING.md#srcpluginssearch.
 */
import path from 'node:path';

import type {LoadContext, Plugin} from '@docusaurus/types';

import {releaseRoutes, RELEASES_ROUTE} from '../../api-reference/releases';
import {replaceModule} from '../replace-module';
import {buildSearchIndexes, type IndexedRoutes} from './build';

/** The name of the search worker's script (searchByWorker.ts names it when it starts the worker). */
const SEARCH_WORKER_CHUNK = 'search-worker';

/** The module through which the local search's box and page reach its worker. */
const WORKER_CLIENT = /[\\/]searchByWorker(?:\.js)?$/;
const SEARCH_THEME =
  /[\\/]@easyops-cn[\\/]docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme(?:[\\/]|$)/;

/** The plugin's index address, `search-index{dir}.json` (its `searchIndexFilename`). */
const INDEX_FILE_NAME = 'search-index{dir}.json';

/** The earlier releases of the API reference among the built routes: `/docs/api/releases/<release>`. */
function releasesOf(routesPaths: readonly string[], baseUrl: string): string[] {
  const release = new RegExp(`^${baseUrl}${RELEASES_ROUTE.slice(1)}/(\\d{4}-\\d{2}-\\d{2})$`);
  return routesPaths.flatMap((route) => release.exec(route)?.[1] ?? []);
}

interface LoadedDocs {
  loadedVersions: {docs: {permalink: string}[]}[];
}

/**
 * Builds the search index once the site is built (./build/index.ts: the
 * pages the options name, read in worker threads, shaped, written as the
 * lead, shards and chunks of ./format.ts), in place of the local search
 * plugin's own, which its options keep from indexing anything (see
 * docusaurus.config.ts): it builds a full index of every word, in one
 * thread, that the portal would only throw away.
 *
 * Runs the local search's queries in the portal's own worker (./query/worker.ts),
 * on that index. The search box and the search
 * page of @easyops-cn/docusaurus-search-local both reach their worker through
 * one module, `searchByWorker`; imports of it from the plugin's own
 * components resolve to ./query/searchByWorker.ts, which has the same two
 * functions. Nothing else of the plugin's components changes, so no swizzle
 * is needed.
 */
export default function searchPlugin(_context: LoadContext, options: IndexedRoutes): Plugin {
  return {
    name: 'search',
    async postBuild({outDir, baseUrl, routesPaths, plugins}) {
      const started = performance.now();
      const docPermalinks = new Set(
        plugins
          .filter((plugin) => plugin.name === 'docusaurus-plugin-content-docs')
          .flatMap((plugin) => (plugin.content as LoadedDocs).loadedVersions)
          .flatMap((version) => version.docs.map((doc) => doc.permalink)),
      );
      // Each earlier release of the API reference gets an index of its own pages, in its folder:
      // the local search's `version` (the search page's `?version=docs/api/releases/<release>/`)
      // makes the worker read `<baseUrl><version>search-index.json`.
      const built = new Set(routesPaths);
      const releases = releasesOf(routesPaths, baseUrl).map((release) => ({
        routes: {...options, ignoreFiles: []},
        // Its own pages, and those of earlier releases that show what it did not change.
        routesPaths: releaseRoutes(release)
          .map((route) => `${baseUrl}${route.slice(1)}`)
          .filter((route) => built.has(route)),
        indexDir: path.join(outDir, RELEASES_ROUTE.slice(1), release),
      }));
      const [site, ...earlier] = await buildSearchIndexes(
        {outDir, baseUrl, routesPaths, docPermalinks, fileName: INDEX_FILE_NAME},
        [{routes: options}, ...releases],
      );
      console.log(
        `[search-index] ${site?.pages} pages indexed in ${site?.files} files, and ${earlier.reduce((sum, built) => sum + built.pages, 0)} pages of ${earlier.length} earlier releases; written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    },
    configureWebpack(_config, isServer, {currentBundler}) {
      const replacement = path.join(__dirname, 'query', 'searchByWorker.ts');
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
