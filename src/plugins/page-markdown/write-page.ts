/**
 * One page's Markdown file: reads the built page, converts it (./convert.ts) and writes
 * `<route>.md` beside it. Run by the worker threads of ./workers.ts, one page at a time, so no
 * thread holds more than the page it converts.
 */
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {markdownPath} from '../../config/page-markdown';
import {pageToMarkdown} from './convert';

export interface PageTask {
  /** The page's route (`/docs/docs/intro`, `/food/`). */
  readonly route: string;
  /** The source of each Mermaid diagram of the page, in order. */
  readonly diagrams: readonly string[];
}

export interface PageSettings {
  /** The build folder. */
  readonly outDir: string;
  /** The site's origin, without a final slash. */
  readonly siteUrl: string;
}

/** What llms.txt lists of a page. */
export interface PageSummary {
  readonly title: string;
  readonly description: string;
}

/** The built HTML of a route: `<route>/index.html`, or `<route>index.html` for one ending in a slash. */
export function builtHtml(outDir: string, route: string): string {
  return path.join(outDir, route, route.endsWith('/') ? '' : '/', 'index.html');
}

export async function writePageMarkdown(task: PageTask, settings: PageSettings): Promise<PageSummary> {
  const page = await pageToMarkdown(readFileSync(builtHtml(settings.outDir, task.route), 'utf8'), {
    siteUrl: settings.siteUrl,
    route: task.route,
    diagrams: task.diagrams,
  });
  writeFileSync(path.join(settings.outDir, markdownPath(task.route)), page.markdown);
  return {title: page.title, description: page.description};
}
