/**
 * Remark plugin: each API request a page shows, written once as an `http`
 * block (./written.ts), becomes a `RequestSamples` element
 * (src/components/RequestSamples): the request in every language of the
 * request panel, in its order, written by postman-code-generators while the
 * site is built and highlighted then, so readers of the page's HTML see it
 * without JavaScript.
 *
 * The first language's code stays in the page, as a code block that
 * `remarkHighlightCode` highlights like any other. The others are written
 * into one JSON file per page (`SAMPLES_DIR/<hash>.json`, beside the
 * bundler's cache), with their tokens: the server render imports it (`?server`; the browser's
 * bundle gets `null` in its place, see src/plugins/request-samples), and the
 * browser loads it only when a reader picks one of those languages. So the
 * page's HTML holds every language, while its script grows only by the code
 * it shows first.
 *
 * It runs after `remarkSubstituteTokens` and before `remarkHighlightCode`.
 * A request the build cannot show (an operation the description lacks, a
 * body that is not JSON) stops the build with the page, the line and what to
 * change.
 */
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import type {Program} from 'estree';
import type {Code, Root, RootContent} from 'mdast';
import type {MdxJsxAttribute, MdxJsxFlowElement} from 'mdast-util-mdx-jsx';
import type {MdxjsEsm} from 'mdast-util-mdxjs-esm';
import {SKIP, visit} from 'unist-util-visit';

import {CODE_SAMPLE_LANGUAGES, type BuiltSample, type PageSamples} from '../../config/code-samples';
import {encodedTokens, registerLanguages} from '../highlight-code';
import {requestSamples, resolveRequest} from './generate';
import {loadOperations} from './operations';
import {isRequestText, parseOptions, parseWrittenRequest, RequestError} from './written';

export interface RequestSamplesOptions {
  /** The site's folder: the descriptions are in `openapi/gerai/`, the page files go to SAMPLES_DIR in it. */
  readonly siteDir: string;
  /** Prism languages to add to prism-react-renderer's: the theme's `prism.additionalLanguages`. */
  readonly additionalLanguages: readonly string[];
}

/**
 * The folder of the pages' JSON files, relative to the site: beside the bundler's persistent cache,
 * which keeps each page's compiled module, with its import of the file, from one `npm start` or
 * build to the next. Under Docusaurus's generated files (`.docusaurus/`), which a writer may remove
 * without the cache, a kept module imported a file that was gone ("Cannot find module" at the next
 * start). Here the two go together (`docusaurus clear` empties both), and, outside the development
 * server's watcher, a file written during a compilation does not start another.
 * src/plugins/request-samples matches the folder's name: keep it free of regular expressions'
 * special characters.
 */
export const SAMPLES_DIR = path.join('node_modules', '.cache', 'gerai-request-samples');

const COMPONENT = 'RequestSamples';
const LOADER = 'loadRequestSamples';
const ON_SERVER = 'requestSamplesOnServer';

/** Whether a code block is a request to show in every language. */
export function isRequestBlock(node: Code): boolean {
  if (node.lang?.toLowerCase() !== 'http') return false;
  const named = /(?:^|\s)operation=/.test(node.meta ?? '');
  return named || isRequestText(node.value);
}

function identifier(name: string) {
  return {type: 'Identifier' as const, name};
}

function literal(value: string) {
  return {type: 'Literal' as const, value, raw: JSON.stringify(value)};
}

/** An attribute whose value is a JavaScript expression, with the syntax tree MDX compiles. */
function expressionAttribute(name: string, source: string, expression: object): MdxJsxAttribute {
  const estree = {
    type: 'Program',
    sourceType: 'module',
    body: [{type: 'ExpressionStatement', expression}],
  } as unknown as Program;
  return {
    type: 'mdxJsxAttribute',
    name,
    value: {type: 'mdxJsxAttributeValueExpression', value: source, data: {estree}},
  };
}

