import {useEffect, useRef, useState, type ComponentProps, type ReactNode} from 'react';

import styles from './styles.module.css';

/**
 * A Markdown table in a box that scrolls sideways when the table is wider than
 * the page. While the table overflows, the box is a focusable, named region, so
 * a keyboard user can reach it and scroll it with the arrow keys (WCAG 2.1.1);
 * a table that fits adds no tab stop.
 */
export default function MarkdownTable(props: ComponentProps<'table'>): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element) {
      return undefined;
    }
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') {
      return undefined;
    }
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) {
      observer.observe(element.firstElementChild);
    }
    return () => observer.disconnect();
  }, []);

  const scrollable = overflows
    ? ({tabIndex: 0, role: 'region', 'aria-label': 'Table, scrolls sideways'} as const)
    : {};
  return (
    <div ref={box} className={styles.box} {...scrollable}>
      <table {...props} />
    </div>
  );
}
