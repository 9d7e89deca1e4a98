// @ts-check
// The example request of every operation of an owner's description in the sample's place, as its
// page shows it (tests/support/owner-pages.mjs), is accepted by a Prism mock of that description
// with request validation on: its credentials, parameters and body, whatever way the operation
// authenticates and whatever kind of body it takes (tests/fixtures/owner-descriptions.mjs).
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';

import Ajv from 'ajv';
import {XMLParser} from 'fast-xml-parser';
import createJiti from 'jiti';
import {stringify} from 'yaml';

import {credentialsAndBodies, extensionWebhooks} from '../fixtures/owner-descriptions.mjs';
import {
  accepted,
  exampleOfMarkdown,
  parseExample,
  sendExample,
  serverUrls,
  startMock,
} from '../support/example-requests.mjs';
import {root} from '../support/openapi.mjs';
import {ownerPages} from '../support/owner-pages.mjs';

const jiti = createJiti(root + '/');
const {preparedSpec} = jiti('./src/api-reference/prepare.ts');

/**
 * What Prism cannot check, and what is checked instead: it validates no XML request body (it
 * compares the text with the schema, "Request body must be object"), and routes no path whose key
 * holds a query (`/search?mode=fast`).
 */
const MOCK_CANNOT = {
  xmlBody: (operation) => Object.keys(operation.requestBody?.content ?? {}).some((type) => /xml/.test(type)),
  queryInPath: (operation) => operation.path.includes('?'),
};

let folder;
before(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'gerai-owner-examples-'));
});
after(() => rmSync(folder, {recursive: true, force: true}));

for (const [name, description] of Object.entries({credentialsAndBodies, extensionWebhooks})) {
  describe(`the example requests of a description of the shape "${name}"`, () => {
    let mock;
    let pages;
    before(async () => {
      const source = path.join(folder, `${name}.yaml`);
      writeFileSync(source, stringify(description));
      const {doc} = await preparedSpec(source);
      pages = (await ownerPages(doc, path.join(folder, `${name}.prepared.json`))).filter(
        ({item}) => item.api.method !== 'event',
      );
      mock = await startMock(source);
    });
    after(() => mock?.stop());

    test('each is accepted by a mock that validates requests and credentials', async () => {
      const refused = [];
      let sent = 0;
      for (const {item, mdx} of pages) {
        const key = `${item.api.method.toUpperCase()} ${item.api.path}`;
        const example = exampleOfMarkdown(mdx);
        assert.ok(example, `the page of ${key} shows no example request`);
        if (MOCK_CANNOT.xmlBody(item.api) || MOCK_CANNOT.queryInPath(item.api)) continue;
        const answer = await sendExample(example, {mock: mock.origin, servers: serverUrls(description)});
        sent += 1;
        if (!accepted(answer))
          refused.push(`${key}: ${answer.status} ${String(answer.reason).slice(0, 600)}`);
      }
      assert.deepEqual(refused, []);
      assert.ok(sent >= Math.min(pages.length, 3), `only ${sent} examples sent`);
    });
  });
}

describe('what the mock cannot check', () => {
  let pages;
  before(async () => {
    const source = path.join(folder, 'checked-otherwise.yaml');
    writeFileSync(source, stringify(credentialsAndBodies));
    const {doc} = await preparedSpec(source);
    pages = new Map(
      (await ownerPages(doc, path.join(folder, 'checked-otherwise.prepared.json'))).map(({item, mdx}) => [
        `${item.api.method.toUpperCase()} ${item.api.path}`,
        {operation: item.api, example: parseExample(exampleOfMarkdown(mdx))},
      ]),
    );
  });

  test('an XML body is well-formed XML whose element holds a value of the schema', () => {
    const {operation, example} = pages.get('POST /addresses');
    const [type, media] = Object.entries(operation.requestBody.content)[0];
    assert.equal(example.headers.find(([header]) => header === 'Content-Type')?.[1], type);
    const parsed = new XMLParser({parseTagValue: false}).parse(example.body);
    const root = media.schema.xml.name;
    assert.ok(parsed[root], `no <${root}> element in ${example.body}`);
    const validate = new Ajv({strict: false, allErrors: true}).compile(media.schema);
    assert.ok(validate(parsed[root]), JSON.stringify(validate.errors));
  });

  test('a path that holds a query keeps it, and the parameters follow with &', () => {
    const {example} = pages.get('GET /search?mode=fast');
    assert.equal(example.target, '/api/v2/search?mode=fast&q=string');
  });
});
