/**
 * Wraps the classic theme's DocBreadcrumbs to put the page actions (PageActions: Copy page,
 * View as Markdown, the assistant links) on the breadcrumbs' line.
 *
 * Why: a docs page has no slot for actions, and no option adds one.
 * Upgrade: UPGRADING.md#docbreadcrumbs.
 */
import type {ReactNode} from 'react';
import DocBreadcrumbs from '@theme-original/DocBreadcrumbs';
import type DocBreadcrumbsType from '@theme/DocBreadcrumbs';
import type {WrapperProps} from '@docusaurus/types';

import PageActions from '@site/src/components/PageActions';

import styles from './styles.module.css';

type Props = WrapperProps<typeof DocBreadcrumbsType>;

/**
 * The breadcrumbs of a docs or reference page (category pages included),
 * with the page actions on the same line (under them on narrow screens).
 */
export default function DocBreadcrumbsWrapper(props: Props): ReactNode {
  return (
    <div className={styles.bar}>
      <DocBreadcrumbs {...props} />
      <PageActions />
    </div>
  );
}
