/**
 * Route data: the browser learns the site's routes a page at a time, instead of from a table of
 * every route in main.js (ARCHITECTURE.md, "Route data").
 *
 * What: in the production build of the browser's code only (the server renders every page from
 * the whole table, and `npm start` keeps Docusaurus's own client):
 * - module replacements: `@generated/routes`, `@generated/routesChunkNames`, `@generated/registry`
 *   (for `ComponentCreator`), Docusaurus's `preload`, `window.docusaurus` and the App's
 *   `renderRoutes` become ./client/, which fill the same structures as pages are learnt;
 * - a loader (./json-loader.cjs) that takes the docs out of the docs' global data and the
 *   sidebars and docs out of each docs version's props;
 * - in the runtime (`runtime~main`), the table of chunk files keeps only the chunks main.js loads
 *   by itself, and Docusaurus's table of chunk names (`__webpack_require__.gca`, read only by its
 *   `window.docusaurus`) goes;
 * - once the bundler has named every file, the route data of every page (./compile.ts), written
 *   under `assets/route-data/<build>/`; then, after the pages are rendered (postBuild), each page
 *   gets its own in a JSON block (./html.ts).
 * Why: Docusaurus keeps every route's path, chunk names and loader in main.js, the runtime keeps
 * a file name per chunk, and every page of a docs version loads its sidebars and the title and
 * description of each of its docs: a page's scripts grew with every page added anywhere
 * (Docusaurus issue 7256, open; no option turns any of it off).
 * Upgrade: check the generated `routes.js`, `routesChunkNames.json` and `registry.js`
 * (lib/server/codegen/codegenRoutes.js) and their readers in lib/client (App, preload,
 * PendingNavigation, docusaurus, normalizeLocation, exports/ComponentCreator); the docs plugin's
 * global data and version props; the names of Rspack's runtime modules below. Tests:
 * tests/build/route-data.test.mjs, tests/e2e/route-data.spec.ts, and `npm run bench:scale`.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';

import type {LoadContext, Plugin} from '@docusaurus/types';

import {replaceModule} from '../replace-module';
import {
  compileRouteData,
  readCompiledRegistry,
  readGeneratedRoutes,
  type GlobalData,
  type RouteData,
} from './compile';
import {inlineRouteData} from './html';
import {BUILD_FILE, CATEGORIES_FOLDER, ROUTE_DATA_FOLDER} from './key';

const NAME = 'route-data';

/** The chunk of the compiled registry, which only the build reads (./client/routes.ts). */
const REGISTRY_CHUNK = 'route-registry';

const CLIENT = path.join(__dirname, 'client');

/** Imports written in Docusaurus's client (App, clientEntry, PendingNavigation, docusaurus). */
const CORE_CLIENT = /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client$/;

/** Imports written anywhere but in ./client, which reads the originals. */
const NOT_ROUTE_DATA_CLIENT = /^(?![\s\S]*[\\/]route-data[\\/]client$)/;

interface Source {
  source(): string | Buffer;
}
interface Chunk {
  id?: string | null;
  files: ReadonlySet<string>;
  groupsIterable: ReadonlySet<ChunkGroup>;
}
interface ChunkGroup {
  name?: string | null;
  chunks: Chunk[];
  childrenIterable: Iterable<ChunkGroup>;
  getRuntimeChunk(): Chunk;
}
interface Compilation {
  hooks: {
    processAssets: {
      tapPromise(options: {name: string; stage: number}, callback: () => Promise<void>): void;
    };
  };
  entrypoints: ReadonlyMap<string, ChunkGroup>;
  namedChunkGroups: ReadonlyMap<string, ChunkGroup>;
  chunks: ReadonlySet<Chunk>;
  outputOptions: {chunkLoadingGlobal?: string | false};
  getAsset(name: string): {source: Source} | undefined;
  updateAsset(name: string, source: unknown): void;
  emitAsset(name: string, source: unknown): void;
  errors: Error[];
}
interface Bundler {
  Compilation: {PROCESS_ASSETS_STAGE_REPORT: number; PROCESS_ASSETS_STAGE_OPTIMIZE: number};
  sources: {RawSource: new (source: string) => unknown};
}
interface Compiler {
  hooks: {thisCompilation: {tap(name: string, callback: (compilation: Compilation) => void): void}};
}

