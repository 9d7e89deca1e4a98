// @ts-check
// Rules of the OpenAPI descriptions that linters do not know: what the OAuth 2.0
// flows declare, and that request schemas say what the operations promise.
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';

import Ajv2020 from 'ajv/dist/2020.js';
import createJiti from 'jiti';
import {parse} from 'yaml';

import {loadDescriptions, root} from '../support/openapi.mjs';

const descriptions = [
  ...loadDescriptions().map(({name, doc}) => ({name: `gerai/${name}`, doc})),
  {name: 'petstore.yaml', doc: parse(readFileSync(path.join(root, 'openapi', 'petstore.yaml'), 'utf8'))},
];

describe('OAuth 2.0 flows', () => {
  const flows = descriptions.flatMap(({name, doc}) =>
    Object.entries(doc.components?.securitySchemes ?? {}).flatMap(([scheme, value]) =>
      Object.entries(value.flows ?? {}).map(([flow, settings]) => ({
        where: `${name} ${scheme}.${flow}`,
        flow,
        settings,
      })),
    ),
  );

  test('the descriptions declare flows', () => {
    assert.ok(flows.some(({flow}) => flow === 'clientCredentials'));
    assert.ok(flows.some(({flow}) => flow === 'authorizationCode'));
  });

  test('no client credentials flow declares a refreshUrl: that grant issues no refresh token', () => {
    assert.deepEqual(
      flows
        .filter(({flow, settings}) => flow === 'clientCredentials' && 'refreshUrl' in settings)
        .map(({where}) => where),
      [],
    );
  });

  test('a flow declares a refreshUrl exactly when it offers the offline scope', () => {
    assert.deepEqual(
      flows
        .filter(({settings}) => 'refreshUrl' in settings !== 'offline' in (settings.scopes ?? {}))
        .map(({where}) => where),
      [],
    );
  });
});

/** A JSON Schema 2020-12 validator that knows every file of the merchant API, so references resolve. */
function schemaValidator() {
  // OpenAPI adds keywords (example, discriminator, x-*) that are not JSON Schema's: not strict.
  const ajv = new Ajv2020({strict: false, allErrors: true, validateFormats: false});
  for (const {name, doc} of loadDescriptions()) {
    ajv.addSchema(doc, `https://openapi.gerai.example/${name}`);
  }
  return (file, schema) =>
    ajv.getSchema(`https://openapi.gerai.example/${file}#/components/schemas/${schema}`);
}

describe('rejecting an order', () => {
  const validator = schemaValidator();
  const validate = validator('food.yaml', 'RejectOrderRequest');
  const food = loadDescriptions().find(({name}) => name === 'food.yaml').doc;
  const operation = Object.values(food.paths)
    .map((item) => item.put)
    .find((op) => op?.operationId === 'rejectOrder');

  test('the operation takes the schema and promises a 422 for an incomplete reason', () => {
    const body = operation.requestBody.content['application/json'];
    assert.equal(body.schema.$ref, '#/components/schemas/RejectOrderRequest');
    assert.match(operation.responses['422'].description, /OTHERS.+cancel_reason_description/);
  });

  test('every request example of the operation is valid', () => {
    const examples = Object.entries(operation.requestBody.content['application/json'].examples);
    assert.ok(examples.length >= 2);
    for (const [name, {value}] of examples) {
      assert.ok(validate(value), `${name}: ${JSON.stringify(validate.errors)}`);
    }
  });

  test('OTHERS without cancel_reason_description is invalid, as the 422 says', () => {
    assert.equal(validate({cancel_reason_code: 'OTHERS'}), false);
    assert.ok(validate.errors.some((error) => error.params.missingProperty === 'cancel_reason_description'));
    assert.ok(
      validate({cancel_reason_code: 'OTHERS', cancel_reason_description: 'The grill is being repaired.'}),
    );
  });

  test('the other codes need no description', () => {
    for (const code of ['HIGH_DEMAND', 'RESTAURANT_CLOSED', 'ITEMS_OUT_OF_STOCK']) {
      assert.ok(validate({cancel_reason_code: code}), `${code}: ${JSON.stringify(validate.errors)}`);
    }
    assert.equal(validate({}), false, 'a body without a code is accepted');
  });
});

