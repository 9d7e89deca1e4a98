/**
 * The worked example of the webhook signature: the valid case of
 * `samples/webhooks/test-vectors.json`, which the samples, the checker and
 * the OpenAPI example of `X-Gerai-Signature` are tested against. The page
 * "Receiving notifications" shows it from that file, and `npm run gen-api`
 * writes its raw body and the vectors under `static/` for download, so the
 * bytes a reader gets are the bytes that were signed.
 */
import vectors from '../../samples/webhooks/test-vectors.json';

export interface SignatureVectorCase {
  readonly name: string;
  readonly description: string;
  readonly header: string;
  readonly body?: string;
  readonly secret?: string;
  readonly expected: {readonly valid: boolean; readonly reason: string};
}

export interface SignatureVectors {
  readonly secret: string;
  readonly now: number;
  readonly tolerance_seconds: number;
  readonly body: string;
  readonly cases: readonly SignatureVectorCase[];
}

export const SIGNATURE_VECTORS: SignatureVectors = vectors;

/** Where the site serves the raw body of the worked example, byte for byte. */
export const SIGNED_BODY_DOWNLOAD = '/webhooks/signed-delivery-body.json';

/** Where the site serves a copy of the test vectors. */
export const SIGNATURE_VECTORS_DOWNLOAD = '/webhooks/signature-test-vectors.json';

export interface WorkedSignatureExample {
  readonly secret: string;
  readonly rawBody: string;
  readonly timestamp: string;
  readonly signature: string;
  readonly header: string;
  readonly eventId: string;
}

/** The valid case of the vectors, split into the values the guide shows. */
export function workedSignatureExample(source: SignatureVectors = SIGNATURE_VECTORS): WorkedSignatureExample {
  const valid = source.cases.find((vector) => vector.name === 'valid');
  const parts = valid ? /^t=([0-9]+),v1=([0-9a-f]{64})$/.exec(valid.header) : null;
  if (!valid || !parts) {
    throw new Error(
      'samples/webhooks/test-vectors.json needs a case "valid" whose header is t=<seconds>,v1=<hex>',
    );
  }
  const body = JSON.parse(source.body) as {header?: {event_id?: string}};
  return {
    secret: source.secret,
    rawBody: source.body,
    timestamp: parts[1] ?? '',
    signature: parts[2] ?? '',
    header: valid.header,
    eventId: body.header?.event_id ?? '',
  };
}
