import {createHash} from 'node:crypto';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';

import type {Code, Paragraph, Root} from 'mdast';
import type {} from 'mdast-util-mdx-jsx';
import {SKIP, visit} from 'unist-util-visit';

/**
 * Mermaid diagrams drawn once, ahead of the build, into SVG files (see
 * scripts/diagrams.mjs, `npm run diagrams`), and shown as images: a page with a
 * diagram loads no diagram library and draws nothing in the browser.
 *
 * Each diagram has one drawing in DIAGRAMS_DIR, named after a hash of its
 * source and of how it is drawn (DIAGRAM_OPTIONS and the Mermaid version); the
 * site is light only (themeConfig.colorMode), so it is drawn in Mermaid's
 * default theme, as the browser would. A diagram without its drawing (a new or
 * edited one in `npm start`) stays a code block, which the theme draws in the
 * browser; tests/unit/diagrams.test.mjs fails until it is drawn.
 */

/** Where the drawings are kept, from the site's folder. */
export const DIAGRAMS_DIR = 'diagrams';

/** The folders whose Markdown and MDX files may hold diagrams. */
export const CONTENT_DIRS = ['docs', 'api', 'blog', 'changelog', 'src/pages'] as const;

/**
 * Mermaid's options, in the browser (themeConfig.mermaid.options) and for the
 * drawings alike: labels are measured when the diagram is drawn, so they are
 * set in fonts that have the same widths on every system that has one of them.
 */
export const DIAGRAM_OPTIONS = {
  theme: 'default',
  fontFamily: 'Arial, "Liberation Sans", Helvetica, sans-serif',
} as const;

const mermaidVersions = new Map<string, string>();

function mermaidVersion(siteDir: string): string {
  let version = mermaidVersions.get(siteDir);
  if (version === undefined) {
    const manifest = path.join(siteDir, 'node_modules', 'mermaid', 'package.json');
    version = (JSON.parse(readFileSync(manifest, 'utf8')) as {version: string}).version;
    mermaidVersions.set(siteDir, version);
  }
  return version;
}

/** The name of a diagram's drawing: it changes with the diagram's source, the options and Mermaid's version. */
export function diagramKey(source: string, siteDir: string): string {
  return createHash('sha256')
    .update(JSON.stringify([source.trim(), DIAGRAM_OPTIONS, mermaidVersion(siteDir)]))
    .digest('hex')
    .slice(0, 16);
}

export function diagramFile(key: string): string {
  return `${key}.svg`;
}

/** A diagram's `accTitle` and `accDescr` (one-line form), which its image's alternative text is made of. */
export function diagramText(source: string): {title?: string; description?: string} {
  const line = (name: string) => new RegExp(`^\\s*${name}\\s*:\\s*(.+?)\\s*$`, 'm').exec(source)?.[1];
  return {title: line('accTitle'), description: line('accDescr')};
}

export function diagramAlt(source: string): string {
  const {title, description} = diagramText(source);
  return [title, description].filter(Boolean).join('. ');
}

/** The diagrams of a Markdown or MDX text: what each fenced `mermaid` block holds, and its line. */
export function diagramsIn(text: string): {source: string; line: number}[] {
  return [...text.matchAll(/^```mermaid[^\n]*\n([\s\S]*?)^```/gm)].map((match) => ({
    source: match[1].replace(/\n$/, ''),
    line: text.slice(0, match.index).split('\n').length,
  }));
}

export interface ContentDiagram {
  readonly source: string;
  /** The file that holds it, and the line of its fence, for messages: `docs/a.mdx:12`. */
  readonly where: string;
  readonly file: string;
  readonly key: string;
}

/** Every diagram of the site's content (CONTENT_DIRS), in file order. */
export function contentDiagrams(siteDir: string): ContentDiagram[] {
  return CONTENT_DIRS.flatMap((dir) => {
    const folder = path.join(siteDir, dir);
    if (!existsSync(folder)) return [];
    return readdirSync(folder, {recursive: true, encoding: 'utf8'})
      .filter((name) => /\.mdx?$/.test(name))
      .sort()
      .flatMap((name) => {
        const file = path.join(folder, name);
        return diagramsIn(readFileSync(file, 'utf8')).map(({source, line}) => ({
          source,
          where: `${path.posix.join(dir, name.split(path.sep).join('/'))}:${line}`,
          file,
          key: diagramKey(source, siteDir),
        }));
      });
  });
}

interface Options {
  siteDir: string;
}

/**
 * Remark plugin, to run before Docusaurus's own (`beforeDefaultRemarkPlugins`):
 * turns each `mermaid` code block that has its drawing into a `Diagram`
 * (src/components/Diagram) holding it as a Markdown image, linked to itself.
 * Docusaurus then bundles the drawing like any image of a page, with its width
 * and height, and the link to the same file.
 */
export default function remarkDiagrams({siteDir}: Options) {
  const folder = path.join(siteDir, DIAGRAMS_DIR);
  return (tree: Root, file: {path?: string}) => {
    const from = path.dirname(file.path ?? path.join(siteDir, 'page.mdx'));
    visit(tree, 'code', (node: Code, index, parent) => {
      if (node.lang !== 'mermaid' || !parent || index === undefined) return undefined;
      const key = diagramKey(node.value, siteDir);
      const drawing = path.join(folder, diagramFile(key));
      if (!existsSync(drawing)) return undefined;
      const url = path.relative(from, drawing).split(path.sep).join('/');
      // The image links to itself at full size, for a reader who wants to zoom into a large diagram.
      const image: Paragraph = {
        type: 'paragraph',
        children: [{type: 'link', url, children: [{type: 'image', alt: diagramAlt(node.value), url}]}],
      };
      parent.children[index] = {
        type: 'mdxJsxFlowElement',
        name: 'Diagram',
        attributes: [],
        children: [image],
      };
      return SKIP;
    });
  };
}
