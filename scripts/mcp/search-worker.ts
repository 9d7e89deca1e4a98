/**
 * Loads the site's search engine (src/plugins/search/query/worker.ts) in Node.js. The worker
 * imports the constants the search plugin generates into `@generated/`, which exists only inside a
 * Docusaurus build; here they come from ./search-constants.ts, through jiti's alias. The server's
 * package (scripts/mcp-package/bundle.ts) replaces this module with ./search-worker.bundled.ts,
 * which imports the worker directly and lets the bundler resolve the same alias.
 */
import path from 'node:path';

import './worker-globals';

import createJiti from 'jiti';

import type {SearchResult} from '../../src/plugins/search/query/worker';

/** The module the worker imports its constants from. */
export const SEARCH_CONSTANTS =
  '@generated/@easyops-cn/docusaurus-search-local/default/generated-constants.js';

export interface Worker {
  search(baseUrl: string, context: string, input: string, limit: number): Promise<SearchResult[]>;
  warm(baseUrl: string): Promise<void>;
}

export function loadSearchWorker(): Worker {
  const root = path.resolve(__dirname, '..', '..');
  const jiti = createJiti(`${root}/`, {
    alias: {[SEARCH_CONSTANTS]: path.join(__dirname, 'search-constants.ts')},
    interopDefault: true,
  });
  const {SearchWorker} = jiti('./src/plugins/search/query/worker.ts') as {SearchWorker: new () => Worker};
  return new SearchWorker();
}
