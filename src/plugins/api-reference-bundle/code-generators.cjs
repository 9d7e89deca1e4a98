/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS list, as the module it replaces */
/**
 * The request-sample generators the API explorer may use: only the languages of
 * `languageTabs` in docusaurus.config.ts, each with every variant its tab offers.
 * postman-code-generators bundles 35 generators; all of them made the explorer
 * several megabytes. `index.ts` puts this list in place of the package's own.
 * The requires stay literal so the bundler includes exactly these files.
 *
 * Why: no option of the OpenAPI theme limits the generators it bundles.
 * Keep this list and `languageTabs` in step.
 * Upgrade: UPGRADING.md#srcpluginsapi-reference-bundle.
 */
const generator = (lang, variant, syntaxMode, main) => ({
  type: 'code_generator',
  lang,
  variant,
  syntax_mode: syntaxMode,
  main,
});

module.exports = [
  generator('curl', 'cURL', 'powershell', require('postman-code-generators/codegens/curl/index.js')),
  generator(
    'nodejs',
    'Axios',
    'javascript',
    require('postman-code-generators/codegens/nodejs-axios/index.js'),
  ),
  generator(
    'nodejs',
    'Native',
    'javascript',
    require('postman-code-generators/codegens/nodejs-native/index.js'),
  ),
  generator(
    'python',
    'http.client',
    'python',
    require('postman-code-generators/codegens/python-http.client/index.js'),
  ),
  generator(
    'python',
    'Requests',
    'python',
    require('postman-code-generators/codegens/python-requests/index.js'),
  ),
  generator('go', 'Native', 'golang', require('postman-code-generators/codegens/golang/index.js')),
  generator('java', 'OkHttp', 'java', require('postman-code-generators/codegens/java-okhttp/index.js')),
  generator('java', 'Unirest', 'java', require('postman-code-generators/codegens/java-unirest/index.js')),
  generator('php', 'cURL', 'php', require('postman-code-generators/codegens/php-curl/index.js')),
  generator('php', 'Guzzle', 'php', require('postman-code-generators/codegens/php-guzzle/index.js')),
  generator(
    'php',
    'HTTP_Request2',
    'php',
    require('postman-code-generators/codegens/php-httprequest2/index.js'),
  ),
  generator('php', 'pecl_http', 'php', require('postman-code-generators/codegens/php-pecl-http/index.js')),
];
