// @ts-check
// The signed test delivery of every webhook event (src/config/test-delivery.ts), as its
// page writes it (src/api-reference/page/markdown.ts) and shows it as a curl command
// (src/components/TestDelivery/command.ts). The built pages are checked in
// tests/build/test-delivery.test.mjs; the command in the browser in tests/e2e/test-delivery.spec.ts.
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';

import {compile} from '@mdx-js/mdx';
import createJiti from 'jiti';

import {
  DEFAULT_PORTAL_URL as NODE_SENDER_PORTAL,
  DEFAULT_RECEIVER_URL as NODE_SENDER_URL,
} from '../../samples/webhooks/node/send-delivery.mjs';
import {verifySignature} from '../../samples/webhooks/node/verify-signature.mjs';
import {vectors} from '../../samples/webhooks/node/vectors.mjs';
import {loadFacts, root} from '../support/openapi.mjs';
import {deliveryOf} from '../support/test-delivery.mjs';

const jiti = createJiti(root + '/');
const {signedEventExample, eventExampleDownload, TEST_DELIVERY_SECRET} = jiti(
  './src/config/test-delivery.ts',
);
const {curlCommand, receiverUrl, DEFAULT_RECEIVER_URL} = jiti('./src/components/TestDelivery/command.ts');
const {createApiPageMarkdown} = jiti('./src/api-reference/page/markdown.ts');
const {default: remarkHighlightCode, TOKENS_PROPERTY} = jiti('./src/remark/highlight-code.ts');
const {decodeCodeTokens} = jiti('./src/remark/code-tokens.ts');
const {DEFAULT_SITE_URL} = jiti('./src/config/build-environment.ts');

const events = [...loadFacts().events.values()].map(({key, operation}) => ({
  name: key,
  operation,
  example: Object.values(operation.requestBody.content)[0].example,
}));

/** Addresses a reader might type, with what a shell treats specially. */
const HOSTILE_URLS = [
  "http://localhost:8080/it's/here",
  "http://127.0.0.1:9000/'",
  'https://hooks.example/a b/$HOME/`id`/\\n/"x"',
  'http://localhost:8080/webhooks/gérai?x=1&y=2;z',
];

function commandOf(signed, url = DEFAULT_RECEIVER_URL) {
  return curlCommand({
    url,
    eventId: signed.eventId,
    body: signed.body,
    signature: `t=${signed.timestamp},v1=${signed.signature}`,
  });
}

describe('the signed example of every webhook event', () => {
  test('there is one per event of the description', () => {
    assert.equal(events.length, 11);
  });

  for (const {name, example} of events) {
    test(`${name}: the example serialized as signed, for its own header.timestamp`, () => {
      const signed = signedEventExample(name, example);
      assert.equal(signed.body, JSON.stringify(example));
      assert.equal(signed.eventId, example.header.event_id);
      assert.equal(signed.timestamp, Date.parse(example.header.timestamp) / 1000);
      assert.equal(signed.eventName, example.header.event_name);
      const header = `t=${signed.timestamp},v1=${signed.signature}`;
      const input = {rawBody: signed.body, header, secret: vectors.secret};
      assert.deepEqual(verifySignature({...input, now: signed.timestamp}), {valid: true, reason: 'ok'});
      assert.deepEqual(verifySignature({...input, rawBody: signed.body.replace('"header"', '"Header"')}), {
        valid: false,
        reason: 'signature_mismatch',
      });
    });
  }

  test('is signed with the sandbox secret of the worked example, and serialized as its body', () => {
    assert.equal(TEST_DELIVERY_SECRET, vectors.secret);
    const accepted = events.find(({name}) => name === 'food.order.merchant_accepted');
    assert.equal(signedEventExample(accepted.name, accepted.example).body, vectors.body);
  });

  test('an example without the envelope stops the generation, naming the event', () => {
    assert.throws(
      () => signedEventExample('food.order.eaten', {body: {}}),
      /The example of the webhook event food\.order\.eaten needs header\.event_id and an RFC 3339 header\.timestamp/,
    );
  });

  test('is published where the sample senders fetch it', () => {
    assert.equal(eventExampleDownload('food.order.placed'), '/webhooks/food.order.placed.json');
    assert.equal(NODE_SENDER_PORTAL, DEFAULT_SITE_URL);
  });
});

