// The shared signature test vectors (../test-vectors.json), read once, and the
// arguments of verifySignature for one of them: a case's own body, secret,
// clock and tolerance, or the file's defaults.
import {readFileSync} from 'node:fs';

export const vectors = JSON.parse(readFileSync(new URL('../test-vectors.json', import.meta.url), 'utf8'));

export function inputsOf(vector) {
  return {
    rawBody: vector.body ?? vectors.body,
    header: vector.header,
    secret: vector.secret ?? vectors.secret,
    now: vector.now ?? vectors.now,
    toleranceSeconds: vector.tolerance_seconds ?? vectors.tolerance_seconds,
  };
}
