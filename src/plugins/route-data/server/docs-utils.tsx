/**
 * Replaces the docs plugin's `docsUtils` (lib/client/docsUtils.js) in the server bundle
 * (./index.ts) for one hook, `useDocRootMetadata`: the doc route of an address is found in a
 * table of the routes (./find-by-path.ts), and only that route is rendered, instead of trying
 * every route's path twice (once to find it, once in a `Switch` of every route). The other
 * exports are the plugin's own.
 */
import type {ReactNode} from 'react';
import type {PropSidebar} from '@docusaurus/plugin-content-docs';
import {useDocsVersion} from '@docusaurus/plugin-content-docs/client';
import renderRoutes from '@docusaurus/renderRoutes';
import {matchPath, useLocation} from '@docusaurus/router';
import type {Props as DocRootProps} from '@theme/DocRoot';

import {everyPathPlain, findIndexByPath, plainRoutePath} from './find-by-path';

export * from '@gerai/docs-utils';

/** A doc route: Docusaurus gives it the name of its doc's sidebar. */
type DocRoute = DocRootProps['route'] & {readonly sidebar?: string};

export function useDocRootMetadata({route}: DocRootProps): null | {
  docElement: ReactNode;
  sidebarName: string | undefined;
  sidebarItems: PropSidebar | undefined;
} {
  const location = useLocation();
  const versionMetadata = useDocsVersion();
  const docRoutes = (route.routes ?? []) as DocRoute[];
  const index = findIndexByPath(docRoutes, location.pathname, plainRoutePath, (docRoute) =>
    Boolean(matchPath(location.pathname, docRoute)),
  );
  const current = docRoutes[index];
  if (!current) return null;
  const sidebarName = current.sidebar;
  // A Switch of every route renders the first that matches, this one, when every route is
  // matched as text; any other route keeps the Switch as it was.
  const docElement = renderRoutes(everyPathPlain(docRoutes, plainRoutePath) ? [current] : docRoutes);
  return {
    docElement,
    sidebarName,
    sidebarItems: sidebarName ? versionMetadata.docsSidebars[sidebarName] : undefined,
  };
}
