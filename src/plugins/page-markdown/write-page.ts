/**
 * One page's Markdown file: reads the built page, converts it (./convert.ts), or takes the
 * conversion an earlier build kept of the same content (src/plugins/worker-pool/page-cache.ts), and
 * writes `<route>.md` beside it. Run by the worker threads of ./workers.ts, one page at a time, so
 * no thread holds more than the page it converts.
 */
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {markdownPath} from '../../config/page-markdown';
import {pageCache} from '../worker-pool/page-cache';
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

/** The conversions kept between builds, by the code that converts. */
const conversions = pageCache<PageSummary & {readonly markdown: string}>('page-markdown', [
  path.join(__dirname, 'convert.ts'),
  __filename,
]);

export async function writePageMarkdown(task: PageTask, settings: PageSettings): Promise<PageSummary> {
  const html = readFileSync(builtHtml(settings.outDir, task.route), 'utf8');
  const options = {siteUrl: settings.siteUrl, route: task.route, diagrams: task.diagrams};
  const {markdown, title, description} = await conversions.result(html, options, async () => {
    const page = await pageToMarkdown(html, options);
    return {markdown: page.markdown, title: page.title, description: page.description};
  });
  writeFileSync(path.join(settings.outDir, markdownPath(task.route)), markdown);
  return {title, description};
}
