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

import {LAZY_BLOCK, LAZY_CATEGORY} from './key';
import {sidebarWindow, WINDOW_BLOCK} from './sidebar-window';
import type {DocsView, LazyCategory} from './types';

type Category = Extract<PropSidebarItem, {type: 'category'}>;

/** The theme's comparison of two addresses: without regard to case or a trailing slash. */
function isSamePath(one: string | undefined, other: string | undefined): boolean {
  const normalize = (path: string | undefined) =>
    path === undefined || path === '' ? path : `${path.replace(/\/$/, '')}/`.toLowerCase();
  return one !== undefined && normalize(one) === normalize(other);
}

/** The classic theme's `isActiveSidebarItem`: the page's own link, or a category that holds it. */
function isActive(item: PropSidebarItem, activePath: string | undefined): boolean {
  if (activePath === undefined) return false;
  if (item.type === 'link') return isSamePath(item.href, activePath);
  if (item.type === 'category') {
    return isSamePath(item.href, activePath) || item.items.some((child) => isActive(child, activePath));
  }
  return false;
}

/** The classic theme's `findFirstSidebarItemLink`: where following the item leads. */
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

/** The first link of a list of items: where the theme leads when the list is followed. */
function firstLinkOf(items: PropSidebar): string | undefined {
  return items.map(firstLink).find((link) => link !== undefined);
}

/** Whether the theme draws the category open for a page at `activePath`. */
function drawnOpen(category: Category, activePath: string | undefined): boolean {
  return !category.collapsible || !category.collapsed || isActive(category, activePath);
}

/** Writes the files of categories' items as the cut finds them: file name to items. */
export type CategoryFiles = Map<string, PropSidebar>;

/** The file name of a list of items cut for the browser: the same items, the same file. */
function fileOf(items: PropSidebar, files: CategoryFiles): string {
  const file = `${createHash('sha256').update(JSON.stringify(items)).digest('hex').slice(0, 16)}.json`;
  files.set(file, items);
  return file;
}

/**
 * The items of a long list outside its window (./sidebar-window.ts), a placeholder for each block
 * of WINDOW_BLOCK that says where its items are: the theme draws none of them until the reader asks
 * for them. A block without a link to follow keeps its items.
 */
function blocks(items: PropSidebar, files: CategoryFiles): PropSidebar {
  const cut: PropSidebarItem[] = [];
  for (let start = 0; start < items.length; start += WINDOW_BLOCK) {
    const own = cutSidebar(items.slice(start, start + WINDOW_BLOCK), undefined, files);
    const href = firstLinkOf(own);
    if (href === undefined) {
      cut.push(...own);
      continue;
    }
    const lazy: LazyCategory = {file: fileOf(own, files), count: own.length, href};
    // One placeholder stands for the block's `count` items: the browser repeats it (./client/views.ts).
    cut.push({type: 'link', href, label: '', customProps: {[LAZY_BLOCK]: lazy}});
  }
  return cut;
}

/**
 * The sidebar `items` as a page at `activePath` draws it: the categories it draws closed whose
 * first link shows them (a category without one keeps its items: nothing else would tell the
 * theme that it is visible) hold placeholders, and their items go to `files`, each cut again as
 * drawn with no page open in it. Of a long list, only the window the page draws keeps its items
 * (./sidebar-window.ts), unless `whole`: the items of a category whose page lists them as cards.
 */
export function cutSidebar(
  items: PropSidebar,
  activePath: string | undefined,
  files: CategoryFiles,
  whole = false,
): PropSidebar {
  const cutItem = (item: PropSidebarItem): PropSidebarItem => {
    if (item.type !== 'category') return item;
    if (drawnOpen(item, activePath)) {
      return {
        ...item,
        items: cutSidebar(item.items, activePath, files, whole || isSamePath(item.href, activePath)),
      };
    }
    const href = firstLinkOf(item.items);
    if (href === undefined) return {...item, items: cutSidebar(item.items, activePath, files)};
    const own = cutSidebar(item.items, undefined, files);
    const lazy: LazyCategory = {file: fileOf(own, files), count: item.items.length, href};
    // One placeholder stands for all `count` items: the browser repeats it (./client/views.ts).
    const placeholder: PropSidebarItem = {
      type: 'link',
      href,
      label: item.label,
      customProps: {[LAZY_CATEGORY]: lazy},
    };
    return {...item, items: [placeholder]};
  };
  const range = whole
    ? undefined
    : sidebarWindow(items.length, () => items.findIndex((item) => isActive(item, activePath)));
  if (!range) return items.map(cutItem);
  return [
    ...blocks(items.slice(0, range.start), files),
    ...items.slice(range.start, range.end).map(cutItem),
    ...blocks(items.slice(range.end), files),
  ];
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
    // A page of cards describes the items beside it: they stay whole.
    items: cutSidebar(items, activePath, files, cards),
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
