import {useCallback, useRef, type MouseEvent, type ReactNode} from 'react';
import isInternalUrl from '@docusaurus/isInternalUrl';
import {useHistory} from '@docusaurus/router';

import {opensHere} from '@site/src/components/IntentLink';

import styles from './styles.module.css';

interface Props {
  /** A block of a generated reference page as HTML, written by `gen-api` (src/api-reference/page/html.ts). */
  readonly html: string;
}

/** The link to a page of the site that a click or a pointer is on, in the block. */
function siteLink(event: MouseEvent<HTMLDivElement>): {link: HTMLAnchorElement; href: string} | undefined {
  const link = event.target instanceof Element ? event.target.closest('a') : null;
  const href = link?.getAttribute('href');
  if (!link || !href || !event.currentTarget.contains(link) || link.hasAttribute('download'))
    return undefined;
  return href.startsWith('/') && isInternalUrl(href) ? {link, href} : undefined;
}

/**
 * A block of a generated reference page: HTML written while the reference was generated, from the
 * OpenAPI description, which is part of the repository. Drawn as it is, on the server like the rest
 * of the page; the browser keeps the server's markup, and React makes no element of it.
 *
 * Its links to pages of the site go through the router, as the site's Markdown links do: a click
 * opens the page without loading the site again, and a pointer over a link loads that page's code
 * ahead. A click with a modifier key, or on a link leaving the site, is the browser's.
 */
export default function GeneratedHtml({html}: Props): ReactNode {
  const history = useHistory();
  const navigate = useCallback(
    (event: MouseEvent<HTMLDivElement>) => {
      const found = siteLink(event);
      if (found === undefined || !opensHere(event, found.link)) return;
      event.preventDefault();
      history.push(found.href);
    },
    [history],
  );
  // Each page once: the pointer passes over a link's children many times.
  const preloaded = useRef(new Set<string>());
  const preload = useCallback((event: MouseEvent<HTMLDivElement>) => {
    const href = siteLink(event)?.href;
    if (href === undefined || preloaded.current.has(href)) return;
    preloaded.current.add(href);
    void window.docusaurus.preload(href);
  }, []);
  // The handlers only take the clicks and pointers of the links inside, which a keyboard follows
  // with Enter (a click of the link): the block itself is no control.
  return (
    <div
      className={styles.block}
      onClick={navigate}
      onMouseOver={preload}
      dangerouslySetInnerHTML={{__html: html}}
    />
  );
}
