/**
 * A bundler option: the browser's lazily loaded scripts are named by their chunk id
 * (`assets/js/70266.e2875422.js`) instead of the chunk name Docusaurus gives each route module
 * (`assets/js/0058b4c6.e2875422.js`).
 *
 * Why: the bundler's runtime (`runtime~main`, loaded by every page) turns a chunk id into its
 * file name. Named files need a table from every chunk id to its name in that runtime, beside
 * the table of content hashes, and with about one chunk per page that table grows with the site,
 * on every page (`npm run bench:scale` records the runtime's size). Nothing needs the names: a
 * page's chunk files come with its route data (../route-data), which also removes Docusaurus's
 * table of chunk names (`__webpack_require__.gca`) and its only reader. Docusaurus has no option
 * for the file names of chunks.
 * Upgrade: UPGRADING.md#srcpluginschunk-file-names.
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
