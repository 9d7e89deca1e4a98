/**
 * Wraps the local search's SearchPage (/search): limits the query, adds a main landmark, a
 * description and a choice of release to search, and says when search is unavailable (see below).
 *
 * Why: the plugin's page has none of these, no option adds them, and it draws its field and
 * results in a plain container.
 * Upgrade: UPGRADING.md#searchpage.
 */
import {useEffect, useRef, useState, type ReactNode, type RefObject} from 'react';
import {createPortal} from 'react-dom';
import {useHistory, useLocation} from '@docusaurus/router';
import {PageMetadata} from '@docusaurus/theme-common';
import useIsBrowser from '@docusaurus/useIsBrowser';
import SearchPage from '@theme-original/SearchPage';
import type SearchPageType from '@theme/SearchPage';
import type {WrapperProps} from '@docusaurus/types';

import {PORTAL_TITLE} from '@site/src/constants';
import ReleasePicker from '@site/src/components/ReleasePicker';
import SearchUnavailable from '@site/src/components/SearchUnavailable';
import {useMarkupFix} from '@site/src/hooks/useMarkupFix';

import {limitInputsUnder, limitSearchParams} from '../SearchBar/queryLength';
import styles from './styles.module.css';

type Props = WrapperProps<typeof SearchPageType>;

/**
 * The search page, whose query (`q` of the address, or typed into its box)
 * is limited to MAX_QUERY_LENGTH characters. An address opened from outside
 * is cut before the app starts (src/clientModules/limitSearchAddress); one
 * reached by a link inside the portal is cut here, once per address, before
 * the page searches for it.
 *
 * Under the search field: which pages it searches (ReleasePicker: the current
 * API and the guides, or an earlier release's reference, the plugin's
 * `version` parameter) and, when the search index cannot be loaded, a message
 * that says so, with a retry (SearchUnavailable). The page's own content is
 * drawn by the plugin, so both are placed there through a portal.
 */
export default function SearchPageWrapper(props: Props): ReactNode {
  const location = useLocation();
  const history = useHistory();
  const holder = useRef<HTMLDivElement>(null);
  const limited = limitSearchParams(location.search);

  useEffect(() => {
    if (limited !== null) {
      history.replace({...location, search: limited});
    }
  }, [limited, location, history]);
  useMarkupFix(holder, completeMarkup, limited === null);
  const slot = useMessageSlot(holder, limited === null);

  // The page searches as soon as it renders: it renders once the query is cut.
  if (limited !== null) return null;
  return (
    <div ref={holder} className={styles.limit}>
      <SearchPage {...props} />
      <PageMetadata
        description={`Search every guide, reference page and blog post of the ${PORTAL_TITLE}.`}
      />
      {slot &&
        createPortal(
          <>
            <ReleasePicker />
            <SearchUnavailable placement="page" />
          </>,
          slot,
        )}
    </div>
  );
}

/** What the portal completes in the plugin's markup, each time it redraws: one observer for both. */
function completeMarkup(element: HTMLElement): void {
  limitInputsUnder(element);
  markMainContent(element);
}

/**
 * The plugin draws the page's field and results in a plain container, so the page has no main
 * landmark for a screen reader to jump to: that container becomes the page's main content.
 */
function markMainContent(element: HTMLElement): void {
  const content = element.querySelector('.main-wrapper > .container');
  if (content && !element.querySelector('main, [role="main"]')) content.setAttribute('role', 'main');
}

/**
 * An element placed right after the page's search field, for messages about the search. Null
 * until the page has hydrated: what is drawn into it is not in the server's HTML.
 */
function useMessageSlot(holder: RefObject<HTMLDivElement | null>, active: boolean): HTMLElement | null {
  const isBrowser = useIsBrowser();
  const [slot] = useState(() => (typeof document === 'undefined' ? null : document.createElement('div')));
  useEffect(() => {
    const field = holder.current?.querySelector('.main-wrapper input[type="search"]')?.closest('.row');
    if (!active || !field || !slot) return undefined;
    field.after(slot);
    return () => slot.remove();
  }, [holder, active, slot]);
  return isBrowser ? slot : null;
}
