// @ts-check
// The environment variables of the build: each bad value stops the build with a message that
// names the variable, quotes the value and says which form is expected.
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {BuildEnvironmentError, DEFAULT_SITE_URL, readBuildEnvironment} = jiti(
  './src/config/build-environment.ts',
);

/** The problems readBuildEnvironment reports for an environment, or [] when it accepts it. */
function problems(env) {
  try {
    readBuildEnvironment(env);
    return [];
  } catch (error) {
    assert.ok(error instanceof BuildEnvironmentError, String(error));
    return error.problems;
  }
}

describe('the build environment', () => {
  test('unset or empty variables take their defaults', () => {
    for (const env of [{}, {SITE_URL: '', GTM_CONTAINER_ID: ''}, {SITE_URL: '  ', GTM_CONTAINER_ID: ' '}]) {
      assert.deepEqual(readBuildEnvironment(env), {
        siteUrl: DEFAULT_SITE_URL,
        tagManagerContainerId: undefined,
      });
    }
  });

  test('well-formed values are taken, the origin without its trailing slash', () => {
    assert.deepEqual(
      readBuildEnvironment({SITE_URL: 'https://docs.partner.example/', GTM_CONTAINER_ID: 'GTM-AB12CD3'}),
      {siteUrl: 'https://docs.partner.example', tagManagerContainerId: 'GTM-AB12CD3'},
    );
    assert.equal(readBuildEnvironment({SITE_URL: 'http://127.0.0.1:8080'}).siteUrl, 'http://127.0.0.1:8080');
  });

  test('a bad SITE_URL is named with its value, the reason and the expected form', () => {
    /** @type {[value: string, reason: RegExp][]} */
    const cases = [
      ['garbage::not a url', /whose scheme is garbage, not http or https/],
      ['developer.gerai.example', /which is not an absolute address/],
      ['ftp://developer.gerai.example', /whose scheme is ftp/],
      ['https://developer.gerai.example/portal/', /which has the path "\/portal\/"/],
      ['https://developer.gerai.example/?a=1', /which has a query or a fragment/],
      ['https://user:secret@developer.gerai.example', /user name or password/],
    ];
    for (const [value, reason] of cases) {
      const [message, ...rest] = problems({SITE_URL: value});
      assert.deepEqual(rest, [], value);
      assert.ok(message.startsWith(`SITE_URL is ${JSON.stringify(value)}, `), message);
      assert.match(message, reason);
      assert.match(message, /Expected the public origin of the site: http:\/\/ or https:\/\/, a host/);
    }
  });

  test('a bad GTM_CONTAINER_ID is named with its value and the expected form', () => {
    for (const value of ['gtm-123; alert(1)', 'UA-12345-1', 'GTM-', 'GTM-AB12CD3"><script>']) {
      assert.deepEqual(problems({GTM_CONTAINER_ID: value}), [
        `GTM_CONTAINER_ID is ${JSON.stringify(value)}, which is not a Google Tag Manager container id. ` +
          'Expected the form GTM-XXXXXXX (GTM- followed by 4 to 12 upper-case letters and digits). ' +
          'Fix the value, or unset the variable to build without the tag manager.',
      ]);
    }
  });

  test('every bad variable is reported at once', () => {
    const found = problems({SITE_URL: 'garbage::not a url', GTM_CONTAINER_ID: 'gtm-123; alert(1)'});
    assert.equal(found.length, 2);
    assert.match(found[0], /^SITE_URL is "garbage::not a url"/);
    assert.match(found[1], /^GTM_CONTAINER_ID is "gtm-123; alert\(1\)"/);
  });

  test('a control character or a very long value is quoted readably', () => {
    const [message] = problems({GTM_CONTAINER_ID: `GTM-ABC1234\n${'x'.repeat(500)}`});
    assert.ok(message.startsWith('GTM_CONTAINER_ID is "GTM-ABC1234\\nxxx'), message);
    assert.ok(message.length < 400, `${message.length} characters`);
  });
});
