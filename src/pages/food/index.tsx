import type {ReactNode} from 'react';

import ProductLanding from '@site/src/components/ProductLanding';
import {PRODUCT_NAME} from '@site/src/constants';

export default function FoodLanding(): ReactNode {
  return (
    <ProductLanding
      name={`${PRODUCT_NAME} Food`}
      summary={`Put an outlet's menu on the ${PRODUCT_NAME} Food marketplace and run its delivery and pickup orders from your own system.`}
      primaryAction={{label: 'Start the food integration', to: '/docs/category/food-integration'}}
      capabilities={[
        'Publish the whole menu in one call: menus, items, prices, pictures, opening hours and variants.',
        'Mark items and variants out of stock the moment the kitchen runs out, without a full sync.',
        'Receive every new order by webhook and accept or reject it from your point of sale.',
        'Tell the driver the food is ready, and follow each order from acceptance to completion.',
        'Run SKU promotions: a discounted price for one item on chosen days and hours.',
        'Close an outlet on the marketplace for a while when the kitchen is overloaded.',
      ]}
      audiences={[
        {
          title: 'Direct integration',
          body: `A merchant's own IT team connects the merchant's outlets. The outlets are bound to your client when you are onboarded, and every call uses a client-credentials token.`,
        },
        {
          title: 'Facilitator',
          body: `A point-of-sale vendor or order aggregator serving many merchants. Each merchant links its outlets to you through an OAuth 2.0 authorization with PKCE; you then call the APIs for the linked outlets.`,
        },
      ]}
      steps={[
        {
          title: 'Get sandbox credentials',
          body: 'Partner support issues a client id and secret for the sandbox, with test outlets and test orders.',
        },
        {
          title: 'Link or bind your outlets',
          body: 'Facilitators run the linking flow once per merchant; direct integrations skip this step.',
        },
        {
          title: 'Sync the menu',
          body: 'Send the full menu, then wait for the menu-mapping event that confirms what customers see.',
        },
        {
          title: 'Handle orders',
          body: 'Subscribe to the order events, accept or reject each order in time, and mark the food ready.',
        },
        {
          title: 'Go live',
          body: 'Repeat your test run against production hosts with production credentials, outlet by outlet.',
        },
      ]}
      guides={[
        {
          title: 'Choose an integration type',
          description: 'Direct integration or facilitator: what changes in authentication and linking.',
          to: '/docs/docs/food-integration/direct-integration',
          action: 'Compare',
        },
        {
          title: 'Link outlets',
          description: 'The authorization code flow with PKCE, step by step, up to a linked outlet.',
          to: '/docs/docs/food-integration/steps-on-linking-outlets',
          action: 'Link an outlet',
        },
        {
          title: 'Sync a menu',
          description: 'Model menus and variants, replace the whole menu, read it back.',
          to: '/docs/docs/food-integration/how-to/sync-menu',
          action: 'Sync',
        },
        {
          title: 'Accept orders',
          description: 'Acceptance modes, time limits, accepting and rejecting with a reason.',
          to: '/docs/docs/food-integration/how-to/order-acceptance',
          action: 'Handle orders',
        },
        {
          title: 'Order states',
          description: 'Every state of an order, the event for each, and what to do on it.',
          to: '/docs/docs/food-integration/how-to/order-state',
          action: 'See the life cycle',
        },
        {
          title: 'Food API reference',
          description: 'Every endpoint with parameters, schemas, examples and a request panel.',
          to: '/docs/api/food-integration/',
          action: 'Open the reference',
        },
      ]}
    />
  );
}
