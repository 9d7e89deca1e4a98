// @ts-check
// An API request of a guide, written once as an `http` block (src/remark/request-samples) and shown
// in every language of the request panel.
import assert from 'node:assert/strict';
import {mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {
  default: remarkRequestSamples,
  isRequestBlock,
  SAMPLES_DIR,
} = jiti('./src/remark/request-samples/index.ts');
const {resolveRequest, requestSamples} = jiti('./src/remark/request-samples/generate.ts');
const {loadOperations} = jiti('./src/remark/request-samples/operations.ts');
const {parseOptions, parseWrittenRequest, RequestError} = jiti('./src/remark/request-samples/written.ts');
const {CODE_SAMPLE_LANGUAGES, CODE_SAMPLES_STORAGE_KEY} = jiti('./src/config/code-samples.ts');
const {HOSTS} = jiti('./src/constants.ts');
const {decodeCodeTokens} = jiti('./src/remark/code-tokens.ts');
const {registerLanguages} = jiti('./src/remark/highlight-code.ts');

const LANGUAGES = ['bash', 'java', 'php', 'http'];
registerLanguages(LANGUAGES);
const operations = loadOperations(path.join(root, 'openapi', 'gerai'));

/** The code of each language of a block's request, by the theme's language key. */
function samplesOf(text, meta = '') {
  const request = resolveRequest(operations, parseWrittenRequest(text), parseOptions(meta));
  return Object.fromEntries(requestSamples(request).map((sample) => [sample.language, sample.code]));
}

describe('a request block', () => {
  test('is an http block that starts with a request line and names no host; a response or wire HTTP is not', () => {
    const block = (value, meta = null) => ({type: 'code', lang: 'http', meta, value});
    assert.equal(isRequestBlock(block('GET /integrations/partner/v1/linked-outlets')), true);
    assert.equal(isRequestBlock(block('HTTP/1.1 200 OK\nContent-Type: application/json')), false);
    assert.equal(isRequestBlock(block('POST /pet HTTP/1.1\nHost: petstore.sandbox.gerai.example')), false);
    assert.equal(isRequestBlock(block('', 'operation=getToken')), true);
    assert.equal(isRequestBlock({...block('GET /x'), lang: 'bash'}), false);
  });

  test('is shown in the six languages of the request panel, in its order, against the sandbox host of src/constants.ts', () => {
    const samples = samplesOf('GET /integrations/partner/outlets/M008-a1b2c3/v1\nX-Request-ID: check-1');
    assert.deepEqual(
      Object.keys(samples),
      CODE_SAMPLE_LANGUAGES.map(({language}) => language),
    );
    assert.deepEqual(Object.keys(samples), ['curl', 'nodejs', 'python', 'go', 'java', 'php']);
    for (const [language, code] of Object.entries(samples)) {
      const host = language === 'python' ? new URL(HOSTS.api.sandbox).host : HOSTS.api.sandbox;
      assert.ok(code.includes(host), `${language} code without ${host}:\n${code}`);
      assert.ok(code.includes('/integrations/partner/outlets/M008-a1b2c3/v1'), language);
      assert.ok(code.includes('check-1'), `${language} code without its X-Request-ID`);
    }
    assert.match(samples.nodejs, /require\('axios'\)/);
    assert.match(samples.python, /^import http\.client$/m);
    assert.match(samples.java, /Unirest\.get\(/);
  });

  test("reads the reader's environment variables in every language, as the shell does", () => {
    const samples = samplesOf(
      'PUT /integrations/partner/outlets/M008-a1b2c3/v1/link/food\nAuthorization: Bearer $USER_ACCESS_TOKEN\n\n{"external_outlet_id": "STORE-JKT-001"}',
    );
    assert.match(samples.curl, /-H "Authorization: Bearer \$USER_ACCESS_TOKEN"/);
    assert.match(samples.nodejs, /'Authorization': 'Bearer ' \+ process\.env\.USER_ACCESS_TOKEN,/);
    assert.match(samples.python, /^import os$/m);
    assert.match(samples.python, /'Authorization': 'Bearer ' \+ os\.environ\["USER_ACCESS_TOKEN"\],/);
    assert.match(samples.go, /^ {2}"os"$/m);
    assert.match(samples.go, /"Bearer " \+ os\.Getenv\("USER_ACCESS_TOKEN"\)/);
    assert.match(samples.java, /"Bearer " \+ System\.getenv\("USER_ACCESS_TOKEN"\)/);
    assert.match(samples.php, /'Authorization: Bearer ' \. getenv\('USER_ACCESS_TOKEN'\)/);
    for (const [language, code] of Object.entries(samples).filter(([language]) => language !== 'curl')) {
      assert.doesNotMatch(code, /\$USER_ACCESS_TOKEN|__VAR/, `${language} sends the variable's name`);
    }
  });

  test('sends Basic credentials of the environment, encoded by each language; curl passes them with -u', () => {
    const samples = samplesOf(
      'POST /oauth2/token\n\ngrant_type=authorization_code\ncode=$CODE\ncode_verifier=$CODE_VERIFIER',
    );
    assert.match(samples.curl, /^-u "\$CLIENT_ID:\$CLIENT_SECRET" \\$/m);
    assert.match(samples.curl, /-d "code=\$CODE"/);
    assert.match(samples.curl, /-H 'Content-Type: application\/x-www-form-urlencoded'/);
    assert.match(
      samples.nodejs,
      /Buffer\.from\(process\.env\.CLIENT_ID \+ ':' \+ process\.env\.CLIENT_SECRET\)\.toString\('base64'\)/,
    );
    assert.match(samples.nodejs, /'code': process\.env\.CODE,/);
    assert.match(samples.python, /^import base64$/m);
    assert.match(samples.go, /base64\.StdEncoding\.EncodeToString/);
    assert.match(samples.java, /\.field\("code", System\.getenv\("CODE"\)\)/);
    assert.match(samples.php, /base64_encode\(getenv\('CLIENT_ID'\) \. ':' \. getenv\('CLIENT_SECRET'\)\)/);
  });

  test('named by its operation alone, is built from the description: path, body example and authorization', () => {
    const samples = samplesOf('', 'operation=getToken example=refreshToken');
    assert.match(samples.curl, new RegExp(`^curl -L '${HOSTS.auth.sandbox}/oauth2/token'`));
    assert.match(samples.curl, /-d 'grant_type=refresh_token'/);
    assert.match(samples.curl, /-u "\$CLIENT_ID:\$CLIENT_SECRET"/);
    const accept = samplesOf('', 'operation=acceptOrder');
    assert.match(
      accept.curl,
      /-X PUT '.*\/integrations\/food\/outlets\/[^/]+\/v1\/orders\/delivery\/F-2711998420\/accepted'/,
    );
    assert.match(accept.curl, /-H "Authorization: Bearer \$ACCESS_TOKEN"/);
  });

  test("a body the operation requires, left out, is the description's example", () => {
    const samples = samplesOf(
      'POST /integrations/payment/outlets/M008-a1b2c3/v2/transactions\nIdempotency-Key: 0b6f2c1e-8d3a-4f57-9c2e-5a1b7d9e3f40',
    );
    assert.match(samples.curl, /-H 'Content-Type: application\/json'/);
    assert.match(samples.curl, /"payment_type": "qris"/);
  });

  /** @type {[text: string, meta: string, message: RegExp][]} */
  const unshowable = [
    [
      'GET /integrations/partner/v1/no-such-thing',
      '',
      /GET \/integrations\/partner\/v1\/no-such-thing is no operation/,
    ],
    ['GET https://api.sandbox.gerai.example/x', '', /is not a path/],
    ['GET /integrations/partner/v1/linked-outlets\nAuthorization Bearer x', '', /is not a header line/],
    [
      'PATCH /integrations/food/outlets/M008-a1b2c3/v1/properties\n\n{"force_close": tru}',
      '',
      /the body is not JSON/,
    ],
    ['GET /integrations/partner/v1/linked-outlets\n\n{"a": 1}', '', /takes no request body/],
    [
      'POST /oauth2/token\nAuthorization: Basic partner:secret\n\ngrant_type=client_credentials',
      '',
      /Basic credentials as variables/,
    ],
    [
      'GET /integrations/partner/v1/linked-outlets',
      'operation=getToken',
      /operation=getToken is POST \/oauth2\/token/,
    ],
    ['', 'operation=noSuchOperation', /names no operation/],
    ['GET /integrations/partner/v1/linked-outlets', 'lang=en', /"lang=en" is not an option/],
  ];
  for (const [text, meta, message] of unshowable) {
    test(`that cannot be shown says what to change: ${message.source}`, () => {
      assert.throws(
        () => samplesOf(text, meta),
        // RequestError comes through jiti, untyped: `instanceof` cannot tell the checker it is an Error.
        (error) => error instanceof RequestError && message.test(/** @type {Error} */ (error).message),
      );
    });
  }
});

test("the reader's language is kept where the request panel and Docusaurus's tabs keep theirs", () => {
  const snippets = readFileSync(
    path.join(root, 'node_modules/docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/CodeSnippets/index.js'),
    'utf8',
  );
  assert.match(snippets, /groupId: "code-samples"/);
  assert.ok(
    snippets.includes(`useStorageSlot)(\n    "${CODE_SAMPLES_STORAGE_KEY}"`),
    'CodeSnippets reads another storage key',
  );
  const tabs = readFileSync(
    path.join(root, 'node_modules/@docusaurus/theme-common/lib/utils/tabsUtils.js'),
    'utf8',
  );
  assert.match(tabs, /return `docusaurus\.tab\.\$\{groupId\}`;/);
  assert.equal(CODE_SAMPLES_STORAGE_KEY, 'docusaurus.tab.code-samples');
});

describe('the remark plugin', () => {
  const siteDir = mkdtempSync(path.join(tmpdir(), 'request-samples-'));
  symlinkSync(path.join(root, 'openapi'), path.join(siteDir, 'openapi'));
  after(() => rmSync(siteDir, {recursive: true, force: true}));
  const transform = (tree) =>
    remarkRequestSamples({siteDir, additionalLanguages: LANGUAGES})(tree, {
      path: path.join(siteDir, 'docs', 'page.mdx'),
    });

  test('puts the first language in the page and the others, with their tokens, in the page file the server imports', () => {
    const block = {
      type: 'code',
      lang: 'http',
      meta: null,
      value: 'GET /integrations/partner/v1/linked-outlets?page=1&per_page=50',
    };
    const response = {type: 'code', lang: 'http', meta: null, value: 'HTTP/1.1 200 OK'};
    const tree = {
      type: 'root',
      children: [{type: 'paragraph', children: [{type: 'text', value: 'List them:'}]}, block, response],
    };
    transform(tree);
    const [imports, , element, untouched] = tree.children;
    assert.equal(imports.type, 'mdxjsEsm');
    const [, module] = /import\("([^"]+\.json)"\)/.exec(imports.value) ?? [];
    assert.ok(module, imports.value);
    // The file beside the bundler's cache, which keeps the page's module: the two go together.
    assert.equal(path.dirname(module), path.join(siteDir, SAMPLES_DIR));
    assert.match(path.basename(module), /^[0-9a-f]{16}\.json$/);
    assert.match(imports.value, new RegExp(`from "${module.replace(/\./g, '\\.')}\\?server"`));
    assert.equal(element.name, 'RequestSamples');
    assert.deepEqual(
      element.attributes.map((attribute) => [
        attribute.name,
        typeof attribute.value === 'string' ? attribute.value : attribute.value.value,
      ]),
      [
        ['operation', 'getAllOutlets'],
        ['index', '0'],
        ['load', 'loadRequestSamples'],
        ['server', 'requestSamplesOnServer'],
      ],
    );
    const [code] = element.children;
    assert.equal(code.lang, 'bash');
    assert.match(code.value, /^curl -L '.*\/integrations\/partner\/v1\/linked-outlets\?page=1&per_page=50'/);
    assert.equal(untouched, response);

    const [samples] = JSON.parse(readFileSync(module, 'utf8'));
    assert.deepEqual(Object.keys(samples), ['nodejs', 'python', 'go', 'java', 'php']);
    for (const {language, highlight} of CODE_SAMPLE_LANGUAGES.slice(1)) {
      const {code: text, tokens} = samples[language];
      assert.ok(decodeCodeTokens(tokens, text, highlight), `the ${language} tokens do not fit its code`);
    }
  });

  test('writes one file per page content, and none for a page without requests', () => {
    const before = readdirSync(path.join(siteDir, SAMPLES_DIR)).length;
    const tree = {type: 'root', children: [{type: 'code', lang: 'bash', meta: null, value: 'echo hi'}]};
    transform(tree);
    assert.equal(tree.children.length, 1);
    assert.equal(readdirSync(path.join(siteDir, SAMPLES_DIR)).length, before);
  });

  test('a request it cannot show stops the build with the page and the line', () => {
    const tree = {
      type: 'root',
      children: [
        {type: 'code', lang: 'http', meta: null, value: 'GET /nowhere', position: {start: {line: 12}}},
      ],
    };
    assert.throws(
      () => transform(tree),
      /^Error: docs\/page\.mdx:12: request block: GET \/nowhere is no operation/,
    );
  });
});
