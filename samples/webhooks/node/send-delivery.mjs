// Send a signed Gerai webhook delivery to your receiver, to test it before
// Gerai does. Node.js 20 or later, no dependencies.
//
//   GERAI_WEBHOOK_SECRET=... node send-delivery.mjs --event food.order.placed
//   GERAI_WEBHOOK_SECRET=... node send-delivery.mjs --file my-event.json --url https://localhost:8443/hooks
//
// It posts the event as Gerai does (Content-Type, X-Gerai-Event-Id and
// X-Gerai-Signature over the exact bytes sent), then says whether your
// receiver answered as it should: 2xx for a fresh delivery, a refusal for a
// --stale one (signed 10 minutes ago) or a --tampered one (one byte of the
// body changed after signing). Exit status: 0 when it did, 1 when it did not,
// 2 when nothing could be sent.
import {readFileSync} from 'node:fs';
import {pathToFileURL} from 'node:url';
import {parseArgs} from 'node:util';
import {computeSignature, DEFAULT_TOLERANCE_SECONDS} from './verify-signature.mjs';

/** Where the sample receivers listen by default (receiver.mjs, receiver.py). */
export const DEFAULT_RECEIVER_URL = 'http://localhost:8080/webhooks/gerai';

/** The developer portal, which publishes each event's example at /webhooks/<event name>.json. */
export const DEFAULT_PORTAL_URL = 'https://developer.gerai.example';

/** How old a --stale delivery is: twice the 5 minutes a receiver accepts. */
export const STALE_SECONDS = 2 * DEFAULT_TOLERANCE_SECONDS;

/** Gerai waits this long for an answer before it counts the attempt as failed. */
export const TIMEOUT_MS = 15_000;

const EVENT_NAME = /^[a-z]+(?:\.[a-z_]+)+$/;

/** A delivery that cannot be sent; its message says why and what to do. */
export class DeliveryError extends Error {
  constructor(message) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** The value of X-Gerai-Signature for these bytes, signed at `timestamp` (Unix seconds). */
export function signatureHeader({rawBody, secret, timestamp}) {
  return `t=${timestamp},v1=${computeSignature({rawBody, timestamp, secret})}`;
}

/**
 * The body with one byte changed, as an attacker might change it: the last
 * digit becomes the next one (9 becomes 0), or, in a body without digits,
 * the last letter changes case. The JSON stays valid, so a receiver that
 * refuses it can only do so on its signature.
 *
 * @param {Buffer} rawBody
 * @returns {Buffer}
 */
export function tamper(rawBody) {
  const changed = Buffer.from(rawBody);
  for (let at = changed.length - 1; at >= 0; at -= 1) {
    const byte = changed[at];
    if (byte >= 0x30 && byte <= 0x39) {
      changed[at] = byte === 0x39 ? 0x30 : byte + 1;
      return changed;
    }
  }
  for (let at = changed.length - 1; at >= 0; at -= 1) {
    const byte = changed[at];
    if ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7a) {
      changed[at] = byte ^ 0x20;
      return changed;
    }
  }
  throw new DeliveryError('The body has no digit or letter to change.');
}

/**
 * The event in a body: its name and id. Gerai sends `{"header": {"event_id",
 * "event_name", ...}, "body": {...}}`, and X-Gerai-Event-Id repeats the id.
 *
 * @param {Buffer} rawBody @param {string} source where the body came from, for messages
 */
export function describeEvent(rawBody, source) {
  let event;
  try {
    event = JSON.parse(rawBody.toString('utf8'));
  } catch (error) {
    throw new DeliveryError(`${source} is not JSON: ${error.message}`);
  }
  const eventId = event?.header?.event_id;
  if (typeof eventId !== 'string' || eventId === '') {
    throw new DeliveryError(
      `${source} has no header.event_id. A Gerai event is {"header": {"event_id": ..., "event_name": ..., ` +
        '"version": ..., "timestamp": ...}, "body": {...}}.',
    );
  }
  const name = event.header.event_name;
  return {eventId, eventName: typeof name === 'string' ? name : 'event'};
}

/** The bytes of a JSON file, exactly as they are on disk: they are what gets signed. */
export function readEventFile(file) {
  try {
    return readFileSync(file);
  } catch (error) {
    throw new DeliveryError(
      `Cannot read ${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}.`,
    );
  }
}

