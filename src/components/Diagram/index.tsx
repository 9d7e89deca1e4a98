import {useRef, type CSSProperties, type ReactNode} from 'react';

import {useSidewaysScroll} from '@site/src/hooks/useSidewaysScroll';

import styles from './styles.module.css';

interface Props {
  /** The drawing's own width in CSS pixels (a string: the build writes it as an attribute). */
  width?: string;
  /** The drawing, a Markdown image. */
  children: ReactNode;
}

/**
 * A diagram drawn ahead of the build: src/remark/diagrams.ts writes this
 * element in place of its `mermaid` code block. It shrinks to fit the page,
 * but not so far that its labels become illegible on a phone: there it
 * scrolls sideways instead (see styles.module.css). `data-diagram` marks it, as
 * the Mermaid wrapper marks a diagram drawn in the browser (src/theme/Mermaid).
 */
export default function Diagram({width, children}: Props): ReactNode {
  const box = useRef<HTMLElement>(null);
  const scrollable = useSidewaysScroll(box, 'Diagram, scrolls sideways');
  const style = width ? ({'--diagram-width': `${width}px`} as CSSProperties) : undefined;
  return (
    <figure ref={box} className={styles.diagram} style={style} data-diagram="" {...scrollable}>
      {children}
    </figure>
  );
}
