import {useEffect, useRef, type ReactNode} from 'react';
import {useHistory, useLocation} from '@docusaurus/router';
import {PageMetadata} from '@docusaurus/theme-common';
import SearchPage from '@theme-original/SearchPage';
import type SearchPageType from '@theme/SearchPage';
import type {WrapperProps} from '@docusaurus/types';

import {PORTAL_TITLE} from '@site/src/constants';
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
  useMarkupFix(holder, limitInputsUnder, limited === null);

  // The page searches as soon as it renders: it renders once the query is cut.
  if (limited !== null) return null;
  return (
    <div ref={holder} className={styles.limit}>
      <SearchPage {...props} />
      <PageMetadata
        description={`Search every guide, reference page and blog post of the ${PORTAL_TITLE}.`}
      />
    </div>
  );
}
