/**
 * Stands in for the local search's `searchByWorker` module (see ./index.ts):
 * the same two functions, with the query passed through `indexQuery` first.
 */
import {
  fetchIndexesByWorker,
  searchByWorker as searchIndexes,
} from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/searchByWorker.js';

import {indexQuery} from './query';

export {fetchIndexesByWorker};

export function searchByWorker(
  baseUrl: string,
  searchContext: string,
  input: string,
  limit: number,
): ReturnType<typeof searchIndexes> {
  return searchIndexes(baseUrl, searchContext, indexQuery(input), limit);
}
