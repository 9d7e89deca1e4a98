/**
 * The site's own search (src/plugins/search/query/worker.ts, the engine of the search box and
 * page) run in the MCP server's process over the index files of the build folder, so that a
 * query answers the pages the box shows, in its order.
 *
 * The worker is written for a browser's Web Worker: it fetches its index files by address and
 * checks them against its page's origin. Here `fetch` reads the build's own files (any other
 * address is refused, so the server never reaches the network), and the origin is the site's.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';

import {loadSearchWorker} from './search-worker';

export interface Hit {
  readonly id: string;
  readonly title: string;
  readonly url: string;
  readonly breadcrumbs: readonly string[];
  readonly snippet: string;
}

/** Loads the worker once, and its index in the background; `origin` is the site's, `folder` the build's. */
export function createSearch(
  origin: string,
  folder: string,
): {query: (query: string, limit: number) => Promise<Hit[]>; ready: Promise<void>} {
  // What the worker reads of a response: `ok`, `status`, no body stream (so that it does not time
  // the body's pieces, which are already here) and `json()`. A whole Response would put every
  // file through a stream, which at ten times the content costs more than the query.
  const answer = (status: number, json: () => unknown) =>
    ({ok: status === 200, status, body: null, json: () => Promise.resolve(json())}) as unknown as Response;
  const notFound = answer(404, () => {
    throw new Error('Not a file of the search index');
  });
  const siteFetch = (input: string | URL | Request) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url, origin);
    const file = path.resolve(folder, `.${decodeURIComponent(url.pathname)}`);
    if (
      url.origin !== origin ||
      !file.startsWith(`${folder}${path.sep}`) ||
      !/\/search-index[^/]*\.json$/.test(url.pathname)
    ) {
      return Promise.resolve(notFound);
    }
    // Index files are small (a few kilobytes) and read once each: read at once, not in a thread.
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return Promise.resolve(notFound);
    }
    return Promise.resolve(answer(200, () => JSON.parse(text) as unknown));
  };
  Object.assign(globalThis, {fetch: siteFetch, location: new URL(`${origin}/search`)});
  const worker = loadSearchWorker();
  // The server answers many queries: the worker readies itself in the background from the start
  // (its index loaded, its code compiled: `warm`), so that a query does not wait for its files. A
  // file that cannot be loaded is asked for again by a query.
  const ready = worker.warm('/').catch(() => undefined);
  const query = async (input: string, limit: number) => {
    const results = await worker.search('/', '', input, limit);
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
  return {query, ready};
}
