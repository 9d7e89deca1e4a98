import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import Layout from '@theme/Layout';

import CardGrid, {type Card} from '@site/src/components/CardGrid';

import styles from './styles.module.css';

export interface Step {
  readonly title: string;
  readonly body: string;
}

export interface ProductLandingProps {
  /** Product name as shown in the hero, e.g. "Gerai Food". */
  readonly name: string;
  /** One-sentence summary, also the page's meta description. */
  readonly summary: string;
  /** What the integration does, one item per capability. */
  readonly capabilities: readonly string[];
  /** Who integrates, one item per audience. */
  readonly audiences: readonly {title: string; body: string}[];
  readonly steps: readonly Step[];
  readonly guides: readonly Card[];
  readonly primaryAction: {label: string; to: string};
}

/** The layout shared by the product landing pages (/food/, /payment/). */
export default function ProductLanding({
  name,
  summary,
  capabilities,
  audiences,
  steps,
  guides,
  primaryAction,
}: ProductLandingProps): ReactNode {
  return (
    <Layout title={name} description={summary}>
      <main>
        <header className={styles.hero}>
          <div className="container">
            <Heading as="h1" className={styles.title}>
              {name}
            </Heading>
            <p className={styles.summary}>{summary}</p>
            <div className={styles.actions}>
              <Link className="button button--primary button--lg" to={primaryAction.to}>
                {primaryAction.label}
              </Link>
              {/* A space between the two, so that the page's text (search, reader mode) keeps them apart. */}{' '}
              <Link className="button button--secondary button--lg" to="/contact-us/">
                Talk to partner support
              </Link>
            </div>
          </div>
        </header>
        <div className="container margin-vert--xl">
          <section className={styles.section} aria-labelledby="what-it-does">
            <Heading as="h2" id="what-it-does">
              What the integration does
            </Heading>
            <ul className={styles.capabilities}>
              {capabilities.map((capability) => (
                <li key={capability}>{capability}</li>
              ))}
            </ul>
          </section>
          <section className={styles.section} aria-labelledby="who-it-is-for">
            <Heading as="h2" id="who-it-is-for">
              Who it is for
            </Heading>
            <div className="row">
              {audiences.map((audience) => (
                <div key={audience.title} className="col col--6 margin-bottom--md">
                  <Heading as="h3">{audience.title}</Heading>
                  <p>{audience.body}</p>
                </div>
              ))}
            </div>
          </section>
          <section className={styles.section} aria-labelledby="steps">
            <Heading as="h2" id="steps">
              From sandbox to production
            </Heading>
            <ol className={styles.steps}>
              {steps.map((step) => (
                <li key={step.title} className={styles.step}>
                  <Heading as="h3" className={styles.stepTitle}>
                    {step.title}
                  </Heading>
                  <p>{step.body}</p>
                </li>
              ))}
            </ol>
          </section>
          <section className={styles.section} aria-labelledby="guides">
            <Heading as="h2" id="guides">
              Guides and reference
            </Heading>
            <CardGrid cards={guides} />
          </section>
        </div>
      </main>
    </Layout>
  );
}
