/* eslint-disable @typescript-eslint/no-require-imports -- a bundler loader, which Rspack loads as CommonJS */
/**
 * A bundler loader for a generated operation's page (`*.api.mdx`), run before Docusaurus's MDX
 * loader (./index.ts says why): the operation the OpenAPI generator stores in the front matter
 * (`api`: deflated JSON, base64-encoded) leaves the page. An operation's page gets
 * `api_operation`, the address of a file of the operation as JSON, which the browser's compilation
 * writes (`assets/operations/<hash>.json`); a webhook event's page, which has no request panel, loses
 * it. Every other line stays where it was.
 *
 * @this {{resourcePath: string, getOptions(): {emit: boolean}, emitFile(name: string, content: Buffer): void}}
 * @param {string} source
 * @returns {string}
 */
module.exports = function operationFileLoader(source) {
  const {page, file} = moveOperation(source, this.resourcePath);
  if (file && this.getOptions().emit) this.emitFile(file.name, file.content);
  return page;
};

const {createHash} = require('node:crypto');
const {inflateSync} = require('node:zlib');

/** The front matter at the start of a page. */
const FRONT_MATTER = /^---\r?\n[\s\S]*?\r?\n---(?:\r?\n|$)/;

/** The generator's line of the operation, and the key that says a page is a webhook event's. */
const OPERATION_LINE = /^api: *(\S+) *$/m;
const EVENT_PAGE = /^sidebar_class_name: *["']?event /m;

/** The key an operation's page gets instead, for src/theme/DocItem/Content. */
const OPERATION_FILE_KEY = 'api_operation';

/** The folder of the operations' files in the build. */
const FOLDER = 'assets/operations';

/**
 * The page without its `api` line, and the file to write for it.
 *
 * @param {string} source
 * @param {string} where the page's file, for the message of an operation that cannot be read
 * @returns {{page: string, file?: {name: string, content: Buffer}}}
 */
function moveOperation(source, where) {
  const frontMatter = FRONT_MATTER.exec(source);
  const line = frontMatter && OPERATION_LINE.exec(frontMatter[0]);
  if (!frontMatter || !line) return {page: source};
  const replace = (text) =>
    frontMatter[0].slice(0, line.index) + text + frontMatter[0].slice(line.index + line[0].length);
  const rest = source.slice(frontMatter[0].length);
  if (EVENT_PAGE.test(frontMatter[0])) {
    // The line's place kept empty: the page's other lines stay on their numbers.
    return {page: replace('') + rest};
  }
  let operation;
  try {
    operation = JSON.parse(inflateSync(Buffer.from(line[1], 'base64')).toString('utf8'));
  } catch (error) {
    throw new Error(
      `${where}: the front matter's "api" is not an operation as the OpenAPI generator writes it ` +
        `(deflated JSON, base64-encoded): ${error instanceof Error ? error.message : String(error)}. ` +
        'Run `npm run gen-api -- --force` to write the page again.',
    );
  }
  const content = Buffer.from(JSON.stringify(operation));
  const name = `${FOLDER}/${createHash('sha256').update(content).digest('hex').slice(0, 20)}.json`;
  return {page: replace(`${OPERATION_FILE_KEY}: ${name}`) + rest, file: {name, content}};
}

module.exports.moveOperation = moveOperation;
module.exports.OPERATION_FILE_KEY = OPERATION_FILE_KEY;
