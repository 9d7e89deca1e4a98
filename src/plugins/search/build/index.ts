/**
 * Builds the search index of a built site (the files of ../format.ts) once
 * Docusaurus has written its pages: reads what the search reads of each page
 * (./extract.ts) in worker threads, one per core, numbers the documents as the
 * local search plugin does, shapes them (./shape.ts) and writes the lead, the
 * shards and the chunks (./files.ts).
 */
import {mkdirSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {runInWorkers, threadCount} from '../../worker-pool';
import type {SearchDocument} from '../format';
import type {ExtractedPage, PageType} from './extract';
import {indexFiles} from './files';
import {shapeIndex, type ReadDocuments} from './shape';

/** Which pages are indexed, and as what: the local search plugin's options of the same names. */
export interface IndexedRoutes {
  /** Base paths of the docs plugins' routes (their docs are read as documents). */
  docsRouteBasePath: readonly string[];
  /** Base paths of the blog plugins' routes (their posts are read as documents; lists and tags are not indexed). */
  blogRouteBasePath: readonly string[];
  /** Routes (without the base URL and trailing slash) left out, as strings or patterns. */
  ignoreFiles: readonly (string | RegExp)[];
  /** Elements of every page left out of what the search reads. */
  ignoreCssSelectors?: readonly string[];
}

export interface BuiltSite {
  outDir: string;
  baseUrl: string;
  routesPaths: readonly string[];
  /** Every doc's permalink, over the docs plugins: a docs route that is not one (a category's page) is not indexed. */
  docPermalinks: ReadonlySet<string>;
  /** The template of the index's file names, `search-index{dir}.json`. */
  fileName: string;
}

interface PageToRead {
  url: string;
  file: string;
  type: PageType;
}

const sameOrUnder = (route: string, base: string) => route === base || route.startsWith(`${base}/`);

/** The pages the index reads, in route order, as the plugin chooses them. */
export function pagesToIndex(site: BuiltSite, routes: IndexedRoutes): PageToRead[] {
  const pages: PageToRead[] = [];
  for (const url of [...site.routesPaths].sort()) {
    const route = url.slice(site.baseUrl.length).replace(/\/$/, '');
    if (route === '' || route === '404.html' || route === 'search') continue;
    if (routes.ignoreFiles.some((ignored) => (typeof ignored === 'string' ? route === ignored : ignored.test(route))))
      continue;
    let type: PageType;
    if (routes.blogRouteBasePath.some((base) => sameOrUnder(route, base))) {
      // A blog's lists of posts and its tag pages are not indexed.
      if (routes.blogRouteBasePath.some((base) => route === base || sameOrUnder(route, `${base}/tags`))) continue;
      type = 'blog';
    } else if (routes.docsRouteBasePath.some((base) => sameOrUnder(route, base))) {
      if (!site.docPermalinks.has(url)) continue;
      type = 'docs';
    } else {
      type = 'page';
    }
    pages.push({url, file: path.join(site.outDir, route, 'index.html'), type});
  }
  return pages;
}

/** Pages per thread below which another thread would cost more than it saves. */
const MIN_PAGES_PER_THREAD = 16;

/** What the search reads of each page, in the pages' order, read in worker threads. */
function readPages(
  pages: readonly PageToRead[],
  ignored: readonly string[],
): Promise<(ExtractedPage | undefined)[]> {
  return runInWorkers<PageToRead, ExtractedPage | undefined>(path.join(__dirname, 'extract-worker.mjs'), pages, {
    name: 'search index',
    threads: threadCount(pages.length, MIN_PAGES_PER_THREAD),
    workerData: {ignored},
    failure: (page, message) => new Error(`search index: could not read ${page.file}: ${message}`),
  });
}

/** A section's anchor as the index keeps it: `#x`, '' for none, false for a link to another page. */
function anchor(hash: string, url: string): string | false {
  if (hash && !hash.startsWith('#') && hash.includes('#')) {
    return hash.startsWith(url) && hash[url.length] === '#' ? hash.slice(url.length) : false;
  }
  return hash;
}

/** Numbers the documents of the pages: a page's title, description and keywords share its id. */
function documentsOf(pages: readonly PageToRead[], read: readonly (ExtractedPage | undefined)[]): ReadDocuments {
  const documents: ReadDocuments = {titles: [], headings: [], descriptions: [], keywords: [], contents: []};
  let id = 0;
  pages.forEach(({url}, k) => {
    const page = read[k];
    if (!page) return;
    const titleId = ++id;
    const own = {u: url, p: titleId};
    documents.titles.push({i: titleId, t: page.title, u: url, b: page.breadcrumb});
    if (page.description) documents.descriptions.push({i: titleId, t: page.description, s: page.title, ...own});
    if (page.keywords) documents.keywords.push({i: titleId, t: page.keywords, s: page.title, ...own});
    for (const section of page.sections) {
      const h = anchor(section.hash, url);
      if (h === false) continue;
      if (section.title !== page.title) documents.headings.push({i: ++id, t: section.title, h, ...own});
      if (section.content) {
        const content: SearchDocument = {i: ++id, t: section.content, s: section.title || page.title, h, ...own};
        documents.contents.push(content);
      }
    }
  });
  return documents;
}

/** One index to build: which routes it reads (`site.routesPaths` unless given) and where it is written. */
export interface IndexToBuild {
  readonly routes: IndexedRoutes;
  readonly routesPaths?: readonly string[];
  /** The folder of its files: `site.outDir` unless given. */
  readonly indexDir?: string;
}

/**
 * Builds and writes several indexes of one site, their pages read in one pool of worker threads
 * (starting the threads again for each index cost more than reading a small one). Returns, for
 * each, how many pages it read and how many files it wrote.
 */
export async function buildSearchIndexes(
  site: BuiltSite,
  indexes: readonly IndexToBuild[],
): Promise<{pages: number; files: number}[]> {
  const selectors = indexes[0]?.routes.ignoreCssSelectors ?? [];
  const pageLists = indexes.map((index) =>
    pagesToIndex({...site, routesPaths: index.routesPaths ?? site.routesPaths}, index.routes),
  );
  // A page in several indexes (an earlier release's page that later releases did not change) is read once.
  const files = [...new Set(pageLists.flat().map((page) => page.file))];
  const unique = new Map(pageLists.flat().map((page) => [page.file, page]));
  const read = await readPages(
    files.map((file) => unique.get(file) as PageToRead),
    selectors,
  );
  const readByFile = new Map(files.map((file, k) => [file, read[k]]));
  return pageLists.map((pages, k) => {
    const own = pages.map((page) => readByFile.get(page.file));
    const written = indexFiles(shapeIndex(documentsOf(pages, own)));
    writeIndex(indexes[k]?.indexDir ?? site.outDir, site.fileName, written);
    return {pages: own.filter(Boolean).length, files: written.size};
  });
}

/** Writes an index's files into `folder`, in place of the files of an earlier index there. */
function writeIndex(folder: string, fileName: string, files: ReturnType<typeof indexFiles>): void {
  const name = (suffix: string) => fileName.replace('{dir}', suffix);
  const pattern = new RegExp(`^${name('(-[a-z0-9-]+)?').replace(/\./g, '\\.')}$`);
  mkdirSync(folder, {recursive: true});
  for (const file of readdirSync(folder)) if (pattern.test(file)) rmSync(path.join(folder, file));
  for (const [suffix, value] of files) writeFileSync(path.join(folder, name(suffix)), JSON.stringify(value));
}
