/**
 * The part of a long sidebar list that a page draws. A list of more than LONG_LIST items (a
 * category, or a sidebar's top level, as a large description's tag can make) is drawn as a window
 * around the page's own item: the block of WINDOW_BLOCK items that holds it (the first block when
 * none does) and the blocks either side, with a link that shows the items before it and one that
 * shows the items after. Every page of such a list would otherwise carry all of it, in its HTML and
 * its route data, so that the pages of a section grew with the section and a build with the
 * square of it.
 *
 * Read by the build, which leaves the items outside the window out of a page's route data
 * (./docs-view.ts), and by the theme, which draws the window on the server and in the browser
 * (src/theme/DocSidebarItems): one function, so that both cut the same list at the same places,
 * each finding the page's item by the theme's rule (`isActiveSidebarItem`; ./docs-view.ts reads
 * it again in Node). No Node.js module: the browser imports it.
 */

/** How many items a block of a long list holds: the window is three blocks. */
export const WINDOW_BLOCK = 10;

/** A list longer than this is drawn as a window. */
export const LONG_LIST = 3 * WINDOW_BLOCK;

/** The items `start` to `end` (excluded) of a list are drawn. */
export interface SidebarWindow {
  readonly start: number;
  readonly end: number;
}

/**
 * The window of a list of `length` items for a page whose own item is the `active`th (-1: none of
 * them); none for a list of LONG_LIST items or fewer. `active` is asked only of a longer list.
 */
export function sidebarWindow(length: number, active: () => number): SidebarWindow | undefined {
  if (length <= LONG_LIST) return undefined;
  const block = Math.floor(Math.max(active(), 0) / WINDOW_BLOCK);
  return {
    start: Math.max(0, (block - 1) * WINDOW_BLOCK),
    end: Math.min(length, (block + 2) * WINDOW_BLOCK),
  };
}