/**
 * The ids of the chunks whose files the runtime keeps: every chunk but those that only the routes'
 * own `import()`s load (the chunk groups just below the registry's), whose files are in the pages'
 * data. What a page's code loads later by itself (a lazy component, a worker) stays.
 */
function chunksOfRuntime(compilation: Compilation): Set<string> {
  const registry = compilation.namedChunkGroups.get(REGISTRY_CHUNK);
  const ofRoutes = new Set(registry ? [registry, ...registry.childrenIterable] : []);
  const ids = new Set<string>();
  for (const chunk of compilation.chunks) {
    if (chunk.id != null && [...chunk.groupsIterable].some((group) => !ofRoutes.has(group)))
      ids.add(chunk.id);
  }
  return ids;
}

/**
 * The runtime's source (before minification) without what grows with the routes: in
 * `__webpack_require__.u`, the table of chunk hashes keeps only the chunks of `keep` (a page's
 * chunks have their files in its data: ./client/store.ts looks there first); Docusaurus's
 * `__webpack_require__.gca`, a table of every chunk name, goes (only its `window.docusaurus` read
 * it, which ./client/docusaurus.ts replaces).
 */
export function runtimeWithoutRoutes(source: string, keep: ReadonlySet<string>): string {
  const filename = /__webpack_require__\.u = \(chunkId\) => \{[^]*?\+ (\{[^}]*\})\[chunkId\] \+/.exec(source);
  if (!filename?.[1])
    throw new Error(`${NAME}: the runtime's __webpack_require__.u holds no table of chunk hashes to cut`);
  const entries = [...filename[1].matchAll(/"([^"]+)":\s*"([^"]+)"/g)].map(([, id = '', hash = '']) => [
    id,
    hash,
  ]);
  const kept = Object.fromEntries(entries.filter(([id = '']) => keep.has(id)));
  const at = filename.index + filename[0].lastIndexOf(filename[1]);
  const cut = source.slice(0, at) + JSON.stringify(kept) + source.slice(at + filename[1].length);
  const names = /^__webpack_require__\.gca = function\(chunkId\) \{.*\};$/m;
  if (!names.test(cut))
    throw new Error(`${NAME}: the runtime no longer has Docusaurus's __webpack_require__.gca`);
  return cut.replace(names, '');
}

/** The bundler plugin of the browser's production build: the runtime's tables, and the route data. */
function bundlerPlugin(context: LoadContext, bundler: Bundler, written: (data: RouteData) => void) {
  const generated = (file: string) => readFileSync(path.join(context.generatedFilesDir, file), 'utf8');
  return {
    apply(bundlerCompiler: unknown) {
      const compiler = bundlerCompiler as Compiler;
      compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
        // Before the runtime is minified and its file named by its content.
        compilation.hooks.processAssets.tapPromise(
          {name: NAME, stage: bundler.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE},
          async () => {
            const keep = chunksOfRuntime(compilation);
            for (const entrypoint of compilation.entrypoints.values()) {
              for (const file of entrypoint.getRuntimeChunk().files) {
                const source = String(compilation.getAsset(file)?.source.source() ?? '');
                compilation.updateAsset(
                  file,
                  new bundler.sources.RawSource(runtimeWithoutRoutes(source, keep)),
                );
              }
            }
          },
        );
        compilation.hooks.processAssets.tapPromise(
          {name: NAME, stage: bundler.Compilation.PROCESS_ASSETS_STAGE_REPORT},
          async () => {
            const registryChunks = compilation.namedChunkGroups.get(REGISTRY_CHUNK)?.chunks ?? [];
            const registrySource = registryChunks
              .flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')))
              .map((file) => String(compilation.getAsset(file)?.source.source() ?? ''))
              .join('\n');
            const chunkLoadingGlobal = compilation.outputOptions.chunkLoadingGlobal;
            if (!registrySource || typeof chunkLoadingGlobal !== 'string') {
              throw new Error(`${NAME}: the client build has no "${REGISTRY_CHUNK}" chunk to read`);
            }
            // A chunk without a script (the styles') has none: the runtime knows it is loaded.
            const chunkFiles = new Map<string, string | undefined>();
            for (const chunk of compilation.chunks) {
              if (chunk.id != null)
                chunkFiles.set(
                  chunk.id,
                  [...chunk.files].find((name) => name.endsWith('.js')),
                );
            }
            const data = compileRouteData({
              baseUrl: context.baseUrl,
              routes: readGeneratedRoutes(generated('routes.js')),
              chunkNames: JSON.parse(generated('routesChunkNames.json')),
              registry: await readCompiledRegistry(registrySource, chunkLoadingGlobal),
              chunkFiles,
              globalData: JSON.parse(generated('globalData.json')) as GlobalData,
              readModule: (modulePath) => {
                const file = modulePath.replace(/^@generated\//, `${context.generatedFilesDir}/`);
                return file.endsWith('.json') && file !== modulePath
                  ? JSON.parse(readFileSync(file, 'utf8'))
                  : undefined;
              },
              showsCards: (modulePath) => {
                const file = modulePath.replace(/^@site\//, `${context.siteDir}/`).replace(/\?.*$/, '');
                return file !== modulePath && /\bDocCardList\b/.test(readFileSync(file, 'utf8'));
              },
            });
            const folder = `${ROUTE_DATA_FOLDER}/${data.build}`;
            const emit = (name: string, value: unknown) =>
              compilation.emitAsset(
                `${folder}/${name}`,
                new bundler.sources.RawSource(JSON.stringify(value)),
              );
            for (const [name, file] of data.files) emit(name, file);
            for (const [name, items] of data.categories) emit(`${CATEGORIES_FOLDER}/${name}`, items);
            emit(BUILD_FILE, {build: data.build, always: data.always});
            written(data);
          },
        );
      });
    },
  };
}

