/**
 * The route data of a page: what the browser needs to know of the site's routes to show that page,
 * written by the build (./compile.ts) and read by the browser (./client/store.ts).
 */
import type {PropSidebar, PropVersionDoc} from '@docusaurus/plugin-content-docs';
import type {ChunkNames} from '@docusaurus/types';

/** Chunk names of a route, in the shape of Docusaurus's `routesChunkNames` (nested, by prop). */
export type {ChunkNames};

/** One route of Docusaurus's route tree, as the browser's router needs it. */
export interface RouteNode {
  /** Docusaurus's key of the route, `<path>-<hash>`, unique in the tree. */
  key: string;
  path: string;
  /** The second argument of Docusaurus's `ComponentCreator`. */
  hash: string;
  exact?: boolean;
  /** The key of the route this one is nested in, or null at the top. */
  parent: string | null;
  /** The route's place among its siblings in the whole tree: the router tries them in that order. */
  order: number;
  /** Whether the route holds nested routes (their list starts empty in the browser). */
  nested?: boolean;
  /** Other attributes of the route (a doc's `sidebar`), as Docusaurus gives them. */
  attributes?: Record<string, unknown>;
  chunkNames: ChunkNames;
}

/**
 * How the browser loads the module of a chunk name, as the bundler compiled its `import()`: the
 * module's id, the chunks to load first, and the mode of `__webpack_require__.t` (none: the
 * module's exports as they are).
 */
export type ModuleLoad = [moduleId: string | number, chunkIds: string[], mode?: number];

/** A doc of a docs plugin's global data (`{id, path, sidebar}`), with its plugin and version. */
export interface DocEntry {
  plugin: string;
  version: string;
  id: string;
  path: string;
  sidebar?: string;
}

/**
 * The part of a docs version's data a page shows (./docs-view.ts): its sidebar, with the items of
 * the categories it shows closed left to load when opened, and the docs its cards describe.
 */
export interface DocsView {
  plugin: string;
  version: string;
  sidebar: string;
  items: PropSidebar;
  docs: Record<string, PropVersionDoc>;
}

/**
 * The items of a sidebar category that a page shows closed, or of a block of a long list that it
 * leaves out, loaded when the reader opens the category or asks for the block.
 */
export interface LazyCategory {
  /** The file of its items, under the build's categories folder. */
  file: string;
  /** How many items it holds (a category's card says so). */
  count: number;
  /** Its first link, where a browser without scripts goes when the category is followed. */
  href: string;
  /**
   * Of a block of a long list of cards (./card-window.ts): the file, in the same folder, of the
   * docs its cards describe; none when no card describes a doc.
   */
  docs?: string;
}

/** What a page's route data holds. */
export interface PageData {
  /** The page's routes, outermost first; the last is the page. */
  routes: RouteNode[];
  /** How to load each chunk name of those routes. */
  modules: Record<string, ModuleLoad>;
  /** The file, under the public path, of each chunk to load. */
  files: Record<string, string>;
  docs?: DocEntry[];
  view?: DocsView;
}

/** A route data file: the pages whose keys give its name, each under its key. */
export type RouteDataFile = Record<string, PageData>;

/** The route data written into every page (a JSON data block, ./html.ts). */
export interface InlineData {
  /** The folder of this build's route data, under the base URL. */
  folder: string;
  /** How many bits of a key's hash name its file (../key.ts). */
  bits: number;
  /** The page's own key and data; none on the not-found page, which stands for any address. */
  page?: {key: string; data: PageData};
  /** Routes that the theme looks up on every page (the home page), known before any is asked for. */
  always: PageData;
}
