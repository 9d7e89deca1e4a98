import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Heading from '@theme/Heading';
import Layout from '@theme/Layout';

import CardGrid, {type Card} from '@site/src/components/CardGrid';
import {PRODUCT_NAME} from '@site/src/constants';

import styles from './index.module.css';

const products: readonly Card[] = [
  {
    title: `${PRODUCT_NAME} Food`,
    description: 'Menus, stock, orders and promotions on the food ordering and delivery marketplace.',
    to: '/food/',
    action: 'Explore Food',
  },
  {
    title: `${PRODUCT_NAME} Pay`,
    description: 'QRIS payments: create a transaction, show its QR code and follow its status.',
    to: '/payment/',
    action: 'Explore Pay',
  },
  {
    title: `${PRODUCT_NAME} POS`,
    description:
      'Read items, taxes, invoices, customers and sales reports from the point-of-sale back office.',
    to: '/docs/api/mokapos-integration/intro',
    action: 'Explore POS',
  },
];

const resources: readonly Card[] = [
  {
    title: 'Documentation',
    description:
      'Guides from your first token to a live integration: authentication, linking outlets, orders, payments.',
    to: '/docs/docs/intro',
    action: 'Read the guides',
  },
  {
    title: 'API Reference',
    description:
      'Every endpoint, parameter, schema, scope and webhook event, generated from the OpenAPI description.',
    to: '/docs/api/intro',
    action: 'Browse the reference',
  },
  {
    title: 'Webhooks',
    description: 'Subscribe to order and payment events and verify their signatures.',
    to: '/docs/api/webhooks/',
    action: 'Receive events',
  },
];

export default function Home(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  return (
    <Layout
      title="Home"
      description={`${siteConfig.tagline}: APIs and guides for partners integrating with ${PRODUCT_NAME} Food, Pay and POS.`}>
      <main>
        <header className={styles.hero}>
          <div className="container">
            <Heading as="h1" className={styles.title}>
              {siteConfig.title}
            </Heading>
            <p className={styles.tagline}>{siteConfig.tagline}.</p>
            <p className={styles.lead}>
              Connect your point of sale, order system or app to {PRODUCT_NAME}: publish menus, take orders
              and QRIS payments, and read sales from one set of OAuth 2.0 APIs.
            </p>
            <div className={styles.actions}>
              <Link className="button button--primary button--lg" to="/docs/docs/getting-started">
                Get started
              </Link>
              {/* A space between the two, so that the page's text (search, reader mode) keeps them apart. */}{' '}
              <Link className="button button--secondary button--lg" to="/docs/api/intro">
                API Reference
              </Link>
            </div>
          </div>
        </header>
        <div className="container margin-vert--xl">
          <section className="margin-bottom--xl" aria-labelledby="products">
            <Heading as="h2" id="products">
              Products
            </Heading>
            <CardGrid cards={products} />
          </section>
          <section aria-labelledby="resources">
            <Heading as="h2" id="resources">
              Build your integration
            </Heading>
            <CardGrid cards={resources} />
          </section>
        </div>
      </main>
    </Layout>
  );
}
