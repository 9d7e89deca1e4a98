// @ts-check
// Runs the portal's search worker (src/plugins/search/query/worker.ts) in Node.js, as the
// browser runs it: the same module, with the globals of a dedicated worker stubbed (its
// location, fetch, the message port Comlink listens on) and the plugin's build-time index
// address set.
import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

import createJiti from 'jiti';

import {root} from './openapi.mjs';

const CONSTANTS = '@generated/@easyops-cn/docusaurus-search-local/default/generated-constants.js';

/**
 * The index address the build's code asks for: `search-index{dir}.json?_=<hash>`.
 *
 * @param {string} buildFolder
 */
export function builtSearchIndexUrl(buildFolder) {
  const generated = path.join(
    root,
    '.docusaurus/@easyops-cn/docusaurus-search-local/default/generated-constants.js',
  );
  const match = /searchIndexUrl = "([^"]+)"/.exec(readFileSync(generated, 'utf8'));
  if (!match) throw new Error(`No searchIndexUrl in ${generated}: build the site first (${buildFolder})`);
  return match[1];
}

/**
 * The worker's module (its class, `SearchWorker`, and what else it exports). `fetch` answers with `respond(url, init)`, or else with the file of `folder`
 * the address names; every address asked for is pushed onto `fetched`.
 *
 * @param {object} options
 * @param {string} options.origin
 * @param {string} options.searchIndexUrl
 * @param {string} [options.folder] the built site, for the addresses `respond` does not answer
 * @param {(url: string, init?: RequestInit) => Response | Promise<Response>} [options.respond]
 * @param {string[]} [options.fetched]
 */
export function loadSearchWorkerModule({origin, searchIndexUrl, folder, respond, fetched = []}) {
  const stubs = mkdtempSync(path.join(tmpdir(), 'search-worker-'));
  const constants = path.join(stubs, 'generated-constants.mjs');
  writeFileSync(constants, `export const searchIndexUrl = ${JSON.stringify(searchIndexUrl)};\n`);
  // What the worker reads of its location (origin, href) a URL has too; a Location's methods it never calls.
  globalThis.location = /** @type {Location} */ (/** @type {unknown} */ (new URL(`${origin}/search`)));
  globalThis.addEventListener ??= () => {};
  globalThis.fetch = async (url, init) => {
    fetched.push(String(url));
    if (respond) return respond(String(url), init);
    const file = path.join(folder, new URL(String(url), origin).pathname);
    return new Response(readFileSync(file), {headers: {'content-type': 'application/json'}});
  };
  const jiti = createJiti(root + '/', {alias: {[CONSTANTS]: constants}, interopDefault: true});
  return jiti('./src/plugins/search/query/worker.ts');
}

/**
 * The worker class, its module loaded as loadSearchWorkerModule loads it.
 *
 * @param {Parameters<typeof loadSearchWorkerModule>[0]} options
 */
export function loadSearchWorker(options) {
  return loadSearchWorkerModule(options).SearchWorker;
}

/**
 * The files of a search index built from `entries` (the documents of each entry of
 * src/plugins/search/format.ts's ENTRIES, by name: {titles: [...], guides: [...]}), as the
 * build writes them, and a `respond(url)` for loadSearchWorker that serves them by address.
 *
 * @param {Record<string, object[]>} entries
 */
export function searchIndexFiles(entries) {
  const jiti = createJiti(root + '/');
  const {indexFiles} = jiti('./src/plugins/search/build/files.ts');
  const {ENTRIES} = jiti('./src/plugins/search/format.ts');
  const files = indexFiles(ENTRIES.map(({name}) => entries[name] ?? []));
  /** @param {string} url */
  const respond = (url) => {
    const suffix = /search-index(.*)\.json/.exec(new URL(url, 'https://site.example').pathname)?.[1] ?? '';
    const body = files.get(suffix);
    return body === undefined
      ? new Response('Not found', {status: 404})
      : new Response(JSON.stringify(body), {headers: {'content-type': 'application/json'}});
  };
  return {files, respond};
}
