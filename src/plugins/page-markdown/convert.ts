/**
 * A built page's main content as clean Markdown: what a reader sees, without
 * the navigation, the buttons or the page's scripts. The HTML is the source
 * because every page is complete in it (reference pages included: see
 * src/api-reference/), whatever component wrote it.
 *
 * Docusaurus markup is rewritten into plain HTML first (code blocks, tabs,
 * admonitions, cards, the field lists of reference pages as tables), then
 * rehype-remark and remark-stringify write GitHub-flavoured Markdown.
 */
import type {Element, ElementContent, Root, RootContent} from 'hast';
import type {Root as MarkdownRoot} from 'mdast';
import {fromParse5} from 'hast-util-from-parse5';
import {select, selectAll} from 'hast-util-select';
import {parse} from 'parse5';
import rehypeRemark from 'rehype-remark';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import {unified} from 'unified';

export interface PageMarkdown {
  readonly title: string;
  readonly description: string;
  /** The page's canonical address, absolute. */
  readonly url: string;
  /** The Markdown file: front matter, then the body. */
  readonly markdown: string;
}

export interface ConvertOptions {
  /** The site's origin (`https://developer.gerai.example`): site-relative links and images are made absolute with it. */
  readonly siteUrl: string;
  /** The page's route (`/docs/docs/intro`), for the canonical address when the page names none. */
  readonly route: string;
  /** The source of each Mermaid diagram of the page, in order; the HTML holds an image or a placeholder. */
  readonly diagrams?: readonly string[];
}

/** What is not content: navigation, controls, the page's own scripts and styles. */
const NOT_CONTENT_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'button',
  'nav',
  'aside',
  'footer',
]);
const NOT_CONTENT_CLASSES = new Set([
  'hash-link',
  'theme-doc-toc-mobile',
  // A blog post's table of contents, beside its article.
  'table-of-contents',
  'theme-doc-sidebar-container',
  'theme-doc-footer',
  'pagination-nav',
]);

/** Whether an element is not content; marked `data-markdown="skip"` also counts (the page actions). */
function isNotContent(node: Element): boolean {
  return (
    NOT_CONTENT_TAGS.has(node.tagName) ||
    node.properties.dataMarkdown === 'skip' ||
    classNames(node).some((name) => NOT_CONTENT_CLASSES.has(name))
  );
}

function element(
  tagName: string,
  children: ElementContent[] = [],
  properties: Element['properties'] = {},
): Element {
  return {type: 'element', tagName, properties, children};
}

function text(value: string): ElementContent {
  return {type: 'text', value};
}

function classNames(node: Element): string[] {
  const value = node.properties.className;
  return Array.isArray(value) ? value.map(String) : String(value ?? '').split(/\s+/);
}

/** The text of a node as a reader sees it; `<br>` is a line break. */
function textOf(node: Root | RootContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element' && node.tagName === 'br') return '\n';
  if (node.type === 'element' || node.type === 'root') return node.children.map(textOf).join('');
  return '';
}

/** HTML comments (React writes `<!-- -->` between adjacent texts) are not content. */
function removeComments(parent: Root | Element): void {
  parent.children = parent.children.filter((child) => child.type !== 'comment');
  for (const child of parent.children) if (child.type === 'element') removeComments(child);
}

/**
 * Puts `replacement` (any number of nodes) in the place of `target`, a block
 * element: the element becomes a plain `<div>` holding them, which adds
 * nothing to the Markdown. Done in place, so no walk of the tree is needed.
 */
function replace(target: Element, replacement: ElementContent[]): void {
  target.tagName = 'div';
  target.properties = {};
  target.children = replacement;
}

/** Removes, in one walk, every element that is not content, with what it holds. */
function removeNotContent(parent: Root | Element): void {
  parent.children = parent.children.filter((child) => child.type !== 'element' || !isNotContent(child));
  for (const child of parent.children) if (child.type === 'element') removeNotContent(child);
}

/**
 * The elements of `node` that pass `test`, `node` itself included, in document order: what
 * hast-util-select's `selectAll` returns for a selector of one class or one tag name, in a
 * fraction of its time (its selector engine, run over every element of a page for each rewrite
 * below, was a sixth of a page's conversion).
 */
function elementsWhere(node: Root | Element, test: (element: Element) => boolean): Element[] {
  const found: Element[] = [];
  const walk = (current: Root | Element) => {
    if (current.type === 'element' && test(current)) found.push(current);
    for (const child of current.children) if (child.type === 'element') walk(child);
  };
  walk(node);
  return found;
}

/** The first element of `node` (itself included) that passes `test`, as hast-util-select's `select`. */
function firstWhere(node: Root | Element, test: (element: Element) => boolean): Element | undefined {
  if (node.type === 'element' && test(node)) return node;
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    const found = firstWhere(child, test);
    if (found) return found;
  }
  return undefined;
}

const withClass = (name: string) => (element: Element) => classNames(element).includes(name);
const withTag = (name: string) => (element: Element) => element.tagName === name;

function elementChildren(node: Element): Element[] {
  return node.children.filter((child): child is Element => child.type === 'element');
}

