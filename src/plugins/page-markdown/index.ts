/**
 * Writes, once the site is built:
 *
 * - `<route>.md` beside every docs, reference and landing page: front matter
 *   (title, description, canonical address), then the page's content as
 *   Markdown, converted from its built HTML (./convert.ts);
 * - `/llms.txt` (https://llmstxt.org): the site's title, a summary, then one
 *   section per sidebar (and the landing pages, as "Optional"), each page a
 *   link to its Markdown with its description (src/config/llms.ts says
 *   which sidebars and downloads);
 * - `/llms-full.txt`: every page's Markdown, in the same order.
 *
 * A page that cannot be converted stops the build with its route.
 */
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import type {LoadContext, Plugin} from '@docusaurus/types';

import {LLMS_LISTING as options} from '../../config/llms';
import {LLMS_FULL, LLMS_INDEX, markdownPath} from '../../config/page-markdown';
import {diagramsIn} from '../../remark/diagrams';
import {substituteTokens} from '../../remark/substitute-tokens';
import {pageToMarkdown, type PageMarkdown} from './convert';

interface SidebarItem {
  type: string;
  id?: string;
  label?: string;
  items?: SidebarItem[];
  link?: {type: string; id?: string; permalink?: string};
}

interface LoadedDocs {
  loadedVersions: {
    docs: {id: string; permalink: string; source: string}[];
    sidebars: Record<string, SidebarItem[]>;
  }[];
}

interface LoadedPages {
  permalink: string;
  source: string;
}

/** The routes of a sidebar in reading order: each doc, each category's own page before its items. */
function sidebarRoutes(items: readonly SidebarItem[], permalinks: ReadonlyMap<string, string>): string[] {
  return items.flatMap((item) => {
    const own =
      item.type === 'doc' && item.id
        ? permalinks.get(item.id)
        : item.link?.type === 'doc' && item.link.id
          ? permalinks.get(item.link.id)
          : item.link?.permalink;
    return [...(own ? [own] : []), ...sidebarRoutes(item.items ?? [], permalinks)];
  });
}

/** The Mermaid diagrams of a source file, in order, with the host tokens replaced as the build does. */
function diagramsOf(siteDir: string, source: string): string[] {
  const file = path.join(siteDir, source.replace(/^@site\//, ''));
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return diagramsIn(text).map(({source: diagram}) => substituteTokens(diagram, undefined, source));
}

function builtHtml(outDir: string, route: string): string {
  return path.join(outDir, route, route.endsWith('/') ? '' : '/', 'index.html');
}

export default function pageMarkdownPlugin(context: LoadContext): Plugin {
  return {
    name: 'page-markdown',
    async postBuild({outDir, plugins, siteConfig}) {
      const started = performance.now();
      const siteUrl = siteConfig.url.replace(/\/+$/, '');
      const docsPlugins = new Map(
        plugins
          .filter((plugin) => plugin.name === 'docusaurus-plugin-content-docs')
          .map((plugin) => [plugin.options.id as string, plugin.content as LoadedDocs]),
      );
      const sources = new Map<string, string>();
      const permalinksById = new Map<string, Map<string, string>>();
      for (const [id, content] of docsPlugins) {
        const permalinks = new Map<string, string>();
        for (const doc of content.loadedVersions.flatMap((version) => version.docs)) {
          permalinks.set(doc.id, doc.permalink);
          sources.set(doc.permalink, doc.source);
        }
        permalinksById.set(id, permalinks);
      }

      const sections = options.sections.map((section) => {
        const docs = docsPlugins.get(section.docsPluginId);
        const sidebar = docs?.loadedVersions[0]?.sidebars[section.sidebarId];
        if (!sidebar) {
          throw new Error(
            `page-markdown: no sidebar "${section.sidebarId}" in docs plugin "${section.docsPluginId}"`,
          );
        }
        return {
          heading: section.heading,
          routes: sidebarRoutes(sidebar, permalinksById.get(section.docsPluginId) ?? new Map()),
        };
      });
      const landing = plugins
        .filter((plugin) => plugin.name === 'docusaurus-plugin-content-pages')
        .flatMap((plugin) => plugin.content as LoadedPages[])
        .map((page) => page.permalink)
        .sort();
      // Every doc, also one that is in no sidebar, gets its Markdown; llms.txt lists the sidebars' pages.
      const inSidebars = new Set(sections.flatMap((section) => section.routes));
      const elsewhere = [...sources.keys()].filter((route) => !inSidebars.has(route)).sort();
      const routes = [
        ...new Set([...sections.flatMap((section) => section.routes), ...elsewhere, ...landing]),
      ];

      const pages = new Map<string, PageMarkdown>();
      for (const route of routes) {
        const source = sources.get(route);
        let page: PageMarkdown;
        try {
          page = await pageToMarkdown(readFileSync(builtHtml(outDir, route), 'utf8'), {
            siteUrl,
            route,
            diagrams: source ? diagramsOf(context.siteDir, source) : [],
          });
        } catch (error) {
          throw new Error(
            `page-markdown: could not write the Markdown of ${route}: ${(error as Error).message}`,
          );
        }
        writeFileSync(path.join(outDir, markdownPath(route)), page.markdown);
        pages.set(route, page);
      }

      const converted = (route: string): PageMarkdown => {
        const page = pages.get(route);
        if (!page) throw new Error(`page-markdown: ${route} was not converted`);
        return page;
      };
      const entry = (route: string) => {
        const page = converted(route);
        const description = page.description.replace(/\s+/g, ' ').trim();
        return `- [${page.title.replace(/([[\]])/g, '\\$1')}](${siteUrl}${markdownPath(route)})${description ? `: ${description}` : ''}`;
      };
      const listed = [
        ...sections,
        ...(elsewhere.length > 0 ? [{heading: 'Other pages', routes: elsewhere}] : []),
        {heading: 'Optional', routes: landing},
      ];
      const heading = [`# ${siteConfig.title}`, `> ${options.summary.replace(/\s+/g, ' ').trim()}`];
      const index = [
        ...heading,
        `Every page is also served as Markdown at its address with \`.md\` added. ` +
          `All of them, in this order, are in [llms-full.txt](${siteUrl}${LLMS_FULL}).`,
        ...listed.map((section) => [`## ${section.heading}\n`, ...section.routes.map(entry)].join('\n')),
        ...(options.files.length > 0
          ? [
              [
                '## Downloads\n',
                ...options.files.map(
                  (file) => `- [${file.title}](${siteUrl}${file.path}): ${file.description}`,
                ),
              ].join('\n'),
            ]
          : []),
      ];
      const full = [
        `${heading.join('\n\n')}\n`,
        ...listed.flatMap((section) => section.routes.map((route) => converted(route).markdown)),
      ].join('\n');
      writeFileSync(path.join(outDir, LLMS_INDEX), `${index.join('\n\n')}\n`);
      writeFileSync(path.join(outDir, LLMS_FULL), full);
      console.log(
        `[page-markdown] ${pages.size} Markdown pages, llms.txt and llms-full.txt ` +
          `(${Math.round(Buffer.byteLength(full) / 1024)} KB) written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    },
  };
}
