// @ts-check
// The checks every built page gets without a browser (tests/build/every-page.test.mjs runs them
// on the whole build; tests/unit/page-checks.test.mjs seeds each fault once and shows it caught).
//
// inspectPage() judges one page on its own: its title and headings, the policy hashes of its
// inline scripts, no inline event handler or javascript: address, and html-validate (valid HTML,
// and the accessibility rules that need no layout: images without text, links and buttons
// without a name, form fields without a label, duplicate ids, table headers, landmarks, heading
// order, the page's language; see .htmlvalidate.mjs). It also returns what the cross-page check
// needs: the page's ids and the addresses it refers to. checkReferences() then follows every
// address of every page to a file of the build, and every #fragment to an id of its page.
import {createHash} from 'node:crypto';
import {existsSync, statSync} from 'node:fs';
import path from 'node:path';

import {Parser} from 'htmlparser2';
import {DOMTree, HtmlElement, HtmlValidate, StaticConfigLoader} from 'html-validate';

import config from '../../.htmlvalidate.mjs';

/** Every page's title names the portal after the delimiter. */
export const TITLE = /^\S.* \| Gerai Developer Portal$/;
/** The search page titles itself after the query. */
const SEARCH_TITLE = /^Search/;

/**
 * Findings of html-validate that are the framework's markup on one kind of page and cannot be
 * changed without copying the component: each names its rule, the pages and why.
 */
const FRAMEWORK_FINDINGS = [
  {
    rule: 'heading-level',
    route: /^\/(blog|changelog)\/archive$/,
    reason: 'the blog archive (theme-classic BlogArchivePage) heads each year with an <h3> under its <h1>',
  },
  {
    rule: 'unique-landmark',
    route: /^\/(blog|changelog)\/archive$/,
    reason:
      "the blog archive (theme-classic BlogArchivePage) puts its <header> outside <main>, a second banner beside the announcement bar's role=banner",
  },
];

/*
 * A patch of html-validate 10.17, for the time it takes on a long page. What: its
 * HtmlElement.getElementsByTagName, on which every selector query of its rules walks the tree,
 * gathered its matches with Array.concat at every element, copying the list gathered so far for
 * each child: quadratic in an element's children, so a page of a thousand sibling sections (the
 * objects glossary, at ten times the API) took seconds to validate; walking once into one list is
 * linear. Same elements, same order (each element before its descendants). Once the document is
 * complete (DOMTree.resolveMeta, which sets its readyState to "complete" before the rules'
 * dom:ready handlers run), the tree no longer changes: a query from the document's root then
 * filters one list of its elements, kept per tag name, instead of walking the tree again (the
 * rules run about thirty such queries a page; every list given was compared with a new walk on
 * every page of the build and every seventh of the ten-times copy). Each query gets a copy, as
 * each walk gave a new list. Why a patch: no option changes how rules query the tree.
 * Upgrade: UPGRADING.md#html-validate-in-the-page-checks-testssupportpage-checksmjs.
 */
/** The root of each complete document, with its elements in document order by tag name ('*': all). */
const completeDocuments = new WeakMap();
// resolveMeta is internal: html-validate's published types leave it out.
const treePrototype = /** @type {DOMTree & {resolveMeta(table: import('html-validate').MetaTable): void}} */ (
  DOMTree.prototype
);
const resolveMeta = treePrototype.resolveMeta;
treePrototype.resolveMeta = function resolveMetaThenIndex(table) {
  resolveMeta.call(this, table);
  completeDocuments.set(this.root, new Map());
};

/** The elements under `root` named `tagName` ('*': all), each before its descendants. */
function descendants(root, tagName) {
  const found = [];
  const visit = (node) => {
    for (const child of node.childElements) {
      if (child.is(tagName)) found.push(child);
      visit(child);
    }
  };
  visit(root);
  return found;
}

HtmlElement.prototype.getElementsByTagName = function getElementsByTagName(tagName) {
  const byTag = completeDocuments.get(this);
  if (!byTag) return descendants(this, tagName);
  if (!byTag.has('*')) byTag.set('*', descendants(this, '*'));
  if (!byTag.has(tagName))
    byTag.set(
      tagName,
      byTag.get('*').filter((element) => element.is(tagName)),
    );
  return byTag.get(tagName).slice();
};

/**
 * html-validate's loader for a configuration given as an object, resolving it once: the library's
 * own loaders resolve it again for every document (presets merged, the element metadata loaded
 * and merged element by element), a tenth of a page's validation. Through the library's documented
 * extension point (a ConfigLoader given to HtmlValidate); a document given a configuration of its
 * own is resolved as before.
 * Upgrade: UPGRADING.md#html-validate-in-the-page-checks-testssupportpage-checksmjs.
 */
class ResolvedOnceLoader extends StaticConfigLoader {
  #resolved;
  getConfigFor(handle, configOverride) {
    if (configOverride) return super.getConfigFor(handle, configOverride);
    this.#resolved ??= super.getConfigFor(handle);
    return this.#resolved;
  }
}

