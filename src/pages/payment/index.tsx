import type {ReactNode} from 'react';

import ProductLanding from '@site/src/components/ProductLanding';
import {PRODUCT_NAME} from '@site/src/constants';

export default function PaymentLanding(): ReactNode {
  return (
    <ProductLanding
      name={`${PRODUCT_NAME} Pay`}
      summary={`Take QRIS payments at the counter or in your app: create a transaction, show its QR code, and learn the moment it is paid.`}
      primaryAction={{label: 'Start the payment integration', to: '/docs/category/pay-integration'}}
      capabilities={[
        'Create a QRIS transaction for an order, with its items and customer, in one idempotent call.',
        'Show the QR code from the returned QR string or from a ready-made image address.',
        'Learn of settlement or expiry by webhook, or read the transaction status at any time.',
        'Accept any QRIS-enabled banking or e-wallet app, with amounts in rupiah.',
      ]}
      audiences={[
        {
          title: 'Point-of-sale and kiosk vendors',
          body: 'Show a QR code on the customer display or the receipt and close the sale when the payment settles.',
        },
        {
          title: 'Merchants with their own apps',
          body: 'Add QRIS to a self-ordering or table-ordering flow without handling card data.',
        },
      ]}
      steps={[
        {
          title: 'Get sandbox credentials',
          body: 'Ask partner support for a client with the payment scopes for your test outlet.',
        },
        {
          title: 'Create a transaction',
          body: 'Send the order id, amount and items with an Idempotency-Key, and receive the QR string.',
        },
        {
          title: 'Show the QR code',
          body: 'Render the QR string or display the generated image; it expires after 15 minutes unpaid.',
        },
        {
          title: 'Confirm the payment',
          body: 'Subscribe to the settlement and expiry events, and read the transaction when in doubt.',
        },
      ]}
      guides={[
        {
          title: 'Pay integration overview',
          description: 'How a QRIS payment flows and which statuses a transaction goes through.',
          to: '/docs/docs/pay-integration/intro',
          action: 'Read the overview',
        },
        {
          title: 'Create a transaction',
          description: 'The request, the response and the errors, with a working example.',
          to: '/docs/docs/pay-integration/create-transaction',
          action: 'Create one',
        },
        {
          title: 'Get transaction details',
          description: 'Read a transaction and decide between polling and webhooks.',
          to: '/docs/docs/pay-integration/get-transaction-detail',
          action: 'Read a transaction',
        },
        {
          title: 'Payment API reference',
          description: 'Both endpoints with parameters, schemas, examples and a request panel.',
          to: '/docs/api/payment-integration/',
          action: 'Open the reference',
        },
      ]}
    />
  );
}
