/**
 * The part of a long list of cards that a page draws. The cards of a category (its generated
 * index page, or a page of its own that lists them, as each API tag's does) are one per item of
 * the category: a list of more than LONG_CARD_LIST items is drawn a block of CARD_BLOCK cards at a
 * time, the first block at once and each further one when the reader asks ("Show N more"). Every
 * card would otherwise be in the page, in its HTML and in its route data (the item and the doc
 * that describes it): a category of 1,301 operations made a page of 1.9 MB.
 *
 * Read by the build, which leaves the items after the first block out of the page's route data
 * (./docs-view.ts), and by the theme, which draws the first block on the server and in the browser
 * (src/theme/DocCardList): one rule, so that both cut the same list at the same place. No Node.js
 * module: the browser imports it.
 */
import {WINDOW_BLOCK} from './sidebar-window';

/**
 * How many cards are drawn at a time: 60, about 50 KB of HTML and 40 KB of route data. A multiple
 * of the sidebar's blocks, so that the items the page leaves out are the sidebar's blocks, whose
 * files the pages of the category share (./docs-view.ts). The largest list of cards of the portal
 * as published holds 14 (the POS integration's category): far under it, drawn whole as before.
 */
export const CARD_BLOCK = 6 * WINDOW_BLOCK;

/** A list of more than this many cards is drawn a block at a time. */
export const LONG_CARD_LIST = CARD_BLOCK;

/**
 * How many of a list of `length` items a page draws before the reader asks for more: none for a
 * list of LONG_CARD_LIST items or fewer, which is drawn whole.
 */
export function cardWindow(length: number): number | undefined {
  return length > LONG_CARD_LIST ? CARD_BLOCK : undefined;
}

/** How many items are drawn once the reader asks for more, when `shown` of `length` are. */
export function moreCards(shown: number, length: number): number {
  return Math.min(length, shown + CARD_BLOCK);
}