const validator = new HtmlValidate(new ResolvedOnceLoader(config));

/** The attributes that hold an address, by element. */
const ADDRESS_ATTRIBUTES = new Map([
  ['a', 'href'],
  ['link', 'href'],
  ['img', 'src'],
  ['script', 'src'],
  ['source', 'src'],
]);

/**
 * What inspectPage reads of a page, in one pass of htmlparser2's tokenizer, without building a
 * tree (a fifth of the time of the checks of a page went to cheerio's): every id (and <a name>),
 * the refresh of a redirect page, the <title> of the <head>, the text of each <h1>, the text of
 * each inline script that is not JSON data, every inline event handler (on…) and javascript:
 * address (href, src, action, formaction), and every address the page refers to.
 * htmlparser2 gives attribute names in lower case.
 */
function readPage(html) {
  const page = {
    ids: [],
    refresh: undefined,
    title: '',
    h1: [],
    inlineScripts: [],
    handlers: [],
    scriptAddresses: [],
    references: [],
  };
  let inHead = false;
  let inTitle = false;
  let h1Depth = 0;
  let script;
  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        for (const name in attributes) {
          if (name.startsWith('on')) page.handlers.push({tag, name});
          else if (/^(href|src|action|formaction)$/.test(name) && /^\s*javascript:/i.test(attributes[name]))
            page.scriptAddresses.push({tag, name});
        }
        if (attributes.id !== undefined) page.ids.push(attributes.id);
        if (tag === 'a' && attributes.name !== undefined) page.ids.push(attributes.name);
        const addressAttribute = ADDRESS_ATTRIBUTES.get(tag);
        if (addressAttribute && attributes[addressAttribute] !== undefined)
          page.references.push({address: attributes[addressAttribute], what: `<${tag} ${addressAttribute}>`});
        if (tag === 'head') inHead = true;
        else if (tag === 'title' && inHead) inTitle = true;
        else if (tag === 'h1') {
          h1Depth += 1;
          page.h1.push('');
        } else if (tag === 'meta' && attributes['http-equiv']?.toLowerCase() === 'refresh')
          page.refresh ??= attributes.content ?? '';
        else if (tag === 'script' && attributes.src === undefined && !/json/.test(attributes.type ?? ''))
          script = '';
      },
      ontext(text) {
        if (inTitle) page.title += text;
        if (h1Depth > 0) page.h1[page.h1.length - 1] += text;
        if (script !== undefined) script += text;
      },
      onclosetag(tag) {
        if (tag === 'head') inHead = false;
        else if (tag === 'title') inTitle = false;
        else if (tag === 'h1') h1Depth = Math.max(0, h1Depth - 1);
        else if (tag === 'script' && script !== undefined) {
          page.inlineScripts.push(script);
          script = undefined;
        }
      },
    },
    {decodeEntities: true},
  );
  parser.end(html);
  return page;
}

