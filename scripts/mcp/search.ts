/**
 * The site's own search (src/plugins/search-query/worker.ts, the engine of the search box and
 * page) run in the MCP server's process over the index files of the build folder, so that a
 * query answers the pages the box shows, in its order.
 *
 * The worker is written for a browser's Web Worker: it fetches its index files by address and
 * checks them against its page's origin. Here `fetch` reads the build's own files (any other
 * address is refused, so the server never reaches the network), and the origin is the site's.
 */
import {readFile} from 'node:fs/promises';
import path from 'node:path';

import {loadSearchWorker} from './search-worker';

export interface Hit {
  readonly id: string;
  readonly title: string;
  readonly url: string;
  readonly breadcrumbs: readonly string[];
  readonly snippet: string;
}

/** Loads the worker once; `origin` is the site's, `folder` the build's. */
export function createSearch(
  origin: string,
  folder: string,
): (query: string, limit: number) => Promise<Hit[]> {
  const siteFetch = async (input: string | URL | Request) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url, origin);
    const file = path.resolve(folder, `.${decodeURIComponent(url.pathname)}`);
    if (
      url.origin !== origin ||
      !file.startsWith(`${folder}${path.sep}`) ||
      !/\/search-index[^/]*\.json$/.test(url.pathname)
    ) {
      return new Response('Not a file of the search index', {status: 404});
    }
    try {
      return new Response(await readFile(file), {headers: {'content-type': 'application/json'}});
    } catch {
      return new Response('Not found', {status: 404});
    }
  };
  Object.assign(globalThis, {fetch: siteFetch, location: new URL(`${origin}/search`)});
  const worker = loadSearchWorker();
  return async (query, limit) => {
    const results = await worker.search('/', '', query, limit);
    return results.map(({document, page}) => {
      const url = `${document.u}${document.h ?? ''}`;
      const pageTitle = page ? page.t : document.t;
      const title =
        document.h && document.s && document.s !== pageTitle ? `${pageTitle} › ${document.s}` : pageTitle;
      return {
        id: url,
        title,
        url: `${origin}${url}`,
        breadcrumbs: document.b ?? (page ? (page.b ?? []) : []),
        snippet: document.t.length > 300 ? `${document.t.slice(0, 297)}...` : document.t,
      };
    });
  };
}
