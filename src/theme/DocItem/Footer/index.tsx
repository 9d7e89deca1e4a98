/**
 * Wraps the classic theme's DocItem/Footer to ask "Was this page helpful?" (PageFeedback)
 * before the edit link and the date, on every docs page, generated ones included.
 *
 * Why: the theme has no feedback question, and no option adds one.
 * Upgrade: UPGRADING.md#docitemfooter.
 */
import type {ReactNode} from 'react';
import Footer from '@theme-original/DocItem/Footer';
import type FooterType from '@theme/DocItem/Footer';
import type {WrapperProps} from '@docusaurus/types';

import PageFeedback from '@site/src/components/PageFeedback';

type Props = WrapperProps<typeof FooterType>;

/** The end of every docs page, guides and reference alike: the feedback question, then edit link and date. */
export default function FooterWrapper(props: Props): ReactNode {
  return (
    <>
      <PageFeedback />
      <Footer {...props} />
    </>
  );
}
