/**
 * Wraps the classic theme's DocSidebarItems so that
 * - a sidebar category whose items the page's route data left out (src/plugins/route-data: a
 *   category the page shows closed) loads them when the reader opens it, and shows "Loading…"
 *   meanwhile, or a retry when they could not be loaded;
 * - a long list (src/plugins/route-data/sidebar-window.ts) draws the window around the page's own
 *   item, with "Show N earlier" and "Show N more" links before and after it that draw the rest in
 *   place (loading it where the route data left it out) or, without scripts, open its first page.
 *
 * Why: a page's data holds its sidebar as the page draws it, so that its scripts do not grow with
 * the sidebar's closed parts; the theme draws a category's items only once it is opened, and no
 * option lets a category load them then, nor draws part of a list. The window is drawn on the
 * server too, from the whole sidebar, so that a page's HTML does not grow with its section. Under
 * `npm start` and on the server, no item is left out of the data: a long list's other items are
 * drawn from it when asked for, with nothing to load.
 * Upgrade: UPGRADING.md#docsidebaritems.
 */
import {useEffect, useState, type ReactNode} from 'react';
import type {PropSidebar} from '@docusaurus/plugin-content-docs';
import {findFirstSidebarItemLink, isActiveSidebarItem} from '@docusaurus/plugin-content-docs/client';
import type {WrapperProps} from '@docusaurus/types';
import DocSidebarItems from '@theme-original/DocSidebarItems';
import type DocSidebarItemsType from '@theme/DocSidebarItems';

import {
  lazyBlockOf,
  lazyCategoryOf,
  loadCategory,
  loadedCategory,
} from '@site/src/plugins/route-data/client/views';
import {sidebarWindow, type SidebarWindow} from '@site/src/plugins/route-data/sidebar-window';
import type {LazyCategory} from '@site/src/plugins/route-data/types';

type Props = WrapperProps<typeof DocSidebarItemsType>;

function LazyItems({lazy, ...props}: Props & {readonly lazy: LazyCategory}): ReactNode {
  const [items, setItems] = useState<PropSidebar | undefined>(() => loadedCategory(lazy));
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (items) return undefined;
    let current = true;
    loadCategory(lazy).then(
      (loaded) => current && setItems(loaded),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [lazy, items, attempt]);
  if (items) return <DocSidebarItems {...props} items={items} />;
  return (
    // Infima's own classes: the sidebar's styles as they are, with none of the portal's added.
    <li className="menu__list-item" role="status">
      <span className="menu__link">
        {failed ? (
          <>
            This section could not be loaded.{' '}
            <button
              type="button"
              className="button button--link button--sm padding--none"
              onClick={() => {
                setFailed(false);
                setAttempt((count) => count + 1);
              }}>
              Retry
            </button>
          </>
        ) : (
          'Loading…'
        )}
      </span>
    </li>
  );
}

/**
 * Items of a long list outside its window, once the reader asked for them: those the page's data
 * holds as they are, each block it left out loaded (a block's placeholder stands for its `count`
 * items, see src/plugins/route-data/client/views.ts).
 */
function HiddenItems(props: Props): ReactNode {
  const parts: ReactNode[] = [];
  let held: Props['items'][number][] = [];
  const flush = () => {
    if (held.length > 0) parts.push(<DocSidebarItems key={parts.length} {...props} items={held} />);
    held = [];
  };
  for (let index = 0; index < props.items.length;) {
    const item = props.items[index];
    const block = lazyBlockOf(item);
    if (!block) {
      held.push(item);
      index += 1;
      continue;
    }
    flush();
    parts.push(<LazyItems key={parts.length} {...props} lazy={block} />);
    index += block.count;
  }
  flush();
  return parts;
}

/**
 * The items of a long list before or after its window: a link that shows them ("Show N earlier",
 * "Show N more"), which leads to the first of them without scripts, and then the items.
 */
function Hidden({label, ...props}: Props & {readonly label: string}): ReactNode {
  const [shown, setShown] = useState(false);
  if (props.items.length === 0) return null;
  if (shown) return <HiddenItems {...props} />;
  const href = props.items.map(findFirstSidebarItemLink).find((link) => link !== undefined);
  return (
    <li className="menu__list-item">
      <a
        className="menu__link"
        href={href}
        onClick={(event) => {
          event.preventDefault();
          setShown(true);
        }}>
        {`Show ${props.items.length} ${label}`}
      </a>
    </li>
  );
}

/** A long list: its window, and what comes before and after it once the reader asks. */
function LongList({range, ...props}: Props & {readonly range: SidebarWindow}): ReactNode {
  return (
    <>
      <Hidden {...props} items={props.items.slice(0, range.start)} label="earlier" />
      <DocSidebarItems {...props} items={props.items.slice(range.start, range.end)} />
      <Hidden {...props} items={props.items.slice(range.end)} label="more" />
    </>
  );
}

export default function DocSidebarItemsWrapper(props: Props): ReactNode {
  const lazy = lazyCategoryOf(props.items);
  if (lazy) return <LazyItems {...props} lazy={lazy} />;
  const range = sidebarWindow(props.items.length, () =>
    props.items.findIndex((item) => isActiveSidebarItem(item, props.activePath)),
  );
  // A new page draws its own window: what a reader showed on the last one is not carried over.
  if (range) return <LongList key={props.activePath} {...props} range={range} />;
  return <DocSidebarItems {...props} />;
}
