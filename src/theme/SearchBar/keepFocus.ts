/**
 * The navbar search box downloads its index when it first gets focus, and
 * focuses itself again once the index has loaded, even when the user has
 * moved on in the meantime: a keyboard user who tabs past the box, or opens
 * the mobile menu, finds the focus pulled back to it a moment later
 * (WCAG 3.2.1, 2.4.3).
 *
 * This guard watches the box's focus. When focus leaves it for another
 * element before the suggestion box is attached (autocomplete.js then gives
 * the input role="combobox"), the focus that follows the attachment is
 * handed back to where it was.
 *
 * Returns a function that removes the guard.
 */
export function keepFocusWhereTheUserMovedIt(root: HTMLElement): () => void {
  let leftBeforeLoad = false;

  const isSearchInput = (target: EventTarget | null): target is HTMLInputElement =>
    target instanceof HTMLInputElement && target.classList.contains('navbar__search-input');
  const attached = (input: HTMLInputElement) => input.getAttribute('role') === 'combobox';

  const onFocusOut = (event: FocusEvent) => {
    // A focus moved to another element; a box merely moved in the page has no related target.
    if (isSearchInput(event.target) && !attached(event.target) && event.relatedTarget instanceof Element) {
      leftBeforeLoad = true;
    }
  };

  const onFocusIn = (event: FocusEvent) => {
    const input = event.target;
    if (!isSearchInput(input) || !leftBeforeLoad) return;
    leftBeforeLoad = false;
    if (!attached(input)) return; // The user came back before the index loaded.
    const previous = event.relatedTarget;
    if (previous instanceof HTMLElement && previous.isConnected) {
      previous.focus({preventScroll: true});
    } else {
      input.blur();
    }
  };

  root.addEventListener('focusout', onFocusOut);
  root.addEventListener('focusin', onFocusIn);
  return () => {
    root.removeEventListener('focusout', onFocusOut);
    root.removeEventListener('focusin', onFocusIn);
  };
}
