/**
 * The routes the browser knows, in a production build: at first those of the page it opened
 * (written into the page, ../html.ts) and the home page's; then those of each page it is asked
 * for, from the page's route data file (../compile.ts), as a link comes into view, is pointed at
 * or followed. Docusaurus's own client keeps the whole route table in main.js instead; this store
 * fills the same structures (the route tree, its chunk names, the registry, the docs' global data)
 * a page at a time, so that Docusaurus's router, `ComponentCreator` and theme read them as before
 * (ARCHITECTURE.md#routes-in-the-browser-route-data).
 */
import {createElement, type ComponentType} from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import siteConfig from '@generated/docusaurus.config';
import globalData from '@generated/globalData';
import Loadable from 'react-loadable';
import {matchRoutes, type RouteConfig} from 'react-router-config';
import Loading from '@theme/Loading';

import {CATEGORIES_FOLDER, INLINE_DATA_ID, routeFileName, routeKey} from '../key';
import type {DocEntry, InlineData, ModuleLoad, PageData, RouteDataFile, RouteNode} from '../types';
import chunkNames from './chunk-names';
import registry from './registry';
import {routeAdded} from './route-events';
import {setCategoryLoader, setView, viewLinkingTo} from './views';

/** The bundler's runtime, as the compiled code of an `import()` uses it. */
declare const __webpack_require__: {
  (moduleId: string | number): unknown;
  e(chunkId: string): Promise<unknown>;
  t(moduleId: string | number, mode: number): unknown;
  u(chunkId: string): string;
};

type RouteComponent = ComponentType<object> & {preload?: () => Promise<unknown>};

/** A route as react-router-config reads it, with Docusaurus's key. */
export type KnownRoute = RouteConfig & {
  path: string;
  key?: string;
  component: RouteComponent;
  routes?: KnownRoute[];
};

const notFound: KnownRoute = {path: '*', component: ComponentCreator('*', '') as RouteComponent};

/** The top of the route tree, which replaces `@generated/routes`: the not-found route stays last. */
export const routes: KnownRoute[] = [notFound];

const nodes = new Map<string, KnownRoute>();
const order = new WeakMap<KnownRoute, number>([[notFound, Number.POSITIVE_INFINITY]]);
const chunkFiles = new Map<string, string>();
const moduleLoads = new Map<string, ModuleLoad>();

/** The folder of this build's route data, from the page (an address with the base URL). */
let folder: string | undefined;
/** How many bits of a key's hash name its file. */
let bits = 0;

/** The pages the store knows, or is learning, by key: resolved once their data is merged. */
const pages = new Map<string, Promise<void>>();

function loadModule([moduleId, chunks, mode]: ModuleLoad): Promise<unknown> {
  return Promise.all(chunks.map((chunk) => __webpack_require__.e(chunk))).then(() =>
    mode === undefined ? __webpack_require__(moduleId) : __webpack_require__.t(moduleId, mode),
  );
}

function siblingsOf(node: RouteNode): KnownRoute[] {
  if (node.parent === null) return routes;
  const parent = nodes.get(node.parent)?.routes;
  if (!parent) throw new Error(`Route data: ${node.key} comes before the route it is nested in`);
  return parent;
}

/** Puts `route` among `siblings` where the whole tree has it, so that the router tries it in turn. */
function insert(siblings: KnownRoute[], route: KnownRoute, place: number): void {
  order.set(route, place);
  const after = siblings.findIndex((sibling) => (order.get(sibling) ?? 0) > place);
  siblings.splice(after < 0 ? siblings.length : after, 0, route);
  routeAdded(route);
}

function addNode(node: RouteNode): void {
  if (nodes.has(node.key)) return;
  chunkNames[node.key] = node.chunkNames;
  const route: KnownRoute = {
    ...node.attributes,
    path: node.path,
    key: node.key,
    ...(node.exact !== undefined && {exact: node.exact}),
    ...(node.nested && {routes: []}),
    component: ComponentCreator(node.path, node.hash) as RouteComponent,
  };
  nodes.set(node.key, route);
  insert(siblingsOf(node), route, node.order);
}

interface DocsGlobalData {
  versions: {name: string; docs: {id: string; path: string; sidebar?: string}[]}[];
}

/** A doc of a known page, in its plugin's global data (which the build empties of docs). */
function addDoc({plugin, version, id, path, sidebar}: DocEntry): void {
  const data = globalData['docusaurus-plugin-content-docs']?.[plugin] as DocsGlobalData | undefined;
  const docs = data?.versions.find((candidate) => candidate.name === version)?.docs;
  if (docs && !docs.some((doc) => doc.path === path)) docs.push({id, path, ...(sidebar && {sidebar})});
}

function merge(key: string, data: PageData): void {
  for (const [chunk, file] of Object.entries(data.files)) chunkFiles.set(chunk, file);
  for (const [name, load] of Object.entries(data.modules)) {
    moduleLoads.set(name, load);
    // The second item names the module for react-loadable's report of what a server render
    // used, which no browser reads: the chunk name does.
    registry[name] ??= [() => loadModule(load), name, load[0]];
  }
  for (const node of data.routes) addNode(node);
  for (const doc of data.docs ?? []) addDoc(doc);
  if (data.view) setView(key, data.view);
}

async function fetchJson(address: string, priority: RequestPriority): Promise<Response> {
  return fetch(address, {priority, credentials: 'same-origin'});
}

/** Raised when this build's route data is gone: the page is of an earlier deployment. */
export class SiteUpdatedError extends Error {
  override name = 'SiteUpdatedError';
}

