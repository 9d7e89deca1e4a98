/**
 * Replaces Docusaurus's own fallback Loading (@docusaurus/core, theme-fallback; the classic theme
 * has none): a spinner with a text for screen readers, and the red "Page Error" box with Retry
 * when a page's code cannot be loaded (see Loading below).
 *
 * Why: the fallback is a box of inline styles holding the raw error, and a spinner without text;
 * no option changes it.
 * Upgrade: UPGRADING.md#loading.
 */
import {useEffect, useState, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {LoadingComponentProps} from 'react-loadable';

import styles from './styles.module.css';

/** The title of the box, and of the browser tab while it shows. */
const PAGE_ERROR_TITLE = 'Page Error';

/** Whether the browser says it is online; it follows the browser's online and offline events. */
function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    update();
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

function PageError({error, retry}: {readonly error: unknown; readonly retry: () => void}): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const online = useOnline();
  return (
    <div className={styles.frame}>
      <Head>
        <title>{`${PAGE_ERROR_TITLE} ${siteConfig.titleDelimiter} ${siteConfig.title}`}</title>
      </Head>
      <div role="alert" aria-labelledby="page-error-title" className={styles.box}>
        <h1 id="page-error-title" className={styles.title}>
          {PAGE_ERROR_TITLE}
        </h1>
        <p className={styles.message}>
          {online
            ? 'This page could not be loaded. Check your connection, then retry.'
            : 'This page could not be loaded: you are offline. Retry once you are back online.'}
        </p>
        <div className={styles.actions}>
          <button type="button" className={styles.retry} onClick={retry}>
            Retry
          </button>
          {/* A page of its own (the blog, a landing page) shows the box without the navbar. */}
          <Link to="/" className={styles.home}>
            Go to the home page
          </Link>
        </div>
        <details className={styles.details}>
          <summary>Details</summary>
          <code>{String(error)}</code>
        </details>
      </div>
    </div>
  );
}

/**
 * What a page shows in place of its content while the code of its route
 * loads (nothing at first, a spinner after the router's 200 ms delay), and
 * when that code could not be loaded: the red "Page Error" box, whose Retry
 * button loads it again.
 *
 * A page that fails to load while the reader moves through the portal is
 * handled first by src/clientModules/routeLoadFailure.ts, which reloads the
 * page at most once; this box is what the reader sees after that, or at
 * once when offline.
 */
export default function Loading({error, retry, pastDelay}: LoadingComponentProps): ReactNode {
  if (error) {
    return <PageError error={error} retry={retry} />;
  }
  if (pastDelay) {
    return (
      <div className={styles.frame} role="status">
        <span className={styles.spinner} aria-hidden="true" />
        <span className={styles.visuallyHidden}>Loading the page…</span>
      </div>
    );
  }
  return null;
}
