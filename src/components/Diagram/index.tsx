import {type ReactNode} from 'react';

import styles from './styles.module.css';

/**
 * A diagram drawn ahead of the build: src/remark/diagrams.ts writes this
 * element in place of its `mermaid` code block, with the drawing as an image
 * (`children`) that links to itself. It shrinks to fit the page; on a phone,
 * the link opens it at full size, to zoom into. `data-diagram` marks it, as the
 * Mermaid wrapper marks a diagram drawn in the browser (src/theme/Mermaid).
 */
export default function Diagram({children}: {children: ReactNode}): ReactNode {
  return (
    <figure className={styles.diagram} data-diagram="">
      {children}
    </figure>
  );
}
