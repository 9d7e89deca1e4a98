// @ts-check
// The Postman collection as the built site serves it (/openapi/gerai-merchant-api.postman_collection.json),
// run by Newman against a Prism mock of the joined description (/openapi/gerai-merchant-api.yaml) that
// validates every request (`--errors`), the way a partner's CI would: only baseUrl, authBaseUrl, clientId, clientSecret and scope set, the token fetched
// by the collection itself. Run after `npm run build`.
import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';

import createJiti from 'jiti';
import newman from 'newman';

import {freePort} from '../support/free-port.mjs';
import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {GERAI_FULL_DOWNLOAD, GERAI_POSTMAN_DOWNLOAD} = jiti('./src/config/openapi.ts');
const {BROWSER_ONLY_FOLDER} = jiti('./scripts/generate-api-docs/postman-collection.ts');

const build = path.resolve(root, process.env.PORTAL_BUILD_DIR ?? 'build');
const collectionFile = path.join(build, 'openapi', GERAI_POSTMAN_DOWNLOAD);
const collection = JSON.parse(readFileSync(collectionFile, 'utf8'));

/** The request items of a list of items, folders flattened. */
const items = (list) => list.flatMap((item) => (item.item ? items(item.item) : [item]));
const browserOnly = new Set(
  items(collection.item.filter((item) => item.name === BROWSER_ONLY_FOLDER)).map((item) => item.id),
);
const label = (item) => `${item.name} (${item.request.method} /${item.request.url.path.join('/')})`;

/** Waits until something answers HTTP at `url`, for at most `timeout` milliseconds. */
async function waitForServer(url, timeout) {
  const end = Date.now() + timeout;
  for (;;) {
    try {
      await fetch(url);
      return;
    } catch (error) {
      if (Date.now() > end) throw new Error(`Prism did not answer at ${url} within ${timeout} ms: ${error.message}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

describe('the downloadable Postman collection, run in Newman against a Prism mock of the merchant API', () => {
  let prism;
  let summary;
  /** What Newman sent for each request item of the collection, by item id. */
  const sent = new Map();

  before(async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    prism = spawn(
      path.join(root, 'node_modules', '.bin', 'prism'),
      ['mock', '--errors', '-h', '127.0.0.1', '-p', String(port), path.join(build, 'openapi', GERAI_FULL_DOWNLOAD)],
      {stdio: 'ignore'},
    );
    await waitForServer(url, 30_000);
    const started = Date.now();
    summary = await new Promise((resolve, reject) => {
      newman
        .run(
          {
            // The file as read above: given its path, Newman first guesses its character set
            // with chardet, which took 2 s of a 16 s run at ten times the API.
            collection,
            envVar: [
              {key: 'baseUrl', value: url},
              {key: 'authBaseUrl', value: url},
              {key: 'clientId', value: 'partner-ci'},
              {key: 'clientSecret', value: 'ci-secret'},
              {key: 'scope', value: 'partner:outlet:read food:order:read'},
            ],
            reporters: [],
          },
          (error, result) => (error ? reject(error) : resolve(result)),
        )
        .on('request', (error, args) => {
          sent.set(args.item.id, {error, code: args.response?.code});
        });
    });
    console.log(`Newman ran the collection in ${Date.now() - started} ms`);
  });
  after(() => prism?.kill());

  test("its name says it is the merchant API", () => {
    assert.match(summary.collection.name, /\bMerchant API$/i);
    assert.equal(summary.collection.name, collection.info.name);
  });

  test('every request a client can make answers 2xx, with the token the collection fetched itself', () => {
    assert.deepEqual(
      summary.run.failures.map((failure) => `${failure.source?.name ?? failure.at}: ${failure.error.message}`),
      [],
    );
    const clientRequests = items(collection.item).filter((item) => !browserOnly.has(item.id));
    assert.ok(clientRequests.length > 40, `${clientRequests.length} requests`);
    const answers = clientRequests.map((item) => {
      const result = sent.get(item.id);
      return `${label(item)}: ${result ? (result.error?.message ?? result.code) : 'not sent'}`;
    });
    const failed = answers.filter((answer) => !/: 2\d\d$/.test(answer));
    assert.deepEqual(failed, []);
    console.log(`${clientRequests.length} requests, ${answers.length - failed.length} answered 2xx`);
  });

  test('the requests only a browser can make are kept apart and not sent', () => {
    assert.ok(browserOnly.size > 0);
    for (const id of browserOnly) assert.equal(sent.has(id), false);
  });
});
