/**
 * Wraps the classic theme's DocCardList so that a long list of cards (src/plugins/route-data/
 * card-window.ts: a category's generated index page, or a page that lists its category's items,
 * as each API tag's does) draws its first block of cards, then a "Show N more" link. Without
 * scripts the link opens the first item not shown; with scripts it draws the next block in place,
 * loading the items and docs that the page's route data left out, and moves focus to the first
 * new card. A list of LONG_CARD_LIST items or fewer, as every list of the portal as published, is
 * passed on as it is.
 *
 * Why: the theme draws a card for every item it is given, and a category's page gives it every
 * item of the category; no option limits them. A category of 1,301 operations made a page of
 * 1.9 MB: its cards, and the items and docs its route data held to draw them. The first block is
 * drawn on the server too, from the whole category, so that the page's HTML does not grow with
 * it either. Under `npm start` and on the server, no item is left out of the data: the next cards
 * are drawn from it, with nothing to load.
 * Upgrade: UPGRADING.md#doccardlist.
 */
import {useEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import type {PropSidebarItem, PropVersionDocs} from '@docusaurus/plugin-content-docs';
import {
  DocsVersionProvider,
  filterDocCardListItems,
  findFirstSidebarItemLink,
  useDocsVersion,
} from '@docusaurus/plugin-content-docs/client';
import {useLocation} from '@docusaurus/router';
import type {WrapperProps} from '@docusaurus/types';
import DocCardList from '@theme-original/DocCardList';
import type DocCardListType from '@theme/DocCardList';

import {cardWindow, moreCards} from '@site/src/plugins/route-data/card-window';
import {
  lazyBlockOf,
  loadCardDocs,
  loadCategory,
  loadedCardDocs,
  loadedCategory,
} from '@site/src/plugins/route-data/client/views';

type Props = WrapperProps<typeof DocCardListType>;

/** The cards drawn: the items, and the docs they describe that the page's own data does not hold. */
interface Cards {
  readonly items: PropSidebarItem[];
  readonly docs: PropVersionDocs;
  /** Whether every item asked for is there: false when a block is not loaded yet. */
  readonly complete: boolean;
}

/**
 * The first `end` items of `items` as cards draw them: each block that the page's route data left
 * out (a placeholder standing for its `count` items, src/plugins/route-data/client/views.ts)
 * replaced by its items and their docs, up to the first block not loaded yet.
 */
function drawable(items: readonly PropSidebarItem[], end: number): Cards {
  const shown: PropSidebarItem[] = [];
  const docs: PropVersionDocs = {};
  for (let index = 0; index < Math.min(end, items.length);) {
    const item = items[index];
    const block = lazyBlockOf(item);
    if (!block) {
      shown.push(item);
      index += 1;
      continue;
    }
    const loaded = loadedCategory(block);
    const described = loadedCardDocs(block);
    if (!loaded || !described) return {items: shown, docs, complete: false};
    shown.push(...loaded);
    Object.assign(docs, described);
    index += block.count;
  }
  return {items: shown, docs, complete: true};
}

/** Loads the items and docs of every block among `items`. */
function loadBlocks(items: readonly PropSidebarItem[]): Promise<unknown> {
  const loads: Promise<unknown>[] = [];
  for (let index = 0; index < items.length;) {
    const block = lazyBlockOf(items[index]);
    if (block) loads.push(loadCategory(block), loadCardDocs(block));
    index += block?.count ?? 1;
  }
  return Promise.all(loads);
}

/** Where the first of `items` leads: the "Show more" link's address, for a browser without scripts. */
function firstLink(items: readonly PropSidebarItem[]): string | undefined {
  for (const item of items) {
    const link = findFirstSidebarItemLink(item);
    if (link !== undefined) return link;
  }
  return undefined;
}

/** A long list: its first `first` items as cards, and a block more each time the reader asks. */
function LongCardList({
  items,
  className,
  first,
}: {
  readonly items: PropSidebarItem[];
  readonly className?: string;
  readonly first: number;
}): ReactNode {
  const version = useDocsVersion();
  const [end, setEnd] = useState(first);
  const [state, setState] = useState<'shown' | 'loading' | 'failed'>('shown');
  const list = useRef<HTMLDivElement>(null);
  /** The card to focus once drawn (its place among the cards): the first of those just shown. */
  const focusCard = useRef<number | undefined>(undefined);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const cards = useMemo(() => drawable(items, end), [items, end]);
  // The docs of the cards loaded since the page opened, beside those of its own data.
  const shownVersion = useMemo(
    () => ({...version, docs: {...version.docs, ...cards.docs}}),
    [version, cards.docs],
  );
  useEffect(() => {
    const index = focusCard.current;
    if (index === undefined) return;
    focusCard.current = undefined;
    // The theme's list: a section of one article per card, each a link.
    const card = list.current?.querySelectorAll(':scope > section > article')[index];
    card?.querySelector<HTMLElement>('a[href]')?.focus();
  }, [end]);

  const next = moreCards(end, items.length);
  const showMore = () => {
    if (state === 'loading') return;
    const reveal = () => {
      focusCard.current = filterDocCardListItems(cards.items).length;
      setEnd(next);
      setState('shown');
    };
    if (drawable(items, next).complete) {
      reveal();
      return;
    }
    setState('loading');
    loadBlocks(items.slice(end, next)).then(
      () => mounted.current && reveal(),
      () => mounted.current && setState('failed'),
    );
  };
  return (
    <div ref={list}>
      <DocsVersionProvider version={shownVersion}>
        <DocCardList items={cards.items} className={className} />
      </DocsVersionProvider>
      {next > end && (
        <p>
          <a
            className="button button--secondary"
            href={firstLink(items.slice(end))}
            aria-disabled={state === 'loading' || undefined}
            onClick={(event) => {
              event.preventDefault();
              showMore();
            }}>
            {state === 'loading' ? 'Loading…' : `Show ${next - end} more`}
          </a>{' '}
          <span role="status">
            {state === 'failed'
              ? 'These cards could not be loaded: try again.'
              : `${end} of ${items.length} shown`}
          </span>
        </p>
      )}
    </div>
  );
}

export default function DocCardListWrapper(props: Props): ReactNode {
  const {pathname} = useLocation();
  const first = props.items && cardWindow(props.items.length);
  if (!props.items || first === undefined) return <DocCardList {...props} />;
  // A new page draws its own first block: what a reader showed on the last one is not carried over.
  return <LongCardList key={pathname} items={props.items} className={props.className} first={first} />;
}
