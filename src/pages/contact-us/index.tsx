import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import Layout from '@theme/Layout';

import {PRODUCT_NAME, SUPPORT_EMAIL} from '@site/src/constants';

import styles from './styles.module.css';

const channels = [
  {
    title: 'Partner support',
    body: 'Questions about the APIs, errors you cannot explain, access to the sandbox and production credentials.',
    contact: SUPPORT_EMAIL,
    href: `mailto:${SUPPORT_EMAIL}`,
    hours:
      'Monday to Friday, 09:00 to 18:00 Western Indonesian Time (UTC+7); answer within one business day.',
  },
  {
    title: 'Production incidents',
    body: `Orders or payments failing for live outlets. Write "URGENT" and the outlet id in the subject line; incidents are handled around the clock.`,
    contact: SUPPORT_EMAIL,
    href: `mailto:${SUPPORT_EMAIL}?subject=URGENT%3A%20production%20incident`,
    hours: 'Every day, 24 hours; first answer within one hour.',
  },
] as const;

export default function ContactUs(): ReactNode {
  return (
    <Layout
      title="Contact Us"
      description={`How to reach ${PRODUCT_NAME} partner support, and what to include so we can help at once.`}>
      <main className="container margin-vert--xl">
        <Heading as="h1">Contact Us</Heading>
        <p className={styles.lead}>
          The {PRODUCT_NAME} partner team helps integrators from the first sandbox call to go-live. Most
          answers are already in the <Link to="/docs/docs/troubleshooting">troubleshooting guide</Link>; when
          they are not, write to us.
        </p>
        <div className="row">
          {channels.map((channel) => (
            <section key={channel.title} className="col col--6 margin-bottom--lg">
              <div className={styles.channel}>
                <Heading as="h2">{channel.title}</Heading>
                <p>{channel.body}</p>
                <p>
                  <a href={channel.href}>{channel.contact}</a>
                </p>
                <p className={styles.hours}>{channel.hours}</p>
              </div>
            </section>
          ))}
        </div>
        <section aria-labelledby="what-to-include">
          <Heading as="h2" id="what-to-include">
            What to include in a support request
          </Heading>
          <ol>
            <li>
              Your client id and whether you call the sandbox or production. Never send a client secret or a
              token.
            </li>
            <li>The outlet id, and the order id or transaction id concerned.</li>
            <li>
              The <code>X-Request-ID</code> of the failing call (send your own on every request; we echo it
              back), the time in UTC, the method and path.
            </li>
            <li>The HTTP status and the full error body you received.</li>
            <li>
              For webhooks, the event id from the <code>X-Gerai-Event-Id</code> header and your
              endpoint&apos;s answer.
            </li>
          </ol>
          <p>
            For a missing or late webhook, first read its delivery history with the{' '}
            <Link to="/docs/api/troubleshooting/get-notification-details">notification details endpoint</Link>
            : it shows every attempt and the answer your endpoint gave.
          </p>
        </section>
      </main>
    </Layout>
  );
}
