/**
 * A bundler option: the browser's lazily loaded scripts are named by their chunk id
 * (`assets/js/70266.e2875422.js`) instead of the chunk name Docusaurus gives each route module
 * (`assets/js/0058b4c6.e2875422.js`).
 *
 * Why: the bundler's runtime (`runtime~main`, loaded by every page) turns a chunk id into its
 * file name. Named files need a table from every chunk id to its name in that runtime, beside
 * the table of content hashes; with one chunk per page, it grows with the site (8 KB gzipped at
 * ten times the pages, on every page). Docusaurus still finds a route's chunks by name, through
 * its own table (`__webpack_require__.gca`), which maps a name to its id. Docusaurus has no
 * option for the file names of chunks.
 * Upgrade: check Docusaurus's `output.chunkFilename` (`@docusaurus/core`, `lib/webpack/base.js`)
 * and that `__webpack_require__.gca` still resolves a chunk name to its id
 * (`lib/webpack/plugins/ChunkAssetPlugin.js`): tests/e2e/interface.spec.ts ("sidebar links"),
 * tests/e2e/error-states.spec.ts.
 */
import type {Plugin} from '@docusaurus/types';

export default function chunkFileNamesPlugin(): Plugin {
  return {
    name: 'chunk-file-names',
    configureWebpack(config, isServer) {
      // Production only: the development server keeps Docusaurus's names, which it shows in errors.
      if (isServer || config.mode !== 'production') {
        return {};
      }
      return {output: {chunkFilename: 'assets/js/[id].[contenthash:8].js'}};
    },
  };
}
