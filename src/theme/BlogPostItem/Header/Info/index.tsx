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
