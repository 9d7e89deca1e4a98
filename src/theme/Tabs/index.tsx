/**
 * Wraps the classic theme's Tabs so that a set of tabs is not thrown away and built again once the
 * page runs.
 *
 * The theme's Tabs remounts itself when hydration ends (`key={String(isBrowser)}`, for a
 * `defaultValue` computed in the browser, Docusaurus issue 5653): every panel, the hidden ones
 * too, is built again in the browser, and the server's HTML of it is thrown away: on a guide whose
 * samples are in tabs, most of its code. The portal's tabs take their default from
 * the page (`default` on a TabItem, or `defaultValue`), the same on the server and in the browser;
 * the theme's hooks then select the tab the reader chose before (storage) or linked to (query
 * string) with a state update after hydration, which needs no remount. So the theme's Tabs gets a
 * browser context that stays `false` and its key never changes, and each panel's content gets the
 * real one back. A `defaultValue` computed in the browser would show the server's tab: give such
 * tabs a `groupId` or a `queryString` instead.
 *
 * Why no option: Tabs has none for the remount, and `useIsBrowser`'s context is not exported.
 * Upgrade: UPGRADING.md#tabs.
 */
import {Children, cloneElement, isValidElement, type ReactNode} from 'react';
// The context `useIsBrowser` reads, from the module `@docusaurus/useIsBrowser` imports it from.
import {Context as BrowserContext} from '@docusaurus/core/lib/client/browserContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Tabs from '@theme-original/Tabs';
import type TabsType from '@theme/Tabs';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof TabsType>;

/** The theme's Tabs, never remounted; each TabItem's content sees whether the page runs in a browser. */
export default function TabsWrapper({children, ...props}: Props): ReactNode {
  const isBrowser = useIsBrowser();
  const items = Children.map(children, (child) =>
    isValidElement<{children?: ReactNode}>(child)
      ? cloneElement(
          child,
          undefined,
          <BrowserContext.Provider value={isBrowser}>{child.props.children}</BrowserContext.Provider>,
        )
      : child,
  );
  return (
    <BrowserContext.Provider value={false}>
      <Tabs {...props}>{items}</Tabs>
    </BrowserContext.Provider>
  );
}
