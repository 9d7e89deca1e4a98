import type {ReactNode} from 'react';
import clsx from 'clsx';
import {useBlogPost} from '@docusaurus/plugin-content-blog/client';

import styles from './styles.module.css';

/**
 * The kinds of entry of the API changelog, tags of changelog/tags.yml: a change added, changed,
 * deprecated or removed, or a release of the description with the list of its changes.
 */
const KINDS = ['added', 'changed', 'deprecated', 'removed', 'release'] as const;

/**
 * The kind of change of an API changelog entry (added, changed, deprecated,
 * removed) as a badge under its title, from the entry's tags. Posts of the
 * blog, and tags that are no kind of change, show nothing.
 */
export default function ChangeKind(): ReactNode {
  const {metadata} = useBlogPost();
  if (!metadata.permalink.startsWith('/changelog/')) {
    return null;
  }
  const kinds = metadata.tags.flatMap((tag) => {
    const kind = KINDS.find((name) => tag.permalink.endsWith(`/tags/${name}`));
    return kind === undefined ? [] : [{kind, label: tag.label}];
  });
  if (kinds.length === 0) {
    return null;
  }
  return (
    <p className={styles.kinds}>
      <span className={styles.hidden}>Change type: </span>
      {kinds.map(({kind, label}) => (
        <span key={kind} className={clsx(styles.kind, styles[kind])}>
          {label}
        </span>
      ))}
    </p>
  );
}
