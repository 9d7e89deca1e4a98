/**
 * Wraps @docusaurus/theme-mermaid's Mermaid to draw a diagram only once it nears the viewport
 * (see MermaidWrapper below).
 *
 * Why: the theme loads the diagram library as soon as a page renders a diagram; no option
 * defers it.
 * Upgrade: UPGRADING.md#mermaid.
 */
import {useEffect, useRef, useState, type ReactNode} from 'react';
import Mermaid from '@theme-original/Mermaid';
import type MermaidType from '@theme/Mermaid';
import type {WrapperProps} from '@docusaurus/types';

import styles from './styles.module.css';

type Props = WrapperProps<typeof MermaidType>;

/** How far below the viewport a diagram starts loading, so it is drawn before it is seen. */
const LOAD_MARGIN = '600px 0px';

/**
 * Draws a diagram in the browser only once it comes near the viewport: a
 * diagram not drawn ahead of the build yet (src/remark/diagrams.ts), as in
 * `npm start` while a writer edits it. The diagram library is the largest
 * script a page can need; a reader who never scrolls to the diagram never
 * downloads it. Until then the space is held, so nothing moves.
 * `data-diagram` marks each diagram's place, drawn or not.
 */
export default function MermaidWrapper(props: Props): ReactNode {
  const holder = useRef<HTMLDivElement>(null);
  // Browsers without IntersectionObserver draw at once.
  const [near, setNear] = useState(
    () => typeof window !== 'undefined' && !('IntersectionObserver' in window),
  );

  useEffect(() => {
    const element = holder.current;
    if (!element || near) {
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
        }
      },
      {rootMargin: LOAD_MARGIN},
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  return (
    <div ref={holder} className={near ? undefined : styles.pending} aria-busy={!near} data-diagram>
      {near ? <Mermaid {...props} /> : <span className={styles.label}>Diagram</span>}
    </div>
  );
}
