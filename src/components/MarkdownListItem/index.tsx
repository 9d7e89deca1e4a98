import {Children, cloneElement, isValidElement, useId, type ComponentProps, type ReactNode} from 'react';
import MDXLi from '@theme/MDXComponents/Li';

type Props = ComponentProps<'li'>;

/**
 * A Markdown list item. In a task list (`- [ ] text`) the item's checkbox gets
 * the item's text as its accessible name (WCAG 1.3.1, 4.1.2); a screen reader
 * otherwise announces an unlabelled checkbox. Other items render unchanged.
 */
export default function MarkdownListItem(props: Props): ReactNode {
  const id = useId();
  const [first, ...rest] = Children.toArray(props.children);
  const isTask =
    typeof props.className === 'string' &&
    props.className.split(' ').includes('task-list-item') &&
    isValidElement<ComponentProps<'input'>>(first) &&
    first.type === 'input';
  if (!isTask) {
    return <MDXLi {...props} />;
  }
  return (
    <MDXLi {...props}>
      {cloneElement(first, {'aria-labelledby': id})}
      <span id={id}>{rest}</span>
    </MDXLi>
  );
}
