/**
 * Bundler options for the request panel's code: a module replacement of postman-code-generators'
 * list of generators, and aliases for postman-collection and lodash (see below).
 *
 * Why: `themeConfig.languageTabs` only chooses the tabs shown; the OpenAPI theme still bundles
 * all 35 generators, and no option limits them or dedupes their private copies.
 * Upgrade: UPGRADING.md#srcpluginsapi-reference-bundle.
 */
import path from 'node:path';

import type {Plugin} from '@docusaurus/types';

import {replaceModule} from '../replace-module';

/** The generator list of postman-code-generators, which requires all 35 generators. */
const GENERATOR_LIST = /postman-code-generators[\\/]lib[\\/]assets[\\/]languages\.js$/;

/** The folder of a package as the OpenAPI theme resolves it. */
function packageDirSeenByTheme(name: string): string {
  const theme = require.resolve('docusaurus-theme-openapi-docs');
  return path.dirname(require.resolve(`${name}/package.json`, {paths: [theme]}));
}

/**
 * Keeps the request panel's code (src/components/ApiExplorerPanel, loaded
 * only when a reader opens it) small enough to be ready in a moment.
 *
 * - The request-sample generators are limited to the languages the request
 *   panel offers (`code-generators.cjs`), instead of all 35.
 * - Some generators carry private copies of postman-collection and lodash
 *   (and with them a fake-data library and character-set tables). Every
 *   import resolves to the one copy the theme uses, so each ships once.
 */
export default function apiReferenceBundlePlugin(): Plugin {
  return {
    name: 'api-reference-bundle',
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer) {
        return {};
      }
      const generators = path.join(__dirname, 'code-generators.cjs');
      return {
        resolve: {
          alias: {
            'postman-collection': packageDirSeenByTheme('postman-collection'),
            lodash: packageDirSeenByTheme('lodash'),
          },
        },
        plugins: [replaceModule(currentBundler, GENERATOR_LIST, generators)],
      };
    },
  };
}
