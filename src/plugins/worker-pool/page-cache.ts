/**
 * What a postBuild step made of a built page (its Markdown, what the search reads of it), kept
 * between builds that keep their cache, so that a rebuild after an edit reads again only the pages
 * whose content changed.
 *
 * A page's HTML changes on every rebuild even where its content does not: the scripts it loads
 * and its route data are named by the hash of the whole site's code. A result is therefore filed
 * under the hash of the page's content (`pageContent`: the HTML without its scripts and the
 * stylesheets and scripts it links), of the task's other inputs, and of the code that made it (the
 * step's files and the lock file of the installed packages): a change of any makes it again.
 *
 * The cache follows the bundler's (`cacheKept`, src/config/build-cache.ts).
 */
import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import path from 'node:path';

import {cacheFolder, cacheKept, codeHash, keepInCache} from '../../config/build-cache';

/** Where the results are kept. */
export const PAGE_CACHE_DIR = cacheFolder('gerai-built-pages');

/** Elements of a built page that no step reads: its scripts, and the scripts and stylesheets it links. */
const NOT_CONTENT =
  /<script\b[^>]*>[\s\S]*?<\/script\s*>|<link\b[^>]*\brel=["']?(?:stylesheet|preload|prefetch|modulepreload)\b[^>]*>/gi;

/** A built page without what changes with the site's code alone (see above). */
export function pageContent(html: string): string {
  return html.replace(NOT_CONTENT, '');
}

export interface PageCache<Result> {
  /** The result kept for this page and these inputs, if any; else `make()`'s, kept for the next build. */
  readonly result: (html: string, inputs: unknown, make: () => Promise<Result> | Result) => Promise<Result>;
}

/**
 * The cache of one step, `name`, whose results are made by the code in `code` (files of the
 * repository; the lock file is added). Without a kept cache (cacheKept), every result is made.
 */
export function pageCache<Result>(
  name: string,
  code: readonly string[],
  {dir = PAGE_CACHE_DIR, kept = cacheKept()}: {dir?: string; kept?: boolean} = {},
): PageCache<Result> {
  if (!kept) return {result: (_html, _inputs, make) => Promise.resolve(make())};
  const folder = path.join(dir, name);
  let codeKey: string | undefined;
  return {
    async result(html, inputs, make) {
      const key = createHash('sha256')
        .update((codeKey ??= codeHash(code)))
        .update('\0')
        .update(JSON.stringify(inputs) ?? '')
        .update('\0')
        .update(pageContent(html))
        .digest('hex');
      const file = path.join(folder, key.slice(0, 2), `${key}.json`);
      try {
        return JSON.parse(readFileSync(file, 'utf8')) as Result;
      } catch {
        // Not kept yet, or unreadable: made again below.
      }
      const made = await make();
      if (made === undefined) return made;
      keepInCache(file, JSON.stringify(made));
      return made;
    },
  };
}
