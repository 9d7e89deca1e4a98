// @ts-check
// Reading built pages in the checks of the built site, which each read hundreds of pages: with
// htmlparser2 rather than cheerio's default parse5 (two and a half times as fast on these pages,
// and the same text, ids and links of every page of the build; the trees differ where the
// build leaves out optional end tags, a table's body ending up inside its head,
// which no check here reads: the Markdown pages, which do, keep parse5), and
// only the part a check reads: a page's content, its <main> (loadMain), or what crawlers read, its
// <head> (loadHead). The layout around them, whose sidebar grows with the site, is read once per
// kind of page by the browser and by every-page.
import {load} from 'cheerio';

/** A page (or a part of one) parsed with htmlparser2. */
export function loadHtml(html) {
  return load(html, {xml: {xmlMode: false, decodeEntities: true}});
}

/** The <main> element of a page, parsed on its own: `$('main')` is it. The whole page where it has none. */
export function loadMain(html) {
  const start = html.search(/<main[\s>]/);
  const end = html.lastIndexOf('</main>');
  return loadHtml(start === -1 || end < start ? html : html.slice(start, end + '</main>'.length));
}

/** The <head> of a page, and what comes before it, parsed on its own. The whole page where it has none. */
export function loadHead(html) {
  const end = html.indexOf('</head>');
  return loadHtml(end === -1 ? html : html.slice(0, end));
}
