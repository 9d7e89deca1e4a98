/**
 * Wraps the classic theme's BlogPostItem/Header/Info (the date and reading-time line of a post)
 * to show, under the title of an API changelog entry, its kind of change as a badge
 * (ChangeKind, read from the entry's tags).
 *
 * Why: the theme shows tags only as links in a post's footer; no option puts one under the title.
 * Upgrade: UPGRADING.md#blogpostitemheaderinfo.
 */
import type {ReactNode} from 'react';
import Info from '@theme-original/BlogPostItem/Header/Info';
import type InfoType from '@theme/BlogPostItem/Header/Info';
import type {WrapperProps} from '@docusaurus/types';

import ChangeKind from '@site/src/components/ChangeKind';

type Props = WrapperProps<typeof InfoType>;

/** The date line of a post, then, for an API changelog entry, its kind of change. */
export default function InfoWrapper(props: Props): ReactNode {
  return (
    <>
      <Info {...props} />
      <ChangeKind />
    </>
  );
}
