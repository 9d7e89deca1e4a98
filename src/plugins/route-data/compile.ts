/**
 * The route data of every page, made from what Docusaurus generated (its route tree, its chunk
 * names, the docs' global data and props) and what the bundler made of it (the compiled registry:
 * which chunks and module each chunk name loads; the file of each chunk). Pure functions of those
 * inputs; ./index.ts gathers them from the client compilation and writes the files.
 */
import {createHash} from 'node:crypto';
import {runInNewContext} from 'node:vm';

import {docsView, isVersionProps, type CategoryFiles} from './docs-view';
import {bucketBits, bucketName, routeFileName, routeKey} from './key';
import type {ChunkNames, DocEntry, ModuleLoad, PageData, RouteDataFile, RouteNode} from './types';

/** A route of Docusaurus's generated `routes.js`, its component call read as its arguments. */
export interface GeneratedRoute {
  path: string;
  component: {path: string; hash?: string};
  exact?: boolean;
  routes?: GeneratedRoute[];
  [attribute: string]: unknown;
}

/**
 * Docusaurus's generated route tree (`.docusaurus/routes.js`): an array literal of routes whose
 * components are `ComponentCreator(path, hash)` calls, read with a `ComponentCreator` that returns
 * its arguments.
 */
export function readGeneratedRoutes(code: string): GeneratedRoute[] {
  const start = code.indexOf('export default');
  if (start < 0) throw new Error('route-data: .docusaurus/routes.js no longer has `export default` routes');
  const literal = code.slice(start + 'export default'.length).replace(/;\s*$/, '');
  const routes: unknown = runInNewContext(`(${literal})`, {
    ComponentCreator: (path: string, hash?: string) => ({path, hash}),
  });
  // Objects of this realm, not the sandbox's.
  return structuredClone(routes) as GeneratedRoute[];
}

/** A chunk name of the registry: how its module loads, and the module's path as Docusaurus wrote it. */
export interface RegistryEntry {
  load: ModuleLoad;
  modulePath: string;
}

type Loader = () => Promise<unknown>;
type ModuleFactory = (
  module: {exports: Record<string, unknown>},
  exports: Record<string, unknown>,
  require: unknown,
) => void;

/**
 * The chunk names of Docusaurus's route registry as the bundler compiled them: the compiled
 * registry chunk is run in a sandbox whose `__webpack_require__` only records what each entry's
 * loader asks for (`e`: a chunk to load; a call or `t`: the module, and the mode of `t`). Each
 * entry is `[() => import(…), "<module path>", <module id>]` (@docusaurus/core,
 * lib/server/codegen/codegenRoutes.js), compiled to
 * `[() => Promise.all([n.e("12"), n.e("34")]).then(n.bind(n, 567)), "@site/…", 567]`.
 */
export async function readCompiledRegistry(
  chunkSource: string,
  chunkLoadingGlobal: string,
): Promise<Map<string, RegistryEntry>> {
  const sandbox: Record<string, unknown> = {};
  sandbox.self = sandbox;
  runInNewContext(chunkSource, sandbox);
  const pushed = sandbox[chunkLoadingGlobal] as [unknown, Record<string, ModuleFactory>][] | undefined;
  const factories = pushed?.flatMap(([, modules]) => Object.values(modules)) ?? [];

  let record: {chunks: string[]; module?: string | number; mode?: number} = {chunks: []};
  const require = Object.assign(
    (id: string | number) => {
      record.module = id;
      return {};
    },
    {
      e: (chunkId: string | number) => {
        record.chunks.push(String(chunkId));
        return Promise.resolve();
      },
      t: (id: string | number, mode: number) => {
        record.module = id;
        record.mode = mode;
        return {};
      },
      d: (exports: Record<string, unknown>, getters: Record<string, () => unknown>) => {
        for (const [name, get] of Object.entries(getters))
          Object.defineProperty(exports, name, {get, enumerable: true});
      },
      r: () => {},
      o: (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key),
    },
  );

  // The registry is the module whose export is an object of `[loader, path, id]` entries.
  let registry: Record<string, [Loader, string, string | number]> | undefined;
  for (const factory of factories) {
    const module = {exports: {} as Record<string, unknown>};
    factory(module, module.exports, require);
    for (const value of Object.values(module.exports)) {
      const entries = value && typeof value === 'object' ? Object.values(value) : [];
      if (
        entries.length > 0 &&
        entries.every((entry) => Array.isArray(entry) && typeof entry[0] === 'function')
      ) {
        registry = value as typeof registry;
      }
    }
  }
  if (!registry) throw new Error('route-data: the compiled route registry holds no entries');

  const result = new Map<string, RegistryEntry>();
  for (const [name, [loader, modulePath, moduleId]] of Object.entries(registry)) {
    record = {chunks: []};
    await loader();
    const load: ModuleLoad = [record.module ?? moduleId, record.chunks];
    if (record.mode !== undefined) load.push(record.mode);
    result.set(name, {load, modulePath});
  }
  return result;
}

