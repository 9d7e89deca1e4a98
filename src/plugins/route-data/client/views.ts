/**
 * The docs views of the pages the browser knows (../docs-view.ts), and the items of sidebar
 * categories loaded when a reader opens them (with the docs of a block of cards, when the reader
 * asks for more cards). Filled by ./store.ts in a production build; read by the theme's wrappers
 * (src/theme/DocVersionRoot, src/theme/DocSidebarItems, src/theme/DocCardList), which also run on
 * the server and in the development server, where nothing fills it and they change nothing.
 */
import type {PropSidebar, PropSidebarItem, PropVersionDocs} from '@docusaurus/plugin-content-docs';

import {LAZY_BLOCK, LAZY_CATEGORY} from '../key';
import type {DocsView, LazyCategory} from '../types';

const views = new Map<string, DocsView>();

/**
 * Loads a file of the categories' folder (a category's or a block's items, a block of cards'
 * docs); set by the store, which knows the build's folder.
 */
let categoryLoader: ((file: string) => Promise<unknown>) | undefined;

/** The placeholder of a closed category's items, if `items` is one. */
export function lazyCategoryOf(items: readonly PropSidebarItem[]): LazyCategory | undefined {
  const first = items[0];
  return first?.type === 'link'
    ? (first.customProps?.[LAZY_CATEGORY] as LazyCategory | undefined)
    : undefined;
}

/** The placeholder of a block of a long list's items (../sidebar-window.ts), if `item` is one. */
export function lazyBlockOf(item: PropSidebarItem | undefined): LazyCategory | undefined {
  return item?.type === 'link' ? (item.customProps?.[LAZY_BLOCK] as LazyCategory | undefined) : undefined;
}

/**
 * The view as the theme reads it: each placeholder stands for as many items as its category or
 * block holds (a category's card counts them, and a long list's window is found by position), all
 * the same link.
 */
function expanded(items: PropSidebar): PropSidebar {
  return items.flatMap((item) => {
    const block = lazyBlockOf(item);
    if (block) return Array<PropSidebarItem>(block.count).fill(item);
    if (item.type !== 'category') return [item];
    const [placeholder] = item.items;
    const lazy = lazyCategoryOf(item.items);
    return [
      {
        ...item,
        items:
          lazy && placeholder ? Array<PropSidebarItem>(lazy.count).fill(placeholder) : expanded(item.items),
      },
    ];
  });
}

export function setView(key: string, view: DocsView): void {
  views.set(key, {...view, items: expanded(view.items)});
}

/** The docs view of the page whose key is `key`, if the build made one. */
export function viewOf(key: string): DocsView | undefined {
  return views.get(key);
}

/** The first view known for the sidebar that has a link to `path` (a page whose data could not be loaded). */
export function viewLinkingTo(path: string): DocsView | undefined {
  const links = (items: PropSidebar): boolean =>
    items.some(
      (item) =>
        (item.type === 'link' && item.href === path) ||
        (item.type === 'category' && (item.href === path || links(item.items))),
    );
  return [...views.values()].find((view) => links(view.items));
}

export function setCategoryLoader(loader: (file: string) => Promise<unknown>): void {
  categoryLoader = loader;
}

/** The files being loaded or loaded, by name: items (as the theme reads them) or docs. */
const pendingFiles = new Map<string, Promise<unknown>>();
const loadedFiles = new Map<string, unknown>();

/** Loads a file, read by `read` (each file once; a failed load may be tried again). */
function loadFile<T>(file: string, read: (content: unknown) => T): Promise<T> {
  const pending = pendingFiles.get(file);
  if (pending) return pending as Promise<T>;
  if (!categoryLoader) return Promise.reject(new Error('The sidebar cannot be loaded in this build'));
  const loading = categoryLoader(file).then(
    (content) => {
      const shown = read(content);
      loadedFiles.set(file, shown);
      return shown;
    },
    (error: unknown) => {
      pendingFiles.delete(file);
      throw error;
    },
  );
  pendingFiles.set(file, loading);
  return loading;
}

/** The items of a closed category or a block, once loaded: at once if they are already. */
export function loadedCategory(lazy: LazyCategory): PropSidebar | undefined {
  return loadedFiles.get(lazy.file) as PropSidebar | undefined;
}

/** Loads the items of a closed category or a block (each file once; a failed load may be tried again). */
export function loadCategory(lazy: LazyCategory): Promise<PropSidebar> {
  return loadFile(lazy.file, (items) => expanded(items as PropSidebar));
}

/** The docs that the cards of a block describe, once loaded: at once if they are already. */
export function loadedCardDocs(lazy: LazyCategory): PropVersionDocs | undefined {
  return lazy.docs === undefined ? {} : (loadedFiles.get(lazy.docs) as PropVersionDocs | undefined);
}

/** Loads the docs that the cards of a block describe (../card-window.ts), as `loadCategory` its items. */
export function loadCardDocs(lazy: LazyCategory): Promise<PropVersionDocs> {
  return lazy.docs === undefined
    ? Promise.resolve({})
    : loadFile(lazy.docs, (docs) => docs as PropVersionDocs);
}
