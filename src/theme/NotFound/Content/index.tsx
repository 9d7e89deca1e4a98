/**
 * Replaces (ejected) the classic theme's NotFound/Content with the portal's not-found page (see
 * NotFoundContent below).
 *
 * Why: the theme's content is fixed text; translations can change its words, not add a search
 * or links.
 * Upgrade: UPGRADING.md#notfoundcontent.
 */
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useLocation} from '@docusaurus/router';
import {PageMetadata} from '@docusaurus/theme-common';
import {translate} from '@docusaurus/Translate';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Heading from '@theme/Heading';
import type {Props} from '@theme/NotFound/Content';
import clsx from 'clsx';

import {PRODUCT_NAME} from '@site/src/constants';

import styles from './styles.module.css';

const areas = [
  {label: 'Documentation', to: '/docs/docs/intro', hint: 'guides and how-tos'},
  {label: 'API Reference', to: '/docs/api/intro', hint: 'endpoints, events and objects'},
  {label: `${PRODUCT_NAME} Food`, to: '/food/', hint: 'food ordering integration'},
  {label: `${PRODUCT_NAME} Pay`, to: '/payment/', hint: 'QRIS payments'},
  {label: 'Contact Us', to: '/contact-us/', hint: 'partner support'},
] as const;

/** Words of the missing address, offered as a search so a mistyped URL still leads somewhere. */
function searchTermsFrom(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: search with the raw text instead.
  }
  return decoded
    .split(/[/\-_.]+/)
    .filter((word) => word && !/^(docs|api|index|html)$/i.test(word))
    .slice(-3)
    .join(' ')
    .slice(0, 100);
}

/**
 * The portal's not-found page: says what happened, offers a search prefilled
 * from the missing address, and links to the main areas.
 *
 * The page is built once, as 404.html, and served for every unknown address,
 * so the address is known only in the browser: the page names it after
 * hydration, which must first reproduce the built HTML.
 *
 * It sets the page title itself: under a docs route (an unknown address
 * below /docs/), the theme renders this content alone, without the NotFound
 * page that would otherwise set it, and the tab would show only the site name.
 */
export default function NotFoundContent({className}: Props): ReactNode {
  const {pathname} = useLocation();
  const missing = useIsBrowser() ? pathname : null;
  const terms = missing === null ? '' : searchTermsFrom(missing);
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <PageMetadata
        title={translate({id: 'theme.NotFound.title', message: 'Page Not Found'})}
        description="There is no page at this address. Search the portal or start from one of its main areas."
      />
      <div className={styles.wrapper}>
        <p className={styles.code}>404</p>
        <Heading as="h1">Page not found</Heading>
        <p>
          There is no page at{' '}
          {missing === null ? 'this address' : <code className={styles.path}>{missing}</code>}. It may have
          moved, or the address may be mistyped. Search the portal, or start from one of its main areas.
        </p>
        <form action="/search" method="get" role="search" className={styles.search}>
          <label htmlFor="not-found-search" className={styles.label}>
            Search the portal
          </label>
          <div className={styles.searchRow}>
            <input
              id="not-found-search"
              name="q"
              type="search"
              className={styles.input}
              // A new box once the address is known, holding its words.
              key={terms}
              defaultValue={terms}
              maxLength={200}
            />
            <button type="submit" className="button button--primary">
              Search
            </button>
          </div>
        </form>
        <Heading as="h2" className={styles.areasTitle}>
          Main areas
        </Heading>
        <ul className={styles.areas}>
          {areas.map((area) => (
            <li key={area.to}>
              <Link to={area.to}>{area.label}</Link> <span className={styles.hint}>({area.hint})</span>
            </li>
          ))}
        </ul>
      </div>
    </main>
  );
}
