/**
 * Wraps the classic theme's BlogArchivePage (the archive of the blog or of the API changelog)
 * to give it a meta description of whole sentences (ListPageDescription).
 *
 * Why: the theme's description is the one word "Archive", a translation shared by every blog
 * instance; the blog plugin's `blogDescription` is used on the list of posts only.
 * Upgrade: UPGRADING.md#blogarchivepage-blogtagslistpage-blogpagesblogauthorslistpage.
 */
import type {ReactNode} from 'react';
import BlogArchivePage from '@theme-original/BlogArchivePage';
import type BlogArchivePageType from '@theme/BlogArchivePage';
import type {WrapperProps} from '@docusaurus/types';

import ListPageDescription from '@site/src/components/ListPageDescription';

type Props = WrapperProps<typeof BlogArchivePageType>;

export default function BlogArchivePageWrapper(props: Props): ReactNode {
  return (
    <>
      <BlogArchivePage {...props} />
      <ListPageDescription page="archive" />
    </>
  );
}
