/**
 * Parsing and verification of the X-Gerai-Signature header, in the browser.
 *
 * The same rules, checks and reason codes as the samples in
 * samples/webhooks/ (verify-signature.mjs and verify_signature.py): the
 * header is `t=<unix seconds>,v1=<hex HMAC-SHA256>`, the HMAC is computed over
 * `<t>.<raw body>` with the subscription's secret as the key, the checks run
 * in the order header shape, signature, timestamp window, and any one of
 * several v1 values may match. Nothing here leaves the page: the HMAC is
 * computed with the Web Crypto API.
 */

import {computeSignature} from './hmac';

export {computeSignature};

export type VerifyReason = 'ok' | 'malformed_header' | 'signature_mismatch' | 'timestamp_out_of_tolerance';

export const DEFAULT_TOLERANCE_SECONDS = 300;

export interface ParsedSignatureHeader {
  /** The Unix time, in seconds, at which the delivery was signed. */
  readonly timestamp: number;
  /** The v1 values, as sent, in header order. */
  readonly signatures: readonly string[];
}

export type ParseResult =
  | {readonly ok: true; readonly header: ParsedSignatureHeader}
  | {readonly ok: false; readonly problem: string};

export interface VerifyInput {
  /** The request body exactly as delivered. */
  readonly rawBody: string;
  /** The value of the X-Gerai-Signature header. */
  readonly header: string;
  /** The subscription's secret. */
  readonly secret: string;
  /** The current Unix time in seconds; the browser's clock by default. */
  readonly now?: number;
  readonly toleranceSeconds?: number;
  /** Whether to refuse a timestamp outside the window; true by default. */
  readonly checkTimestamp?: boolean;
}

export interface VerifyResult {
  readonly valid: boolean;
  readonly reason: VerifyReason;
  /** One sentence for people: the verdict and, when it fails, why. */
  readonly message: string;
  /** The t of the header, when the header could be parsed. */
  readonly timestamp: number | null;
  /** Seconds between t and now; negative when t is in the future. */
  readonly ageSeconds: number | null;
  /** The v1 value this payload and secret produce for the header's t. */
  readonly expectedSignature: string | null;
  readonly timestampChecked: boolean;
}

const HEX_SHA256 = /^[0-9a-f]{64}$/;
const UNIX_SECONDS = /^[0-9]{1,12}$/;
/** One part of the header: a key, "=", a value; spaces and tabs around it are ignored. */
const PART = /^[ \t]*([^\s,=]+)=([^\s,]*)[ \t]*$/;
const HEADER_NAME = /^x-gerai-signature\s*:/i;
const FORMAT = 'it should look like t=1772424915,v1= followed by 64 lowercase hex digits';

/** Split a header value into its timestamp and its v1 signatures. */
export function parseSignatureHeader(header: string): ParseResult {
  const value = header.trim();
  if (value === '') return {ok: false, problem: `it is empty; ${FORMAT}`};
  if (HEADER_NAME.test(value)) {
    return {ok: false, problem: 'paste only the value of the header, without "X-Gerai-Signature:"'};
  }

  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of value.split(',')) {
    const match = PART.exec(part);
    if (match === null) {
      const shown = part.trim() === '' ? 'an empty part between two commas' : `"${part.trim()}"`;
      return {ok: false, problem: `${shown} is not a key=value pair; ${FORMAT}`};
    }
    const [, key = '', partValue = ''] = match;
    if (key === 't') {
      if (timestamp !== null) return {ok: false, problem: 'it has more than one t'};
      if (!UNIX_SECONDS.test(partValue)) {
        return {ok: false, problem: `t must be a whole number of Unix seconds, not "${partValue}"`};
      }
      timestamp = Number(partValue);
    } else if (key === 'v1') {
      signatures.push(partValue);
    }
    // Other keys are ignored, as the samples do.
  }
  if (timestamp === null)
    return {ok: false, problem: 'it has no t (the Unix time at which the delivery was signed)'};
  if (signatures.length === 0) return {ok: false, problem: 'it has no v1 signature'};
  return {ok: true, header: {timestamp, signatures}};
}

/** Compares two strings of the same length without stopping at the first difference. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) {
    difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  }
  return difference === 0;
}

function round1(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** A duration for people: "45 seconds", "5 minutes 12 seconds", "36.5 minutes", "3.5 hours", "12 days". */
export function formatDuration(seconds: number): string {
  const s = Math.abs(seconds);
  const unit = (amount: string, name: string): string => `${amount} ${name}${amount === '1' ? '' : 's'}`;
  if (s < 60) return unit(String(Math.round(s)), 'second');
  if (s < 600) {
    const whole = Math.round(s);
    const rest = whole % 60;
    const minutes = unit(String(Math.floor(whole / 60)), 'minute');
    return rest === 0 ? minutes : `${minutes} ${unit(String(rest), 'second')}`;
  }
  if (s < 2 * 3600) return unit(round1(s / 60), 'minute');
  if (s < 2 * 86400) return unit(round1(s / 3600), 'hour');
  return unit(String(Math.round(s / 86400)), 'day');
}