describe('tags', () => {
  const jiti = createJiti(root + '/');
  const {geraiApiSections} = jiti('./src/config/openapi.ts');
  const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

  /** Every operation of a description, webhooks included, with where it is. */
  function operations(doc) {
    return [
      ...Object.entries(doc.paths ?? {}).map(([key, item]) => ({key, item})),
      ...Object.entries(doc.webhooks ?? {}).map(([key, item]) => ({key, item})),
    ].flatMap(({key, item}) =>
      METHODS.filter((method) => item[method]).map((method) => ({
        where: `${method} ${key}`,
        op: item[method],
      })),
    );
  }

  for (const {name, doc} of descriptions) {
    test(`${name}: every operation has a tag the file declares`, () => {
      const declared = new Set((doc.tags ?? []).map((tag) => tag.name));
      const wrong = operations(doc)
        .filter(({op}) => !(op.tags?.length > 0) || op.tags.some((tag) => !declared.has(tag)))
        .map(({where, op}) => `${where}: ${JSON.stringify(op.tags ?? [])}`);
      assert.deepEqual(wrong, []);
    });
  }

  for (const section of geraiApiSections) {
    const {doc} = loadDescriptions().find(({name}) => name === section.file);
    const tags = [...new Set(operations(doc).flatMap(({op}) => op.tags ?? []))];
    test(`${section.file}: a section tag is the only tag of its section, else there is none`, () => {
      if (section.sectionTag === undefined) {
        assert.ok(tags.length > 1, `${section.file} has one tag: declare it as the section tag`);
      } else {
        assert.deepEqual(tags, [section.sectionTag]);
      }
    });
  }
});

describe('the authorization server', () => {
  const jiti = createJiti(root + '/');
  const {HOSTS} = jiti('./src/constants.ts');
  const oauth = loadDescriptions().find(({name}) => name === 'oauth.yaml').doc;
  const common = loadDescriptions().find(({name}) => name === 'common.yaml').doc;
  const token = oauth.paths['/oauth2/token'].post;

  test('is served by the OAuth hosts, where every flow of the merchant API sends its token requests', () => {
    const urls = oauth.servers.map((server) => server.url);
    assert.deepEqual(urls.slice(0, 2), [HOSTS.auth.sandbox, HOSTS.auth.production]);
    for (const [flow, settings] of Object.entries(common.components.securitySchemes.OAuth2.flows)) {
      assert.equal(settings.tokenUrl, `${HOSTS.auth.sandbox}/oauth2/token`, flow);
    }
    assert.equal(
      common.components.securitySchemes.OAuth2.flows.authorizationCode.authorizationUrl,
      `${HOSTS.auth.sandbox}/oauth2/auth`,
    );
    assert.ok(oauth.paths['/oauth2/auth'].get);
  });

  test('takes the client id and secret as HTTP Basic and the grant form-encoded', () => {
    assert.deepEqual(token.security, [{ClientBasic: []}]);
    assert.deepEqual(oauth.components.securitySchemes.ClientBasic, {
      ...oauth.components.securitySchemes.ClientBasic,
      type: 'http',
      scheme: 'basic',
    });
    assert.deepEqual(Object.keys(token.requestBody.content), ['application/x-www-form-urlencoded']);
  });

  test('issues Bearer tokens that live 3600 seconds, and answers errors as RFC 6749 says', () => {
    const response = oauth.components.schemas.TokenResponse.properties;
    assert.equal(response.token_type.const, 'Bearer');
    assert.equal(response.expires_in.const, 3600);
    assert.deepEqual(Object.keys(token.responses), ['200', '400', '401']);
    assert.deepEqual(oauth.components.schemas.OAuthError.properties.error.enum, [
      'invalid_request',
      'invalid_client',
      'invalid_grant',
      'unauthorized_client',
      'unsupported_grant_type',
      'invalid_scope',
    ]);
  });

  test('every example of a token request is valid for exactly one grant', () => {
    const ajv = new Ajv2020({strict: false, allErrors: true, validateFormats: false});
    ajv.addSchema(oauth, 'https://openapi.gerai.example/oauth.yaml');
    const grants = ['ClientCredentialsGrant', 'AuthorizationCodeGrant', 'RefreshTokenGrant'].map((name) =>
      ajv.getSchema(`https://openapi.gerai.example/oauth.yaml#/components/schemas/${name}`),
    );
    for (const [name, {value}] of Object.entries(
      token.requestBody.content['application/x-www-form-urlencoded'].examples,
    )) {
      assert.equal(grants.filter((validate) => validate(value)).length, 1, name);
    }
  });

  test('the authorization request requires PKCE with S256, a state of 8 characters or more and openid', () => {
    const parameters = Object.fromEntries(
      oauth.paths['/oauth2/auth'].get.parameters.map((parameter) => [parameter.name, parameter]),
    );
    assert.deepEqual(parameters.code_challenge_method.schema.enum, ['S256']);
    assert.equal(parameters.code_challenge.required, true);
    assert.equal(parameters.state.schema.minLength, 8);
    assert.match('openid offline', new RegExp(parameters.scope.schema.pattern));
    assert.doesNotMatch('partner:outlet:read', new RegExp(parameters.scope.schema.pattern));
  });
});