/** Every chunk name of a route's (nested) chunk names. */
export function chunkNamesOf(names: ChunkNames | ChunkNames[] | string): string[] {
  if (typeof names === 'string') return [names];
  if (Array.isArray(names)) return names.flatMap((item) => chunkNamesOf(item));
  return Object.values(names).flatMap((item) => chunkNamesOf(item));
}

/** The docs plugins' global data, as Docusaurus writes it (`.docusaurus/globalData.json`). */
export interface GlobalData {
  [pluginName: string]: {
    [pluginId: string]: unknown;
  };
}

interface DocsGlobalData {
  versions: {name: string; docs: {id: string; path: string; sidebar?: string}[]}[];
}

export const DOCS_PLUGIN = 'docusaurus-plugin-content-docs';

/** Each doc of the docs plugins' global data, by the key of its address. */
function docsByKey(globalData: GlobalData): Map<string, DocEntry> {
  const docs = new Map<string, DocEntry>();
  for (const [plugin, data] of Object.entries(globalData[DOCS_PLUGIN] ?? {})) {
    for (const version of (data as DocsGlobalData).versions) {
      for (const doc of version.docs) {
        docs.set(routeKey(doc.path), {
          plugin,
          version: version.name,
          id: doc.id,
          path: doc.path,
          ...(doc.sidebar && {sidebar: doc.sidebar}),
        });
      }
    }
  }
  return docs;
}

/** What the route data of a build is made from. */
export interface RouteDataInputs {
  baseUrl: string;
  routes: GeneratedRoute[];
  /** Docusaurus's `routesChunkNames.json`. */
  chunkNames: Record<string, ChunkNames>;
  registry: Map<string, RegistryEntry>;
  /** The script of each chunk, by chunk id, under the public path (none for a chunk of styles only). */
  chunkFiles: Map<string, string | undefined>;
  /** The chunks of pages that a chunk name's module may load later by itself (its own `import()`s). */
  loadedLater: (chunkName: string) => string[];
  globalData: GlobalData;
  /** A module of the registry (a route's props) read as JSON, by its path; undefined if it is not JSON. */
  readModule: (modulePath: string) => unknown;
  /** Whether a page's own source (an MDX page) shows a list of doc cards. */
  showsCards: (modulePath: string) => boolean;
}

/** The route data of a build: its files, by name, and what every page needs whatever its address. */
export interface RouteData {
  /** The folder's name: a hash of every file in it. */
  build: string;
  /** How many bits of a key's hash name its file (./key.ts). */
  bits: number;
  pages: Map<string, PageData>;
  files: Map<string, RouteDataFile>;
  categories: CategoryFiles;
  always: PageData;
}

/** The component (its module's path) of a route. */
function componentPath(inputs: RouteDataInputs, key: string): string | undefined {
  const comp = inputs.chunkNames[key]?.__comp;
  return typeof comp === 'string' ? inputs.registry.get(comp)?.modulePath : undefined;
}

