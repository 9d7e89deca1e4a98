/**
 * Wraps the classic theme's Navbar/MobileSidebar so that Escape closes the mobile menu (see
 * below).
 *
 * Why: the theme's menu does not close on Escape, and no option makes it.
 * Upgrade: UPGRADING.md#navbarmobilesidebar.
 */
import {useEffect, type ReactNode} from 'react';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';

/**
 * The mobile menu, which Escape now closes as it closes any other overlay
 * (WCAG 2.1.1). Focus goes back to the menu button, so a keyboard user
 * continues from where the menu was opened.
 */
export default function MobileSidebarWrapper(): ReactNode {
  const {shown, toggle} = useNavbarMobileSidebar();

  useEffect(() => {
    if (!shown) {
      return undefined;
    }
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) {
        return;
      }
      toggle();
      document.querySelector<HTMLElement>('.navbar__toggle')?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [shown, toggle]);

  return <MobileSidebar />;
}
