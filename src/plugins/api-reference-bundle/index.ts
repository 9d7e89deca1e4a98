import path from 'node:path';

import type {Plugin} from '@docusaurus/types';
import type {Module} from 'webpack';

import {replaceModule} from '../replace-module';

/** The generator list of postman-code-generators, which requires all 35 generators. */
const GENERATOR_LIST = /postman-code-generators[\\/]lib[\\/]assets[\\/]languages\.js$/;

/**
 * Packages that only generated reference pages use in the browser: the
 * OpenAPI theme, its state store, and the Markdown renderer it uses for
 * descriptions. Guides never need them.
 */
const REFERENCE_PACKAGES = new RegExp(
  String.raw`[\\/]node_modules[\\/](` +
    [
      'docusaurus-(?:theme|plugin)-openapi-docs',
      '@reduxjs',
      'react-redux',
      'redux',
      'immer',
      'reselect',
      'allof-merge',
      'xml-formatter',
      'xml-parser-xo',
      'react-markdown',
      'remark-[a-z-]+',
      'rehype-[a-z-]+',
      'micromark[a-z-]*',
      'mdast-util-[a-z-]+',
      'hast-util-[a-z-]+',
      'hastscript',
      'unist-util-[a-z-]+',
      'unified',
      'vfile[a-z-]*',
      'parse5',
      'entities',
      'property-information',
      'html-url-attributes',
      'markdown-table',
      'json-pointer',
    ].join('|') +
    String.raw`)[\\/]`,
);

/** The theme's tabs replace the classic ones site-wide, so guides use them too. */
const SITE_WIDE = /docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/](Tabs|TabItem|utils)[\\/]/;

function isReferenceOnly(module: Module): boolean {
  // Rspack hands the test a module with `resource`; webpack's has nameForCondition().
  const resource = (module as {resource?: string}).resource ?? module.nameForCondition() ?? '';
  return REFERENCE_PACKAGES.test(resource) && !SITE_WIDE.test(resource);
}

/** The folder of a package as the OpenAPI theme resolves it. */
function packageDirSeenByTheme(name: string): string {
  const theme = require.resolve('docusaurus-theme-openapi-docs');
  return path.dirname(require.resolve(`${name}/package.json`, {paths: [theme]}));
}

/**
 * Keeps the API reference's JavaScript where it is needed.
 *
 * - By default the bundler puts every module that half the pages share into
 *   the `common` chunk that every page loads. Generated reference pages are
 *   more than half of the site, so the OpenAPI theme landed on every guide.
 *   A cache group of higher priority gathers those modules into a chunk of
 *   their own, which only reference pages load.
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
        optimization: {
          splitChunks: {
            cacheGroups: {
              apiReference: {
                name: 'api-reference',
                test: isReferenceOnly,
                minChunks: 2,
                priority: 45,
                reuseExistingChunk: true,
              },
            },
          },
        },
        plugins: [replaceModule(currentBundler, GENERATOR_LIST, generators)],
      };
    },
  };
}
