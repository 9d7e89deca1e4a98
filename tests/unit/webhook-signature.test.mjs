// One story of the X-Gerai-Signature header: the shared test vectors and the guide
// "Receiving notifications" agree.
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {workedSignatureExample} = jiti('./src/config/signature-example.ts');

const vectorsFile = path.join(root, 'samples', 'webhooks', 'test-vectors.json');
const vectors = JSON.parse(readFileSync(vectorsFile, 'utf8'));

describe('the guide "Receiving notifications"', () => {
  const page = readFileSync(path.join(root, 'docs/api/webhooks/receiving-notifications.mdx'), 'utf8');
  const example = workedSignatureExample();

  test('shows the worked example from the vectors, not from copied values', () => {
    for (const component of [
      '<SignedDelivery />',
      '<SignedDeliveryIndented />',
      '<WorkedSignatureExample />',
    ]) {
      assert.ok(page.includes(component), `the page lacks ${component}`);
    }
    assert.equal(example.header, `t=${example.timestamp},v1=${example.signature}`);
    assert.equal(example.rawBody, vectors.body);
    assert.equal(example.secret, vectors.secret);
  });

  test("names no signature, secret or timestamp other than the vector's", () => {
    const hex = [...page.matchAll(/\b[0-9a-f]{64}\b/gi)].map((m) => m[0]);
    const secrets = [...page.matchAll(/\bgws_[a-z0-9_]+/g)].map((m) => m[0]);
    const times = [...page.matchAll(/\b1[0-9]{9}\b/g)].map((m) => m[0]);
    assert.deepEqual(
      hex.filter((value) => value !== example.signature),
      [],
    );
    assert.deepEqual(
      secrets.filter((value) => value !== example.secret),
      [],
    );
    assert.deepEqual(
      times.filter((value) => value !== example.timestamp),
      [],
    );
  });

  test('says the body holds an en dash, which it does', () => {
    assert.match(page, /en dash in `notes`/);
    assert.ok(JSON.parse(vectors.body).body.order.items.some((item) => item.notes.includes('\u2013')));
    assert.ok(vectors.body.includes('\u2013'), 'the raw body escapes the en dash');
  });
});
