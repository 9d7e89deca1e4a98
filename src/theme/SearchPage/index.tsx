import {useEffect, useRef, type ReactNode} from 'react';
import {useHistory, useLocation} from '@docusaurus/router';
import SearchPage from '@theme-original/SearchPage';
import type SearchPageType from '@theme/SearchPage';
import type {WrapperProps} from '@docusaurus/types';

import {limitInputsUnder, limitQuery} from '../SearchBar/queryLength';
import styles from './styles.module.css';

type Props = WrapperProps<typeof SearchPageType>;

/**
 * The search page, whose query (`q` of the address, or typed into its box)
 * is limited to MAX_QUERY_LENGTH characters. A longer `q` is cut in the
 * address before the page searches for it.
 */
export default function SearchPageWrapper(props: Props): ReactNode {
  const location = useLocation();
  const history = useHistory();
  const holder = useRef<HTMLDivElement>(null);
  const params = new URLSearchParams(location.search);
  const query = params.get('q');
  const tooLong = query !== null && limitQuery(query) !== query;

  useEffect(() => {
    if (query !== null && tooLong) {
      params.set('q', limitQuery(query));
      history.replace({...location, search: `?${params.toString()}`});
    }
  });
  useEffect(() => limitInputsUnder(holder.current));

  // The page searches as soon as it renders: it renders once the query is cut.
  if (tooLong) return null;
  return (
    <div ref={holder} className={styles.limit}>
      <SearchPage {...props} />
    </div>
  );
}
