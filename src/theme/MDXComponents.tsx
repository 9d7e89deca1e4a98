/**
 * Wraps the classic theme's MDXComponents by spreading the original, as Docusaurus documents
 * (its swizzle command refuses to wrap it): see MDXComponents below for the changes.
 *
 * Why: the theme has no option for either element, and a component that generated MDX uses
 * (Diagram) must be in the MDX scope.
 * Upgrade: UPGRADING.md#mdxcomponentstsx.
 */
import OriginalComponents from '@theme-original/MDXComponents';

import Diagram from '@site/src/components/Diagram';
import MarkdownListItem from '@site/src/components/MarkdownListItem';
import MarkdownTable from '@site/src/components/MarkdownTable';

/**
 * The classic theme's Markdown elements, with two changes for keyboard and
 * screen reader users: wide tables scroll in a focusable box, and task list
 * checkboxes are named by their item's text; and `Diagram`, which
 * src/remark/diagrams.ts writes in place of a diagram drawn ahead of the build.
 */
const MDXComponents = {
  ...OriginalComponents,
  Diagram,
  li: MarkdownListItem,
  table: MarkdownTable,
};

export default MDXComponents;
