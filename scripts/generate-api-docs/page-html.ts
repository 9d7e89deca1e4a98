/**
 * The bodies of the generated reference pages, turned from the page writer's Markdown into HTML
 * while `gen-api` runs, so that the build compiles a string where it compiled a tree of MDX.
 *
 * Why: what the page writer puts in a body (src/config/api-reference/page.ts) is Markdown with a
 * few elements (`div` and `span` with a class, for the field lists), the same for every page and
 * drawn by no component of the site. Compiled as MDX, each paragraph, list item and code span is a
 * JSX element of the page's module, which the bundler parses, compiles, minifies and keeps for the
 * client and the server, and React renders and hydrates. At ten times the content (600 operation
 * pages), the bundling took 100 s and peaked at 3.6 GB with the bodies as MDX, 47 s and 2.5 GB with
 * them as HTML (`docusaurus build`'s bundling alone, one run each).
 *
 * Two shapes:
 * - a current page (`bodyBlocks`) keeps as MDX what a component of the site draws: its headings
 *   (ids, anchor links, the search index's sections), its code blocks (highlighting, the copy
 *   button, the request panel of an `http` block), and the components the page writer writes
 *   there (the test delivery of an event); each run of Markdown between them becomes one
 *   `<GeneratedHtml html={…} />`. The body is cut at those lines before anything is parsed, and
 *   each run is converted once per process: most runs are the same on many pages (a shared
 *   response, its fields), and parsing was most of the conversion's time (at ten times the
 *   content, 48 of 58 ms a page when every body was parsed whole; 2 ms a page cut and remembered,
 *   with the same output for all 660 pages of both sizes);
 * - an earlier release's page (`bodyHtml`), read rarely and never changed, is HTML whole: headings
 *   get the ids Docusaurus would give them (its own slugger), code blocks the keyboard focus the
 *   site's code blocks have.
 *
 * The HTML is what the site's Markdown components render for the same Markdown: a link leaving the
 * site opens in a new tab (`target="_blank" rel="noopener noreferrer"`, as the theme's links do);
 * a link to a Markdown file, which only the MDX compiler turns into a route, stops the conversion.
 *
 * Each converted page is kept in `node_modules/.cache/gerai-page-html/` under the hash of what the
 * generator wrote, of the converting code, of the host tokens' values and of the lock file, so
 * that a page is converted once: `gen-api --force`, the development server's regeneration after an
 * edit (which rewrites a section's pages, most of them unchanged) and every copy the tests and
 * benchmarks make (they link the same `node_modules`) reuse it. `npm run clear` (`docusaurus clear`) empties the folder with the bundler's cache.
 */
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {createSlugger, type Slugger} from '@docusaurus/utils';
import {toHtml} from 'hast-util-to-html';
import type {Element, ElementContent, Root as HastRoot} from 'hast';
import type {Root as MdastRoot} from 'mdast';
import type {MdxJsxFlowElement, MdxJsxTextElement} from 'mdast-util-mdx-jsx';
import {toHast, type State} from 'mdast-util-to-hast';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import {unified} from 'unified';

import {jsxString} from '../../src/config/api-reference/mdx';
import {substituteTokens} from '../../src/remark/substitute-tokens';
import type {Target} from './layout';

/** The component that draws a block of HTML of a generated page (src/components/GeneratedHtml). */
export const HTML_COMPONENT = 'GeneratedHtml';
export const HTML_IMPORT = `import ${HTML_COMPONENT} from "@site/src/components/${HTML_COMPONENT}";`;

/** The elements the body may hold in its Markdown: what the page writer writes into it. */
const ALLOWED = new Set(['div', 'span']);

/** A `div` or `span` with a `className`, as a HTML element; anything else stops the conversion. */
function jsxElement(state: State, node: MdxJsxFlowElement | MdxJsxTextElement): Element {
  if (!node.name || !ALLOWED.has(node.name)) {
    throw new Error(`an element the page's body cannot hold as HTML: <${node.name ?? ''}>`);
  }
  const properties: Record<string, string[]> = {};
  for (const attribute of node.attributes) {
    if (
      attribute.type !== 'mdxJsxAttribute' ||
      attribute.name !== 'className' ||
      typeof attribute.value !== 'string'
    ) {
      throw new Error(`an attribute the page's body cannot hold as HTML, on <${node.name}>`);
    }
    properties.className = attribute.value.split(/\s+/).filter(Boolean);
  }
  return {
    type: 'element',
    tagName: node.name,
    properties,
    children: state.all(node) as ElementContent[],
  };
}

/** The text of an element, for its heading id. */
function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  return node.type === 'element' ? node.children.map(textOf).join('') : '';
}