/**
 * The example of an event as the portal publishes it, byte for byte: the
 * body its reference page signs.
 *
 * @param {string} eventName such as food.order.placed
 * @param {string} [portalUrl] the portal's origin
 */
export async function fetchExample(eventName, portalUrl = DEFAULT_PORTAL_URL) {
  if (!EVENT_NAME.test(eventName)) {
    throw new DeliveryError(`"${eventName}" is not an event name; they look like food.order.placed.`);
  }
  const url = new URL(`/webhooks/${eventName}.json`, portalUrl);
  let response;
  try {
    response = await fetch(url, {signal: AbortSignal.timeout(TIMEOUT_MS)});
  } catch (error) {
    throw new DeliveryError(
      `Cannot download the example from ${url}: ${error.cause?.message ?? error.message}.`,
    );
  }
  if (response.status === 404) {
    throw new DeliveryError(`${url} does not exist: is ${eventName} an event of the event list?`);
  }
  if (!response.ok) {
    throw new DeliveryError(`Downloading ${url} failed: ${response.status} ${response.statusText}.`);
  }
  return Buffer.from(await response.arrayBuffer());
}

/**
 * Post one delivery and return the answer. Redirects are not followed, as
 * Gerai does not follow them.
 *
 * @param {object} input
 * @param {string} input.url the receiver
 * @param {Buffer} input.rawBody the event, exactly as it is to be signed
 * @param {string} input.secret the subscription's secret
 * @param {number} [input.now] the current Unix time in seconds
 * @param {boolean} [input.stale] sign as of STALE_SECONDS ago
 * @param {boolean} [input.tampered] change one byte of the body after signing
 * @param {number} [input.timeoutMs] give up after this long
 */
