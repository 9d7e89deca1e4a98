/**
 * A link to a page of the site that fetches the page's code ahead only when a reader shows the
 * intent to follow it: the pointer over it, a touch, or keyboard focus. The docs sidebars' links
 * are this link (src/plugins/sidebar-links); every other link is Docusaurus's own.
 *
 * Why: Docusaurus's `Link` gives every link of the site an IntersectionObserver, and on the
 * first frame fetches ahead the pages of all the links on screen, in one task. On a reference
 * page that is the whole visible API sidebar: about 30 pages, each looked up in the route table
 * and added as a `<link rel=prefetch>`, which held the main thread for a long task on every
 * page load, longer as the API grows. `Link` has no prop or option to fetch on intent only.
 * Upgrade: UPGRADING.md#srcpluginssidebar-links.
 */
import {
  useCallback,
  useRef,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  type TouchEvent,
} from 'react';
import Link, {type Props as LinkProps} from '@docusaurus/Link';
import isInternalUrl from '@docusaurus/isInternalUrl';
import {useHistory} from '@docusaurus/router';
import {useBaseUrlUtils} from '@docusaurus/useBaseUrl';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import applyTrailingSlash from '@docusaurus/utils-common/lib/applyTrailingSlash';

/**
 * A click on `link` that the browser would open in this tab: the router handles it instead. Also
 * read by src/components/GeneratedHtml, whose links are HTML of their own.
 */
export function opensHere(event: MouseEvent, link: HTMLAnchorElement): boolean {
  const {target} = link;
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    (!target || target === '_self')
  );
}

/**
 * Takes the props of Docusaurus's `Link`. A link that leaves the site, or opens in another tab,
 * is Docusaurus's `Link` itself, which never fetches such a link ahead anyway.
 */
export default function IntentLink({
  to,
  href,
  autoAddBaseUrl = true,
  onClick,
  onPointerEnter,
  onTouchStart,
  onFocus,
  isNavLink,
  'data-noBrokenLinkCheck': noBrokenLinkCheck,
  ...props
}: LinkProps): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {withBaseUrl} = useBaseUrlUtils();
  const brokenLinks = useBrokenLinks();
  const history = useHistory();
  const given = to ?? href;
  const internal =
    given !== undefined &&
    given.startsWith('/') &&
    isInternalUrl(given) &&
    (!props.target || props.target === '_self') &&
    !isNavLink &&
    // The hash router's addresses are Docusaurus's `Link`'s business.
    siteConfig.future.experimental_router !== 'hash';
  const path =
    given === undefined
      ? ''
      : applyTrailingSlash(autoAddBaseUrl ? withBaseUrl(given) : given, {
          trailingSlash: siteConfig.trailingSlash,
          baseUrl: siteConfig.baseUrl,
        });

  // Each page once: Docusaurus's preload and prefetch remember what they have fetched, but
  // every call looks the route up first.
  const fetched = useRef(false);
  /** Pointer or touch: load the page's code, as Docusaurus's `Link` does on `mouseenter`. */
  const preload = useCallback(() => {
    if (fetched.current) return;
    fetched.current = true;
    void window.docusaurus.preload(path);
  }, [path]);
  /** Focus: download the page's code only; a keyboard reader tabs past many links. */
  const prefetch = useCallback(() => {
    if (!fetched.current) void window.docusaurus.prefetch(path);
  }, [path]);

  const navigate = useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(event);
      if (!opensHere(event, event.currentTarget)) return;
      event.preventDefault();
      const {pathname, search, hash} = history.location;
      if (`${pathname}${search}${hash}` === path) history.replace(path);
      else history.push(path);
    },
    [history, onClick, path],
  );

  if (!internal) {
    return (
      <Link
        to={given}
        autoAddBaseUrl={autoAddBaseUrl}
        onClick={onClick}
        onPointerEnter={onPointerEnter}
        onTouchStart={onTouchStart}
        onFocus={onFocus}
        isNavLink={isNavLink}
        data-noBrokenLinkCheck={noBrokenLinkCheck}
        {...props}
      />
    );
  }
  // The build's broken-link check sees this link as it sees every Docusaurus link.
  if (!noBrokenLinkCheck) brokenLinks.collectLink(path);
  return (
    <a
      {...props}
      href={path}
      onClick={navigate}
      onPointerEnter={(event: PointerEvent<HTMLAnchorElement>) => {
        onPointerEnter?.(event);
        preload();
      }}
      onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => {
        onTouchStart?.(event);
        preload();
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        onFocus?.(event);
        prefetch();
      }}
    />
  );
}
