/**
 * The body of an earlier release's reference page, turned from the page writer's MDX into HTML
 * while `gen-api` runs, so that the build compiles one string for it instead of a page of MDX.
 *
 * Why: an earlier release is read, rarely, and never changes; compiled as MDX, each of its pages
 * cost the build as much as a current one (at ten times the content, two releases of about sixty
 * pages each added 49 s and 390 MB to `npm run build`, `npm run bench:scale`). As HTML, a page is
 * one string in its module. What the page writer puts in the body is Markdown with a few elements
 * (`div` and `span` with a class, for the field lists); the components it writes above the body
 * (method and path, the notes, the release switcher) stay MDX, drawn by the site's components.
 * Headings get the ids Docusaurus gives them (its own slugger), so anchors and the search index's
 * sections are the same.
 */
import {createSlugger} from '@docusaurus/utils';
import {toHtml} from 'hast-util-to-html';
import type {Element, ElementContent, Root as HastRoot} from 'hast';
import type {Root as MdastRoot} from 'mdast';
import type {MdxJsxFlowElement, MdxJsxTextElement} from 'mdast-util-mdx-jsx';
import type {State} from 'mdast-util-to-hast';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import {unified} from 'unified';

/** The elements the body may hold: what the page writer writes into it (src/config/api-reference/schema.ts). */
const ALLOWED = new Set(['div', 'span']);

/** A `div` or `span` with a `className`, as a HTML element; anything else stops the conversion. */
function jsxElement(state: State, node: MdxJsxFlowElement | MdxJsxTextElement): Element {
  if (!node.name || !ALLOWED.has(node.name)) {
    throw new Error(`an element the release's page body cannot hold: <${node.name ?? ''}>`);
  }
  const properties: Record<string, string[]> = {};
  for (const attribute of node.attributes) {
    if (
      attribute.type !== 'mdxJsxAttribute' ||
      attribute.name !== 'className' ||
      typeof attribute.value !== 'string'
    ) {
      throw new Error(`an attribute the release's page body cannot hold, on <${node.name}>`);
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

/**
 * Gives every heading the id Docusaurus gives it (its text, slugged, numbered when repeated), and
 * every code block the keyboard focus the site's code blocks have, so that a keyboard can scroll a
 * long line.
 */
function completeElements(tree: HastRoot): void {
  const slugger = createSlugger();
  const visit = (node: HastRoot | Element) => {
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      if (/^h[1-6]$/.test(child.tagName))
        child.properties.id = slugger.slug(child.children.map(textOf).join(''));
      if (child.tagName === 'pre') child.properties.tabIndex = 0;
      visit(child);
    }
  };
  visit(tree);
}

const parser = unified().use(remarkParse).use(remarkMdx).use(remarkGfm);

/** The HTML of a body of Markdown with the page writer's `div` and `span` elements. */
export function releaseBodyHtml(markdown: string): string {
  const mdast = parser.runSync(parser.parse(markdown)) as MdastRoot;
  const hast = unified()
    .use(remarkRehype, {
      handlers: {mdxJsxFlowElement: jsxElement, mdxJsxTextElement: jsxElement},
    })
    .runSync(mdast) as HastRoot;
  completeElements(hast);
  return toHtml(hast);
}
