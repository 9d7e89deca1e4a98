/**
 * Wraps the classic theme's BlogTagsListPage (the tags of the blog, or the kinds of change of
 * the API changelog) to give it a meta description of whole sentences (ListPageDescription).
 *
 * Why: the theme sets none on this page, and the blog plugin's `blogDescription` is used on the
 * list of posts only.
 * Upgrade: UPGRADING.md#blogarchivepage-blogtagslistpage-blogpagesblogauthorslistpage.
 */
import type {ReactNode} from 'react';
import BlogTagsListPage from '@theme-original/BlogTagsListPage';
import type BlogTagsListPageType from '@theme/BlogTagsListPage';
import type {WrapperProps} from '@docusaurus/types';

import ListPageDescription from '@site/src/components/ListPageDescription';

type Props = WrapperProps<typeof BlogTagsListPageType>;

export default function BlogTagsListPageWrapper(props: Props): ReactNode {
  return (
    <>
      <BlogTagsListPage {...props} />
      <ListPageDescription page="tags" />
    </>
  );
}
