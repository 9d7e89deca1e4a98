/**
 * Writes, once the site is built:
 *
 * - `<route>.md` beside every docs, reference and landing page, blog post and changelog entry
 *   (not beside the lists of posts, their tag pages and archives): front matter
 *   (title, description, canonical address), then the page's content as
 *   Markdown, converted from its built HTML (./convert.ts) in worker threads,
 *   one per core (./workers.ts);
 * - `/llms.txt` (https://llmstxt.org): the site's title, a summary, where the MCP server answers, then one
 *   section per sidebar, one per blog instance (its posts, newest first), (and the landing pages and the earlier releases' index, as
 *   "Optional"), each page a
 *   link to its Markdown with its description (src/config/llms.ts says
 *   which sidebars and downloads);
 * - `/llms-full.txt`: every page's Markdown, in the same order, copied from
 *   the files just written, so no page is held in memory longer than it is
 *   converted.
 *
 * A page that cannot be converted stops the build with its route.
 */
import {closeSync, openSync, readFileSync, writeFileSync, writeSync} from 'node:fs';
import path from 'node:path';

import type {LoadContext, Plugin} from '@docusaurus/types';

import {LLMS_LISTING as options} from '../../config/llms';
import {LLMS_FULL, LLMS_INDEX, markdownPath} from '../../config/page-markdown';
import {diagramsIn} from '../../remark/diagrams';
import {substituteTokens} from '../../remark/substitute-tokens';
import {convertPages, threadCount} from './workers';
import type {PageSummary} from './write-page';

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

interface LoadedBlog {
  blogPosts: {metadata: {permalink: string; source: string}}[];
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

/** Writes all of `bytes` at the end of the open file `fd`; returns how many that is. */
function writeAll(fd: number, bytes: Buffer): number {
  for (let written = 0; written < bytes.length;) {
    written += writeSync(fd, bytes, written, bytes.length - written);
  }
  return bytes.length;
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
      const blogs = options.blogs.map((blog) => {
        const plugin = plugins.find(
          (candidate) =>
            candidate.name === 'docusaurus-plugin-content-blog' && candidate.options.id === blog.blogPluginId,
        );
        if (!plugin) throw new Error(`page-markdown: no blog plugin "${blog.blogPluginId}"`);
        const posts = (plugin.content as LoadedBlog).blogPosts.map((post) => post.metadata);
        for (const post of posts) sources.set(post.permalink, post.source);
        return {heading: blog.heading, routes: posts.map((post) => post.permalink)};
      });
      const blogRoutes = new Set(blogs.flatMap((blog) => blog.routes));
      const landing = plugins
        .filter((plugin) => plugin.name === 'docusaurus-plugin-content-pages')
        .flatMap((plugin) => plugin.content as LoadedPages[])
        .map((page) => page.permalink)
        .sort();
      // Every doc, also one that is in no sidebar, gets its Markdown; llms.txt lists the sidebars' pages.
      // The docs of an unlisted instance are listed by their index page alone.
      const unlisted = new Set(
        options.unlistedDocs.flatMap((id) => [...(permalinksById.get(id)?.values() ?? [])]),
      );
      const unlistedIndexes = options.unlistedDocs.flatMap(
        (id) => permalinksById.get(id)?.get('index') ?? [],
      );
      const inSidebars = new Set(sections.flatMap((section) => section.routes));
      const elsewhere = [...sources.keys()]
        .filter((route) => !inSidebars.has(route) && !unlisted.has(route) && !blogRoutes.has(route))
        .sort();
      const routes = [
        ...new Set([
          ...sections.flatMap((section) => section.routes),
          ...elsewhere,
          ...blogRoutes,
          ...landing,
          ...[...unlisted].sort(),
        ]),
      ];

      const threads = threadCount(routes.length);
      const pages = await convertPages(
        routes.map((route) => {
          const source = sources.get(route);
          return {route, diagrams: source ? diagramsOf(context.siteDir, source) : []};
        }),
        {outDir, siteUrl},
        threads,
      );

      const converted = (route: string): PageSummary => {
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
        ...blogs.filter((blog) => blog.routes.length > 0),
        {heading: 'Optional', routes: [...landing, ...unlistedIndexes]},
      ];
      const heading = [
        `# ${siteConfig.title}`,
        `> ${options.summary.replace(/\s+/g, ' ').trim()}`,
        ...options.preamble(siteUrl),
      ];
      const index = [
        ...heading,
        'Every page listed below, and every page of an earlier release of the reference, is also served as ' +
          'Markdown at its address with `.md` added; the lists of blog posts and changelog entries, their tag ' +
          'pages and archives are not. ' +
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
      writeFileSync(path.join(outDir, LLMS_INDEX), `${index.join('\n\n')}\n`);
      // Every page's Markdown after the heading, each after a line break, read back one at a time.
      const full = openSync(path.join(outDir, LLMS_FULL), 'w');
      let fullBytes = 0;
      try {
        fullBytes += writeAll(full, Buffer.from(`${heading.join('\n\n')}\n`));
        for (const route of listed.flatMap((section) => section.routes)) {
          fullBytes += writeAll(full, Buffer.from('\n'));
          fullBytes += writeAll(full, readFileSync(path.join(outDir, markdownPath(route))));
        }
      } finally {
        closeSync(full);
      }
      console.log(
        `[page-markdown] ${pages.size} Markdown pages, llms.txt and llms-full.txt ` +
          `(${Math.round(fullBytes / 1024)} KB) written in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
          `(${threads} threads)`,
      );
    },
  };
}
