/**
 * The part of a docs version's data that one page shows (its "view"), cut by the build from the
 * version's props, which Docusaurus gives every page of the version whole: every sidebar with
 * every item, and the title and description of every doc.
 *
 * A page's view is its own sidebar, in which each category the page shows closed holds, instead
 * of its items, placeholders that say where to load them (the category's file), and the docs that
 * the page's cards describe. A long list of cards keeps only the cards the page draws first
 * (./card-window.ts): its other items are placeholders too, each with the file of the docs its
 * cards describe. The placeholders are made so that the theme draws, from the view,
 * exactly what it draws from the whole sidebar: a closed category draws none of its items
 * (its Collapsible is lazy), only needs to know that it has a visible one, where its first link
 * goes (the address of a category without a page of its own, for a browser without scripts) and,
 * on a card, how many items it holds. The rules below are the classic theme's
 * (`isActiveSidebarItem`, `isVisibleSidebarItem`, `findFirstSidebarItemLink` of
 * @docusaurus/plugin-content-docs/client), read again here in Node.
 */
import {createHash} from 'node:crypto';

import type {
  PropSidebar,
  PropSidebarItem,
  PropVersionDocs,
  PropVersionMetadata,
} from '@docusaurus/plugin-content-docs';

import {cardWindow} from './card-window';
import {LAZY_BLOCK, LAZY_CATEGORY} from './key';
import {sidebarWindow, WINDOW_BLOCK} from './sidebar-window';
import type {DocsView, LazyCategory} from './types';

type Category = Extract<PropSidebarItem, {type: 'category'}>;

/** An address as the theme compares two: without regard to case or a trailing slash. */
function normalize(path: string): string {
  return path === '' ? path : `${path.replace(/\/$/, '')}/`.toLowerCase();
}

/** The theme's comparison of two addresses: without regard to case or a trailing slash. */
function isSamePath(one: string | undefined, other: string | undefined): boolean {
  return one !== undefined && other !== undefined && normalize(one) === normalize(other);
}

/**
 * The addresses of a category and of everything in it, as `normalize` writes them, gathered once
 * a build: every page asks of every category whether it holds the page (`isActive`), which read
 * each time is the size of the whole sidebar for each page.
 */
const heldPaths = new WeakMap<Category, ReadonlySet<string>>();

function pathsIn(category: Category): ReadonlySet<string> {
  let paths = heldPaths.get(category);
  if (!paths) {
    const found = new Set<string>();
    const gather = (item: PropSidebarItem) => {
      if ((item.type === 'link' || item.type === 'category') && item.href !== undefined)
        found.add(normalize(item.href));
      if (item.type === 'category') item.items.forEach(gather);
    };
    gather(category);
    heldPaths.set(category, (paths = found));
  }
  return paths;
}

