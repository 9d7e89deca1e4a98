/**
 * The part of a docs version's data that one page shows (its "view"), cut by the build from the
 * version's props, which Docusaurus gives every page of the version whole: every sidebar with
 * every item, and the title and description of every doc.
 *
 * A page's view is its own sidebar, in which each category the page shows closed holds, instead
 * of its items, placeholders that say where to load them (the category's file), and the docs that
 * the page's cards describe. The placeholders are made so that the theme draws, from the view,
 * exactly what it draws from the whole sidebar: a closed category draws none of its items
 * (its Collapsible is lazy), only needs to know that it has a visible one, where its first link
 * goes (the address of a category without a page of its own, for a browser without scripts) and,
 * on a card, how many items it holds. The rules below are the classic theme's
 * (`isActiveSidebarItem`, `isVisibleSidebarItem`, `findFirstSidebarItemLink` of
 * @docusaurus/plugin-content-docs/client), read again here in Node.
 */
import {createHash} from 'node:crypto';

import type {PropSidebar, PropSidebarItem, PropVersionMetadata} from '@docusaurus/plugin-content-docs';

import {LAZY_CATEGORY} from './key';
import type {DocsView, LazyCategory} from './types';

type Category = Extract<PropSidebarItem, {type: 'category'}>;

/** The theme's comparison of two addresses: without regard to case or a trailing slash. */
function isSamePath(one: string | undefined, other: string | undefined): boolean {
  const normalize = (path: string | undefined) =>
    path === undefined || path === '' ? path : `${path.replace(/\/$/, '')}/`.toLowerCase();
  return one !== undefined && normalize(one) === normalize(other);
}

function isActive(item: PropSidebarItem, activePath: string | undefined): boolean {
  if (activePath === undefined) return false;
  if (item.type === 'link') return isSamePath(item.href, activePath);
  if (item.type === 'category') {
    return isSamePath(item.href, activePath) || item.items.some((child) => isActive(child, activePath));
  }
  return false;
}

function firstLink(item: PropSidebarItem): string | undefined {
  if (item.type === 'link') return item.unlisted ? undefined : item.href;
  if (item.type === 'category') {
    if (item.href && !item.linkUnlisted) return item.href;
    for (const child of item.items) {
      const link = firstLink(child);
      if (link) return link;
    }
  }
  return undefined;
}

/** Whether the theme draws the category open for a page at `activePath`. */
function drawnOpen(category: Category, activePath: string | undefined): boolean {
  return !category.collapsible || !category.collapsed || isActive(category, activePath);
}

/** Writes the files of categories' items as the cut finds them: file name to items. */
export type CategoryFiles = Map<string, PropSidebar>;

/**
 * The sidebar `items` as a page at `activePath` draws it: the categories it draws closed whose
 * first link shows them (a category without one keeps its items: nothing else would tell the
 * theme that it is visible) hold placeholders, and their items go to `files`, each cut again as
 * drawn with no page open in it.
 */
export function cutSidebar(
  items: PropSidebar,
  activePath: string | undefined,
  files: CategoryFiles,
): PropSidebar {
  return items.map((item) => {
    if (item.type !== 'category') return item;
    if (drawnOpen(item, activePath)) return {...item, items: cutSidebar(item.items, activePath, files)};
    const href = item.items.map(firstLink).find((link) => link !== undefined);
    if (href === undefined) return {...item, items: cutSidebar(item.items, activePath, files)};
    const own = cutSidebar(item.items, undefined, files);
    const text = JSON.stringify(own);
    const file = `${createHash('sha256').update(text).digest('hex').slice(0, 16)}.json`;
    files.set(file, own);
    const lazy: LazyCategory = {file, count: item.items.length, href};
    // One placeholder stands for all `count` items: the browser repeats it (./client/views.ts).
    const placeholder: PropSidebarItem = {
      type: 'link',
      href,
      label: item.label,
      customProps: {[LAZY_CATEGORY]: lazy},
    };
    return {...item, items: [placeholder]};
  });
}

/** The category whose page is `activePath`, and the items next to the page's own, in `items`. */
function cardItems(items: PropSidebar, activePath: string): PropSidebar {
  const found: PropSidebarItem[] = [];
  const visit = (list: PropSidebar): void => {
    if (list.some((item) => item.type === 'link' && isSamePath(item.href, activePath))) found.push(...list);
    for (const item of list) {
      if (item.type !== 'category') continue;
      if (isSamePath(item.href, activePath)) found.push(...item.items);
      visit(item.items);
    }
  };
  visit(items);
  return found;
}

/**
 * The view of one page of a docs version: `sidebar` of `version` cut for the page at `activePath`;
 * with `cards`, the docs that a list of cards on the page can describe (the theme's
 * `useCurrentSidebarCategory` and `useCurrentSidebarSiblings`: the items of the category whose
 * page it is, and the items beside it).
 */
export function docsView(
  version: PropVersionMetadata,
  sidebar: string,
  activePath: string,
  cards: boolean,
  files: CategoryFiles,
): DocsView | undefined {
  const items = version.docsSidebars[sidebar];
  if (!items) return undefined;
  const docs: DocsView['docs'] = {};
  if (cards) {
    for (const item of cardItems(items, activePath)) {
      const doc = item.type === 'link' && item.docId ? version.docs[item.docId] : undefined;
      if (doc) docs[doc.id] = doc;
    }
  }
  return {
    plugin: version.pluginId,
    version: version.version,
    sidebar,
    items: cutSidebar(items, activePath, files),
    docs,
  };
}

/** The version's props as the browser gets them: its label and banners, without sidebars or docs. */
export function slimVersion(version: PropVersionMetadata): PropVersionMetadata {
  return {...version, docsSidebars: {}, docs: {}};
}

/** Whether a route's props module is a docs version's (`{version: {docsSidebars, docs, …}}`). */
export function isVersionProps(props: unknown): props is {version: PropVersionMetadata} {
  if (typeof props !== 'object' || props === null || !('version' in props)) return false;
  const {version} = props as {version: unknown};
  return typeof version === 'object' && version !== null && 'docsSidebars' in version && 'docs' in version;
}
