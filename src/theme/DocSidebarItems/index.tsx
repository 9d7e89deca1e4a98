/**
 * Wraps the classic theme's DocSidebarItems so that a sidebar category whose items the page's
 * route data left out (src/plugins/route-data: a category the page shows closed) loads them when
 * the reader opens it, and shows "Loading…" meanwhile, or a retry when they could not be loaded.
 *
 * Why: a page's data holds its sidebar as the page draws it, so that its scripts do not grow with
 * the sidebar's closed parts; the theme draws a category's items only once it is opened, and no
 * option lets a category load them then. Under `npm start` and on the server, no category is left
 * out and the wrapper draws the items as they are.
 * Upgrade: UPGRADING.md#docsidebaritems.
 */
import {useEffect, useState, type ReactNode} from 'react';
import type {PropSidebar} from '@docusaurus/plugin-content-docs';
import type {WrapperProps} from '@docusaurus/types';
import DocSidebarItems from '@theme-original/DocSidebarItems';
import type DocSidebarItemsType from '@theme/DocSidebarItems';

import {lazyCategoryOf, loadCategory, loadedCategory} from '@site/src/plugins/route-data/client/views';
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

export default function DocSidebarItemsWrapper(props: Props): ReactNode {
  const lazy = lazyCategoryOf(props.items);
  return lazy ? <LazyItems {...props} lazy={lazy} /> : <DocSidebarItems {...props} />;
}
