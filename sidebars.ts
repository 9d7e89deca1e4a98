import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

import {generatedItems, glossaryItem} from './src/api-reference/sidebars/generated-sidebar';

/** A section of the API sidebar: its hand-written index page, then its reference pages. */
function apiSection(label: string, folder: string, indexDoc = `api/${folder}/index`) {
  return {
    type: 'category' as const,
    label,
    link: {type: 'doc' as const, id: indexDoc},
    items: generatedItems(`docs/api/${folder}`),
  };
}

const sidebars: SidebarsConfig = {
  docsSidebar: [
    'docs/intro',
    'docs/introducing-to-gerai-developer-portal',
    'docs/getting-started',
    'docs/authentication',
    {
      type: 'category',
      label: 'Food integration',
      link: {
        type: 'generated-index',
        slug: '/category/food-integration',
        description:
          'Connect an outlet to Gerai Food: pick an integration type, link outlets, sync menus and handle orders.',
      },
      items: [
        'docs/food-integration/direct-integration',
        'docs/food-integration/facilitator',
        'docs/food-integration/steps-on-linking-outlets',
        {
          type: 'category',
          label: 'How-to',
          link: {
            type: 'generated-index',
            slug: '/category/how-to',
            description:
              'Task guides for Gerai Food: menus, stock, orders, outlet management and promotions.',
          },
          items: [
            'docs/food-integration/how-to/menu-structure',
            'docs/food-integration/how-to/sync-menu',
            'docs/food-integration/how-to/update-out-of-stock-status',
            'docs/food-integration/how-to/order-acceptance',
            'docs/food-integration/how-to/order-state',
            'docs/food-integration/how-to/outlet-management',
            'docs/food-integration/how-to/promotions',
            'docs/food-integration/how-to/sku-promo',
          ],
        },
      ],
    },
    {
      type: 'category',
      label: 'Pay integration',
      link: {
        type: 'generated-index',
        slug: '/category/pay-integration',
        description:
          'Take QRIS payments with Gerai Pay: create a transaction, show the QR code, follow its status.',
      },
      items: [
        'docs/pay-integration/intro',
        'docs/pay-integration/create-transaction',
        'docs/pay-integration/get-transaction-detail',
      ],
    },
    'docs/troubleshooting',
    'docs/ai-assistants',
    'docs/remarks',
  ],

  apiSidebar: [
    'api/intro',
    {
      type: 'category',
      label: 'Authentication',
      link: {
        type: 'generated-index',
        slug: '/category/authentication',
        description: 'Get OAuth 2.0 tokens for the Gerai APIs, as a direct integration or as a facilitator.',
      },
      items: [
        'api/auth/direct-integration',
        {
          type: 'category',
          label: 'Facilitator',
          link: {
            type: 'generated-index',
            slug: '/category/facilitator',
            description:
              'Partners serving many merchants: let a merchant link an outlet, then call the APIs for it.',
          },
          items: ['api/auth/facilitator/authorization-code', 'api/auth/facilitator/client-credential'],
        },
        apiSection('Authorization server', 'auth/authorization-server'),
      ],
    },
    apiSection('Outlet information', 'outlet-information'),
    apiSection('Food integration', 'food-integration'),
    {
      type: 'category',
      label: 'POS integration',
      link: {
        type: 'generated-index',
        slug: '/category/mokapos-integration',
        description:
          'Read the Gerai POS back office: items, categories, taxes, invoices, customers and sales reports.',
      },
      items: ['api/mokapos-integration/intro', ...generatedItems('docs/api/mokapos-integration')],
    },
    apiSection('Payment integration', 'payment-integration'),
    {
      type: 'category',
      label: 'Webhooks',
      link: {type: 'doc', id: 'api/webhooks/index'},
      items: [
        'api/webhooks/receiving-notifications',
        'api/webhooks/best-practices-to-handle-notifications',
        {
          type: 'category',
          label: 'Events',
          link: {type: 'doc', id: 'api/event-list'},
          items: generatedItems('docs/api/webhooks/events'),
        },
      ],
    },
    apiSection('Notification subscriptions', 'notification-subscriptions'),
    glossaryItem(),
    apiSection('Troubleshooting', 'troubleshooting'),
  ],
};

export default sidebars;
