import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';

import styles from './styles.module.css';

export interface Card {
  readonly title: string;
  readonly description: string;
  readonly to: string;
  /** Short call to action shown at the bottom of the card. */
  readonly action: string;
}

/** A responsive grid of link cards: one column on phones, up to three on desktops. */
export default function CardGrid({
  cards,
  headingLevel = 'h3',
}: {
  cards: readonly Card[];
  headingLevel?: 'h2' | 'h3';
}): ReactNode {
  return (
    <ul className={styles.grid}>
      {cards.map((card) => (
        <li key={card.to} className={styles.item}>
          <Link to={card.to} className={styles.card}>
            <Heading as={headingLevel} className={styles.title}>
              {card.title}
            </Heading>
            <p className={styles.description}>{card.description}</p>
            <span className={styles.action} aria-hidden="true">
              {card.action} →
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
