import {useRef, type ComponentProps, type ReactNode} from 'react';

import {useSidewaysScroll} from '@site/src/hooks/useSidewaysScroll';

import styles from './styles.module.css';

/** A Markdown table in a box that scrolls sideways when the table is wider than the page. */
export default function MarkdownTable(props: ComponentProps<'table'>): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  const scrollable = useSidewaysScroll(box, 'Table, scrolls sideways');
  return (
    <div ref={box} className={styles.box} {...scrollable}>
      <table {...props} />
    </div>
  );
}
