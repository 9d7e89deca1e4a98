// Rules of the OpenAPI descriptions that linters do not know: what the OAuth 2.0
// flows declare, and that request schemas say what the operations promise.
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';

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
