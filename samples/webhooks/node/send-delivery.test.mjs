// Run with: node --test samples/
// The Node.js sender against both sample receivers (receiver.mjs here,
// ../python/receiver.py in a child process): a fresh delivery is accepted,
// a stale one and a tampered one are refused.
import {test, describe, before, after} from 'node:test';
import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {once} from 'node:events';
import {createServer} from 'node:http';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {createReceiver} from './receiver.mjs';
import {DeliveryError, main, sendDelivery, STALE_SECONDS, tamper} from './send-delivery.mjs';
import {verifySignature} from './verify-signature.mjs';
import {vectors} from './vectors.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const secret = 'gws_sandbox_sender_test_secret';
// The example of food.order.merchant_accepted, as the portal publishes it.
const example = Buffer.from(vectors.body, 'utf8');

/** Runs the sender's command line and keeps what it printed. */
async function run(args, env = {}) {
  const lines = {out: [], err: []};
  const status = await main(args, env, {
    log: (line) => lines.out.push(line),
    error: (line) => lines.err.push(line),
  });
  return {status, out: lines.out.join('\n'), err: lines.err.join('\n')};
}

async function listen(server) {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${server.address().port}`;
}

/** receiver.mjs in this process, on the real clock. */
async function startNodeReceiver() {
  const events = [];
  const server = createReceiver({secret, onEvent: (event) => events.push(event)});
  const origin = await listen(server);
  return {name: 'receiver.mjs', url: `${origin}/webhooks/gerai`, events, stop: () => server.close()};
}

/** receiver.py as a program, as a partner runs it: PORT=0 and the secret in the environment. */
async function startPythonReceiver() {
  const child = spawn('python3', [path.join(here, '..', 'python', 'receiver.py')], {
    env: {...process.env, GERAI_WEBHOOK_SECRET: secret, PORT: '0'},
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const port = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /listening on http:\/\/localhost:(\d+)\//.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) =>
      reject(new Error(`receiver.py exited with ${code} before listening: ${errors}`)),
    );
  });
  return {
    name: 'receiver.py',
    url: `http://127.0.0.1:${port}/webhooks/gerai`,
    stop: () => child.kill(),
  };
}

describe('tamper', () => {
  test('changes exactly one byte and keeps the JSON valid', () => {
    const changed = tamper(example);
    assert.equal(changed.length, example.length);
    const differences = [...changed].filter((byte, at) => byte !== example[at]);
    assert.equal(differences.length, 1);
    assert.doesNotThrow(() => JSON.parse(changed.toString('utf8')));
    assert.equal(example.toString('utf8'), vectors.body, 'the original is left as it was');
  });

  test('a body without digits gets a letter of another case', () => {
    const changed = tamper(Buffer.from('{"header":{"event_id":"abc"}}'));
    assert.equal(changed.toString(), '{"header":{"event_id":"abC"}}');
  });
});

for (const start of [startNodeReceiver, startPythonReceiver]) {
  describe(`send-delivery.mjs to ${start === startNodeReceiver ? 'receiver.mjs' : 'receiver.py'}`, () => {
    let receiver;
    before(async () => {
      receiver = await start();
    });
    after(() => receiver.stop());

    test('a fresh delivery is accepted with 200', async () => {
      const result = await sendDelivery({url: receiver.url, rawBody: example, secret});
      assert.equal(result.status, 200);
      assert.deepEqual(JSON.parse(result.answer), {received: true});
      // What was sent verifies with the sample verifier, as a receiver sees it.
      assert.deepEqual(
        verifySignature({rawBody: example, header: result.headers['X-Gerai-Signature'], secret}),
        {valid: true, reason: 'ok'},
      );
      assert.equal(result.headers['X-Gerai-Event-Id'], JSON.parse(vectors.body).header.event_id);
      if (receiver.events) {
        await new Promise((resolve) => setImmediate(resolve));
        assert.equal(receiver.events.length, 1);
        assert.equal(receiver.events[0].header.event_name, 'food.order.merchant_accepted');
      }
    });

    test(`a stale delivery (signed ${STALE_SECONDS} seconds ago) is refused`, async () => {
      const result = await sendDelivery({url: receiver.url, rawBody: example, secret, stale: true});
      assert.equal(result.status, 401);
      assert.deepEqual(JSON.parse(result.answer), {error: 'timestamp_out_of_tolerance'});
      assert.ok(Math.abs(Date.now() / 1000 - STALE_SECONDS - result.timestamp) < 5);
    });

    test('a tampered delivery (one byte of the body changed) is refused', async () => {
      const result = await sendDelivery({url: receiver.url, rawBody: example, secret, tampered: true});
      assert.equal(result.status, 401);
      assert.deepEqual(JSON.parse(result.answer), {error: 'signature_mismatch'});
    });

    test('the command line says each answer was the right one, with exit status 0', async () => {
      const folder = mkdtempSync(path.join(tmpdir(), 'gerai-sender-'));
      try {
        const file = path.join(folder, 'event.json');
        writeFileSync(file, example);
        const env = {GERAI_WEBHOOK_SECRET: secret};
        const fresh = await run(['--file', file, '--url', receiver.url], env);
        assert.equal(fresh.status, 0, fresh.err);
        assert.match(fresh.out, /Answer: 200 OK/);
        assert.match(fresh.out, /OK: The receiver accepted the fresh delivery \(200\), as it should\./);
        const stale = await run(['--file', file, '--url', receiver.url, '--stale'], env);
        assert.equal(stale.status, 0, stale.err);
        assert.match(stale.out, /OK: The receiver refused the stale delivery \(401\), as it should\./);
        const tampered = await run(['--file', file, '--url', receiver.url, '--tamper', '--secret', secret]);
        assert.equal(tampered.status, 0, tampered.err);
        assert.match(tampered.out, /one byte changed after signing/);
        assert.match(tampered.out, /OK: The receiver refused the tampered delivery \(401\), as it should\./);
      } finally {
        rmSync(folder, {recursive: true, force: true});
      }
    });
  });
}