/** The classic theme's `isActiveSidebarItem`: the page's own link, or a category that holds it. */
function isActive(item: PropSidebarItem, activePath: string | undefined): boolean {
  if (activePath === undefined) return false;
  if (item.type === 'link') return isSamePath(item.href, activePath);
  if (item.type === 'category') return pathsIn(item).has(normalize(activePath));
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

/**
 * Writes the files the cut finds the browser will load, file name to content: the items of
 * categories and blocks, and the docs of blocks of cards.
 */
export type CategoryFiles = Map<string, PropSidebar | PropVersionDocs>;

/** The file name of items (or docs) cut for the browser: the same content, the same file. */
function fileOf(content: PropSidebar | PropVersionDocs, files: CategoryFiles): string {
  const file = `${createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 16)}.json`;
  files.set(file, content);
  return file;
}

/**
 * What the cut of one build has made of the parts of sidebars that every page cuts alike, by the
 * `files` they were written to: a category drawn closed, and a block of a long list outside a
 * window. Every page of a version cuts the same sidebar, and the parts it does not draw open are
 * cut as no page draws them; made again for each page, they cost each page the size of the whole
 * sidebar (each hashed to name its file), and the build the square of the pages (`npm run
 * bench:scale -- --sizes 100x`: the build's log prints the route data's time).
 */
interface Made {
  closed: WeakMap<Category, LazyCategory | null>;
  blocks: WeakMap<PropSidebar, Map<string, PropSidebar>>;
}
const madeByFiles = new WeakMap<CategoryFiles, Made>();

function made(files: CategoryFiles): Made {
  let found = madeByFiles.get(files);
  if (!found) madeByFiles.set(files, (found = {closed: new WeakMap(), blocks: new WeakMap()}));
  return found;
}

/** The docs that cards of `items` describe (the theme's `DocCard`: a link's doc, by its id). */
function docsOf(items: PropSidebar, docs: PropVersionDocs): PropVersionDocs {
  const described: PropVersionDocs = {};
  for (const item of items) {
    const doc = item.type === 'link' && item.docId ? docs[item.docId] : undefined;
    if (doc) described[doc.id] = doc;
  }
  return described;
}

/**
 * The items `from` to `to` (excluded) of a long list, outside its window (./sidebar-window.ts): a
 * placeholder for each block of WINDOW_BLOCK that says where its items are: the theme draws none
 * of them until the reader asks for them. A block without a link to follow keeps its items. With
 * `cards`, the version's docs, the list is one of cards: each placeholder also names the file of
 * the docs its cards describe. Each block is cut once a build (`Made`).
 */
function blocks(
  items: PropSidebar,
  from: number,
  to: number,
  files: CategoryFiles,
  cards?: PropVersionDocs,
): PropSidebar {
  const byList = made(files).blocks;
  let known = byList.get(items);
  if (!known) byList.set(items, (known = new Map()));
  const cut: PropSidebarItem[] = [];
  for (let start = from; start < to; start += WINDOW_BLOCK) {
    const end = Math.min(start + WINDOW_BLOCK, to);
    const key = `${start} ${end} ${cards ? 'cards' : 'sidebar'}`;
    let block = known.get(key);
    if (!block) known.set(key, (block = cutBlock(items.slice(start, end), files, cards)));
    cut.push(...block);
  }
  return cut;
}

/** One block of `blocks`: its placeholder, or its items when it has no link to follow. */
function cutBlock(items: PropSidebar, files: CategoryFiles, cards?: PropVersionDocs): PropSidebar {
  const own = cutSidebar(items, undefined, files);
  const href = firstLinkOf(own);
  if (href === undefined) return own;
  const described = cards && docsOf(own, cards);
  const lazy: LazyCategory = {
    file: fileOf(own, files),
    count: own.length,
    href,
    // The items' file is the one the sidebar's cut of the same block writes: the docs apart.
    ...(described && Object.keys(described).length > 0 && {docs: fileOf(described, files)}),
  };
  // One placeholder stands for the block's `count` items: the browser repeats it (./client/views.ts).
  return [{type: 'link', href, label: '', customProps: {[LAZY_BLOCK]: lazy}}];
}

/**
 * Where the items of a category drawn closed are (its cut as no page draws it, written to
 * `files`), once a build (`Made`); null for a category without a link to follow.
 */
function closedCategory(item: Category, files: CategoryFiles): LazyCategory | null {
  const known = made(files).closed;
  let lazy = known.get(item);
  if (lazy === undefined) {
    const href = firstLinkOf(item.items);
    lazy =
      href === undefined
        ? null
        : {file: fileOf(cutSidebar(item.items, undefined, files), files), count: item.items.length, href};
    known.set(item, lazy);
  }
  return lazy;
}

/**
 * The sidebar `items` as a page at `activePath` draws it: the categories it draws closed whose
 * first link shows them (a category without one keeps its items: nothing else would tell the
 * theme that it is visible) hold placeholders, and their items go to `files`, each cut again as
 * drawn with no page open in it. Of a long list, only the window the page draws keeps its items
 * (./sidebar-window.ts). With `cards`, the version's docs, the page shows cards: the lists it
 * draws open keep their items (the cards of a page can be the items beside it), but those of the
 * category whose page it is are cut as a list of cards (`cardList`).
 */
export function cutSidebar(
  items: PropSidebar,
  activePath: string | undefined,
  files: CategoryFiles,
  cards?: PropVersionDocs,
): PropSidebar {
  return cutList(items, activePath, files, cards, cards !== undefined);
}

/**
 * The list `items`, as `cutSidebar` cuts it; `whole`: no window, as of the lists of a page of
 * cards, and of the category whose page it is (the theme draws its window around no item).
 */
function cutList(
  items: PropSidebar,
  activePath: string | undefined,
  files: CategoryFiles,
  cards: PropVersionDocs | undefined,
  whole: boolean,
): PropSidebar {
  const cutItem = (item: PropSidebarItem): PropSidebarItem => {
    if (item.type !== 'category') return item;
    if (drawnOpen(item, activePath)) {
      const own = isSamePath(item.href, activePath);
      return {
        ...item,
        items:
          own && cards
            ? cardList(item.items, activePath, files, cards)
            : cutList(item.items, activePath, files, cards, whole || own),
      };
    }
    const lazy = closedCategory(item, files);
    if (lazy === null) return {...item, items: cutSidebar(item.items, activePath, files)};
    // One placeholder stands for all `count` items: the browser repeats it (./client/views.ts).
    const placeholder: PropSidebarItem = {
      type: 'link',
      href: lazy.href,
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
    ...blocks(items, 0, range.start, files),
    ...items.slice(range.start, range.end).map(cutItem),
    ...blocks(items, range.end, items.length, files),
  ];
}

/**
 * The items of the category whose page, at `activePath`, lists them as cards: of a long list
 * (./card-window.ts), the cards the page draws first, then a placeholder for each block of
 * WINDOW_BLOCK items, with the docs their cards describe. The sidebar draws the same list too:
 * its window, which holds no item of the page (the first two blocks), is among the cards kept.
 */
function cardList(
  items: PropSidebar,
  activePath: string | undefined,
  files: CategoryFiles,
  docs: PropVersionDocs,
): PropSidebar {
  const shown = cardWindow(items.length) ?? items.length;
  return [
    ...cutList(items.slice(0, shown), activePath, files, docs, true),
    ...blocks(items, shown, items.length, files, docs),
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
 * page it is, and the items beside it), of a long list those of the cards it draws first.
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
  const cut = cutSidebar(items, activePath, files, cards ? version.docs : undefined);
  return {
    plugin: version.pluginId,
    version: version.version,
    sidebar,
    items: cut,
    // The docs of the cards the page draws: a placeholder, of those it leaves out, has no doc.
    docs: cards ? docsOf(cardItems(cut, activePath), version.docs) : {},
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
