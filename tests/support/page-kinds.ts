import {createHash} from 'node:crypto';
import {readFileSync, renameSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

import {builtPages} from './built-pages';

/**
 * A sample of the build's pages that holds every kind of page and every
 * component at least once, chosen from the built HTML rather than from a list
 * kept by hand, so that a page of a new kind, or with a component no page had,
 * is in the sample as soon as it is built. The browser checks these
 * (tests/e2e/page-kinds.spec.ts); every page gets the checks that need no
 * browser in Node (tests/build/every-page.test.mjs).
 *
 * What a page is made of, as the build shows it:
 * - its kind: the classes Docusaurus puts on <html> (plugin, page type),
 *   without the one naming the page itself (`docs-doc-id-…`);
 * - its components: every class in its body outside code blocks (the CSS
 *   module classes of the portal's and the theme's components, `theme-…`
 *   classes, Infima's), and every `data-` attribute name.
 * The sample is a greedy cover of those (coveringSample). Its size follows the
 * number of kinds and components, not the number of pages.
 */

export interface SampledPage {
  /** The route, as the sitemap lists it. */
  readonly route: string;
  /** The kinds and components the page brings that no page before it in the sample had. */
  readonly covers: readonly string[];
}

/** Classes that name one page, not a kind of page or a component. */
const PAGE_OWN = /^docs-doc-id-/;

function classValues(markup: string): string[] {
  return [...markup.matchAll(/\sclass=(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/g)].flatMap((match) =>
    (match[1] ?? match[2] ?? match[3]).split(/\s+/).filter(Boolean),
  );
}

/** The kind and components of one page (see above), read with patterns: the sample is taken in every test worker. */
export function pageFeatures(html: string): Set<string> {
  const features = new Set<string>();
  const htmlTag = /<html\b[^>]*>/i.exec(html)?.[0] ?? '';
  const kind = classValues(htmlTag)
    .filter((name) => !PAGE_OWN.test(name))
    .sort()
    .join(' ');
  features.add(`kind: ${kind}`);
  const body = (/<body\b[\s\S]*$/i.exec(html)?.[0] ?? '').replace(/<pre\b[\s\S]*?<\/pre>/gi, '');
  for (const name of classValues(body)) if (!PAGE_OWN.test(name)) features.add(`class: ${name}`);
  for (const [, name] of body.matchAll(/\s(data-[a-z0-9-]+)(?==|[\s>])/gi))
    features.add(`attribute: ${name}`);
  return features;
}

/**
 * The kinds and components of a page (pageFeatures) and the classes of its code blocks' markup
 * (the token and line classes of each language and of highlighted lines): what a page's markup is
 * made of, for the sample whose markup tests/build/every-page.test.mjs validates whole.
 */
export function markupFeatures(html: string): Set<string> {
  const features = pageFeatures(html);
  for (const [block] of html.matchAll(/<pre\b[\s\S]*?<\/pre>/gi))
    for (const name of classValues(block)) features.add(`code class: ${name}`);
  return features;
}

/**
 * The smallest sample the greedy cover finds that holds every feature of `pages`: the page that
 * adds most of what the sample lacks, then the next, until nothing is missing.
 */
export function coveringSample(
  pages: readonly {route: string; features: ReadonlySet<string>}[],
): SampledPage[] {
  const sorted = [...pages].sort((a, b) => (a.route < b.route ? -1 : 1));
  const missing = new Set(sorted.flatMap((page) => [...page.features]));
  const sample: SampledPage[] = [];
  while (missing.size > 0) {
    let best = sorted[0];
    let bestCount = 0;
    for (const page of sorted) {
      let count = 0;
      for (const feature of page.features) if (missing.has(feature)) count++;
      if (count > bestCount) {
        best = page;
        bestCount = count;
      }
    }
    const covers = [...best.features].filter((feature) => missing.has(feature));
    covers.forEach((feature) => missing.delete(feature));
    sample.push({route: best.route, covers});
  }
  return sample;
}

/**
 * The sample of the build in `buildDir`: its redirect pages left out (they
 * only send the browser on), each page named by the route the sitemap gives it.
 */
export function samplePages(buildDir: string, sitemapRoutes: readonly string[]): SampledPage[] {
  return coveringSample(
    builtPages(buildDir, sitemapRoutes)
      .map(({file, route}) => ({route, html: readFileSync(file, 'utf8')}))
      .filter(({route, html}) => route !== '/404.html' && !isRedirect(html))
      .map(({route, html}) => ({route, features: pageFeatures(html)})),
  );
}

/** A redirect page of the client-redirects plugin: it only sends the browser on. */
export function isRedirect(html: string): boolean {
  return /<meta\s+http-equiv=["']?refresh/i.test(html);
}

/**
 * samplePages, kept in a file of the system's temporary folder while the build (its sitemap's
 * time and size) and this module stay the same. Playwright loads a spec in its main process and
 * again in every worker it starts, a new one after each failing test: reading every page for the
 * sample took a second and a half each time at ten times the content. Two workers that find no
 * file compute the same sample; each writes it whole under its own name, then renames it.
 */
export function samplePagesOnce(buildDir: string, sitemapRoutes: readonly string[]): SampledPage[] {
  const sitemap = statSync(path.join(buildDir, 'sitemap.xml'));
  const key = createHash('sha256')
    .update(
      JSON.stringify([
        buildDir,
        sitemap.mtimeMs,
        sitemap.size,
        sitemapRoutes,
        readFileSync(__filename, 'utf8'),
      ]),
    )
    .digest('hex')
    .slice(0, 16);
  const file = path.join(tmpdir(), `gerai-page-sample-${key}.json`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as SampledPage[];
  } catch {
    // Not computed for this build yet.
  }
  const sample = samplePages(buildDir, sitemapRoutes);
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(sample));
  renameSync(partial, file);
  return sample;
}