/** The page data of one chain of routes, outermost first. */
function pageData(
  inputs: RouteDataInputs,
  chain: RouteNode[],
  docs: Map<string, DocEntry>,
  categories: CategoryFiles,
): PageData {
  const modules: PageData['modules'] = {};
  const files: PageData['files'] = {};
  for (const node of chain) {
    for (const name of chunkNamesOf(node.chunkNames)) {
      const entry = inputs.registry.get(name);
      if (!entry)
        throw new Error(`route-data: the chunk name ${name} of ${node.path} is not in the compiled registry`);
      modules[name] = entry.load;
      for (const chunk of [...entry.load[1], ...inputs.loadedLater(name)]) {
        if (!inputs.chunkFiles.has(chunk))
          throw new Error(`route-data: no chunk ${chunk} (${entry.modulePath})`);
        const file = inputs.chunkFiles.get(chunk);
        if (file) files[chunk] = file;
      }
    }
  }
  const page: PageData = {routes: chain, modules, files};
  const leaf = chain.at(-1);
  const doc = leaf ? docs.get(routeKey(leaf.path)) : undefined;
  if (!leaf || !doc) return page;
  page.docs = [doc];
  const sidebar = leaf.attributes?.sidebar;
  if (typeof sidebar !== 'string') return page;
  // The version's props are those of the nearest route above the page that has them.
  for (const node of chain.slice(0, -1).reverse()) {
    const props = node.chunkNames.__props;
    const module = typeof props === 'string' ? inputs.registry.get(props)?.modulePath : undefined;
    const version = module === undefined ? undefined : inputs.readModule(module);
    if (!isVersionProps(version)) continue;
    const content = leaf.chunkNames.content;
    const contentPath = typeof content === 'string' ? inputs.registry.get(content)?.modulePath : undefined;
    const cards =
      componentPath(inputs, leaf.key) === '@theme/DocCategoryGeneratedIndexPage' ||
      (contentPath !== undefined && inputs.showsCards(contentPath));
    page.view = docsView(version.version, sidebar, leaf.path, cards, categories);
    break;
  }
  return page;
}

function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 10);
}

/**
 * The route data of every page: for each route that is a page (one without nested routes), its
 * chain of routes from the top of the tree, with what loads their chunk names, the docs and the
 * docs view. Also what every page knows from the start: the home page's routes, which the theme's
 * breadcrumbs look for (`useHomePageRoute`).
 */
export function compileRouteData(inputs: RouteDataInputs): RouteData {
  const docs = docsByKey(inputs.globalData);
  const categories: CategoryFiles = new Map();
  const pages = new Map<string, PageData>();
  let home: RouteNode[] = [];

  const visit = (routes: GeneratedRoute[], parent: RouteNode[]): void => {
    routes.forEach((route, order) => {
      const {path, component, exact, routes: nested, ...attributes} = route;
      if (component.hash === undefined) return; // The not-found route, which main.js has.
      const key = `${path}-${component.hash}`;
      const chunkNames = inputs.chunkNames[key];
      if (!chunkNames) throw new Error(`route-data: no chunk names for the route ${key}`);
      const node: RouteNode = {
        key,
        path,
        hash: component.hash,
        parent: parent.at(-1)?.key ?? null,
        order,
        chunkNames,
        ...(exact !== undefined && {exact}),
        ...(nested && {nested: true}),
        ...(Object.keys(attributes).length > 0 && {attributes}),
      };
      const chain = [...parent, node];
      if (nested) {
        visit(nested, chain);
        return;
      }
      const pageKey = routeKey(path);
      // Two routes with one address: the router shows the first, so its data is the page's.
      if (!pages.has(pageKey)) pages.set(pageKey, pageData(inputs, chain, docs, categories));
      if (path === inputs.baseUrl && exact && parent.length === 0) home = chain;
    });
  };
  visit(inputs.routes, []);

  const bits = bucketBits(pages.size);
  const files = new Map<string, RouteDataFile>();
  for (let bucket = 0; bucket < 2 ** bits; bucket += 1) files.set(bucketName(bucket, bits), {});
  for (const [key, data] of pages) {
    const name = routeFileName(key, bits);
    files.set(name, {...files.get(name), [key]: data});
  }
  const always =
    home.length > 0 ? pageData(inputs, home, new Map(), categories) : {routes: [], modules: {}, files: {}};
  const digest = createHash('sha256');
  for (const [name, file] of [...files, ...categories]) digest.update(name).update(JSON.stringify(file));
  return {build: hashOf(digest.digest('hex')), bits, pages, files, categories, always};
}
