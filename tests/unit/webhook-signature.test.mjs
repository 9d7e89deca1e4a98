// @ts-check
// One story of the X-Gerai-Signature header: the schema in openapi/gerai/webhooks.yaml,
// its example, the shared test vectors, both samples, the in-browser checker and the guide
// "Receiving notifications" agree on every vector.
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {createHmac} from 'node:crypto';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';

import createJiti from 'jiti';

import {inputsOf, vectors} from '../../samples/webhooks/node/vectors.mjs';
import {verifySignature as verifyWithNode} from '../../samples/webhooks/node/verify-signature.mjs';
import {loadDescriptions, root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const checker = jiti('./src/components/SignatureChecker/verify.ts');
const {workedSignatureExample} = jiti('./src/config/signature-example.ts');

const vectorsFile = path.join(root, 'samples', 'webhooks', 'test-vectors.json');
const webhooks = loadDescriptions().find(({name}) => name === 'webhooks.yaml').doc;
const signatureParameter = webhooks.components.parameters['X-Gerai-Signature'];
// JSON Schema patterns are ECMA-262 regular expressions, unanchored, read with the u flag.
const pattern = new RegExp(signatureParameter.schema.pattern, 'u');

describe('the test vectors', () => {
  test('cover the cases the guide describes', () => {
    const names = new Set(vectors.cases.map((vector) => vector.name));
    for (const name of [
      'valid',
      'several_v1_one_matches',
      'spaces_after_commas',
      't_after_v1',
      'unknown_key',
      'uppercase_hex',
      'duplicate_t',
      'empty_part',
    ]) {
      assert.ok(names.has(name), `no vector ${name}`);
    }
  });

  test('say for every header whether it has the form of the schema', () => {
    for (const vector of vectors.cases) {
      assert.equal(typeof vector.conforms_to_schema, 'boolean', vector.name);
      if (vector.expected.valid) assert.ok(vector.conforms_to_schema, `${vector.name} is valid`);
      if (vector.expected.reason === 'malformed_header') {
        assert.ok(!vector.conforms_to_schema, `${vector.name} is malformed`);
      }
    }
  });
});

describe('the X-Gerai-Signature schema', () => {
  for (const vector of vectors.cases) {
    test(`${vector.name}: the pattern ${vector.conforms_to_schema ? 'accepts' : 'refuses'} its header`, () => {
      assert.equal(pattern.test(vector.header), vector.conforms_to_schema, vector.header);
    });
  }

  test('sets no length limit that a valid header with several v1 values would pass', () => {
    const longest = Math.max(...vectors.cases.filter((v) => v.expected.valid).map((v) => v.header.length));
    assert.ok((signatureParameter.schema.maxLength ?? Infinity) >= longest);
  });
});

describe('the OpenAPI example of X-Gerai-Signature', () => {
  const signed =
    webhooks.webhooks['food.order.merchant_accepted'].post.requestBody.content['application/json'];
  const body = JSON.stringify(signed.example);
  const [, timestamp, signature] = /^t=([0-9]+),v1=([0-9a-f]{64})$/.exec(signatureParameter.example) ?? [];

  test('is the header of the valid vector, whose body is the example body it names', () => {
    assert.match(signatureParameter.description, /example body of `food\.order\.merchant_accepted`/);
    assert.equal(signatureParameter.example, vectors.cases.find((v) => v.name === 'valid').header);
    assert.equal(body, vectors.body);
  });

  test('verifies against its example body with the documented sandbox secret', () => {
    assert.ok(signatureParameter.description.replace(/\s+/g, ' ').includes(`\`${vectors.secret}\``));
    const expected = createHmac('sha256', vectors.secret)
      .update(`${timestamp}.${body}`, 'utf8')
      .digest('hex');
    assert.equal(signature, expected);
  });

  test("matches its own pattern, and the event id example is the body's", () => {
    assert.match(signatureParameter.example, pattern);
    assert.equal(webhooks.components.parameters['X-Gerai-Event-Id'].example, signed.example.header.event_id);
  });
});

describe('every implementation gives every vector its expected verdict', () => {
  test('the Node.js sample', () => {
    for (const vector of vectors.cases) {
      assert.deepEqual(verifyWithNode(inputsOf(vector)), vector.expected, vector.name);
    }
  });

  test('the Python sample', () => {
    const script = [
      'import json, sys',
      'sys.path.insert(0, "samples/webhooks/python")',
      'from verify_signature import verify_signature',
      'vectors = json.load(open(sys.argv[1], encoding="utf-8"))',
      'out = {}',
      'for v in vectors["cases"]:',
      '    valid, reason = verify_signature(',
      '        v.get("body", vectors["body"]).encode("utf-8"), v["header"], v.get("secret", vectors["secret"]),',
      '        now=v.get("now", vectors["now"]), tolerance_seconds=v.get("tolerance_seconds", vectors["tolerance_seconds"]))',
      '    out[v["name"]] = {"valid": valid, "reason": reason}',
      'print(json.dumps(out))',
    ].join('\n');
    const verdicts = JSON.parse(
      execFileSync('python3', ['-c', script, vectorsFile], {cwd: root, encoding: 'utf8'}),
    );
    for (const vector of vectors.cases) {
      assert.deepEqual(verdicts[vector.name], vector.expected, vector.name);
    }
  });

  test('the checker on the guide', async () => {
    for (const vector of vectors.cases) {
      const {valid, reason} = await checker.verifySignature(inputsOf(vector));
      assert.deepEqual({valid, reason}, vector.expected, vector.name);
    }
  });
});

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
