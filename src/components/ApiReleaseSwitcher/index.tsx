import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useStorageSlot} from '@docusaurus/theme-common';

import styles from './styles.module.css';

/** The name the switcher gives the current reference (src/api-reference/releases.ts: CURRENT_RELEASE). */
const CURRENT = 'current';

/**
 * The key of the reader's chosen release of the API reference in local storage, kept as the docs'
 * chosen version is: the release's name, or `current`.
 */
export const CHOSEN_RELEASE_KEY = 'gerai-api-release';

/** One entry of the switcher, written into the page by the reference's page writer. */
interface ReleaseLink {
  readonly release: string;
  readonly href: string;
  readonly has: boolean;
}

interface Props {
  /** The release this page shows, or `current`. */
  readonly shown: string;
  /** The same page in the current reference and in each release, newest first. */
  readonly links: readonly ReleaseLink[];
}

const label = (release: string) => (release === CURRENT ? 'Current' : `Release ${release}`);

/**
 * The release switcher of a reference page: the release it shows, and a list of links to the same
 * operation in the current reference and in each release (a release without the operation links
 * to its own page; releases that did not change it link to the page of the release that did). A
 * plain disclosure of links, so it works without JavaScript. The reader's choice is remembered; on a
 * page that does not show the release chosen, a line offers it.
 */
export default function ApiReleaseSwitcher({shown, links}: Props): ReactNode {
  // null on the server and until the page is live: the offer below is drawn in the browser only.
  const [chosen, storage] = useStorageSlot(CHOSEN_RELEASE_KEY);
  // Releases that did not change the operation share the page of the one that did: this one.
  const here = links.find((link) => link.release === shown)?.href;
  const offered = links.find((link) => link.release === chosen && link.href !== here && link.has);
  return (
    // Navigation, not content: left out of the page's Markdown and of the search index.
    <div className={styles.switcher} data-markdown="skip">
      <details className={styles.disclosure}>
        <summary className={styles.summary}>
          API release: <strong>{label(shown)}</strong>
        </summary>
        <ul className={styles.list} aria-label="Releases of this page">
          {links.map((link) => (
            <li key={link.release}>
              <Link
                to={link.href}
                aria-current={link.href === here ? 'page' : undefined}
                onClick={() => storage.set(link.release)}>
                {label(link.release)}
              </Link>
              {link.has ? null : <span className={styles.missing}> (not in this release: its overview)</span>}
            </li>
          ))}
        </ul>
      </details>
      {offered ? (
        <p className={styles.offer}>
          You chose {label(offered.release).toLowerCase()}:{' '}
          <Link to={offered.href}>read this page in it</Link>.
        </p>
      ) : null}
    </div>
  );
}