/** The imports of a page with requests: the component, its JSON file on the server, and its loader. */
function pageImports(module: string): MdxjsEsm {
  const component = '@site/src/components/RequestSamples';
  const estree = {
    type: 'Program',
    sourceType: 'module',
    body: [
      {
        type: 'ImportDeclaration',
        specifiers: [{type: 'ImportDefaultSpecifier', local: identifier(COMPONENT)}],
        source: literal(component),
      },
      {
        type: 'ImportDeclaration',
        specifiers: [{type: 'ImportDefaultSpecifier', local: identifier(ON_SERVER)}],
        source: literal(`${module}?server`),
      },
      {
        type: 'ExportNamedDeclaration',
        specifiers: [],
        source: null,
        declaration: {
          type: 'VariableDeclaration',
          kind: 'const',
          declarations: [
            {
              type: 'VariableDeclarator',
              id: identifier(LOADER),
              init: {
                type: 'ArrowFunctionExpression',
                params: [],
                async: false,
                generator: false,
                expression: true,
                body: {type: 'ImportExpression', source: literal(module)},
              },
            },
          ],
        },
      },
    ],
  } as unknown as Program;
  return {
    type: 'mdxjsEsm',
    value: [
      `import ${COMPONENT} from ${JSON.stringify(component)};`,
      `import ${ON_SERVER} from ${JSON.stringify(`${module}?server`)};`,
      `export const ${LOADER} = () => import(${JSON.stringify(module)});`,
    ].join('\n'),
    data: {estree},
  };
}

/** Writes a page's JSON file, named after its content, and returns its path, which the page imports. */
function writePageSamples(siteDir: string, samples: PageSamples): string {
  const text = JSON.stringify(samples);
  const name = `${createHash('sha256').update(text).digest('hex').slice(0, 16)}.json`;
  const dir = path.join(siteDir, SAMPLES_DIR);
  const file = path.join(dir, name);
  if (!existsSync(file)) {
    mkdirSync(dir, {recursive: true});
    writeFileSync(file, text);
  }
  return file;
}

export default function remarkRequestSamples(options: RequestSamplesOptions) {
  registerLanguages(options.additionalLanguages);
  const openapiDir = path.join(options.siteDir, 'openapi', 'gerai');
  const [first, ...deferred] = CODE_SAMPLE_LANGUAGES;
  if (!first) throw new Error('request-samples: src/config/code-samples.ts lists no language');
  return (tree: Root, file: {path?: string}) => {
    const where = path.relative(options.siteDir, file.path ?? 'a page');
    const pageSamples: Record<string, BuiltSample>[] = [];
    visit(tree, 'code', (node: Code, index, parent) => {
      if (!isRequestBlock(node) || !parent || index === undefined) return undefined;
      let samples;
      let operation;
      try {
        const request = resolveRequest(
          loadOperations(openapiDir),
          parseWrittenRequest(node.value),
          parseOptions(node.meta),
        );
        operation = request.operation.id;
        samples = requestSamples(request);
      } catch (error) {
        if (!(error instanceof RequestError)) throw error;
        throw new Error(`${where}:${node.position?.start.line ?? '?'}: request block: ${error.message}`);
      }
      const shown = samples.find((sample) => sample.language === first.language);
      if (!shown) throw new Error(`request-samples: no ${first.language} code`);
      pageSamples.push(
        Object.fromEntries(
          deferred.map(({language, highlight}) => {
            const code = samples.find((sample) => sample.language === language)?.code ?? '';
            return [language, {code, tokens: encodedTokens(code, highlight)}];
          }),
        ),
      );
      const element: MdxJsxFlowElement = {
        type: 'mdxJsxFlowElement',
        name: COMPONENT,
        attributes: [
          {type: 'mdxJsxAttribute', name: 'operation', value: operation},
          expressionAttribute('index', String(pageSamples.length - 1), {
            type: 'Literal',
            value: pageSamples.length - 1,
            raw: String(pageSamples.length - 1),
          }),
          expressionAttribute('load', LOADER, identifier(LOADER)),
          expressionAttribute('server', ON_SERVER, identifier(ON_SERVER)),
        ],
        children: [{type: 'code', lang: first.highlight, meta: null, value: shown.code}],
      };
      parent.children[index] = element as RootContent;
      return SKIP;
    });
    if (pageSamples.length > 0) {
      tree.children.unshift(pageImports(writePageSamples(options.siteDir, pageSamples)));
    }
  };
}
