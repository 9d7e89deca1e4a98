/**
 * The docs views of the pages the browser knows (../docs-view.ts), and the items of sidebar
 * categories loaded when a reader opens them. Filled by ./store.ts in a production build; read by
 * the theme's wrappers (src/theme/DocVersionRoot, src/theme/DocSidebarItems), which also run on
 * the server and in the development server, where nothing fills it and they change nothing.
 */
import type {PropSidebar, PropSidebarItem} from '@docusaurus/plugin-content-docs';

import {LAZY_BLOCK, LAZY_CATEGORY} from '../key';
import type {DocsView, LazyCategory} from '../types';

const views = new Map<string, DocsView>();

/** Loads the items of a category from its file; set by the store, which knows the build's folder. */
let categoryLoader: ((file: string) => Promise<PropSidebar>) | undefined;

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

export function setCategoryLoader(loader: (file: string) => Promise<PropSidebar>): void {
  categoryLoader = loader;
}

const categories = new Map<string, Promise<PropSidebar>>();
const loadedCategories = new Map<string, PropSidebar>();

/** The items of a closed category or a block, once loaded: at once if they are already. */
export function loadedCategory(lazy: LazyCategory): PropSidebar | undefined {
  return loadedCategories.get(lazy.file);
}

/** Loads the items of a closed category or a block (each file once; a failed load may be tried again). */
export function loadCategory(lazy: LazyCategory): Promise<PropSidebar> {
  const pending = categories.get(lazy.file);
  if (pending) return pending;
  if (!categoryLoader) return Promise.reject(new Error('The sidebar cannot be loaded in this build'));
  const loading = categoryLoader(lazy.file).then(
    (items) => {
      const shown = expanded(items);
      loadedCategories.set(lazy.file, shown);
      return shown;
    },
    (error: unknown) => {
      categories.delete(lazy.file);
      throw error;
    },
  );
  categories.set(lazy.file, loading);
  return loading;
}
