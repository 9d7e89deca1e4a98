/**
 * The server half of route data: module replacements in the production server bundle, which
 * renders every page. The docs plugin's lookups of the doc at an address (`getActiveDocContext`,
 * which the navbar's doc sidebar items read) and of the doc route to render (`useDocRootMetadata`)
 * use a table of paths (./find-by-path.ts) instead of trying every doc's path with `matchPath`.
 *
 * Why: each page tried every doc's path four to six times, so rendering the pages took a time that
 * grew with the square of the docs (SSG's seconds per thousand pages in `npm run bench:scale`), and
 * past 10,000 paths react-router stops caching the expressions it makes, so each try compiles one.
 * No option or theme component changes how the plugin finds a doc. The browser keeps the plugin's
 * own code: its docs data holds a page's few docs (../json-loader.cjs), and the pages hydrate as
 * before, since the replacements give the same results.
 * Upgrade: UPGRADING.md#srcpluginsroute-dataserver.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';

import type {CurrentBundler, Plugin} from '@docusaurus/types';

type ConfigureWebpackResult = ReturnType<NonNullable<Plugin['configureWebpack']>>;

import {replaceModule} from '../../replace-module';

const NAME = 'route-data';

/** The docs plugin's client folder, whose modules import the two replaced. */
const DOCS_CLIENT = /[\\/]@docusaurus[\\/]plugin-content-docs[\\/]lib[\\/]client$/;

/** Each replaced module: its import in the docs plugin, the alias of the original, the replacement. */
const REPLACED = [
  {imported: 'docsClientUtils', alias: '@gerai/docs-client-utils', replacement: 'docs-client-utils.ts'},
  {imported: 'docsUtils', alias: '@gerai/docs-utils', replacement: 'docs-utils.tsx'},
] as const;

interface Compilation {
  modules: Iterable<object>;
  errors: Error[];
  hooks: {finishModules: {tap(name: string, callback: () => void): void}};
}

interface Compiler {
  hooks: {thisCompilation: {tap(name: string, callback: (compilation: Compilation) => void): void}};
}

function docsClientFolder(): string {
  const folder = path.join(path.dirname(require.resolve('@docusaurus/plugin-content-docs')), 'client');
  for (const {imported} of REPLACED) {
    if (!existsSync(path.join(folder, `${imported}.js`))) {
      throw new Error(
        `${NAME}: the docs plugin has no lib/client/${imported}.js any more; see UPGRADING.md#srcpluginsroute-dataserver`,
      );
    }
  }
  return folder;
}

/** The server bundle's part of the route data plugin's `configureWebpack`. */
export function serverDocLookup(currentBundler: CurrentBundler): ConfigureWebpackResult {
  const folder = docsClientFolder();
  const replaced = REPLACED.map((entry) => ({...entry, file: path.join(__dirname, entry.replacement)}));
  return {
    resolve: {
      alias: Object.fromEntries(
        REPLACED.map(({imported, alias}) => [`${alias}$`, path.join(folder, `${imported}.js`)]),
      ),
    },
    plugins: [
      ...replaced.map(({imported, file}) =>
        replaceModule(currentBundler, new RegExp(`^\\./${imported}$`), file, DOCS_CLIENT),
      ),
      {
        // A replacement that matched nothing (the docs plugin imports the module another way) stops
        // the build instead of leaving the slow lookups in place unnoticed.
        apply(compiler: Compiler) {
          compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
            compilation.hooks.finishModules.tap(NAME, () => {
              const built = new Set(
                [...compilation.modules].map((module) => (module as {resource?: string}).resource),
              );
              for (const {imported, file} of replaced) {
                if (built.has(file)) continue;
                compilation.errors.push(
                  new Error(
                    `${NAME}: the docs plugin no longer imports ./${imported}; ` +
                      'see UPGRADING.md#srcpluginsroute-dataserver',
                  ),
                );
              }
            });
          });
        },
      },
    ],
  };
}
