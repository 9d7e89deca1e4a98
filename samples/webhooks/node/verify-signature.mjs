// Verify the X-Gerai-Signature header of a Gerai webhook delivery.
// Node.js 20 or later, no dependencies.
//
// The header looks like `t=1772424915,v1=5f1c...e9`, where t is the Unix time
// (seconds) at which Gerai signed the delivery and v1 is the lowercase hex
// HMAC-SHA256 of `${t}.${rawBody}`, keyed with the subscription's secret.
import {createHmac, timingSafeEqual} from 'node:crypto';

/** How far t may be from your clock, in seconds, before a delivery is refused. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

// A signature is 64 lowercase hex digits, exactly as Gerai sends it.
const HEX_SHA256 = /^[0-9a-f]{64}$/;
const UNIX_SECONDS = /^[0-9]{1,12}$/;
// One part of the header: a key, "=", a value; spaces and tabs around it are ignored.
const PART = /^[ \t]*([^\s,=]+)=([^\s,]*)[ \t]*$/;

/**
 * Split the header into its timestamp and its v1 signatures, in any order.
 * Returns null when the header is malformed: a part that is not key=value,
 * no t or more than one, a t that is not whole seconds, or no v1.
 * Unknown keys are ignored.
 *
 * @param {string | undefined} header
 * @returns {{timestamp: number, signatures: string[]} | null}
 */
export function parseSignatureHeader(header) {
  if (typeof header !== 'string') return null;
  let timestamp = null;
  const signatures = [];
  for (const part of header.split(',')) {
    const match = PART.exec(part);
    if (match === null) return null;
    const [, key, value] = match;
    if (key === 't') {
      if (timestamp !== null || !UNIX_SECONDS.test(value)) return null;
      timestamp = Number(value);
    } else if (key === 'v1') {
      signatures.push(value);
    }
  }
  if (timestamp === null || signatures.length === 0) return null;
  return {timestamp, signatures};
}

/**
 * The lowercase hex HMAC-SHA256 of `${timestamp}.${rawBody}`.
 *
 * @param {{rawBody: Buffer | string, timestamp: number | string, secret: string}} input
 * @returns {string}
 */
export function computeSignature({rawBody, timestamp, secret}) {
  return createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(rawBody).digest('hex');
}

/**
 * Check one delivery. Pass the body exactly as received (a Buffer is best):
 * parsing the JSON and serializing it again changes the bytes.
 *
 * Checks, in this order: the header's shape, the signature, then the
 * timestamp window. An authentic but late delivery therefore reports
 * `timestamp_out_of_tolerance`, not `signature_mismatch`.
 *
 * @param {object} input
 * @param {Buffer | string} input.rawBody the request body, unparsed
 * @param {string | undefined} input.header the X-Gerai-Signature header
 * @param {string} input.secret the subscription's secret
 * @param {number} [input.now] the current Unix time in seconds
 * @param {number} [input.toleranceSeconds] the accepted distance between t and now
 * @returns {{valid: boolean, reason: 'ok' | 'malformed_header' | 'signature_mismatch' | 'timestamp_out_of_tolerance'}}
 */
export function verifySignature({
  rawBody,
  header,
  secret,
  now = Date.now() / 1000,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
}) {
  if (typeof secret !== 'string' || secret === '') {
    throw new TypeError('verifySignature needs the subscription secret (a non-empty string)');
  }
  if (typeof rawBody !== 'string' && !Buffer.isBuffer(rawBody)) {
    throw new TypeError('verifySignature needs the raw request body as a Buffer or a string');
  }

  const parsed = parseSignatureHeader(header);
  if (parsed === null) return {valid: false, reason: 'malformed_header'};

  const expected = Buffer.from(computeSignature({rawBody, timestamp: parsed.timestamp, secret}), 'hex');
  let matched = false;
  for (const candidate of parsed.signatures) {
    // timingSafeEqual needs two buffers of the same length: a value that is
    // not 64 lowercase hex digits can never match, so it is skipped.
    if (!HEX_SHA256.test(candidate)) continue;
    if (timingSafeEqual(Buffer.from(candidate, 'hex'), expected)) matched = true;
  }
  if (!matched) return {valid: false, reason: 'signature_mismatch'};

  if (Math.abs(now - parsed.timestamp) > toleranceSeconds) {
    return {valid: false, reason: 'timestamp_out_of_tolerance'};
  }
  return {valid: true, reason: 'ok'};
}