describe('send-delivery.mjs with a receiver that does not check', () => {
  let url;
  let server;
  before(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200).end());
    });
    url = `${await listen(server)}/webhooks/gerai`;
  });
  after(() => server.close());

  test('reports a stale or tampered delivery it accepted, with exit status 1', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'gerai-sender-'));
    try {
      const file = path.join(folder, 'event.json');
      writeFileSync(file, example);
      const stale = await run(['--file', file, '--url', url, '--stale', '--secret', secret]);
      assert.equal(stale.status, 1);
      assert.match(stale.err, /PROBLEM: The receiver accepted a delivery signed 10 minutes ago/);
      const tampered = await run(['--file', file, '--url', url, '--tamper', '--secret', secret]);
      assert.equal(tampered.status, 1);
      assert.match(tampered.err, /PROBLEM: The receiver accepted a body changed after signing/);
    } finally {
      rmSync(folder, {recursive: true, force: true});
    }
  });
});

describe("send-delivery.mjs --event: the portal's example", () => {
  let portal;
  let receiver;
  before(async () => {
    // Stands in for the portal, which serves each event's example at /webhooks/<event>.json.
    const server = createServer((req, res) => {
      if (req.url === '/webhooks/food.order.merchant_accepted.json') {
        res.writeHead(200, {'Content-Type': 'application/json'}).end(example);
      } else {
        res.writeHead(404).end();
      }
    });
    portal = {server, origin: await listen(server)};
    receiver = await startNodeReceiver();
  });
  after(() => {
    portal.server.close();
    receiver.stop();
  });

  test('downloads the example and delivers it byte for byte', async () => {
    const sent = await run([
      '--event',
      'food.order.merchant_accepted',
      '--portal',
      portal.origin,
      '--url',
      receiver.url,
      '--secret',
      secret,
    ]);
    assert.equal(sent.status, 0, sent.err);
    assert.match(sent.out, new RegExp(`${example.length} bytes of food.order.merchant_accepted`));
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(receiver.events, [JSON.parse(vectors.body)]);
  });

  test('GERAI_PORTAL_URL names the portal too', async () => {
    const sent = await run(['--event', 'food.order.merchant_accepted', '--url', receiver.url], {
      GERAI_PORTAL_URL: portal.origin,
      GERAI_WEBHOOK_SECRET: secret,
    });
    assert.equal(sent.status, 0, sent.err);
  });

  test('an unknown event is named, and nothing is sent', async () => {
    const sent = await run(['--event', 'food.order.eaten', '--portal', portal.origin, '--secret', secret]);
    assert.equal(sent.status, 2);
    assert.match(sent.err, /food\.order\.eaten\.json does not exist: is food\.order\.eaten an event/);
  });
});

describe('send-delivery.mjs refuses what it cannot send, with exit status 2', () => {
  test('no secret', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'gerai-sender-'));
    try {
      const file = path.join(folder, 'event.json');
      writeFileSync(file, example);
      const sent = await run(['--file', file]);
      assert.equal(sent.status, 2);
      assert.match(sent.err, /No secret: set GERAI_WEBHOOK_SECRET or pass --secret/);
    } finally {
      rmSync(folder, {recursive: true, force: true});
    }
  });

  test('a file that is not an event', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'gerai-sender-'));
    try {
      const notJson = path.join(folder, 'notes.txt');
      writeFileSync(notJson, 'order total: 88000');
      const noId = path.join(folder, 'no-id.json');
      writeFileSync(noId, '{"body": {}}');
      assert.match((await run(['--file', notJson, '--secret', secret])).err, /notes\.txt is not JSON/);
      assert.match(
        (await run(['--file', noId, '--secret', secret])).err,
        /no-id\.json has no header\.event_id/,
      );
      assert.match((await run(['--file', path.join(folder, 'gone.json')])).err, /gone\.json: no such file/);
    } finally {
      rmSync(folder, {recursive: true, force: true});
    }
  });

  test('neither or both of --event and --file, or a bad address', async () => {
    assert.equal((await run([])).status, 2);
    assert.match((await run(['--event', 'a.b', '--file', 'x.json'])).err, /Give either --event or --file/);
    await assert.rejects(
      sendDelivery({url: 'localhost:8080/webhooks', rawBody: example, secret}),
      (error) =>
        error instanceof DeliveryError && /is not an http:\/\/ or https:\/\/ address/.test(error.message),
    );
  });

  test('a receiver that is not running', async () => {
    const server = createServer();
    const origin = await listen(server);
    server.close();
    await once(server, 'close');
    await assert.rejects(
      sendDelivery({url: `${origin}/webhooks/gerai`, rawBody: example, secret}),
      /connection refused\. Is your receiver running\?/,
    );
  });
});
