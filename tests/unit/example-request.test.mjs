// @ts-check
// The example request of a reference page (src/api-reference/page/example-request.ts): each way
// of authenticating, each style of parameter and each kind of body written as the description
// says. tests/unit/owner-example-requests.test.mjs and tests/build/example-requests.test.mjs send
// the examples to a validating mock; this file holds what a mock does not tell apart.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {exampleRequest} = jiti('./src/api-reference/page/example-request.ts');

const server = {url: 'https://api.example.com/v3', description: 'Production'};

/** The example of an operation `GET /items/{id}` with these fields added. */
const example = (fields) => exampleRequest({method: 'get', path: '/items', servers: [server], ...fields});

describe('credentials', () => {
  const schemes = {
    key: {type: 'apiKey', in: 'header', name: 'X-Key'},
    queryKey: {type: 'apiKey', in: 'query', name: 'key'},
    cookieKey: {type: 'apiKey', in: 'cookie', name: 'sid'},
    basic: {type: 'http', scheme: 'basic'},
    bearer: {type: 'http', scheme: 'bearer'},
    oauth: {
      type: 'oauth2',
      flows: {clientCredentials: {tokenUrl: 'https://api.example.com/v3/token', scopes: {}}},
    },
    oidc: {
      type: 'openIdConnect',
      openIdConnectUrl: 'https://api.example.com/.well-known/openid-configuration',
    },
  };
  const line = (requirement, path = '/items') =>
    example({path, security: [requirement], securitySchemes: schemes})
      .text.split('\n')
      .slice(0, 3)
      .join('\n');

  test('each scheme puts its placeholder where the scheme says', () => {
    assert.match(line({key: []}), /^X-Key: <api-key>$/m);
    assert.match(line({queryKey: []}), /^GET \/v3\/items\?key=<api-key> HTTP\/1\.1$/m);
    assert.match(line({cookieKey: []}), /^Cookie: sid=<api-key>$/m);
    assert.match(line({basic: []}), /^Authorization: Basic <base64 of username:password>$/m);
    assert.match(line({bearer: []}), /^Authorization: Bearer <access token>$/m);
    assert.match(line({oauth: ['a']}), /^Authorization: Bearer <access token>$/m);
    assert.match(line({oidc: []}), /^Authorization: Bearer <access token>$/m);
  });

  test('HTTP Basic on a token endpoint carries the client id and secret', () => {
    assert.match(line({basic: []}, '/token'), /^Authorization: Basic <base64 of client_id:client_secret>$/m);
  });

  test('no requirement, or an empty one, sends no credentials', () => {
    assert.doesNotMatch(example({security: []}).text, /Authorization|<api-key>/);
    assert.doesNotMatch(example({security: [{}], securitySchemes: schemes}).text, /Authorization|<api-key>/);
  });

  test('the first of several requirements is used and the others are named', () => {
    const {text, way, otherWays} = example({
      security: [{key: []}, {basic: []}, {}],
      securitySchemes: schemes,
    });
    assert.match(text, /^X-Key: <api-key>$/m);
    assert.equal(way, 'an API key in the header `X-Key`');
    assert.deepEqual(otherWays, ['HTTP basic authentication', 'no credentials']);
  });
});

