import type {ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import {PageMetadata} from '@docusaurus/theme-common';

import {PRODUCT_NAME} from '@site/src/constants';

type ListPage = 'archive' | 'tags' | 'authors';

const DESCRIPTIONS: Record<'blog' | 'changelog', Record<ListPage, string>> = {
  blog: {
    archive: `Every post of the ${PRODUCT_NAME} developer blog, newest first, grouped by year.`,
    tags: `The topics of the ${PRODUCT_NAME} developer blog, each with the posts about it.`,
    authors: `The people who write the ${PRODUCT_NAME} developer blog, with the posts of each.`,
  },
  changelog: {
    archive: `Every entry of the ${PRODUCT_NAME} API changelog, newest first, grouped by year.`,
    tags: `The kinds of change in the ${PRODUCT_NAME} API changelog: added, changed, deprecated and removed.`,
    authors: `The people who write the ${PRODUCT_NAME} API changelog, with the entries of each.`,
  },
};

/**
 * The meta description of a list page of the blog or of the changelog (both
 * are blog plugin instances), which the theme gives none or only one word.
 * Rendered after the theme's own page, it takes the place of what that set.
 */
export default function ListPageDescription({page}: {page: ListPage}): ReactNode {
  const {pathname} = useLocation();
  const instance = pathname.startsWith('/changelog') ? 'changelog' : 'blog';
  return <PageMetadata description={DESCRIPTIONS[instance][page]} />;
}
