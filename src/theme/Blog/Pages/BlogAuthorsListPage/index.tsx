/**
 * Wraps the classic theme's Blog/Pages/BlogAuthorsListPage (the authors of the blog or of the
 * API changelog) to give it a meta description of whole sentences (ListPageDescription).
 *
 * Why: the theme sets none on this page, and the blog plugin's `blogDescription` is used on the
 * list of posts only.
 * Upgrade: UPGRADING.md#blogarchivepage-blogtagslistpage-blogpagesblogauthorslistpage.
 */
import type {ReactNode} from 'react';
import BlogAuthorsListPage from '@theme-original/Blog/Pages/BlogAuthorsListPage';
import type BlogAuthorsListPageType from '@theme/Blog/Pages/BlogAuthorsListPage';
import type {WrapperProps} from '@docusaurus/types';

import ListPageDescription from '@site/src/components/ListPageDescription';

type Props = WrapperProps<typeof BlogAuthorsListPageType>;

export default function BlogAuthorsListPageWrapper(props: Props): ReactNode {
  return (
    <>
      <BlogAuthorsListPage {...props} />
      <ListPageDescription page="authors" />
    </>
  );
}