/** The base64 SHA-256 of a script's text, as a Content-Security-Policy source names it. */
export function scriptHash(text) {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * One page on its own.
 *
 * @param {string} html the page as the build wrote it
 * @param {{route: string, scriptHashes: ReadonlySet<string>, origin: string}} site the page's
 *   route, the script hashes the host's policy allows, and the site's own origin
 * @param {{repeatedMarkup?: boolean}} [options] repeatedMarkup false: html-validate reads code
 *   blocks and the docs sidebar as their text (see validateMarkup)
 * @returns {Promise<{problems: string[], ids: string[], references: {address: string, what: string}[], redirect: string | undefined}>}
 */
export async function inspectPage(html, {route, scriptHashes, origin}, {repeatedMarkup = true} = {}) {
  const problems = [];
  const page = readPage(html);
  const {ids, references} = page;

  // A redirect page of the client-redirects plugin only sends the browser on: it is judged by where it leads.
  if (page.refresh !== undefined) {
    const target = /url=(.+)$/i.exec(page.refresh)?.[1]?.trim();
    if (!target) problems.push(`redirect: the refresh names no address ("${page.refresh}")`);
    return {problems, ids, references: target ? [{address: target, what: 'redirect'}] : [], redirect: target};
  }

  const expectedTitle = route.startsWith('/search') ? SEARCH_TITLE : TITLE;
  if (!expectedTitle.test(page.title))
    problems.push(`title: "${page.title}" does not match ${expectedTitle}`);
  if (page.h1.length !== 1) problems.push(`headings: ${page.h1.length} <h1> elements, one expected`);
  else if (page.h1[0].trim() === '') problems.push('headings: the <h1> is empty');

  for (const text of page.inlineScripts) {
    if (!scriptHashes.has(scriptHash(text))) {
      problems.push(
        `Content-Security-Policy: an inline script is not allowed by a hash: ${text.slice(0, 60)}`,
      );
    }
  }
  for (const {tag, name} of page.handlers) {
    problems.push(`Content-Security-Policy: <${tag} ${name}="…"> is an inline event handler`);
  }
  for (const {tag, name} of page.scriptAddresses) {
    problems.push(`Content-Security-Policy: <${tag} ${name}="javascript:…"> runs script`);
  }

  problems.push(...(await validateMarkup(html, route, {repeatedMarkup})));

  // Same-origin absolute addresses are followed like relative ones.
  for (const reference of references) {
    if (reference.address.startsWith(origin))
      reference.address = reference.address.slice(origin.length) || '/';
  }
  return {problems, ids, references, redirect: undefined};
}

/**
 * A page without the markup it repeats from other pages, for html-validate to read on every page:
 * - a code block's highlighting: the <pre> and its <code> as written, every element inside them
 *   (a line, a token) reduced to its text. That markup is the same on every page that has a block
 *   of a language, and is most of a page's elements (57 % of them at ten times the content);
 * - the docs sidebar's menu (<nav class="menu …">), reduced to its text: the same lists and links
 *   on every page of a sidebar but for the one marked current, and it grows with the site.
 * Both are validated whole on a sample of pages that holds every class they use
 * (tests/build/every-page.test.mjs). The text stays escaped, as the page has it; patterns are
 * enough, since the build writes no <pre> inside a <pre> and no <nav> inside a <nav>.
 */
function withoutRepeatedMarkup(html) {
  return html
    .replace(/(<pre\b[^>]*>)([\s\S]*?)(<\/pre>)/gi, (_, open, inner, close) => {
      const code = /^\s*(<code\b[^>]*>)[\s\S]*(<\/code>)\s*$/i.exec(inner);
      const text = inner.replace(/<[^>]*>/g, '');
      return code ? `${open}${code[1]}${text}${code[2]}${close}` : `${open}${text}${close}`;
    })
    .replace(
      /(<nav\b[^>]*\bclass="menu\b[^>]*>)([\s\S]*?)(<\/nav>)/gi,
      (_, open, inner, close) => `${open}${inner.replace(/<[^>]*>/g, ' ')}${close}`,
    );
}

/**
 * html-validate's findings on a page (valid HTML and the accessibility rules without layout),
 * less the framework's known ones; with `repeatedMarkup` false, code blocks and the docs sidebar
 * are read as their text (withoutRepeatedMarkup).
 *
 * @param {string} html
 * @param {string} route
 * @param {{repeatedMarkup?: boolean}} [options]
 * @returns {Promise<string[]>}
 */
export async function validateMarkup(html, route, {repeatedMarkup = true} = {}) {
  const report = await validator.validateString(
    repeatedMarkup ? html : withoutRepeatedMarkup(html),
    `${route}.html`,
  );
  const problems = [];
  for (const {ruleId, message, selector} of report.results.flatMap((result) => result.messages)) {
    const known = FRAMEWORK_FINDINGS.find((finding) => finding.rule === ruleId && finding.route.test(route));
    if (known) continue;
    problems.push(`${ruleId}: ${message}${selector ? ` (at ${selector})` : ''}`);
  }
  return problems;
}

/**
 * The file of the build that answers a path, as the host maps it: the path itself when it is a
 * file (`/openapi/x.yaml`, `/docs/docs/intro.md`), else its `index.html`; undefined for none.
 */
export function fileOf(buildDir, pathname) {
  const relative = decodeURIComponent(pathname).replace(/^\/+/, '');
  const direct = path.join(buildDir, relative);
  if (relative !== '' && existsSync(direct) && statSync(direct).isFile()) return direct;
  const index = path.join(direct, 'index.html');
  return existsSync(index) ? index : undefined;
}

/**
 * Follows the addresses of every page: each same-site address leads to a file of the build, and
 * a #fragment of a page to an id of that page.
 *
 * @param {string} buildDir
 * @param {Map<string, {file: string, ids: string[], references: {address: string, what: string}[]}>} pages
 *   every page by route
 * @returns {Map<string, string[]>} the problems of each route that has any
 */
export function checkReferences(buildDir, pages) {
  const idsByFile = new Map([...pages.values()].map((page) => [page.file, new Set(page.ids)]));
  const problems = new Map();
  for (const [route, page] of pages) {
    const own = [];
    for (const {address, what} of page.references) {
      if (/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(address)) continue; // another site, mailto:, data:
      const url = new URL(address, `http://site${route}`);
      let file;
      try {
        file = fileOf(buildDir, url.pathname);
      } catch {
        own.push(`${what} ${address}: not a valid address`);
        continue;
      }
      if (file === undefined) {
        own.push(`${what} ${address}: no file of the build answers ${url.pathname}`);
        continue;
      }
      const fragment = url.hash.slice(1);
      if (fragment === '' || !file.endsWith('.html')) continue;
      const ids = idsByFile.get(file);
      if (ids !== undefined && !ids.has(decodeURIComponent(fragment))) {
        own.push(
          `${what} ${address}: ${url.pathname} has no element with the id "${decodeURIComponent(fragment)}"`,
        );
      }
    }
    if (own.length > 0) problems.set(route, own);
  }
  return problems;
}