describe('the curl command', () => {
  const placed = events.find(({name}) => name === 'food.order.placed');
  const signed = signedEventExample(placed.name, placed.example);

  test('posts the body, the headers of a delivery and the signature, as the shell reads it', () => {
    for (const url of [DEFAULT_RECEIVER_URL, ...HOSTILE_URLS]) {
      const delivery = deliveryOf(commandOf(signed, url).text);
      assert.equal(delivery.url, url);
      assert.equal(delivery.method, 'POST');
      assert.deepEqual(delivery.headers, {
        'Content-Type': 'application/json',
        'X-Gerai-Event-Id': signed.eventId,
        'X-Gerai-Signature': `t=${signed.timestamp},v1=${signed.signature}`,
      });
      assert.equal(delivery.body, signed.body);
    }
  });

  test("carries the tokens Prism finds in it, so it looks like the site's other bash blocks", () => {
    /** Tokens with text, neighbours of the same types joined: the same colors on the page. */
    const shown = (lines) =>
      lines.map((line) =>
        line
          .filter((token) => token.content !== '' || token.empty)
          .reduce((tokens, token) => {
            const last = tokens.at(-1);
            if (last && last.types.join('.') === token.types.join('.')) last.content += token.content;
            else tokens.push({types: token.types, content: token.content});
            return tokens;
          }, []),
      );
    for (const url of [DEFAULT_RECEIVER_URL, ...HOSTILE_URLS]) {
      for (const {name, example} of [placed, ...events]) {
        const {text, tokens} = commandOf(signedEventExample(name, example), url);
        const node = {type: 'code', lang: 'bash', meta: null, value: text};
        remarkHighlightCode({additionalLanguages: ['bash']})({type: 'root', children: [node]});
        const prism = decodeCodeTokens(node.data.hProperties[TOKENS_PROPERTY], text, 'bash');
        const ours = decodeCodeTokens(tokens, text, 'bash');
        assert.ok(ours, 'the tokens describe the text');
        assert.deepEqual(shown(ours), shown(prism), `${name} to ${url}`);
      }
    }
  });

  test('takes only an http:// or https:// address as the receiver', () => {
    assert.equal(receiverUrl(' https://hooks.example/gerai '), 'https://hooks.example/gerai');
    for (const text of ['', 'localhost:8080/webhooks', 'ftp://hooks.example/', 'http://', 'http://[::1']) {
      assert.equal(receiverUrl(text), null, text);
    }
  });
});

describe('the receiver address a test delivery starts with', () => {
  test('is where the sample receivers listen and where the senders send by default', () => {
    assert.equal(NODE_SENDER_URL, DEFAULT_RECEIVER_URL);
    const python = execFileSync(
      'python3',
      [
        '-c',
        'import sys; sys.path.insert(0, sys.argv[1]); import send_delivery; print(send_delivery.DEFAULT_RECEIVER_URL)',
        'samples/webhooks/python',
      ],
      {cwd: root, encoding: 'utf8'},
    ).trim();
    assert.equal(python, DEFAULT_RECEIVER_URL);
    const {port, pathname} = new URL(DEFAULT_RECEIVER_URL);
    // Each receiver's default path and port, as its source states them.
    const node = readFileSync(path.join(root, 'samples/webhooks/node/receiver.mjs'), 'utf8');
    assert.ok(node.includes(`path = '${pathname}'`) && node.includes(`process.env.PORT ?? ${port}`));
    const py = readFileSync(path.join(root, 'samples/webhooks/python/receiver.py'), 'utf8');
    assert.ok(py.includes(`path: str = "${pathname}"`) && py.includes(`os.environ.get("PORT", "${port}")`));
  });
});

describe('an event page', () => {
  const placed = events.find(({name}) => name === 'food.order.placed');
  const page = createApiPageMarkdown({
    title: placed.name,
    api: {...placed.operation, method: 'event', path: 'webhook'},
  });
  const signed = signedEventExample(placed.name, placed.example);

  test('has a test delivery of its example, signed when the page was generated', async () => {
    await compile(page);
    assert.ok(page.includes('import TestDelivery from "@site/src/components/TestDelivery";'));
    assert.ok(page.includes('## Test delivery'));
    for (const prop of [
      `eventId={${JSON.stringify(signed.eventId)}}`,
      `body={${JSON.stringify(signed.body)}}`,
      `secret={${JSON.stringify(vectors.secret)}}`,
      `timestamp={${signed.timestamp}}`,
      `signature={${JSON.stringify(signed.signature)}}`,
    ]) {
      assert.ok(page.includes(prop), `${prop} missing`);
    }
    assert.ok(page.includes(`GERAI_WEBHOOK_SECRET=${vectors.secret} node receiver.mjs`));
  });

  test('of an event without an example has none', () => {
    const media = {...placed.operation.requestBody.content['application/json']};
    delete media.example;
    const bare = createApiPageMarkdown({
      title: placed.name,
      api: {
        ...placed.operation,
        method: 'event',
        path: 'webhook',
        requestBody: {content: {'application/json': media}},
      },
    });
    assert.ok(!bare.includes('TestDelivery'));
  });
});