export async function sendDelivery({
  url,
  rawBody,
  secret,
  now = Date.now() / 1000,
  stale = false,
  tampered = false,
  timeoutMs = TIMEOUT_MS,
}) {
  if (typeof secret !== 'string' || secret === '') {
    throw new DeliveryError(
      'No secret: set GERAI_WEBHOOK_SECRET or pass --secret, with the secret your receiver verifies with.',
    );
  }
  let target;
  try {
    target = new URL(url);
  } catch {
    throw new DeliveryError(`"${url}" is not an address; give one such as ${DEFAULT_RECEIVER_URL}.`);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw new DeliveryError(`${url} is not an http:// or https:// address.`);
  }
  const {eventId, eventName} = describeEvent(rawBody, 'The event');
  const timestamp = Math.floor(now) - (stale ? STALE_SECONDS : 0);
  const signature = signatureHeader({rawBody, secret, timestamp});
  const sent = tampered ? tamper(rawBody) : rawBody;
  const headers = {
    'Content-Type': 'application/json',
    'X-Gerai-Event-Id': eventId,
    'X-Gerai-Signature': signature,
  };

  const started = performance.now();
  let response;
  try {
    response = await fetch(target, {
      method: 'POST',
      headers,
      body: sent,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    if (error.name === 'TimeoutError') {
      return {
        eventName,
        eventId,
        timestamp,
        headers,
        status: null,
        statusText: '',
        answer: '',
        ms: timeoutMs,
      };
    }
    const reason =
      error.cause?.code === 'ECONNREFUSED' ? 'connection refused' : (error.cause ?? error).message;
    throw new DeliveryError(`Cannot reach ${target}: ${reason}. Is your receiver running?`);
  }
  const answer = await response.text();
  return {
    eventName,
    eventId,
    timestamp,
    headers,
    status: response.status,
    statusText: response.statusText,
    answer,
    ms: Math.round(performance.now() - started),
  };
}

/**
 * Whether the receiver answered as a correct one does, and why.
 *
 * @param {{status: number | null}} result @param {{stale?: boolean, tampered?: boolean}} kind
 */
export function judge({status}, {stale = false, tampered = false} = {}) {
  const shouldRefuse = stale || tampered;
  const what = [stale && 'stale', tampered && 'tampered'].filter(Boolean).join(' and ') || 'fresh';
  if (status === null) {
    return {
      asExpected: false,
      message: `No answer within ${TIMEOUT_MS / 1000} seconds: Gerai counts that as a failed attempt. Answer first, then process.`,
    };
  }
  const accepted = status >= 200 && status < 300;
  if (status >= 300 && status < 400) {
    return {
      asExpected: false,
      message: `A redirect (${status}): Gerai does not follow redirects, so this attempt would fail. Subscribe the final URL.`,
    };
  }
  if (shouldRefuse) {
    return accepted
      ? {
          asExpected: false,
          message: stale
            ? `The receiver accepted a delivery signed ${STALE_SECONDS / 60} minutes ago. Refuse a t more than 5 minutes from your clock.`
            : 'The receiver accepted a body changed after signing. Verify the signature on the raw body before anything else.',
        }
      : {asExpected: true, message: `The receiver refused the ${what} delivery (${status}), as it should.`};
  }
  return accepted
    ? {asExpected: true, message: `The receiver accepted the ${what} delivery (${status}), as it should.`}
    : {
        asExpected: false,
        message: `The receiver refused a correctly signed delivery (${status}). Check that it verifies the raw body with the secret this delivery was signed with.`,
      };
}

const USAGE = `Send a signed Gerai webhook delivery to your receiver.

  node send-delivery.mjs (--event NAME | --file FILE) [options]

  --event NAME   the example of an event, from the developer portal (food.order.placed)
  --file FILE    a JSON file, sent byte for byte
  --url URL      the receiver (default ${DEFAULT_RECEIVER_URL})
  --secret S     the secret to sign with (default: GERAI_WEBHOOK_SECRET)
  --stale        sign as of ${STALE_SECONDS / 60} minutes ago: a receiver must refuse it
  --tamper       change one byte of the body after signing: a receiver must refuse it
  --portal URL   where to download examples (default: GERAI_PORTAL_URL, else ${DEFAULT_PORTAL_URL})

Exit status: 0 when the receiver answered as it should, 1 when it did not, 2 when nothing was sent.`;

/**
 * The command line. Returns the exit status.
 *
 * @param {string[]} args @param {Record<string, string | undefined>} env
 * @param {{log: (line: string) => void, error: (line: string) => void}} [out]
 */
export async function main(args, env = process.env, out = console) {
  let values;
  try {
    ({values} = parseArgs({
      args,
      options: {
        event: {type: 'string'},
        file: {type: 'string'},
        url: {type: 'string', default: DEFAULT_RECEIVER_URL},
        secret: {type: 'string'},
        stale: {type: 'boolean', default: false},
        tamper: {type: 'boolean', default: false},
        portal: {type: 'string'},
        help: {type: 'boolean', short: 'h', default: false},
      },
    }));
  } catch (error) {
    out.error(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    out.log(USAGE);
    return 0;
  }
  if ((values.event === undefined) === (values.file === undefined)) {
    out.error(`Give either --event or --file.\n\n${USAGE}`);
    return 2;
  }

  try {
    const rawBody =
      values.file !== undefined
        ? readEventFile(values.file)
        : await fetchExample(values.event, values.portal ?? env.GERAI_PORTAL_URL ?? DEFAULT_PORTAL_URL);
    describeEvent(rawBody, values.file ?? `The example of ${values.event}`);
    const kind = {stale: values.stale, tampered: values.tamper};
    const result = await sendDelivery({
      url: values.url,
      rawBody,
      secret: values.secret ?? env.GERAI_WEBHOOK_SECRET,
      ...kind,
    });
    out.log(`POST ${values.url}`);
    for (const [name, value] of Object.entries(result.headers)) out.log(`  ${name}: ${value}`);
    out.log(
      `  ${rawBody.length} bytes of ${result.eventName}` +
        (values.stale ? `, signed ${STALE_SECONDS} seconds ago` : '') +
        (values.tamper ? ', one byte changed after signing' : ''),
    );
    out.log(
      result.status === null
        ? 'No answer.'
        : `Answer: ${result.status} ${result.statusText} in ${result.ms} ms ${result.answer}`.trimEnd(),
    );
    const {asExpected, message} = judge(result, kind);
    (asExpected ? out.log : out.error)(`${asExpected ? 'OK' : 'PROBLEM'}: ${message}`);
    return asExpected ? 0 : 1;
  } catch (error) {
    if (!(error instanceof DeliveryError)) throw error;
    out.error(error.message);
    return 2;
  }
}

// Run as a program: node send-delivery.mjs --event food.order.placed
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
