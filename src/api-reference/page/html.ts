/**
 * The bodies of the generated reference pages, turned from the page writer's Markdown into HTML
 * while `gen-api` runs, so that the build compiles a string where it compiled a tree of MDX.
 *
 * Why: what the page writer puts in a body (src/api-reference/page/markdown.ts) is Markdown with a
 * few elements (`div` and `span` with a class, for the field lists), the same for every page and
 * drawn by no component of the site. Compiled as MDX, each paragraph, list item and code span is a
 * JSX element of the page's module, which the bundler parses, compiles, minifies and keeps for the
 * client and the server, and React renders and hydrates. As HTML, the bundling takes less than
 * half the time and a much lower peak at ten times the content (bench/scale/results.json has the
 * bundling stage's time and peak).
 *
 * Two shapes:
 * - a current page (`bodyBlocks`) keeps as MDX what a component of the site draws: its headings
 *   (ids, anchor links, the search index's sections), its code blocks (highlighting, the copy
 *   button, the request panel of an `http` block), and the components the page writer writes
 *   there (the test delivery of an event); each run of Markdown between them becomes one
 *   `<GeneratedHtml html={…} />`. The body is cut at those lines before anything is parsed, and
 *   each run is converted once per process: most runs are the same on many pages (a shared
 *   response, its fields), and parsing was most of the conversion's time when every body was
 *   parsed whole (the output is the same, compared on every page at 1x and ten times);
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
import {existsSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {createSlugger, type Slugger} from '@docusaurus/utils';
import MarkdownIt, {type Options} from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';

import {jsxString} from './mdx';
import {substituteTokens} from '../../remark/substitute-tokens';
import {cacheFolder, codeHash, keepInCache} from '../../config/build-cache';
import {blocksFile, type Target} from '../layout';

/** The component that draws a block of HTML of a generated page (src/components/GeneratedHtml). */
export const HTML_COMPONENT = 'GeneratedHtml';
export const HTML_IMPORT = `import ${HTML_COMPONENT} from "@site/src/components/${HTML_COMPONENT}";`;

/** The elements the body may hold in its Markdown: what the page writer writes into it. */
const ALLOWED = new Set(['div', 'span']);
/** A tag in a piece of HTML, with its name and what follows the name. */
const TAG = /<\/?([A-Za-z][\w.:-]*)([^>]*)>/g;

/**
 * A piece of the page writer's HTML as the browser reads it: each tag a `div` or `span`, with no
 * attribute but a `className`, which becomes `class` (the page writer writes the JSX attribute,
 * which MDX reads), and, on a `span`, an `id` after it (the anchor of a schema's fields that a
 * long page links to where the schema recurs). Anything else stops the conversion.
 */
function writerHtml(html: string): string {
  return html.replace(TAG, (tag, name: string, rest: string) => {
    if (!ALLOWED.has(name)) throw new Error(`an element the page's body cannot hold as HTML: <${name}>`);
    const attributes = rest.replace(/\/$/, '').trim();
    const allowed = name === 'span' ? /^className="[^"]*"(?: id="[\w-]+")?$/ : /^className="[^"]*"$/;
    if (attributes !== '' && !allowed.test(attributes)) {
      throw new Error(`an attribute the page's body cannot hold as HTML, on <${name}>`);
    }
    return tag.replace(/^(<\w+) className=/, '$1 class=');
  });
}

