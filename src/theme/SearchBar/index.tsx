/**
 * Wraps the local search's SearchBar (@easyops-cn/docusaurus-search-local): completes the markup
 * its suggestion box draws, limits the query, keeps the focus, and says when search is
 * unavailable (see below).
 *
 * Why: the plugin's options cover none of these, and autocomplete.js draws the markup outside
 * React, where no wrapped component can change it.
 * Upgrade: UPGRADING.md#searchbar.
 */
import {useEffect, useRef, useState, type ReactNode} from 'react';
import SearchBar from '@theme-original/SearchBar';

import SearchUnavailable from '@site/src/components/SearchUnavailable';
import {useMarkupFix} from '@site/src/hooks/useMarkupFix';

import {keepFocusWhereTheUserMovedIt} from './keepFocus';
import {limitInputsUnder} from './queryLength';
import styles from './styles.module.css';

/**
 * Fills in what the local search's suggestion box (autocomplete.js, which
 * builds its markup outside React) leaves out for assistive technologies:
 * - the combobox names the listbox it controls (`aria-controls`, required by ARIA 1.2);
 * - the clear button (drawn as "✕") is named "Clear the search".
 * autocomplete.js takes over the search box only once the search index has
 * loaded, so the fixes are applied whenever the markup changes (see
 * useMarkupFix). The box also takes at most MAX_QUERY_LENGTH characters (see
 * ./queryLength), and leaves the focus where the user moved it while its
 * index loads (see ./keepFocus). When the index cannot be loaded, a message
 * under the box says so, with a retry (SearchUnavailable); once the retry has
 * loaded the index, the focus goes back to the box (see backToTheBox).
 */
function completeSearchMarkup(root: HTMLElement): void {
  root.querySelectorAll('input[role="combobox"][aria-owns]:not([aria-controls])').forEach((input) => {
    input.setAttribute('aria-controls', input.getAttribute('aria-owns') ?? '');
  });
  root.querySelectorAll('button[class*="searchClearButton"]:not([aria-label])').forEach((button) => {
    button.setAttribute('aria-label', 'Clear the search');
  });
  limitInputsUnder(root);
}

export default function SearchBarWrapper(): ReactNode {
  const root = useRef<HTMLDivElement>(null);
  // The index loads when the box is pointed at or focused; a failure is told once the reader has focused it.
  const [used, setUsed] = useState(false);
  useMarkupFix(root, completeSearchMarkup);

  useEffect(() => {
    const element = root.current;
    return element ? keepFocusWhereTheUserMovedIt(element) : undefined;
  }, []);

  // Pressing Retry moved the focus out of the box, which closed the suggestions and dropped the search
  // waiting for the index; the button then goes away with the message. Focusing the box again puts
  // the reader back where they were typing, and the suggestion box (which opens on focus) searches
  // for the query still in it.
  const backToTheBox = () => {
    root.current?.querySelector<HTMLInputElement>('input.navbar__search-input')?.focus();
  };

  return (
    <div ref={root} className={styles.contents} onFocus={() => setUsed(true)}>
      <SearchBar />
      {used && <SearchUnavailable placement="box" onLoaded={backToTheBox} />}
    </div>
  );
}
