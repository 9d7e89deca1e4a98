// @ts-check
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';

import {compile} from '@mdx-js/mdx';
import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {mdxMarkdown, inlineCode} = jiti('./src/api-reference/page/mdx.ts');
const {fieldList, typeLabel, constraints} = jiti('./src/api-reference/page/schema.ts');
const {currentOperationPage} = jiti('./src/api-reference/page/current-pages.ts');
const {createApiPageMarkdown, releaseApiPageMarkdown, splitFieldsPages} = jiti(
  './src/api-reference/page/markdown.ts',
);

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
    assert.equal(page.match(/Its fields are those of \[`list_0`\]\(#fields-\d+\)\./g)?.length, 118);
    for (const anchor of page.matchAll(/\(#(fields-\d+)\)/g)) {
      assert.ok(page.includes(`id="${anchor[1]}"`), `no listing carries the anchor ${anchor[1]}`);
    }
    assert.ok(page.length < 100_000, `${page.length} characters`);
  });

  test('a page within the limit keeps every listing in place', () => {
    assert.equal(small.match(/`part_field_29`/g)?.length, 2);
    assert.doesNotMatch(small, /Its fields are|api-field__anchor/);
  });

  test('compiles as MDX', async () => {
    await compile(page);
  });
});

describe('a page of thousands of distinct fields', () => {
  // No schema recurs, so there is nothing to link: a field of 300 fields of its own, then 400
  // objects of 12 fields each, every name and sentence its own, far over the page writer's limit.
  const distinct = (prefix, count, fields) => ({
    type: 'object',
    properties: Object.fromEntries(
      Array.from({length: count}, (_, n) => [
        `${prefix}_${n}`,
        fields
          ? distinct(`${prefix}_${n}`, fields, 0)
          : {type: 'string', description: `What ${prefix} ${n} holds, told in a sentence of its own.`},
      ]),
    ),
  });
  const body = distinct('group', 400, 12);
  body.properties = {huge: distinct('huge', 300, 0), ...body.properties};
  const api = {
    method: 'post',
    path: '/catalogues',
    requestBody: {content: {'application/json': {schema: body}}},
    responses: {204: {description: 'Saved.'}},
  };
  const {page, fieldsPages} = splitFieldsPages(createApiPageMarkdown({title: 'Save a catalogue', api}));

  test("puts a long field's nested fields on a page of their own, and the rest of a long list on pages too", () => {
    assert.ok(page.length <= 300_000, `${page.length} characters`);
    for (const fields of fieldsPages) {
      assert.ok(fields.text.length <= 300_000, `${fields.path}: ${fields.text.length}`);
      assert.match(
        page,
        new RegExp(`\\]\\(fields-page:${fields.number}\\)`),
        `no link to page ${fields.number}`,
      );
    }
    const huge = fieldsPages.filter((fields) => fields.path === 'huge');
    assert.equal(huge.length, 1);
    assert.match(
      page,
      /`huge` <span[^\n]*\n\n {2}Its fields are on \[a page of their own\]\(fields-page:\d+\)\./,
    );
    const parts = fieldsPages.filter((fields) => fields.part !== undefined);
    assert.ok(parts.length > 1);
    for (const fields of parts) assert.match(fields.part, /^fields \d+ to \d+$/);
    assert.match(
      page,
      /The other \d+ of these 401 fields are on pages of their own: \[\d+ to \d+\]\(fields-page:\d+\)/,
    );
  });

  test('every field is listed once, on one of the pages', () => {
    const all = [page, ...fieldsPages.map((fields) => fields.text)].join('\n');
    for (const name of [
      'huge',
      'huge_299',
      'group_0',
      'group_399',
      'group_0_0',
      'group_399_11',
      'group_200_5',
    ]) {
      assert.equal(all.match(new RegExp(`\`${name}\``, 'g'))?.length, 1, name);
    }
  });

  test("as the build reads them: each page of fields a doc beside the operation's, linked both ways", async () => {
    const generated = `---\nid: save-a-catalogue\ntitle: "Save a catalogue"\n---\n\n${createApiPageMarkdown({title: 'Save a catalogue', api})}`;
    const converted = currentOperationPage(generated, 'api/save-a-catalogue.api.mdx');
    const html = (each) => [each.page, ...each.blocks].join('\n');
    assert.equal(converted.fieldsPages.length, fieldsPages.length);
    const titles = converted.fieldsPages.map((each) => /^title: (.*)$/m.exec(each.page)?.[1]);
    assert.equal(new Set(titles).size, titles.length, `titles repeat: ${titles.join(', ')}`);
    assert.ok(titles.includes('"Save a catalogue: huge (request)"'), titles.join(', '));
    assert.doesNotMatch(html(converted), /fields-page:/);
    for (const [index, each] of converted.fieldsPages.entries()) {
      const id = `save-a-catalogue--fields-${index + 1}`;
      assert.equal(each.name, `${id}.fields.mdx`);
      assert.match(each.page, new RegExp(`^---\\nid: ${id}\\ntitle: "Save a catalogue: [^"]+"\\n`));
      assert.match(
        html(converted),
        new RegExp(`href=\\\\?"/api/${id}\\\\?"`),
        `the operation's page links to ${id}`,
      );
      assert.match(html(each), /href=\\?"\/api\/save-a-catalogue\\?"/, `${id} links back`);
      assert.doesNotMatch(html(each), /fields-page:/);
      await compile(each.page.replace(/^---[\s\S]*?---\n/, ''));
    }
  });

  test("an earlier release's page has no page of its own: its fields stay in place", () => {
    const release = releaseApiPageMarkdown('2026-01-01')({title: 'Save a catalogue', api});
    assert.equal(splitFieldsPages(release).fieldsPages.length, 0);
    assert.match(release, /`group_399_11`/);
  });
});

describe('a page whose examples run to thousands of lines', () => {
  const long = {
    items: Array.from({length: 3000}, (_, n) => ({id: `item-${n}`, name: `The item numbered ${n}`})),
  };
  const schema = {
    type: 'object',
    required: ['id'],
    properties: {id: {type: 'string'}, items: {type: 'array', items: {type: 'object'}}},
  };
  const page = createApiPageMarkdown({
    title: 'Save the items',
    api: {
      method: 'post',
      path: '/items',
      requestBody: {content: {'application/json': {schema, example: long}}},
      responses: {200: {description: 'Saved.', content: {'application/json': {schema, example: long}}}},
    },
  });

  test("shows a long example's beginning and says how much more there is", () => {
    assert.match(page, /"id": "item-0"/);
    assert.doesNotMatch(page, /item-2999/);
    assert.match(page, /The example goes on for [\d,]+ more lines: these are its first [\d,]+ of [\d,]+\./);
    assert.ok(page.length < 60_000, `${page.length} characters`);
  });

  test("sends a request made from the schema instead of a description's example that long", () => {
    const request = /```http\n([\s\S]*?)\n```/.exec(page)?.[1] ?? '';
    assert.match(request, /"id": "string"/);
    assert.doesNotMatch(request, /item-0/);
  });
});