/** A link the MDX compiler would have turned into a route: a Markdown file's path. */
const FILE_LINK = /^(?![a-z][a-z\d+.-]*:|\/\/)[^?#]*\.mdx?(?:[?#]|$)/i;

/** What a conversion carries from its caller: the slugger that numbers its headings. */
interface Env {
  readonly slugger: Slugger;
}

/**
 * The converter: CommonMark with GitHub's tables, strikethrough and bare links, as MDX reads the
 * page writer's Markdown (with remark-gfm): no indented code blocks (MDX has none; a description's
 * indented line is a paragraph), the page writer's elements passed through (writerHtml), and the
 * elements completed as the site's components draw them: every heading with the id Docusaurus
 * gives it (its text, slugged, numbered when repeated), every code block with the keyboard focus of
 * the site's code blocks, every link leaving the site opening a new tab.
 *
 * Why markdown-it and not the MDX compiler's own parser (remark): the same HTML, an order of
 * magnitude faster, which a description of a thousand operations needs.
 */
const markdownIt = new MarkdownIt('default', {html: true, linkify: true}).disable('code');
markdownIt.core.ruler.push('heading_ids', (state) => {
  const {slugger} = state.env as Env;
  state.tokens.forEach((token, index) => {
    if (token.type !== 'heading_open') return;
    const text = (state.tokens[index + 1]?.children ?? [])
      .filter((child) => child.type === 'text' || child.type === 'code_inline')
      .map((child) => child.content)
      .join('');
    token.attrSet('id', slugger.slug(text));
  });
});
const rules = markdownIt.renderer.rules;
const renderToken = (tokens: Token[], index: number, options: Options) =>
  markdownIt.renderer.renderToken(tokens, index, options);
rules.html_block = (tokens, index) => writerHtml(tokens[index].content);
rules.html_inline = (tokens, index) => writerHtml(tokens[index].content);
rules.link_open = (tokens, index, options) => {
  const link = tokens[index];
  const href = link.attrGet('href') ?? '';
  if (FILE_LINK.test(href)) {
    throw new Error(`a link to a Markdown file (${href}): link to the page's route instead`);
  }
  if (/^https?:\/\//i.test(href)) {
    link.attrSet('target', '_blank');
    link.attrSet('rel', 'noopener noreferrer');
  }
  return renderToken(tokens, index, options);
};
const fence = rules.fence;
rules.fence = (...args) => (fence?.(...args) ?? '').replace(/^<pre>/, '<pre tabindex="0">');

/**
 * The HTML of Markdown with the page writer's `div` and `span` elements; its headings are numbered
 * by `slugger`, which the headings of the page before it have used.
 */
function markdownHtml(markdown: string, slugger: Slugger = createSlugger()): string {
  return markdownIt.render(markdown, {slugger} satisfies Env).trimEnd();
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
 * The longest block of HTML written into the page itself; a longer one is written into a file
 * beside it (blocksFile), which the page imports. The MDX compiler reads a JSX attribute's
 * expression in a time that grows with the square of its length (one operation of GitHub's
 * description has a field list of hundreds of kilobytes), and compiled as Markdown such a run is
 * a tree of thousands of JSX elements; the bundler reads a JSON file in linear time. The merchant
 * API's runs stay in their pages.
 */
export const MAX_HTML_RUN = 24 * 1024;

/** The name a page imports its long blocks of HTML under. */
const BLOCKS = 'generatedBlocks';

/** A page as the build reads it, with the long blocks of HTML to write beside it (blocksFile). */
export interface ConvertedPage {
  readonly page: string;
  readonly blocks: readonly string[];
  /** The pages of the operation's nested fields, each by its file's name in the same folder. */
  readonly fieldsPages?: readonly (ConvertedPage & {readonly name: string})[];
}

/**
 * A current page's body as MDX again: its headings, code blocks and components as written, and
 * each run of Markdown between them as one block of HTML, in the page up to MAX_HTML_RUN and
 * beyond it in `blocks`, which `import` (a line for the page's head) reads from `blocksFile(file)`.
 */
export function bodyBlocks(markdown: string, file: string): {body: string; blocks: string[]; import: string} {
  const blocks: string[] = [];
  const body = bodyParts(markdown)
    .map(({mdx, text}) => {
      if (mdx) return text;
      const html = runHtml(text);
      if (html.length <= MAX_HTML_RUN) return `<${HTML_COMPONENT} html=${jsxString(html)} />`;
      blocks.push(html);
      return `<${HTML_COMPONENT} html={${BLOCKS}[${blocks.length - 1}]} />`;
    })
    .join('\n\n');
  const imported = blocks.length === 0 ? '' : `import ${BLOCKS} from "./${path.basename(blocksFile(file))}";`;
  return {body, blocks, import: imported};
}

/**
 * Where the head of a page the page writer wrote ends (src/api-reference/page/markdown.ts): after the
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
 * A reference page as the page writer wrote it, cut where its body starts (headEnd), in its two
 * parts: the head with the import of the HTML component added, and the body with its host tokens
 * (`@@PRODUCT@@`) replaced, since no Markdown plugin reads a string of HTML.
 */
export function pageParts(page: string, file: string): {head: string; body: string} {
  const end = headEnd(page);
  return {
    head: page.slice(0, end).replace(/^(import ApiEndpoint .*)$/m, `$1\n${HTML_IMPORT}`),
    body: substituteTokens(page.slice(end), undefined, file),
  };
}

const ROOT = path.resolve(__dirname, '..', '..', '..');
const CACHE = cacheFolder('gerai-page-html');

/**
 * What a conversion depends on besides the page: this file, the code it uses to write MDX and to
 * put the values of host tokens in (with the values, src/constants.ts), and the installed packages
 * (the lock file). A change of any converts every page again. Read at the first conversion, not
 * when a process that never converts loads this file.
 */
let converter: string | undefined;
const converterKey = () =>
  (converter ??= codeHash([
    __filename,
    path.join(__dirname, 'mdx.ts'),
    path.join(ROOT, 'src', 'remark', 'substitute-tokens.ts'),
    path.join(ROOT, 'src', 'constants.ts'),
  ]));

/** The callers' own files, read once. */
const callers = new Map<string, string>();

/**
 * `convert()`, the conversion of a page as the generator wrote it, read from the cache when the
 * same page was converted before by the same code (converterKey, and `code`, the caller's own file).
 * A failure names the page's file.
 */
export function convertedPage(
  page: string,
  file: string,
  code: string,
  convert: () => ConvertedPage,
): ConvertedPage {
  if (!callers.has(code)) callers.set(code, readFileSync(code, 'utf8'));
  const key = createHash('sha256')
    .update(converterKey())
    .update('\0')
    .update(callers.get(code) ?? '')
    .update('\0')
    .update(page)
    .digest('hex');
  const cached = path.join(CACHE, `${key}.json`);
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8')) as ConvertedPage;
  let converted: ConvertedPage;
  try {
    converted = convert();
  } catch (error) {
    throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`, {cause: error});
  }
  keepInCache(cached, JSON.stringify(converted));
  return converted;
}

/**
 * Writes each operation page (`*.api.mdx`) of a target's folder in `staging` again, as `rewrite`
 * makes it from the page and its path in the repository, with its long blocks of HTML beside it,
 * and the pages of its nested fields beside it too.
 */
export function rewriteOperationPages(
  staging: string,
  target: Target,
  rewrite: (page: string, file: string) => ConvertedPage,
): void {
  const folder = path.join(staging, target.dir);
  for (const name of readdirSync(folder)) {
    if (!name.endsWith('.api.mdx')) continue;
    const file = path.join(folder, name);
    const {page, blocks, fieldsPages = []} = rewrite(readFileSync(file, 'utf8'), path.join(target.dir, name));
    for (const each of [{name, page, blocks}, ...fieldsPages]) {
      const written = path.join(folder, each.name);
      writeFileSync(written, each.page);
      if (each.blocks.length > 0) writeFileSync(blocksFile(written), JSON.stringify(each.blocks));
    }
  }
}
