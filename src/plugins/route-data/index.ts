/**
 * Route data: the browser learns the site's routes a page at a time, instead of from a table of
 * every route in main.js (ARCHITECTURE.md#routes-in-the-browser-route-data), and the server that
 * renders every page finds a page's route and doc in tables of paths (./server/index.ts).
 *
 * What: in the production build of the browser's code only (the server renders every page from
 * the whole table, and `npm start` keeps Docusaurus's own client):
 * - module replacements: `@generated/routes`, `@generated/routesChunkNames`, `@generated/registry`
 *   (for `ComponentCreator`), Docusaurus's `preload`, `window.docusaurus` and the App's
 *   `renderRoutes` become ./client/, which fill the same structures as pages are learnt;
 * - a loader (./json-loader.cjs) that takes the docs out of the docs' global data, the
 *   sidebars and docs out of each docs version's props, and the OpenAPI plugin's `api` out of a
 *   doc's metadata (its page's module carries it once more);
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
 * Upgrade: UPGRADING.md#srcpluginsroute-data.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';

import type {LoadContext, Plugin} from '@docusaurus/types';

import {bundles} from '../bundler-memory';
import {replaceModule} from '../replace-module';
import {
  chunkNamesOf,
  compileRouteData,
  readCompiledRegistry,
  readGeneratedRoutes,
  type GlobalData,
} from './compile';
import {inlineRouteData} from './html';
import {BUILD_FILE, CATEGORIES_FOLDER, ROUTE_DATA_FOLDER} from './key';
import {serverLookups} from './server';
import type {ChunkNames} from './types';

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
      tap(options: {name: string; stage: number}, callback: () => void): void;
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
  deleteAsset(name: string): void;
  errors: Error[];
}
interface Bundler {
  Compilation: {
    PROCESS_ASSETS_STAGE_REPORT: number;
    PROCESS_ASSETS_STAGE_OPTIMIZE: number;
    PROCESS_ASSETS_STAGE_SUMMARIZE: number;
  };
  sources: {RawSource: new (source: string) => unknown};
}
interface Compiler {
  hooks: {thisCompilation: {tap(name: string, callback: (compilation: Compilation) => void): void}};
}

/** Every chunk group below `starts` (themselves included), not entering `skip`. */
function groupsBelow(starts: Iterable<ChunkGroup>, skip?: ChunkGroup): Set<ChunkGroup> {
  const seen = new Set<ChunkGroup>();
  const pending = [...starts];
  for (let group = pending.pop(); group; group = pending.pop()) {
    if (group === skip || seen.has(group)) continue;
    seen.add(group);
    pending.push(...group.childrenIterable);
  }
  return seen;
}

/**
 * Which chunks belong to pages, and have their files in the pages' data rather than in the runtime:
 * those of the routes' own `import()`s (the chunk groups just below the registry's), and those
 * that the module of a chunk name of one route alone loads later by itself (a guide's request
 * samples), unless main.js, or a module that many routes share, loads them too. The runtime keeps
 * every other chunk: main.js's lazy components, workers, and what the theme's page components load
 * later (diagram types, the request panel), which is code and does not grow with the pages.
 */
function chunksOfPages(
  compilation: Compilation,
  shared: ReadonlySet<string>,
): {isOfPages: (chunkId: string) => boolean; loadedLater: (chunkName: string) => string[]} {
  const registry = compilation.namedChunkGroups.get(REGISTRY_CHUNK);
  const ofRoutes = new Set(registry ? [registry, ...registry.childrenIterable] : []);
  const below = (ofOne: boolean) =>
    groupsBelow(
      [...ofRoutes]
        .filter((group) => group !== registry && (group.name != null && !shared.has(group.name)) === ofOne)
        .flatMap((group) => [...group.childrenIterable]),
    );
  const notOfPages = new Set([...groupsBelow(compilation.entrypoints.values(), registry), ...below(false)]);
  const ofOnePage = below(true);
  const isGroupOfPages = (group: ChunkGroup) =>
    ofRoutes.has(group) || (ofOnePage.has(group) && !notOfPages.has(group));
  const ofPages = new Set<string>();
  for (const chunk of compilation.chunks) {
    if (chunk.id != null && [...chunk.groupsIterable].every(isGroupOfPages)) ofPages.add(chunk.id);
  }
  return {
    isOfPages: (chunkId) => ofPages.has(chunkId),
    loadedLater: (chunkName) => {
      const group = compilation.namedChunkGroups.get(chunkName);
      const later = group ? groupsBelow(group.childrenIterable) : new Set<ChunkGroup>();
      return [...later].flatMap((each) =>
        each.chunks.flatMap((chunk) => (chunk.id != null && ofPages.has(chunk.id) ? [chunk.id] : [])),
      );
    },
  };
}

/** The chunk names that more than one route uses (a theme component, a docs version's props). */
function sharedChunkNames(chunkNames: Record<string, ChunkNames>): Set<string> {
  const seen = new Set<string>();
  const shared = new Set<string>();
  for (const names of Object.values(chunkNames)) {
    for (const name of new Set(chunkNamesOf(names))) (seen.has(name) ? shared : seen).add(name);
  }
  return shared;
}

