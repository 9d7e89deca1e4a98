import {useEffect, useState, type RefObject} from 'react';

/** For the box: a focusable, named region while its content overflows; nothing otherwise. */
type ScrollableProps = {tabIndex?: 0; role?: 'region'; 'aria-label'?: string};

/**
 * For a box that scrolls sideways when its content is wider than the page (a
 * table, a diagram): while the content overflows, the box is a focusable,
 * named region, so a keyboard user can reach it and scroll it with the arrow
 * keys (WCAG 2.1.1); content that fits adds no tab stop.
 */
export function useSidewaysScroll(ref: RefObject<HTMLElement | null>, label: string): ScrollableProps {
  const [overflows, setOverflows] = useState(false);

  useEffect(() => {
    const element = ref.current;
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
  }, [ref]);

  return overflows ? {tabIndex: 0, role: 'region', 'aria-label': label} : {};
}
