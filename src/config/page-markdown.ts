/**
 * Where the Markdown version of a page is served: beside the page, its route
 * with `.md` added (`/docs/docs/intro` → `/docs/docs/intro.md`; a route that
 * ends in a slash drops it, `/food/` → `/food.md`; the home page is
 * `/index.md`). The build writes the files (src/plugins/page-markdown) and the
 * page actions link to them (src/components/PageActions).
 */
export function markdownPath(route: string): string {
  const stem = route.replace(/\/+$/, '');
  return `${stem === '' ? '/index' : stem}.md`;
}

/** The files that list every page for AI assistants (https://llmstxt.org). */
export const LLMS_INDEX = '/llms.txt';
export const LLMS_FULL = '/llms-full.txt';
