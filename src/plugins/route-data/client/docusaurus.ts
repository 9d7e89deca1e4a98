/**
 * Replaces `window.docusaurus` (@docusaurus/core, lib/client/docusaurus.js) in a production build:
 * `prefetch` (a link came into view) learns the page's routes, then fetches their scripts with
 * `<link rel=prefetch>`; `preload` (the pointer rests on a link) loads them. Both are skipped on
 * 2g and data-saver connections, and done once an address, as Docusaurus's are. Docusaurus's own
 * looks the address up in the whole route table and its chunk names, which main.js no longer holds.
 */
import preloadRoute from './preload';
import {learnPage, scriptFilesOf} from './store';

interface NetworkInformation {
  effectiveType?: string;
  saveData?: boolean;
}

const fetched = new Set<string>();
const loaded = new Set<string>();

function isSlowConnection(): boolean {
  const connection = (navigator as Navigator & {connection?: NetworkInformation}).connection;
  return Boolean(connection?.effectiveType?.includes('2g') || connection?.saveData);
}

function prefetchFile(address: string): Promise<void> {
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = address;
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.appendChild(link);
  });
}

function prefetch(routePath: string): false | Promise<void> {
  if (isSlowConnection() || loaded.has(routePath) || fetched.has(routePath)) return false;
  fetched.add(routePath);
  return learnPage(routePath, 'low')
    .then(() => Promise.all(scriptFilesOf(routePath).map(prefetchFile)))
    .then(
      () => undefined,
      () => undefined,
    );
}

function preload(routePath: string): false | Promise<unknown[]> {
  if (isSlowConnection() || loaded.has(routePath)) return false;
  loaded.add(routePath);
  return preloadRoute(routePath);
}

const docusaurus = Object.freeze({prefetch, preload});

export default docusaurus;
