/**
 * Wraps the theme's BlogListPage (the first and later pages of the blog and of the API
 * changelog) to make its title and description known to BlogPostItems (../BlogPostItems), which
 * heads the list with them (src/components/BlogListTitle).
 *
 * Why: the theme's list page has no <h1> (each post's title is an <h2>), so a screen reader's
 * list of headings starts without the page's subject, and no option adds one. The part of the
 * page inside the blog layout is internal to BlogListPage; BlogPostItems is the first component
 * it renders there.
 * Upgrade: UPGRADING.md#bloglistpage-and-blogpostitems.
 */
import type {ReactNode} from 'react';
import BlogListPage from '@theme-original/BlogListPage';
import type BlogListPageType from '@theme/BlogListPage';
import type {WrapperProps} from '@docusaurus/types';

import {BlogListTitleProvider} from '@site/src/components/BlogListTitle';

type Props = WrapperProps<typeof BlogListPageType>;

export default function BlogListPageWrapper(props: Props): ReactNode {
  const {blogTitle, blogDescription} = props.metadata;
  return (
    <BlogListTitleProvider title={blogTitle} description={blogDescription}>
      <BlogListPage {...props} />
    </BlogListTitleProvider>
  );
}
