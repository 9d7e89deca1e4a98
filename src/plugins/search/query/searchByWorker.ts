/**
 * Stands in for the local search's `searchByWorker` module (see ./index.ts):
 * the same two functions, which the plugin's search box and search page
 * call, run by the portal's own worker (./worker.ts) on the portal's index.
 *
 * They fail only to refuse an index address outside the page's origin
 * ("Unexpected version url", the worker's refusal, passed on as the
 * plugin's worker did). An index that cannot be loaded sets the index status to
 * "unavailable" (the box and the page say so and offer a retry, see
 * useSearchIndexStatus); a search asked for meanwhile waits, and is answered
 * once the index has loaded. A search asked for while the index is on its way
 * waits for that attempt rather than asking again; once the index is
 * unavailable, the reader's Retry is what asks again, so the box, the page and
 * the message never disagree. The plugin's components are left as they are:
 * one that awaited a failing call would stay in its loading state for good.
 *
 * Why: the plugin has no option for another query engine; replacing the one module its box
 * and page go through changes neither component.
 * Upgrade: UPGRADING.md#srcpluginssearch.
 */
import * as Comlink from 'comlink';

import {indexQuery} from './query';
import type {SearchResult, SearchWorker} from './worker';

export type SearchIndexStatus = 'idle' | 'loading' | 'ready' | 'unavailable';

let status: SearchIndexStatus = 'idle';
const listeners = new Set<() => void>();
let last: {baseUrl: string; searchContext: string} | undefined;
let waiting: (() => void)[] = [];

function setStatus(next: SearchIndexStatus): void {
  if (next === status) return;
  status = next;
  if (next === 'ready') {
    const resume = waiting;
    waiting = [];
    resume.forEach((wake) => wake());
  }
  listeners.forEach((listener) => listener());
}

export function getSearchIndexStatus(): SearchIndexStatus {
  return status;
}

export function subscribeSearchIndexStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The worker's refusal of an index address outside the page's origin. */
const REFUSED = 'Unexpected version url';

function failed(error: unknown): void {
  setStatus('unavailable');
  if (error instanceof Error && error.message === REFUSED) throw error;
  console.warn('The search index could not be loaded.', error);
}

let remote: Promise<Comlink.Remote<SearchWorker>> | undefined;
/** The attempt to load the index under way, if any. */
let loading: Promise<void> | undefined;

function worker(): Promise<Comlink.Remote<SearchWorker>> {
  remote ??= (async () => {
    // The name is the worker script's (SEARCH_WORKER_CHUNK in ./index.ts); the bundler reads it
    // only as a literal.
    const Remote = Comlink.wrap<typeof SearchWorker>(
      new Worker(new URL('./worker.ts', import.meta.url), {name: 'search-worker'}),
    );
    return await new Remote();
  })();
  return remote;
}

export function fetchIndexesByWorker(baseUrl: string, searchContext: string): Promise<void> {
  if (process.env.NODE_ENV !== 'production') return Promise.resolve();
  last = {baseUrl, searchContext};
  loading ??= (async () => {
    if (status !== 'ready') setStatus('loading');
    try {
      await (await worker()).fetchIndexes(baseUrl);
      setStatus('ready');
    } catch (error) {
      failed(error);
    } finally {
      loading = undefined;
    }
  })();
  return loading;
}

/** Resolves once the index has loaded: after the attempt under way, or the reader's Retry. */
async function indexLoaded(): Promise<void> {
  if (loading) await loading;
  while (status === 'unavailable') await new Promise<void>((wake) => waiting.push(wake));
}

/** Asks for the index again, after it could not be loaded. */
export function retrySearchIndex(): Promise<void> {
  return last ? fetchIndexesByWorker(last.baseUrl, last.searchContext) : Promise.resolve();
}

export async function searchByWorker(
  baseUrl: string,
  searchContext: string,
  input: string,
  limit: number,
): Promise<SearchResult[]> {
  if (process.env.NODE_ENV !== 'production') return [];
  last = {baseUrl, searchContext};
  for (;;) {
    await indexLoaded();
    try {
      const results = await (await worker()).search(baseUrl, searchContext, indexQuery(input), limit);
      setStatus('ready');
      return results;
    } catch (error) {
      // Asked for by this search (no attempt was under way): the same as a failed attempt.
      failed(error);
    }
  }
}