/**
 * The runtime's source (before minification) without what grows with the routes: in
 * `__webpack_require__.u`, the table of chunk hashes loses the chunks of pages (a page's chunks
 * have their files in its data: ./client/store.ts looks there first); Docusaurus's
 * `__webpack_require__.gca`, a table of every chunk name, goes (only its `window.docusaurus` read
 * it, which ./client/docusaurus.ts replaces).
 */
export function runtimeWithoutRoutes(source: string, isOfPages: (chunkId: string) => boolean): string {
  const filename = /__webpack_require__\.u = \(chunkId\) => \{[^]*?\+ (\{[^}]*\})\[chunkId\] \+/.exec(source);
  if (!filename?.[1])
    throw new Error(`${NAME}: the runtime's __webpack_require__.u holds no table of chunk hashes to cut`);
  const entries = [...filename[1].matchAll(/"([^"]+)":\s*"([^"]+)"/g)].map(([, id = '', hash = '']) => [
    id,
    hash,
  ]);
  const kept = Object.fromEntries(entries.filter(([id = '']) => !isOfPages(id)));
  const at = filename.index + filename[0].lastIndexOf(filename[1]);
  const cut = source.slice(0, at) + JSON.stringify(kept) + source.slice(at + filename[1].length);
  const names = /^__webpack_require__\.gca = function\(chunkId\) \{.*\};$/m;
  if (!names.test(cut))
    throw new Error(`${NAME}: the runtime no longer has Docusaurus's __webpack_require__.gca`);
  return cut.replace(names, '');
}

/** The bundler plugin of the browser's production build: the runtime's tables, and the route data. */
function bundlerPlugin(context: LoadContext, bundler: Bundler) {
  const generated = (file: string) => readFileSync(path.join(context.generatedFilesDir, file), 'utf8');
  return {
    apply(bundlerCompiler: unknown) {
      const compiler = bundlerCompiler as Compiler;
      compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
        // Before the runtime is minified and its file named by its content.
        compilation.hooks.processAssets.tapPromise(
          {name: NAME, stage: bundler.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE},
          async () => {
            const {isOfPages} = chunksOfPages(
              compilation,
              sharedChunkNames(JSON.parse(generated('routesChunkNames.json'))),
            );
            for (const entrypoint of compilation.entrypoints.values()) {
              for (const file of entrypoint.getRuntimeChunk().files) {
                const source = String(compilation.getAsset(file)?.source.source() ?? '');
                compilation.updateAsset(
                  file,
                  new bundler.sources.RawSource(runtimeWithoutRoutes(source, isOfPages)),
                );
              }
            }
          },
        );
        const registryFiles = () =>
          (compilation.namedChunkGroups.get(REGISTRY_CHUNK)?.chunks ?? []).flatMap((chunk) =>
            [...chunk.files].filter((file) => file.endsWith('.js')),
          );
        // The compiled registry is read before the bundler makes the files' content hashes real
        // (realContentHash, at PROCESS_ASSETS_STAGE_OPTIMIZE_HASH): that step replaces, in every
        // script, each string equal to a file's first hash with its real one, and a route's chunk
        // name is eight hex digits, as a hash is. A site of three thousand pages had one route's
        // name replaced so in the registry, which no longer named its page.
        let registrySource = '';
        compilation.hooks.processAssets.tap(
          {name: NAME, stage: bundler.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE},
          () => {
            registrySource = registryFiles()
              .map((file) => String(compilation.getAsset(file)?.source.source() ?? ''))
              .join('\n');
          },
        );
        compilation.hooks.processAssets.tapPromise(
          {name: NAME, stage: bundler.Compilation.PROCESS_ASSETS_STAGE_REPORT},
          async () => {
            const started = performance.now();
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
            const chunkNames = JSON.parse(generated('routesChunkNames.json')) as Record<string, ChunkNames>;
            /** The generated JSON modules read (a docs version's props, shared by its pages), by file. */
            const modules = new Map<string, unknown>();
            const {loadedLater} = chunksOfPages(compilation, sharedChunkNames(chunkNames));
            const data = compileRouteData({
              baseUrl: context.baseUrl,
              routes: readGeneratedRoutes(generated('routes.js')),
              chunkNames,
              registry: await readCompiledRegistry(registrySource, chunkLoadingGlobal),
              chunkFiles,
              loadedLater,
              globalData: JSON.parse(generated('globalData.json')) as GlobalData,
              readModule: (modulePath) => {
                const file = modulePath.replace(/^@generated\//, `${context.generatedFilesDir}/`);
                if (!file.endsWith('.json') || file === modulePath) return undefined;
                if (!modules.has(file)) modules.set(file, JSON.parse(readFileSync(file, 'utf8')));
                return modules.get(file);
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
            emit(BUILD_FILE, {build: data.build, bits: data.bits, always: data.always});
            // Read, the registry is of no use to a browser: it is not published.
            for (const file of registryFiles()) compilation.deleteAsset(file);
            const seconds = ((performance.now() - started) / 1000).toFixed(1);
            console.log(`[${NAME}] ${data.pages.size} pages, ${data.files.size} files: ${seconds} s`);
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
      if (config.mode !== 'production' || !bundles(isServer)) return {};
      if (isServer) return serverLookups(currentBundler);
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
                (resource.startsWith(docsProps) &&
                  /[\\/](?:p[\\/][^\\/]+|site-[^\\/]+)\.json$/.test(resource)),
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
          bundlerPlugin(context, currentBundler.instance as unknown as Bundler),
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
