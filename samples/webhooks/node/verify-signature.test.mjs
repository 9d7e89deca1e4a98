// Run with: node --test samples/
import {test, describe} from 'node:test';
import assert from 'node:assert/strict';
import {request} from 'node:http';
import {once} from 'node:events';
import {computeSignature, parseSignatureHeader, verifySignature} from './verify-signature.mjs';
import {createReceiver} from './receiver.mjs';
import {inputsOf, vectors} from './vectors.mjs';

describe('verifySignature with the shared test vectors', () => {
  for (const vector of vectors.cases) {
    test(`${vector.name}: ${vector.expected.reason}`, () => {
      const inputs = inputsOf(vector);
      assert.deepEqual(verifySignature(inputs), vector.expected);
      // The same bytes given as a Buffer give the same answer.
      assert.deepEqual(
        verifySignature({...inputs, rawBody: Buffer.from(inputs.rawBody, 'utf8')}),
        vector.expected,
      );
    });
  }
});

describe('verifySignature details', () => {
  const valid = vectors.cases.find((vector) => vector.name === 'valid');

  test('the valid vector carries the signature computed here', () => {
    const {timestamp, signatures} = parseSignatureHeader(valid.header);
    assert.equal(signatures[0], computeSignature({rawBody: vectors.body, timestamp, secret: vectors.secret}));
  });

  test('a v1 value of the wrong length is a mismatch, not an exception', () => {
    const {timestamp} = parseSignatureHeader(valid.header);
    assert.deepEqual(verifySignature({...inputsOf(valid), header: `t=${timestamp},v1=abc123`}), {
      valid: false,
      reason: 'signature_mismatch',
    });
  });

  test('a missing header is malformed', () => {
    assert.deepEqual(verifySignature({...inputsOf(valid), header: undefined}), {
      valid: false,
      reason: 'malformed_header',
    });
  });

  test('an empty secret is a programming error', () => {
    assert.throws(() => verifySignature({...inputsOf(valid), secret: ''}), TypeError);
  });

  test('now defaults to the current time, so an old vector is stale', () => {
    const inputs = inputsOf(valid);
    delete inputs.now;
    assert.deepEqual(verifySignature(inputs), {valid: false, reason: 'timestamp_out_of_tolerance'});
  });
});

describe('receiver.mjs', () => {
  const valid = vectors.cases.find((vector) => vector.name === 'valid');
  const tampered = vectors.cases.find((vector) => vector.name === 'tampered_body');

  async function startReceiver() {
    const events = [];
    const server = createReceiver({
      secret: vectors.secret,
      now: () => vectors.now,
      onEvent: (event) => {
        events.push(event);
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return {server, events, port: server.address().port};
  }

  function post(port, body, signature) {
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/webhooks/gerai',
          method: 'POST',
          headers: {'Content-Type': 'application/json', 'X-Gerai-Signature': signature},
        },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () =>
            resolve({status: res.statusCode, body: Buffer.concat(chunks).toString('utf8')}),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  test('answers 200 to a valid delivery and processes a duplicate once', async () => {
    const {server, events, port} = await startReceiver();
    try {
      assert.equal((await post(port, vectors.body, valid.header)).status, 200);
      assert.equal((await post(port, vectors.body, valid.header)).status, 200);
      await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(events.length, 1);
      assert.equal(events[0].header.event_name, 'food.order.merchant_accepted');
    } finally {
      server.close();
    }
  });

  test('answers 401 to a tampered body and does not process it', async () => {
    const {server, events, port} = await startReceiver();
    try {
      const response = await post(port, tampered.body, tampered.header);
      assert.equal(response.status, 401);
      assert.deepEqual(JSON.parse(response.body), {error: 'signature_mismatch'});
      assert.equal(events.length, 0);
    } finally {
      server.close();
    }
  });
});
