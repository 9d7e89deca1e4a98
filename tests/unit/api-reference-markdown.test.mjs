// @ts-check
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';

import {compile} from '@mdx-js/mdx';
import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {mdxMarkdown, inlineCode} = jiti('./src/api-reference/page/mdx.ts');
const {fieldList, typeLabel, constraints} = jiti('./src/api-reference/page/schema.ts');
const {createApiPageMarkdown} = jiti('./src/api-reference/page/markdown.ts');

describe('text from a description, written into MDX', () => {
  test('braces and angle brackets outside code are escaped, code is left as it is', () => {
    assert.equal(
      mdxMarkdown('Replace {outlet_id} in `/outlets/{outlet_id}` and send <token>.'),
      'Replace \\{outlet_id\\} in `/outlets/{outlet_id}` and send &lt;token>.',
    );
    const fenced = 'Before {a}\n\n```json\n{"a": "<b>"}\n```\n\nAfter {b}';
    assert.equal(mdxMarkdown(fenced), 'Before \\{a\\}\n\n```json\n{"a": "<b>"}\n```\n\nAfter \\{b\\}');
  });

  test('a value with backticks gets a longer fence', () => {
    assert.equal(inlineCode('a`b'), '``a`b``');
    assert.equal(inlineCode(true), '`true`');
  });
});

describe('schema fields', () => {
  const order = {
    type: 'object',
    required: ['id', 'items'],
    properties: {
      id: {type: 'string', readOnly: true, description: 'The id.'},
      items: {
        type: 'array',
        minItems: 1,
        items: {
          allOf: [
            {type: 'object', required: ['sku'], properties: {sku: {type: 'string', pattern: '^[A-Z]+$'}}},
            {properties: {quantity: {type: 'integer', minimum: 1, maximum: 99}}},
          ],
        },
      },
      note: {type: ['string', 'null'], enum: ['a', 'b']},
    },
  };

  test('nested fields are listed under their parent, allOf parts merged', () => {
    const list = fieldList(order, 'response');
    for (const name of ['`id`', '`items`', '`sku`', '`quantity`', '`note`']) {
      assert.ok(list.includes(name), `${name} missing from\n${list}`);
    }
    assert.match(list, /\n {2}Each item:\n\n {2}- `sku`/);
  });

  test('a request leaves out read-only fields', () => {
    assert.ok(!fieldList(order, 'request').includes('`id`'));
  });

  test('types and rules read as a reader says them', () => {
    assert.equal(typeLabel(order.properties.items), 'array of object');
    assert.equal(typeLabel(order.properties.note), 'string or null');
    assert.equal(typeLabel('circular(Order)'), 'Order (recursive)');
    assert.deepEqual(constraints({type: 'string', minLength: 3, maxLength: 64, example: 'M-1'}), [
      '3 to 64 characters.',
      'Example: `M-1`.',
    ]);
    assert.deepEqual(constraints({type: 'integer', minimum: 1, maximum: 99, default: 10}), [
      'At least 1 and at most 99.',
      'Default: `10`.',
    ]);
  });
});

describe('an operation page', () => {
  const hostile = 'Uses {braces}, <angle> brackets, `code {x}` and a | pipe.';
  const page = createApiPageMarkdown({
    title: 'Update {thing} <now>',
    api: {
      method: 'patch',
      path: '/things/{thing_id}',
      description: hostile,
      servers: [{url: 'https://api.sandbox.gerai.example', description: 'Sandbox'}],
      security: [{OAuth2: ['things:write']}],
      securitySchemes: {OAuth2: {type: 'oauth2'}},
      parameters: [
        {name: 'thing_id', in: 'path', required: true, description: hostile, schema: {type: 'string'}},
      ],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {type: 'object', properties: {name: {type: 'string', description: hostile}}},
            example: {name: 'A {b} <c>'},
          },
        },
      },
      responses: {
        200: {
          description: hostile,
          content: {'application/json': {schema: {type: 'object', properties: {ok: {type: 'boolean'}}}}},
        },
        404: {description: 'No such thing.'},
      },
    },
  });

  test('compiles as MDX whatever the description says', async () => {
    await compile(page);
  });

  test('holds the method, path, scope, parameters, fields, responses and the example request', () => {
    for (const expected of [
      'method={"patch"} path={"/things/{thing_id}"}',
      '`things:write`',
      '### Path parameters',
      '`thing_id`',
      '`name`',
      '### 200 OK',
      '`ok`',
      '### 404 Not Found',
      'No body.',
      // A path parameter without an example gets a value of its schema, never its own name.
      'PATCH /things/string HTTP/1.1',
      'Host: api.sandbox.gerai.example',
    ]) {
      assert.ok(page.includes(expected), `${expected} missing from\n${page}`);
    }
  });
});

describe('a page whose schemas recur many times over', () => {
  // An item of 30 fields, each with a sentence, met as the item of a list under every one of 60
  // fields of the request and of the response: over the page writer's limit when every listing is
  // in place (a large AI provider's description has pages of megabytes so).
  const item = {
    type: 'object',
    title: 'Content part',
    properties: Object.fromEntries(
      Array.from({length: 30}, (_, n) => [
        `part_field_${n}`,
        {type: 'string', description: `What part field ${n} of a content part holds, in a sentence.`},
      ]),
    ),
  };
  const holder = {
    type: 'object',
    properties: Object.fromEntries(
      Array.from({length: 60}, (_, n) => [`list_${n}`, {type: 'array', items: structuredClone(item)}]),
    ),
  };
  const api = {
    method: 'post',
    path: '/responses',
    requestBody: {content: {'application/json': {schema: structuredClone(holder)}}},
    responses: {
      200: {description: 'Made.', content: {'application/json': {schema: structuredClone(holder)}}},
    },
  };
  const page = createApiPageMarkdown({title: 'Create a response', api});
  const small = createApiPageMarkdown({
    title: 'Create a response',
    api: {
      ...api,
      requestBody: {
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: {a: {type: 'array', items: item}, b: {type: 'array', items: item}},
            },
          },
        },
      },
      responses: {},
    },
  });

  test("lists a repeated schema's fields once for each direction, and links to them where it recurs", () => {
    assert.equal(page.match(/`part_field_29`/g)?.length, 2, 'once for the request and once for the response');
    assert.equal(
      page.match(/<span className="api-field__anchor" id="fields-\d+"><\/span>`list_0`/g)?.length,
      2,
    );
    assert.equal(
      page.match(/Its fields are those of `list_0`, \[listed above\]\(#fields-\d+\)\./g)?.length,
      118,
    );
    for (const anchor of page.matchAll(/\(#(fields-\d+)\)/g)) {
      assert.ok(page.includes(`id="${anchor[1]}"`), `no listing carries the anchor ${anchor[1]}`);
    }
    assert.ok(page.length < 100_000, `${page.length} characters`);
  });

  test('a page within the limit keeps every listing in place', () => {
    assert.equal(small.match(/`part_field_29`/g)?.length, 2);
    assert.doesNotMatch(small, /listed above|api-field__anchor/);
  });

  test('compiles as MDX', async () => {
    await compile(page);
  });
});