/** A link the MDX compiler would have turned into a route: a Markdown file's path. */
const FILE_LINK = /^(?![a-z][a-z\d+.-]*:|\/\/)[^?#]*\.mdx?(?:[?#]|$)/i;

/**
 * Completes the elements as the site's components draw them: every heading gets the id Docusaurus
 * gives it (its text, slugged, numbered when repeated), every code block the keyboard focus of the
 * site's code blocks, and every link leaving the site a new tab.
 */
function completeElements(tree: HastRoot, slugger: Slugger): void {
  const visit = (node: HastRoot | Element) => {
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      if (/^h[1-6]$/.test(child.tagName))
        child.properties.id = slugger.slug(child.children.map(textOf).join(''));
      if (child.tagName === 'pre') child.properties.tabIndex = 0;
      if (child.tagName === 'a' && typeof child.properties.href === 'string') {
        const href = child.properties.href;
        if (FILE_LINK.test(href)) {
          throw new Error(`a link to a Markdown file (${href}): link to the page's route instead`);
        }
        if (/^https?:\/\//i.test(href)) {
          child.properties.target = '_blank';
          child.properties.rel = ['noopener', 'noreferrer'];
        }
      }
      visit(child);
    }
  };
  visit(tree);
}

const parser = unified().use(remarkParse).use(remarkMdx).use(remarkGfm);

/** The tree of a body of Markdown with the page writer's elements. */
const parse = (markdown: string) => parser.runSync(parser.parse(markdown)) as MdastRoot;

/**
 * The HTML of Markdown with the page writer's `div` and `span` elements; its headings are numbered
 * by `slugger`, which the headings of the page before it have used.
 */
function markdownHtml(markdown: string, slugger: Slugger = createSlugger()): string {
  const hast = toHast(parse(markdown), {
    handlers: {mdxJsxFlowElement: jsxElement, mdxJsxTextElement: jsxElement},
  }) as HastRoot;
  completeElements(hast, slugger);
  return toHtml(hast);
}

