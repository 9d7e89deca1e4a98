import {useEffect, type RefObject} from 'react';

/**
 * Applies `fix` to the element `root` holds, at once and again whenever
 * elements are added or removed anywhere under it, for as long as the
 * component is mounted and `active` is true.
 *
 * For markup that code outside this project draws or redraws after
 * hydration, and that the portal completes (roles, names, limits). `fix`
 * must only change elements it has not changed yet; attribute changes do not
 * call it again. Pass a function defined outside the component, so that the
 * observer is not replaced on every render.
 */
export function useMarkupFix(
  root: RefObject<HTMLElement | null>,
  fix: (element: HTMLElement) => void,
  active = true,
): void {
  useEffect(() => {
    const element = root.current;
    if (!active || !element) {
      return undefined;
    }
    fix(element);
    const observer = new MutationObserver(() => fix(element));
    observer.observe(element, {childList: true, subtree: true});
    return () => observer.disconnect();
  }, [root, fix, active]);
}