/** The navbar's items, dropdowns' included. */
function navbarItems(items: unknown): Record<string, unknown>[] {
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: Record<string, unknown>) => [item, ...navbarItems(item.items)]);
}

export default function routeDataPlugin(context: LoadContext): Plugin {
  const navbar = navbarItems((context.siteConfig.themeConfig as {navbar?: {items?: unknown}}).navbar?.items);
  const named = (type: string, field: string) =>
    navbar
      .filter((item) => item.type === type)
      .map((item) => item[field])
      .filter((id) => typeof id === 'string');
  return {
    name: NAME,
    configureWebpack(config, isServer, {currentBundler}) {
      if (isServer || config.mode !== 'production') return {};
      if (currentBundler.name !== 'rspack') {
        throw new Error(
          `${NAME}: the site's route data is made with Rspack (future.faster), not ${currentBundler.name}`,
        );
      }
      const client = (file: string) => path.join(CLIENT, file);
      const docsProps = path.join(context.generatedFilesDir, 'docusaurus-plugin-content-docs');
      const globalData = path.join(context.generatedFilesDir, 'globalData.json');
      return {
        module: {
          rules: [
            {
              test: (resource: string) =>
                resource === globalData ||
                (resource.startsWith(docsProps) && /[\\/]p[\\/][^\\/]+\.json$/.test(resource)),
              loader: path.join(__dirname, 'json-loader.cjs'),
              options: {docIds: named('doc', 'docId'), sidebarIds: named('docSidebar', 'sidebarId')},
            },
          ],
        },
        plugins: [
          replaceModule(currentBundler, /^@generated\/routes$/, client('routes.ts')),
          replaceModule(currentBundler, /^@generated\/routesChunkNames$/, client('chunk-names.ts')),
          replaceModule(
            currentBundler,
            /^@generated\/registry$/,
            client('registry.ts'),
            NOT_ROUTE_DATA_CLIENT,
          ),
          replaceModule(currentBundler, /^\.\/preload$/, client('preload.ts'), CORE_CLIENT),
          replaceModule(currentBundler, /^\.\/docusaurus$/, client('docusaurus.ts'), CORE_CLIENT),
          replaceModule(
            currentBundler,
            /^@docusaurus\/renderRoutes$/,
            client('render-routes.tsx'),
            CORE_CLIENT,
          ),
          bundlerPlugin(context, currentBundler.instance as unknown as Bundler, () => {}),
        ],
      };
    },
    async postBuild({outDir, routesPaths}) {
      const started = performance.now();
      const pages = await inlineRouteData(outDir, routesPaths);
      console.log(
        `[${NAME}] ${pages} pages given their route data: ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    },
  };
}