function codeBlock(language: string | undefined, code: string): Element {
  return element('pre', [
    element('code', [text(code)], language ? {className: [`language-${language}`]} : {}),
  ]);
}

/** Docusaurus code blocks: one `.token-line` per line, the language on the container, an optional title. */
function rewriteCodeBlocks(tree: Root): void {
  for (const container of elementsWhere(tree, withClass('theme-code-block'))) {
    const language = classNames(container)
      .find((name) => name.startsWith('language-'))
      ?.slice('language-'.length);
    const lines = elementsWhere(container, withClass('token-line'));
    const pre = firstWhere(container, withTag('pre'));
    const code =
      lines.length > 0
        ? lines.map((line) => textOf(line).replace(/\n$/, '')).join('\n')
        : pre
          ? textOf(pre)
          : '';
    const title = elementChildren(container).find((child) =>
      classNames(child).some((name) => name.startsWith('codeBlockTitle')),
    );
    replace(container, [
      ...(title ? [element('p', [element('code', [text(textOf(title).trim())])])] : []),
      codeBlock(language, code.replace(/\n+$/, '')),
    ]);
  }
}

/** A Mermaid diagram is an image, or a placeholder for one drawn in the browser: its source comes from the page. */
function rewriteDiagrams(tree: Root, diagrams: readonly string[]): void {
  elementsWhere(tree, (element) => element.properties.dataDiagram != null).forEach((placeholder, index) => {
    const source = diagrams[index];
    replace(placeholder, source === undefined ? [] : [codeBlock('mermaid', source.trim())]);
  });
}

/** Tabs: every panel in turn, under its tab's label. */
function rewriteTabs(tree: Root): void {
  for (const tabs of elementsWhere(tree, withClass('tabs-container'))) {
    const labels = selectAll('[role="tab"]', tabs).map((tab) => textOf(tab).trim());
    const panels = selectAll('[role="tabpanel"]', tabs);
    replace(
      tabs,
      panels.flatMap((panel, index) => [
        element('p', [element('strong', [text(labels[index] ?? `Tab ${index + 1}`)])]),
        ...panel.children,
      ]),
    );
  }
}

/** Admonitions: a block quote that starts with the kind ("Note", "Warning") in bold. */
function rewriteAdmonitions(tree: Root): void {
  for (const admonition of elementsWhere(tree, withClass('theme-admonition'))) {
    const [heading, content] = elementChildren(admonition);
    const label = heading ? textOf(heading).trim() : '';
    const kind = label ? `${label.charAt(0).toUpperCase()}${label.slice(1)}:` : '';
    replace(admonition, [
      element('blockquote', [
        ...(kind ? [element('p', [element('strong', [text(kind)])])] : []),
        ...(content ? content.children : []),
      ]),
    ]);
  }
}

/** The cards of a category page (`section > article > a.card`): a list of links, each with its description. */
function rewriteCards(tree: Root): void {
  for (const section of elementsWhere(tree, withTag('section'))) {
    const cards = selectAll('a.card', section);
    if (cards.length === 0) continue;
    const items = cards.map((card) => {
      const title = firstWhere(card, withClass('theme-doc-card-title')) ?? firstWhere(card, withTag('h2'));
      const description = firstWhere(card, withClass('theme-doc-card-description'));
      return element('li', [
        element('a', [text(textOf(title ?? card).trim())], {href: card.properties.href}),
        ...(description ? [text(`: ${textOf(description).trim()}`)] : []),
      ]);
    });
    replace(section, [element('ul', items)]);
  }
}

/** The method and path line of a reference page: `**PUT** `/path``. */
function rewriteEndpoints(tree: Root): void {
  for (const endpoint of elementsWhere(tree, withClass('api-endpoint'))) {
    const method = firstWhere(endpoint, withClass('badge'));
    const path = firstWhere(endpoint, withTag('code'));
    replace(endpoint, [
      element('p', [
        element('strong', [text(method ? textOf(method).trim() : '')]),
        text(' '),
        element('code', [text(path ? textOf(path) : '')]),
      ]),
    ]);
  }
}

interface FieldRow {
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  readonly description: ElementContent[];
}

/**
 * The rows of a field list: each field, then its nested fields, named by
 * their path (`items[].price`), so nested fields read as rows of one table.
 */
function fieldRows(list: Element, prefix: string): FieldRow[] {
  return elementChildren(list)
    .filter((item) => item.tagName === 'li')
    .flatMap((item) => {
      const [titleLine, ...rest] = elementChildren(item);
      if (!titleLine) return [];
      const name = textOf(firstWhere(titleLine, withTag('code')) ?? titleLine).trim();
      const typeNode = firstWhere(titleLine, withClass('api-field__type'));
      const type = typeNode ? textOf(typeNode).trim() : '';
      const required = Boolean(firstWhere(titleLine, withClass('api-field__required')));
      const flags = textOf(titleLine)
        .replace(name, '')
        .replace(type, '')
        .replace(/\brequired\b/, '')
        .replace(/\s+/g, ' ')
        .trim();
      const nested = rest.filter(
        (child) => child.tagName === 'ul' || classNames(child).includes('api-fields'),
      );
      const description = rest
        .filter((child) => !nested.includes(child))
        .flatMap((child, index) => [...(index > 0 ? [text(' ')] : []), ...child.children]);
      const childPrefix = `${prefix}${name}${type.startsWith('array') ? '[]' : ''}.`;
      return [
        {name: `${prefix}${name}`, type: flags ? `${type} (${flags})` : type, required, description},
        ...nested.flatMap((child) =>
          fieldRows(
            child.tagName === 'ul' ? child : (firstWhere(child, withTag('ul')) ?? child),
            childPrefix,
          ),
        ),
      ];
    });
}

