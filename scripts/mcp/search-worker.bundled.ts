/**
 * ./search-worker.ts as the server's package loads it: the worker imported directly, its
 * generated constants aliased to ./search-constants.ts by the bundler (scripts/mcp-package/bundle.ts).
 */
import './worker-globals';
import {SearchWorker} from '../../src/plugins/search/query/worker';
import type {Worker} from './search-worker';

export function loadSearchWorker(): Worker {
  return new SearchWorker() as Worker;
}