describe('parameters, by style and explode', () => {
  const target = (parameter, value) =>
    example({
      path: '/items/{id}',
      parameters: [
        {name: 'id', in: 'path', required: true, schema: {type: 'string'}, example: 'x'},
        {...parameter, example: value},
      ],
    }).text.split(' ')[1];

  test('query: form, exploded or not; space and pipe delimited; deepObject', () => {
    assert.equal(target({name: 'a', in: 'query', schema: {type: 'array'}}, [1, 2]), '/v3/items/x?a=1&a=2');
    assert.equal(
      target({name: 'a', in: 'query', explode: false, schema: {type: 'array'}}, [1, 2]),
      '/v3/items/x?a=1,2',
    );
    assert.equal(
      target({name: 'a', in: 'query', style: 'spaceDelimited', schema: {type: 'array'}}, [1, 2]),
      '/v3/items/x?a=1%202',
    );
    assert.equal(
      target({name: 'a', in: 'query', style: 'pipeDelimited', schema: {type: 'array'}}, [1, 2]),
      '/v3/items/x?a=1%7C2',
    );
    assert.equal(
      target({name: 'f', in: 'query', style: 'deepObject', schema: {type: 'object'}}, {b: 1, c: 'd e'}),
      '/v3/items/x?f%5Bb%5D=1&f%5Bc%5D=d%20e',
    );
    assert.equal(
      target({name: 'f', in: 'query', schema: {type: 'object'}}, {b: 1, c: 2}),
      '/v3/items/x?b=1&c=2',
    );
  });

  test('path: simple, label and matrix', () => {
    const path = (parameter, value) =>
      example({
        path: '/items/{id}',
        parameters: [{name: 'id', in: 'path', required: true, ...parameter, example: value}],
      }).text.split(' ')[1];
    assert.equal(path({schema: {type: 'array'}}, ['a', 'b']), '/v3/items/a,b');
    assert.equal(path({style: 'label', schema: {type: 'array'}}, ['a', 'b']), '/v3/items/.a,b');
    assert.equal(path({style: 'matrix', schema: {type: 'array'}}, ['a', 'b']), '/v3/items/;id=a,b');
    assert.equal(
      path({style: 'matrix', explode: true, schema: {type: 'array'}}, ['a', 'b']),
      '/v3/items/;id=a;id=b',
    );
    assert.equal(path({schema: {type: 'string'}}, 'a b/c'), '/v3/items/a%20b%2Fc');
  });

  test('a value the description does not give comes from the schema, valid against it', () => {
    const {text} = example({
      path: '/items/{id}',
      parameters: [
        {name: 'id', in: 'path', required: true, schema: {type: 'string', format: 'uuid'}},
        {name: 'n', in: 'query', required: true, schema: {type: 'integer', minimum: 5}},
        {name: 'code', in: 'header', required: true, schema: {type: 'string', pattern: '^[A-Z]{2}$'}},
      ],
    });
    assert.match(text, /^GET \/v3\/items\/[0-9a-f-]{36}\?n=5 HTTP\/1\.1$/m);
    assert.match(text, /^code: [A-Z]{2}$/m);
  });
});

describe('bodies, by media type', () => {
  const body = (type, media) =>
    example({method: 'post', requestBody: {content: {[type]: media}}})
      .text.split('\n')
      .slice(2)
      .join('\n');

  test('JSON from the example, else from the schema without read-only fields', () => {
    assert.equal(
      body('application/json', {example: {a: 1}}),
      'Content-Type: application/json\n\n{\n  "a": 1\n}',
    );
    assert.equal(
      body('application/json', {
        schema: {type: 'object', properties: {id: {type: 'string', readOnly: true}, n: {type: 'integer'}}},
      }),
      'Content-Type: application/json\n\n{\n  "n": 0\n}',
    );
  });

  test('a form as name=value pairs, URL-encoded', () => {
    assert.equal(
      body('application/x-www-form-urlencoded', {example: {a: 'x y&z', list: [1, 2]}}),
      'Content-Type: application/x-www-form-urlencoded\n\na=x+y%26z&list=1&list=2',
    );
  });

  test('multipart with a part for each field, a file as a placeholder of its bytes', () => {
    const text = body('multipart/form-data', {
      schema: {
        type: 'object',
        required: ['file', 'kind'],
        properties: {file: {type: 'string', format: 'binary'}, kind: {type: 'string', enum: ['a']}},
      },
    });
    assert.match(text, /^Content-Type: multipart\/form-data; boundary=example-boundary$/m);
    assert.match(
      text,
      /name="file"; filename="file"\nContent-Type: application\/octet-stream\n\n<contents of file>/,
    );
    assert.match(text, /name="kind"\n\na\n--example-boundary--$/);
  });

  test('a file body as a placeholder of its bytes', () => {
    assert.equal(
      body('application/octet-stream', {}),
      'Content-Type: application/octet-stream\n\n<contents of the file>',
    );
    assert.equal(
      body('image/png', {schema: {type: 'string', format: 'binary'}}),
      'Content-Type: image/png\n\n<contents of the file>',
    );
  });

  test('XML from the schema, named as its xml object says', () => {
    const text = body('application/xml', {
      schema: {type: 'object', xml: {name: 'pet'}, properties: {name: {type: 'string', example: 'Rex'}}},
    });
    assert.match(text, /^Content-Type: application\/xml\n\n<pet>\n\s+<name>Rex<\/name>\n<\/pet>$/);
  });
});
