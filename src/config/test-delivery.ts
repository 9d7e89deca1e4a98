/**
 * The signed test delivery of each webhook event: the event's example from
 * `openapi/gerai/webhooks.yaml`, serialized as Gerai serializes a delivery
 * (compact UTF-8 JSON, as the worked example of the signature shows), and
 * signed with the sandbox secret of that worked example
 * (src/config/signature-example.ts) for the event's own `header.timestamp`.
 *
 * `src/api-reference/page/markdown.ts` puts it on each event's page, whose
 * `TestDelivery` component shows it as a curl command and signs it again in
 * the browser for the current time; `npm run gen-api` publishes each body at
 * `eventExampleDownload(name)`, where the sample senders
 * (samples/webhooks/) fetch it. Runs in Node.js only (node:crypto).
 */
import {createHmac} from 'node:crypto';

import {SIGNATURE_VECTORS} from './signature-example';

/** The secret every test delivery is signed with: the documented sandbox secret of the worked example. */
export const TEST_DELIVERY_SECRET = SIGNATURE_VECTORS.secret;

/** Where the site serves the example body of an event, byte for byte. */
export function eventExampleDownload(eventName: string): string {
  return `/webhooks/${eventName}.json`;
}

export interface SignedEventExample {
  readonly eventName: string;
  readonly eventId: string;
  /** The body exactly as signed: compact JSON, UTF-8, no final line break. */
  readonly body: string;
  /** Unix seconds: the example's `header.timestamp`. */
  readonly timestamp: number;
  /** Lowercase hex HMAC-SHA256 of `<timestamp>.<body>`. */
  readonly signature: string;
}

/** The bytes a delivery of `example` carries. */
export function eventBody(example: unknown): string {
  return JSON.stringify(example);
}

/** The delivery envelope of an event's example: a non-empty `header.event_id` and an RFC 3339 `header.timestamp`. */
function envelopeOf(example: unknown): {event_id: string; timestamp: string} | undefined {
  const header = (example as {header?: {event_id?: unknown; timestamp?: unknown}} | null)?.header;
  const eventId = header?.event_id;
  const timestamp = header?.timestamp;
  return typeof eventId === 'string' &&
    eventId !== '' &&
    typeof timestamp === 'string' &&
    !Number.isNaN(Date.parse(timestamp))
    ? {event_id: eventId, timestamp}
    : undefined;
}

/** Whether an event's example has the envelope a test delivery is signed from. */
export const hasEnvelope = (example: unknown): boolean => envelopeOf(example) !== undefined;

/**
 * An event's example, serialized and signed for its own `header.timestamp`.
 * Throws, naming the event, when the example lacks the envelope every event
 * has.
 */
export function signedEventExample(eventName: string, example: unknown): SignedEventExample {
  const header = envelopeOf(example);
  if (!header) {
    throw new Error(
      `The example of the webhook event ${eventName} needs header.event_id and an RFC 3339 ` +
        'header.timestamp: its page signs a test delivery of it for that time.',
    );
  }
  const body = eventBody(example);
  const timestamp = Math.floor(Date.parse(header.timestamp) / 1000);
  const signature = createHmac('sha256', TEST_DELIVERY_SECRET)
    .update(`${timestamp}.${body}`, 'utf8')
    .digest('hex');
  return {eventName, eventId: header.event_id, body, timestamp, signature};
}