async function fetchPage(key: string, priority: RequestPriority): Promise<void> {
  if (folder === undefined)
    throw new Error('Route data: the page holds no route data (#' + INLINE_DATA_ID + ')');
  const response = await fetchJson(`${folder}${routeFileName(key, bits)}`, priority);
  // Every file of a build exists: without it, a later deployment has replaced this one.
  if (response.status === 404 || response.status === 410) {
    throw new SiteUpdatedError(`The route data of ${key} is no longer served (HTTP ${response.status})`);
  }
  if (!response.ok) throw new Error(`The route data of ${key} could not be loaded (HTTP ${response.status})`);
  // A key the file does not hold has no page: the router shows the not-found page.
  const data = ((await response.json()) as RouteDataFile)[key];
  if (data) merge(key, data);
}

/** Learns the routes of the page at `address`: at once if known, else from its file (once). */
export function learnPage(address: string, priority: RequestPriority = 'high'): Promise<void> {
  const key = routeKey(address);
  let pending = pages.get(key);
  if (!pending) {
    pending = fetchPage(key, priority);
    pages.set(key, pending);
    pending.catch(() => pages.delete(key));
  }
  return pending;
}

/**
 * A route for an address whose data could not be loaded (offline, a failed request): nested in the
 * deepest known route that the address matches (so a docs page keeps its layout, and the sidebar
 * in which the reader followed its link), it shows the "Page Error" box with Retry
 * (src/theme/Loading) until its data and code load, then the page.
 */
function addPlaceholder(address: string): void {
  const path = address.replace(/[?#].*$/s, '');
  const matched = matchRoutes(routes, path) as {route: KnownRoute}[];
  if (matched.some(({route}) => route.exact && route.placeholder)) return;
  const parent = matched
    .map(({route}) => route)
    .reverse()
    .find((route) => route.routes !== undefined);
  const view = viewLinkingTo(path);
  if (view) setView(routeKey(path), view);
  const placeholder: KnownRoute = {
    path,
    exact: true,
    placeholder: true,
    ...(view && {sidebar: view.sidebar}),
    component: Loadable({
      loading: Loading,
      loader: async () => {
        await learnPage(path);
        const siblings = parent?.routes ?? routes;
        siblings.splice(siblings.indexOf(placeholder), 1);
        // The page, or the not-found page when the address has none.
        const last = (matchRoutes(routes, path) as {route: KnownRoute}[]).at(-1)?.route;
        const page = last?.exact ? last : notFound;
        await page.component.preload?.();
        return page;
      },
      render: (page: KnownRoute, props: object) =>
        createElement(page.component as ComponentType<{route: KnownRoute}>, {...props, route: page}),
    }) as RouteComponent,
  };
  insert(parent?.routes ?? routes, placeholder, -1);
}

/**
 * Learns the routes of `address` before the router shows it. When its data cannot be loaded, a
 * placeholder route stands for the page (its code fails to load in turn, which
 * src/clientModules/routeLoadFailure.ts answers); when the build is gone, the error goes to
 * Docusaurus, which reloads the page.
 */
export async function learnPageOrStandIn(address: string): Promise<void> {
  try {
    await learnPage(address);
  } catch (error) {
    if (error instanceof SiteUpdatedError) throw error;
    addPlaceholder(address);
  }
}

/** The script files of the routes that show `address`, once known (to fetch them ahead). */
export function scriptFilesOf(address: string): string[] {
  const flat = (names: unknown): string[] =>
    typeof names === 'string'
      ? [names]
      : names && typeof names === 'object'
        ? Object.values(names).flatMap(flat)
        : [];
  const files = new Set<string>();
  for (const {route} of matchRoutes(routes, address.replace(/[?#].*$/s, '')) as {route: KnownRoute}[]) {
    for (const name of route.key ? flat(chunkNames[route.key]) : []) {
      for (const chunk of moduleLoads.get(name)?.[1] ?? []) {
        const file = chunkFiles.get(chunk);
        if (file) files.add(`${siteConfig.baseUrl}${file}`);
      }
    }
  }
  return [...files];
}

function start(): void {
  const element = document.getElementById(INLINE_DATA_ID);
  if (!element?.textContent) {
    console.error(
      `Route data: this page holds none (#${INLINE_DATA_ID}); only its own address can be shown.`,
    );
    return;
  }
  const inline = JSON.parse(element.textContent) as InlineData;
  folder = `${siteConfig.baseUrl}${inline.folder}/`;
  bits = inline.bits;
  // A chunk of a learnt page has its file in the page's data, not in the runtime's table.
  const runtimeFile = __webpack_require__.u;
  __webpack_require__.u = (chunkId) => chunkFiles.get(String(chunkId)) ?? runtimeFile(chunkId);
  if (inline.always.routes.length > 0) {
    merge(routeKey(siteConfig.baseUrl), inline.always);
    pages.set(routeKey(siteConfig.baseUrl), Promise.resolve());
  }
  // The not-found page stands for any address: the address shows the not-found route.
  const key = inline.page?.key ?? routeKey(window.location.pathname);
  if (inline.page) merge(inline.page.key, inline.page.data);
  pages.set(key, Promise.resolve());
  setCategoryLoader(async (file) => {
    const response = await fetchJson(`${folder}${CATEGORIES_FOLDER}/${file}`, 'high');
    if (!response.ok) throw new Error(`The sidebar category could not be loaded (HTTP ${response.status})`);
    return response.json();
  });
}

if (ExecutionEnvironment.canUseDOM) start();
