/**
 * A module replacement: the docs sidebars' links are the portal's IntentLink
 * (src/components/IntentLink), which fetches a page's code ahead when the reader points at,
 * touches or focuses its link, instead of Docusaurus's `Link`, which fetches ahead every link
 * that comes on screen.
 *
 * Why: every link on screen cost the first frame a route lookup and a `<link rel=prefetch>`, in
 * one long task; a reference page has its whole visible API sidebar on screen, and the task grew
 * with the API (ARCHITECTURE.md#routes-in-the-browser-route-data). `Link` has no prop or option to
 * fetch on intent only, and the sidebar item components pass none: replacing the one import of
 * `Link` in each keeps the theme's components, markup and styles as they are, without ejecting.
 * Upgrade: UPGRADING.md#srcpluginssidebar-links.
 */
import path from 'node:path';

import type {Plugin} from '@docusaurus/types';

import {replaceModule} from '../replace-module';

/** `@docusaurus/Link` as written in an import, and as resolved. */
const DOCUSAURUS_LINK =
  /^@docusaurus\/Link$|[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]exports[\\/]Link\.js$/;

/** The folders of the classic theme's sidebar item components that render links. */
const SIDEBAR_ITEMS =
  /[\\/]@docusaurus[\\/]theme-classic[\\/]lib[\\/]theme[\\/]DocSidebarItem[\\/](?:Link|Category)$/;

export default function sidebarLinksPlugin(): Plugin {
  return {
    name: 'sidebar-links',
    // In the server build too, so that the page's HTML is what the browser hydrates.
    configureWebpack(_config, _isServer, {currentBundler}) {
      const intentLink = path.resolve(__dirname, '..', '..', 'components', 'IntentLink', 'index.tsx');
      return {plugins: [replaceModule(currentBundler, DOCUSAURUS_LINK, intentLink, SIDEBAR_ITEMS)]};
    },
  };
}