/** The field lists of reference pages (`.api-fields`): one table each, nested fields as rows. */
function rewriteFieldLists(tree: Root): void {
  for (const fields of elementsWhere(tree, withClass('api-fields'))) {
    const list = firstWhere(fields, withTag('ul'));
    if (!list) continue;
    const rows = fieldRows(list, '');
    const cell = (tag: string, children: ElementContent[]) => element(tag, children);
    replace(fields, [
      element('table', [
        element('thead', [
          element(
            'tr',
            ['Name', 'Type', 'Required', 'Description'].map((label) => cell('th', [text(label)])),
          ),
        ]),
        element(
          'tbody',
          rows.map((row) =>
            element('tr', [
              cell('td', [element('code', [text(row.name)])]),
              cell('td', [text(row.type)]),
              cell('td', [text(row.required ? 'yes' : 'no')]),
              cell('td', row.description),
            ]),
          ),
        ),
      ]),
    ]);
  }
}

/** Site-relative links and images made absolute, so the Markdown reads the same anywhere. */
function absoluteAddresses(tree: Root, siteUrl: string): void {
  for (const node of selectAll('a[href], img[src]', tree)) {
    const key = node.tagName === 'a' ? 'href' : 'src';
    const value = String(node.properties[key]);
    if (value.startsWith('/') && !value.startsWith('//')) node.properties[key] = `${siteUrl}${value}`;
  }
}

function metaContent(tree: Root, selector: string): string | undefined {
  const node = select(selector, tree);
  const value = node?.properties.content ?? node?.properties.href;
  return value === undefined || value === null ? undefined : String(value);
}

/** A YAML scalar: a JSON string is a valid double-quoted YAML string. */
function yamlString(value: string): string {
  return JSON.stringify(value);
}

const SITE_TITLE_SUFFIX = /\s*\|[^|]*$/;

/**
 * The page's HTML as a hast tree. parse5 (the HTML standard's parser: the build's HTML leaves out
 * optional end tags, `</td>` or `</thead>`, which only a parser of the standard closes where a
 * browser does) without the source positions that rehype-parse always asks it for: nothing here
 * reads them, and a page converted without them takes a fifth less time (on the pages of the
 * ten-times copy; the same Markdown on every page).
 */
function readPage(html: string): Root {
  return fromParse5(parse(html)) as Root;
}

/** Converts one built page; returns its title, description, address and Markdown. */
export async function pageToMarkdown(html: string, options: ConvertOptions): Promise<PageMarkdown> {
  const tree = readPage(html);
  const description = metaContent(tree, 'meta[name="description"]') ?? '';
  const url = metaContent(tree, 'link[rel="canonical"]') ?? `${options.siteUrl}${options.route}`;
  const content =
    firstWhere(tree, withClass('theme-doc-markdown')) ??
    select('#__docusaurus_skipToContent_fallback', tree) ??
    firstWhere(tree, withTag('main'));
  if (!content) throw new Error(`${options.route}: the page has no main content`);

  const root: Root = {type: 'root', children: [content]};
  removeNotContent(root);
  removeComments(root);
  rewriteDiagrams(root, options.diagrams ?? []);
  rewriteCodeBlocks(root);
  rewriteTabs(root);
  rewriteAdmonitions(root);
  rewriteCards(root);
  rewriteEndpoints(root);
  rewriteFieldLists(root);
  absoluteAddresses(root, options.siteUrl);

  const heading = firstWhere(root, withTag('h1'));
  const pageTitle = firstWhere(tree, withTag('title'));
  const title = heading
    ? textOf(heading).trim()
    : (pageTitle ? textOf(pageTitle) : options.route).replace(SITE_TITLE_SUFFIX, '').trim();
  if (!heading) root.children.unshift(element('h1', [text(title)]));

  const mdast = (await unified().use(rehypeRemark).run(root)) as MarkdownRoot;
  const body = unified()
    .use(remarkGfm, {tablePipeAlign: false})
    .use(remarkStringify, {bullet: '-', fences: true, rule: '-', listItemIndent: 'one', emphasis: '_'})
    .stringify(mdast)
    .replace(/\u200b/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

  const frontMatter = [
    '---',
    `title: ${yamlString(title)}`,
    `description: ${yamlString(description)}`,
    `canonical_url: ${yamlString(url)}`,
    '---',
  ].join('\n');
  return {title, description, url, markdown: `${frontMatter}\n\n${body}\n`};
}
