/**
 * Replaces `renderRoutes` for Docusaurus's App (@docusaurus/core, lib/client/App.js) in a production
 * build. The App renders the top of the route tree once, when it starts; the browser's tree grows
 * as it learns pages (./store.ts), so the top is rendered anew with each address instead.
 */
import type {ReactNode} from 'react';
import renderRoutes from '@docusaurus/renderRoutes';
import {useLocation} from '@docusaurus/router';
import type {RouteConfig} from 'react-router-config';

function KnownRoutes({routes}: {readonly routes: RouteConfig[]}): ReactNode {
  // Read so that a new address renders the routes again: the store has learnt its page by then.
  useLocation();
  return renderRoutes(routes);
}

export default function renderKnownRoutes(routes: RouteConfig[]): ReactNode {
  return <KnownRoutes routes={routes} />;
}
