/**
 * Wraps the classic theme's DocVersionRoot to give its docs the page's own part of the version's
 * sidebars and docs, which the browser's build takes out of the version's props
 * (src/plugins/route-data): the page's sidebar, its closed categories' items left to load when
 * opened, and the docs its cards describe. Every page of a docs version used to load all of them.
 *
 * Why: the version's props reach the theme only through this route component, whole; no option
 * of the docs plugin cuts them. On the server and under `npm start` the props are whole and
 * there is no view: the wrapper passes them on unchanged.
 * Upgrade: UPGRADING.md#docversionroot.
 */
import {useMemo, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import type {WrapperProps} from '@docusaurus/types';
import DocVersionRoot from '@theme-original/DocVersionRoot';
import type DocVersionRootType from '@theme/DocVersionRoot';

import {routeKey} from '@site/src/plugins/route-data/key';
import {viewOf} from '@site/src/plugins/route-data/client/views';

type Props = WrapperProps<typeof DocVersionRootType>;

export default function DocVersionRootWrapper(props: Props): ReactNode {
  const {pathname} = useLocation();
  const view = viewOf(routeKey(pathname));
  const {version} = props;
  const shown = useMemo(
    () =>
      view && view.plugin === version.pluginId && view.version === version.version
        ? {
            ...version,
            docsSidebars: {...version.docsSidebars, [view.sidebar]: view.items},
            docs: {...version.docs, ...view.docs},
          }
        : version,
    [version, view],
  );
  return <DocVersionRoot {...props} version={shown} />;
}
