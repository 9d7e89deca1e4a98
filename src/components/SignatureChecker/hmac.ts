/**
 * The HMAC of the X-Gerai-Signature scheme, computed with the Web Crypto API.
 * A module of its own so that a page needing only the signature (an event's
 * test delivery, src/components/TestDelivery) does not load the checker's
 * parsing and messages with it.
 */

function subtleCrypto(): SubtleCrypto {
  const subtle = globalThis.crypto?.subtle;
  if (subtle === undefined) {
    throw new Error(
      'This browser offers no Web Crypto API here (it needs a page served over HTTPS or from localhost).',
    );
  }
  return subtle;
}

function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The lowercase hex HMAC-SHA256 of `<timestamp>.<rawBody>`, keyed with the secret's UTF-8 bytes. */
export async function computeSignature(
  rawBody: string,
  timestamp: number | string,
  secret: string,
): Promise<string> {
  const subtle = subtleCrypto();
  const encoder = new TextEncoder();
  const key = await subtle.importKey('raw', encoder.encode(secret), {name: 'HMAC', hash: 'SHA-256'}, false, [
    'sign',
  ]);
  const mac = await subtle.sign('HMAC', key, encoder.encode(`${timestamp}.${rawBody}`));
  return toHex(mac);
}