/** The line that opens a fenced code block, with its fence. */
const FENCE = /^(`{3,}|~{3,})/;
/** A line that stays MDX by itself: a heading, or a component or import the page writer wrote. */
const MDX_LINE = /^(?:#{1,6}(?:[ \t]|$)|<[A-Z]|import |export )/;

/**
 * The blocks of a body, in order: those that stay MDX (a heading, a fenced code block, a component
 * or import, each starting a line of its own, as the page writer writes them) and the runs of
 * Markdown between them. Cut by lines, not by a parse of the whole body, so that each run is
 * parsed on its own and a run met before (the same responses and fields on many pages) not again.
 */
function bodyParts(markdown: string): {mdx: boolean; text: string}[] {
  const lines = markdown.split('\n');
  const parts: {mdx: boolean; text: string}[] = [];
  let run: string[] = [];
  const endRun = () => {
    const text = run.join('\n').trim();
    if (text !== '') parts.push({mdx: false, text});
    run = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const fence = FENCE.exec(lines[i])?.[1];
    if (fence === undefined && !MDX_LINE.test(lines[i])) {
      run.push(lines[i]);
      continue;
    }
    endRun();
    let last = i;
    if (fence !== undefined) {
      // To the closing fence: the same character, at least as long, nothing after it.
      const closing = new RegExp(`^${fence[0]}{${fence.length},}[ \\t]*$`);
      while (last + 1 < lines.length && !closing.test(lines[last + 1])) last++;
      if (last + 1 >= lines.length) throw new Error(`a code block opened with ${fence} and never closed`);
      last++;
    } else if (lines[i].startsWith('<')) {
      // A component ends at the line that closes it, or at the end of its paragraph.
      while (!/\/?>\s*$/.test(lines[last]) && last + 1 < lines.length && lines[last + 1].trim() !== '')
        last++;
    }
    parts.push({mdx: true, text: lines.slice(i, last + 1).join('\n')});
    i = last;
  }
  endRun();
  return parts;
}

/** The HTML of the runs met in this process, by their Markdown. */
const runs = new Map<string, string>();

/**
 * The HTML of a run of Markdown, converted once per process. A heading nested in it (none that
 * the page writer writes: its headings start a line) is numbered within the run.
 */
function runHtml(markdown: string): string {
  let html = runs.get(markdown);
  if (html === undefined) {
    html = markdownHtml(markdown);
    runs.set(markdown, html);
  }
  return html;
}

/** An earlier release's body as HTML, whole: its headings numbered in order, as Docusaurus numbers them. */
export function bodyHtml(markdown: string): string {
  const slugger = createSlugger();
  return bodyParts(markdown)
    .map(({mdx, text}) => (mdx ? markdownHtml(text, slugger) : runHtml(text)))
    .join('\n');
}

/**
 * The longest run of Markdown written as a block of HTML; a longer one stays Markdown. The MDX
 * compiler reads a JSX attribute's expression in a time that grows with the square of its length:
 * a string of 80 KB takes 0.4 s, 320 KB 14 s, and the 820 KB field list of one operation of a
 * large public API (GitHub's) stopped the build's bundling for minutes. As Markdown, such a run
 * costs what any long page costs. The runs of the merchant API are under 15 KB of HTML.
 */
export const MAX_HTML_RUN = 24 * 1024;

/**
 * A current page's body as MDX again: its headings, code blocks and components as written, and
 * each run of Markdown between them as one block of HTML (up to MAX_HTML_RUN).
 */
export function bodyBlocks(markdown: string): string {
  return bodyParts(markdown)
    .map(({mdx, text}) =>
      mdx || text.length > MAX_HTML_RUN ? text : `<${HTML_COMPONENT} html=${jsxString(runHtml(text))} />`,
    )
    .join('\n\n');
}

/**
 * Where the head of a page the page writer wrote ends (src/config/api-reference/page.ts): after the
 * release switcher on a page of the merchant API; on a page of the sample's place, which has none,
 * after its method and path and, when it is deprecated, the warning that says so.
 */
function headEnd(page: string): number {
  const switcher = /^<ApiReleaseSwitcher .*\/>$/m.exec(page);
  if (switcher) return switcher.index + switcher[0].length;
  const endpoint = /^<ApiEndpoint .*\/>$/m.exec(page);
  if (!endpoint) throw new Error("the page writer wrote no method and path to end the page's head at");
  const end = endpoint.index + endpoint[0].length;
  const notice = /^\n\n:::warning\[Deprecated\]\n[\s\S]*?\n:::$/m.exec(page.slice(end));
  return notice?.index === 0 ? end + notice[0].length : end;
}

/**
 * A reference page as the page writer wrote it, cut where its body starts (headEnd), and written
 * again by `write` from its two parts: the head with the import of the HTML component added, and
 * the body with its host tokens (`@@PRODUCT@@`) replaced, since no Markdown plugin reads a string
 * of HTML.
 */
export function withBody(
  page: string,
  file: string,
  write: (parts: {head: string; body: string}) => string,
): string {
  const end = headEnd(page);
  return write({
    head: page.slice(0, end).replace(/^(import ApiEndpoint .*)$/m, `$1\n${HTML_IMPORT}`),
    body: substituteTokens(page.slice(end), undefined, file),
  });
}

const ROOT = path.resolve(__dirname, '..', '..');
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'gerai-page-html');

/**
 * What a conversion depends on besides the page: this file, the code it uses to write MDX and to
 * put the values of host tokens in (with the values, src/constants.ts), and the installed packages
 * (the lock file). A change of any converts every page again. Read at the first conversion, not
 * when a process that never converts loads this file.
 */
let converter: string | undefined;
const converterKey = () =>
  (converter ??= [
    __filename,
    path.join(ROOT, 'src', 'config', 'api-reference', 'mdx.ts'),
    path.join(ROOT, 'src', 'remark', 'substitute-tokens.ts'),
    path.join(ROOT, 'src', 'constants.ts'),
    path.join(ROOT, 'package-lock.json'),
  ]
    .reduce((hash, file) => hash.update(readFileSync(file)).update('\0'), createHash('sha256'))
    .digest('hex'));

/** The callers' own files, read once. */
const callers = new Map<string, string>();

/**
 * `convert()`, the conversion of a page as the generator wrote it, read from the cache when the
 * same page was converted before by the same code (converterKey, and `code`, the caller's own file).
 * A failure names the page's file.
 */
export function convertedPage(page: string, file: string, code: string, convert: () => string): string {
  if (!callers.has(code)) callers.set(code, readFileSync(code, 'utf8'));
  const key = createHash('sha256')
    .update(converterKey())
    .update('\0')
    .update(callers.get(code) ?? '')
    .update('\0')
    .update(page)
    .digest('hex');
  const cached = path.join(CACHE, `${key}.mdx`);
  if (existsSync(cached)) return readFileSync(cached, 'utf8');
  let converted: string;
  try {
    converted = convert();
  } catch (error) {
    throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`, {cause: error});
  }
  try {
    mkdirSync(CACHE, {recursive: true});
    // Written whole under another name first: a reader never sees half a page.
    const partial = `${cached}.${process.pid}`;
    writeFileSync(partial, converted);
    renameSync(partial, cached);
  } catch {
    // A cache that cannot be written (a read-only node_modules) only costs the next run its time.
  }
  return converted;
}

/**
 * Writes each operation page (`*.api.mdx`) of a target's folder in `staging` again, as `rewrite`
 * makes it from the page and its path in the repository.
 */
export function rewriteOperationPages(
  staging: string,
  target: Target,
  rewrite: (page: string, file: string) => string,
): void {
  const folder = path.join(staging, target.dir);
  for (const name of readdirSync(folder)) {
    if (!name.endsWith('.api.mdx')) continue;
    const file = path.join(folder, name);
    writeFileSync(file, rewrite(readFileSync(file, 'utf8'), path.join(target.dir, name)));
  }
}
