/**
 * Wraps the theme's BlogPostItems to put the heading of a blog's list page above its posts (see
 * ../BlogListPage for why). On a tag's or an author's page, which have headings of their own,
 * it adds nothing.
 * Upgrade: UPGRADING.md#bloglistpage-and-blogpostitems.
 */
import type {ReactNode} from 'react';
import BlogPostItems from '@theme-original/BlogPostItems';
import type BlogPostItemsType from '@theme/BlogPostItems';
import type {WrapperProps} from '@docusaurus/types';

import BlogListTitle from '@site/src/components/BlogListTitle';

type Props = WrapperProps<typeof BlogPostItemsType>;

export default function BlogPostItemsWrapper(props: Props): ReactNode {
  return (
    <>
      <BlogListTitle />
      <BlogPostItems {...props} />
    </>
  );
}
