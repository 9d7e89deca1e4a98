import {useState, useSyncExternalStore, type ReactNode} from 'react';
import clsx from 'clsx';

import {
  getSearchIndexStatus,
  retrySearchIndex,
  subscribeSearchIndexStatus,
  type SearchIndexStatus,
} from '@site/src/plugins/search/query/searchByWorker';

import styles from './styles.module.css';

export function useSearchIndexStatus(): SearchIndexStatus {
  return useSyncExternalStore(subscribeSearchIndexStatus, getSearchIndexStatus, () => 'idle');
}

interface Props {
  /** Under the navbar's search box, or in the flow of the search page. */
  placement: 'box' | 'page';
  /**
   * Called once a Retry has loaded the index. The message, and the Retry button that had the
   * focus, are then gone: this says where the reader goes on.
   */
  onLoaded?: () => void;
}

/**
 * Says that search is unavailable when its index could not be loaded, with a
 * button that asks for the index again (searches typed meanwhile are answered
 * once it has loaded). Nothing is shown otherwise.
 */
export default function SearchUnavailable({placement, onLoaded}: Props): ReactNode {
  const status = useSearchIndexStatus();
  const [retried, setRetried] = useState(false);
  if (status !== 'unavailable' && !(retried && status === 'loading')) return null;
  const retrying = status === 'loading';
  return (
    <div role="alert" className={clsx(styles.unavailable, placement === 'box' ? styles.box : styles.page)}>
      <p className={styles.message}>
        {retrying
          ? 'Loading the search index again…'
          : 'Search is unavailable: the search index could not be loaded. Check your connection, then retry.'}
      </p>
      <button
        type="button"
        className="button button--sm button--primary"
        disabled={retrying}
        onClick={() => {
          setRetried(true);
          void retrySearchIndex().then(() => {
            if (getSearchIndexStatus() === 'ready') onLoaded?.();
          });
        }}>
        Retry
      </button>
    </div>
  );
}