function result(
  valid: boolean,
  reason: VerifyReason,
  message: string,
  details: Partial<Pick<VerifyResult, 'timestamp' | 'ageSeconds' | 'expectedSignature'>>,
  timestampChecked: boolean,
): VerifyResult {
  return {
    valid,
    reason,
    message,
    timestamp: details.timestamp ?? null,
    ageSeconds: details.ageSeconds ?? null,
    expectedSignature: details.expectedSignature ?? null,
    timestampChecked,
  };
}

/** Check one delivery the way a receiver must. */
export async function verifySignature(input: VerifyInput): Promise<VerifyResult> {
  const {
    rawBody,
    header,
    secret,
    now = Date.now() / 1000,
    toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
    checkTimestamp = true,
  } = input;
  const windowText = formatDuration(toleranceSeconds);

  const parsed = parseSignatureHeader(header);
  if (!parsed.ok) {
    return result(
      false,
      'malformed_header',
      `The header is malformed: ${parsed.problem}.`,
      {},
      checkTimestamp,
    );
  }
  const {timestamp, signatures} = parsed.header;
  const ageSeconds = now - timestamp;

  const expectedSignature = await computeSignature(rawBody, timestamp, secret);
  let matched = false;
  for (const candidate of signatures) {
    if (HEX_SHA256.test(candidate) && constantTimeEqual(candidate, expectedSignature)) matched = true;
  }
  const details = {timestamp, ageSeconds, expectedSignature};

  if (!matched) {
    let hint = ' Compare the expected v1 below with the header.';
    if (secret.trim() !== secret) hint = ' The secret starts or ends with a space: remove it.';
    else if (signatures.some((candidate) => candidate.toLowerCase() === expectedSignature))
      hint = ' The v1 is in uppercase: a signature is lowercase hex, as sent.';
    else if (/\r?\n$/.test(rawBody))
      hint = ' The payload ends with a line break; a delivered body usually does not.';
    return result(
      false,
      'signature_mismatch',
      `The signature does not match: the payload, the secret or the header differs.${hint}`,
      details,
      checkTimestamp,
    );
  }

  if (checkTimestamp && Math.abs(ageSeconds) > toleranceSeconds) {
    const message =
      ageSeconds > 0
        ? `The timestamp is ${formatDuration(ageSeconds)} old: more than ${windowText}, refuse it as a replay.`
        : `The timestamp is in the future: ${formatDuration(ageSeconds)} ahead of this computer's clock, ` +
          `more than ${windowText}. Refuse it, and check that your clocks are right.`;
    return result(false, 'timestamp_out_of_tolerance', message, details, checkTimestamp);
  }

  const when = checkTimestamp
    ? ` The timestamp is ${ageSeconds >= 0 ? `${formatDuration(ageSeconds)} old` : `${formatDuration(ageSeconds)} ahead`}, inside the window of ${windowText}.`
    : ` The window of ${windowText} was not checked.`;
  return result(true, 'ok', `Valid signature.${when}`, details, checkTimestamp);
}

/** The secret that the example filled in by the checker uses. It is not a real secret. */
export const EXAMPLE_SECRET = 'gws_sandbox_example_3b9d61f0a4c2e857';

/** A food.order.merchant_accepted delivery signed at `nowSeconds`, to try the checker. */
export async function createExampleDelivery(
  nowSeconds: number,
): Promise<{readonly rawBody: string; readonly secret: string; readonly header: string}> {
  const t = Math.floor(nowSeconds);
  const iso = (seconds: number): string => new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const payload = {
    header: {
      event_id: globalThis.crypto.randomUUID(),
      event_name: 'food.order.merchant_accepted',
      version: '1',
      timestamp: iso(t - 1),
    },
    body: {
      outlet: {id: 'M008-a1b2c3', external_outlet_id: 'store-jkt-017'},
      order: {
        id: 'F-2712004526',
        order_type: 'pickup',
        status: 'MERCHANT_ACCEPTED',
        created_at: iso(t - 80),
        scheduled_at: null,
        currency: 'IDR',
        order_total: 43000,
        items: [
          {
            id: 'a6c1e0d4-5b2f-4e8a-9d3c-7f1b2e4a6c80',
            external_id: 'menu-nasi-goreng',
            name: 'Nasi Goreng Spesial',
            quantity: 1,
            price: 35000,
            notes: '',
            variants: [],
          },
          {
            id: 'e8b3a5f2-9c1d-4f7e-b6a0-2d4c8e1f3b95',
            external_id: 'menu-iced-tea',
            name: 'Es Teh Manis',
            quantity: 1,
            price: 8000,
            notes: 'Less ice',
            variants: [],
          },
        ],
        customer: {name: 'Dewi A.'},
        driver: null,
      },
    },
  };
  const rawBody = JSON.stringify(payload);
  const signature = await computeSignature(rawBody, t, EXAMPLE_SECRET);
  return {rawBody, secret: EXAMPLE_SECRET, header: `t=${t},v1=${signature}`};
}
