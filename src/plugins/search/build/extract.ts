/**
 * What the search reads of a built page: its title, breadcrumbs, description
 * and keywords, and its sections (each heading with the text that follows
 * it), read from the page's HTML as the local search plugin reads it, so that
 * the portal can build the index itself (./index.ts) instead of letting the
 * plugin build one it would throw away.
 *
 * - A docs or blog page: the title is the article's first <h1>; the breadcrumbs
 *   are the active navbar item and the active categories of the sidebar; every
 *   <h1>, <h2> and <h3> of the article starts a section that runs to the next
 *   one (the title's section starts after the title's header; a blog post's
 *   at the start of the post).
 * - Any other page (a landing page): one section, the text of <main>, under
 *   the page's first <h1> (or its <title>).
 */
import {load, type CheerioAPI} from 'cheerio';
import type {AnyNode, Element} from 'domhandler';

export type PageType = 'docs' | 'blog' | 'page';

export interface Section {
  /** The heading's text. */
  title: string;
  /** The heading's anchor (`#accept-an-order`), or '' for the title's section. */
  hash: string;
  /** The section's text, its white space collapsed. */
  content: string;
}

export interface ExtractedPage {
  title: string;
  description: string;
  keywords: string;
  breadcrumb: string[];
  sections: Section[];
}

const HEADINGS = 'h1, h2, h3';

/** The id of the element that holds a blog post's content (the theme's `blogPostContainerID`). */
const BLOG_POST_CONTAINER = '__blog-post-container';

/** Elements whose text stands apart from its neighbours', as a block does. */
const BLOCKS = new Set(
  (
    'address article aside blockquote details dialog dd div dl dt fieldset figcaption figure footer ' +
    'form h1 h2 h3 h4 h5 h6 header hgroup hr li main nav ol p pre section table ul td th'
  ).split(' '),
);

/** The text of some nodes: blocks set apart by spaces, a <br> as a space, white space collapsed. */
function condensedText(nodes: readonly AnyNode[]): string {
  const parts: string[] = [];
  const visit = (node: AnyNode) => {
    if (node.type === 'text') {
      parts.push(node.data);
    } else if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
      const element = node as Element;
      if (element.name === 'br') {
        parts.push(' ');
        return;
      }
      // Scripts and styles are text to the parser, not to a reader.
      if (element.type !== 'tag') return;
      const block = BLOCKS.has(element.name);
      if (block) parts.push(' ');
      element.children.forEach(visit);
      if (block) parts.push(' ');
    }
  };
  nodes.forEach(visit);
  return parts.join('').trim().replace(/\s+/g, ' ');
}

/** The nodes of the title's section: from after its header (or the post's start) to the next heading. */
function titleSection($: CheerioAPI, title: ReturnType<CheerioAPI>): AnyNode[] {
  const blogPost = $(`#${BLOG_POST_CONTAINER}`);
  if (blogPost.length > 0) {
    const first = blogPost.children().first();
    return first.nextUntil(HEADINGS).addBack().get();
  }
  const header = title.parent();
  const first = header.is('header') ? header : title;
  const following = first.nextAll();
  if (following.filter(HEADINGS).length > 0) return first.nextUntil(HEADINGS).get();
  // The next heading is nested deeper: the section runs to the element that holds it.
  const nodes: AnyNode[] = [];
  for (const next of following.get()) {
    const heading = $(next).find(HEADINGS);
    if (heading.length > 0) {
      nodes.push(...heading.first().prevAll().get());
      break;
    }
    nodes.push(next);
  }
  return nodes;
}

function document($: CheerioAPI): ExtractedPage {
  const title = $('article h1').first();
  const breadcrumb: string[] = [];
  const navbarItem = $('.navbar__link--active');
  if (navbarItem.length > 0) breadcrumb.push(navbarItem.eq(0).text().trim());
  $('.main-wrapper .menu')
    .first()
    .find('.menu__list-item-collapsible .menu__link--active')
    .each((_, element) => {
      breadcrumb.push($(element).text().trim());
    });
  const sections: Section[] = [];
  $('article')
    .find(HEADINGS)
    .each((_, element) => {
      const heading = $(element);
      sections.push({
        title: heading.contents().not('a.hash-link').text().trim(),
        hash: heading.find('a.hash-link').attr('href') ?? '',
        content: condensedText(heading.is(title) ? titleSection($, title) : heading.nextUntil(HEADINGS).get()),
      });
    });
  return {
    title: title.text(),
    description: $("meta[name='description']").attr('content') ?? '',
    keywords: ($("meta[name='keywords']").attr('content') ?? '').replace(/,/g, ', '),
    breadcrumb,
    sections,
  };
}

function landingPage($: CheerioAPI): ExtractedPage {
  $('a[aria-hidden=true]').remove();
  const heading = $('h1').first();
  const title = (heading.length > 0 ? heading : $('title')).text();
  const main = $('main');
  return {
    title,
    description: $("meta[name='description']").attr('content') ?? '',
    keywords: $("meta[name='keywords']").attr('content') ?? '',
    breadcrumb: [],
    sections: [{title, hash: '', content: condensedText(main.first().get())}],
  };
}

/**
 * What the search reads of a page, without the elements `ignored` selects (and, as the plugin
 * reads pages, without the copy buttons of code blocks and the version badges of docs); undefined
 * for a page that asks not to be indexed.
 */
export function extractPage(
  html: string,
  type: PageType,
  ignored: readonly string[] = [],
): ExtractedPage | undefined {
  // htmlparser2 (cheerio's parser when given `xml` options; HTML rules kept with xmlMode off)
  // rather than parse5, its default: htmlparser2 reads a built page in half the time, the same
  // text on every page of the build once <noscript> is left out (where the build leaves out
  // optional end tags, a table's rows nest differently, which changes no text). parse5 reads a
  // <noscript>'s content as one text, its tags in it; what it says (a panel needs JavaScript) is
  // not what a reader searches for.
  const $ = load(html, {xml: {xmlMode: false, decodeEntities: true}});
  if ($('meta[name="robots"]').attr('content')?.includes('noindex')) return undefined;
  $('noscript').remove();
  $('div[class^="mdxCodeBlock_"] button').remove();
  for (const selector of ignored) $(selector).remove();
  if (type === 'docs') {
    $('span.badge')
      .filter((_, element) => $(element).text().startsWith('Version:'))
      .remove();
  }
  return type === 'page' ? landingPage($) : document($);
}
