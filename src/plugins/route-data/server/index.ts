/**
 * The server half of route data: module replacements in the production server bundle, which
 * renders every page. The docs plugin's lookups of the doc at an address (`getActiveDocContext`,
 * which the navbar's doc sidebar items read) and of the doc route to render (`useDocRootMetadata`),
 * and Docusaurus's `matchRoutes` (its `preload` and `normalizeLocation` match each page's address
 * against the whole route tree), use a table of paths (./find-by-path.ts) instead of trying every
 * doc's path with `matchPath`.
 *
 * Why: each page tried every doc's path six to eight times, so rendering the pages took a time
 * that grew with the square of the docs (SSG's seconds per thousand pages in
 * `npm run bench:scale`), and past 10,000 paths react-router stops caching the expressions it makes,
 * so each try compiles one. No option or theme component changes how Docusaurus or the docs plugin
 * find a route or a doc. The browser keeps their own code: it learns a page's few routes and docs
 * (../client/), and the pages hydrate as before, since the replacements give the same results.
 * Upgrade: UPGRADING.md#srcpluginsroute-dataserver.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';

import type {CurrentBundler, Plugin} from '@docusaurus/types';

import {replaceModule} from '../../replace-module';

type ConfigureWebpackResult = ReturnType<NonNullable<Plugin['configureWebpack']>>;

const NAME = 'route-data';

/** The docs plugin's client folder, whose modules import two of the replaced. */
const DOCS_CLIENT = /[\\/]@docusaurus[\\/]plugin-content-docs[\\/]lib[\\/]client$/;

/** Docusaurus's client folder (`preload`, `normalizeLocation`, `docusaurus`), not its `exports/`. */
const CORE_CLIENT = /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client$/;

/** The docs plugin's modules replaced: their import, the alias of the original, the replacement. */
const DOCS_REPLACED = [
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
  for (const {imported} of DOCS_REPLACED) {
    if (!existsSync(path.join(folder, `${imported}.js`))) {
      throw new Error(
        `${NAME}: the docs plugin has no lib/client/${imported}.js any more; see UPGRADING.md#srcpluginsroute-dataserver`,
      );
    }
  }
  return folder;
}

/** The server bundle's part of the route data plugin's `configureWebpack`. */
export function serverLookups(currentBundler: CurrentBundler): ConfigureWebpackResult {
  const folder = docsClientFolder();
  const replaced = [
    ...DOCS_REPLACED.map(({imported, replacement}) => ({
      imported: `./${imported}`,
      pattern: new RegExp(`^\\./${imported}$`),
      importedFrom: DOCS_CLIENT,
      file: path.join(__dirname, replacement),
    })),
    {
      imported: 'react-router-config',
      pattern: /^react-router-config$/,
      importedFrom: CORE_CLIENT,
      file: path.join(__dirname, 'match-routes.ts'),
    },
  ];
  return {
    resolve: {
      alias: Object.fromEntries(
        DOCS_REPLACED.map(({imported, alias}) => [`${alias}$`, path.join(folder, `${imported}.js`)]),
      ),
    },
    plugins: [
      ...replaced.map(({pattern, file, importedFrom}) =>
        replaceModule(currentBundler, pattern, file, importedFrom),
      ),
      {
        // A replacement that matched nothing (a module imported another way) stops the build
        // instead of leaving the slow lookups in place unnoticed.
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
                    `${NAME}: nothing in the server bundle imports ${imported} as replaced; ` +
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
