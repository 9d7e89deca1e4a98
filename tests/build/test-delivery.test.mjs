// @ts-check
// Every webhook event page of the built site holds, without JavaScript, a test delivery
// that works as it is: its curl command, run with the reader's address, is accepted by
// both sample receivers (samples/webhooks/node/receiver.mjs and python/receiver.py,
// clocks at the example's time) and refused by both once one byte of the body changes.
// Run after `npm run build`.
import assert from 'node:assert/strict';
import {once} from 'node:events';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';

import {createReceiver} from '../../samples/webhooks/node/receiver.mjs';
import {tamper} from '../../samples/webhooks/node/send-delivery.mjs';
import {vectors} from '../../samples/webhooks/node/vectors.mjs';
import {loadMain} from '../support/built-html.mjs';
import {portOf} from '../support/free-port.mjs';
import {loadFacts, root} from '../support/openapi.mjs';
import {deliveryOf, runCurl, startPythonReceiver, withUrl} from '../support/test-delivery.mjs';

const build = path.resolve(root, process.env.PORTAL_BUILD_DIR ?? 'build');
const DEFAULT_RECEIVER_URL = 'http://localhost:8080/webhooks/gerai';

const events = [...loadFacts().events.values()].map(({key, operation}) => ({
  name: key,
  example: Object.values(operation.requestBody.content)[0].example,
  page: path.join(build, 'docs', 'api', 'webhooks', 'events', key.replace(/[._]/g, '-'), 'index.html'),
}));

/** The test delivery as the server wrote it: the command's text, and the note under it. */
function testDeliveryOf(file) {
  const $ = loadMain(readFileSync(file, 'utf8'));
  const region = $('section[aria-labelledby="test-delivery"]');
  assert.equal(region.length, 1, `${file} has one test delivery`);
  assert.equal($('h2#test-delivery').text().replace(/\u200b/g, '').trim(), 'Test delivery');
  const code = region.find('pre code').first();
  // Each line of a code block ends with a <br>, which is its line break.
  code.find('br').replaceWith('\n');
  return {
    command: code.text().replace(/\n$/, ''),
    label: region.find('label').text(),
    field: region.find('input').attr('value'),
    note: region.find('p').first().text(),
  };
}

describe('the test delivery of every webhook event page, as built', () => {
  let node;
  let python;
  let clock = 0;
  before(async () => {
    // One receiver of each language for every page; each page sets their clocks to its example's time.
    const server = createReceiver({secret: vectors.secret, onEvent: () => undefined, now: () => clock});
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    node = {url: `http://127.0.0.1:${portOf(server)}/webhooks/gerai`, server};
    python = await startPythonReceiver({root, secret: vectors.secret, now: 0});
  });
  after(() => {
    node.server.close();
    python.stop();
  });

  test('covers the 11 events', () => {
    assert.equal(events.length, 11);
  });

  for (const {name, example, page} of events) {
    test(`${name}: accepted as it is by both sample receivers, refused with one byte changed`, async () => {
      const shown = testDeliveryOf(page);
      const delivery = deliveryOf(shown.command);
      const timestamp = Date.parse(example.header.timestamp) / 1000;

      // What the page says it sends: the example, byte for byte, to the sample receivers' address.
      assert.equal(delivery.url, DEFAULT_RECEIVER_URL);
      assert.equal(shown.label, 'Receiver URL');
      assert.equal(shown.field, DEFAULT_RECEIVER_URL);
      assert.equal(delivery.body, JSON.stringify(example));
      assert.equal(delivery.body, readFileSync(path.join(build, 'webhooks', `${name}.json`), 'utf8'));
      assert.equal(delivery.headers['Content-Type'], 'application/json');
      assert.equal(delivery.headers['X-Gerai-Event-Id'], example.header.event_id);
      assert.match(delivery.headers['X-Gerai-Signature'], new RegExp(`^t=${timestamp},v1=[0-9a-f]{64}$`));
      assert.ok(shown.note.includes(`${example.header.timestamp} (t=${timestamp})`), shown.note);

      const bodyAt = delivery.words.indexOf('--data-raw') + 1;
      const tampered = delivery.words.map((word, at) =>
        at === bodyAt ? tamper(Buffer.from(word, 'utf8')).toString('utf8') : word,
      );
      assert.notEqual(tampered[bodyAt], delivery.body);

      clock = timestamp;
      await python.setNow(timestamp);
      for (const receiver of [node, python]) {
        const accepted = await runCurl(withUrl(delivery.words, receiver.url));
        assert.equal(accepted.status, 200, accepted.body);
        assert.deepEqual(JSON.parse(accepted.body), {received: true});
        const refused = await runCurl(withUrl(tampered, receiver.url));
        assert.equal(refused.status, 401);
        assert.equal(JSON.parse(refused.body).error, 'signature_mismatch');
      }
    });
  }
});
