/**
 * A request of a guide, resolved against the OpenAPI description and written
 * in every language of the request panel by postman-code-generators, with
 * the generators, variants and options the panel uses.
 */
import {createRequire} from 'node:module';

import {Request as PostmanRequest} from 'postman-collection';

import {CODE_GENERATOR_OPTIONS, CODE_SAMPLE_LANGUAGES} from '../../config/code-samples';
import {examplePath, findOperation, operationById, type Operation} from './operations';
import {readVariables, Variables} from './variables';
import {formFields, RequestError, type RequestOptions, type WrittenRequest} from './written';

/** One generator of postman-code-generators, as the request panel's list names it. */
interface CodeGenerator {
  readonly lang: string;
  readonly variant: string;
  readonly main: {
    convert(
      request: PostmanRequest,
      options: Record<string, unknown>,
      callback: (error: unknown, snippet: string) => void,
    ): void;
  };
}

const requireHere = createRequire(__filename);

/**
 * The generators of the request panel (the list that replaces the package's
 * own in its bundle), so that a language's variant is the one the panel
 * shows: the variant `languageTabs` names, or the first the list has.
 */
const GENERATORS = requireHere('../../plugins/api-reference-bundle/code-generators.cjs') as CodeGenerator[];

function generatorFor(language: string, variant: string | undefined): CodeGenerator {
  const generator = GENERATORS.find(
    (candidate) =>
      candidate.lang === language &&
      (variant === undefined || candidate.variant.toLowerCase() === variant.toLowerCase()),
  );
  if (!generator) {
    throw new Error(
      `request-samples: the request panel has no generator for ${language}${variant ? ` (${variant})` : ''}: see src/plugins/api-reference-bundle/code-generators.cjs.`,
    );
  }
  return generator;
}

/** A request ready to be written in each language. */
export interface ResolvedRequest {
  readonly operation: Operation;
  readonly method: string;
  /** The path and query, with the variables as written (`$ACCESS_TOKEN`). */
  readonly target: string;
  readonly headers: readonly {readonly name: string; readonly value: string}[];
  readonly body?: {readonly type: string; readonly text: string};
}

/** The value of a header, by case-insensitive name. */
function headerValue(headers: ResolvedRequest['headers'], name: string): string | undefined {
  return headers.find((header) => header.name.toLowerCase() === name.toLowerCase())?.value;
}

function isJson(type: string): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\b/i.test(type);
}

/** A body example of the description as the text a writer would write. */
function exampleText(type: string, example: unknown): string {
  if (isJson(type)) return JSON.stringify(example, null, 2);
  if (typeof example === 'object' && example !== null) {
    return Object.entries(example)
      .map(([name, value]) => `${name}=${String(value)}`)
      .join('\n');
  }
  return String(example);
}

/**
 * The request a block shows: its written request, completed from the
 * description. The operation is the one `operation=` names, or the one whose
 * method and path template match the request line; what the block leaves out
 * comes from the operation: the whole request line, a body it requires (its
 * first example; `example=` picks one), the Authorization header (from its security:
 * `Bearer $ACCESS_TOKEN`, or `Basic $CLIENT_ID:$CLIENT_SECRET`) and the
 * Content-Type of a body.
 */
export function resolveRequest(
  operations: readonly Operation[],
  written: WrittenRequest | undefined,
  options: RequestOptions,
): ResolvedRequest {
  let operation: Operation | undefined;
  if (options.operation) operation = operationById(operations, options.operation);
  if (written) {
    const requestPath = written.target.replace(/[?#].*$/, '');
    const matched = findOperation(operations, written.method, requestPath);
    if (!matched) {
      throw new RequestError(
        `${written.method} ${requestPath} is no operation of the OpenAPI description (openapi/gerai/): check the method and the path.`,
      );
    }
    if (operation && matched !== operation) {
      throw new RequestError(
        `operation=${operation.id} is ${operation.method} ${operation.template}, but the request line calls ${matched.id} (${matched.method} ${matched.template}).`,
      );
    }
    operation = matched;
  }
  if (!operation)
    throw new RequestError(
      'an empty request block: write the request, or name it with operation=<operationId>.',
    );

  const method = written?.method ?? operation.method;
  const target = written?.target ?? withRequiredQuery(operation, examplePath(operation));
  const headers = [...(written?.headers ?? requiredHeaders(operation))];

  let body: ResolvedRequest['body'];
  const declaredType = headerValue(headers, 'Content-Type');
  if (written?.body !== undefined || options.example !== undefined || operation.bodyRequired) {
    if (operation.bodyTypes.length === 0) {
      throw new RequestError(`${operation.id} takes no request body: leave the body out.`);
    }
    const type = declaredType ?? operation.bodyTypes[0] ?? 'application/json';
    let text = written?.body;
    if (text === undefined) {
      const examples = operation.bodyExamples[type] ?? {};
      const name = options.example ?? Object.keys(examples)[0];
      if (name === undefined || !(name in examples)) {
        throw new RequestError(
          `${operation.id} has no request body example${options.example ? ` named ${options.example}` : ''} for ${type} in openapi/gerai/${operation.file}${Object.keys(examples).length > 0 ? ` (it has ${Object.keys(examples).join(', ')})` : ''}: write the body.`,
        );
      }
      text = exampleText(type, examples[name]);
    }
    if (isJson(type)) {
      try {
        JSON.parse(text);
      } catch (error) {
        throw new RequestError(`the body is not JSON (${(error as Error).message}).`);
      }
    }
    body = {type, text};
    if (!declaredType) headers.push({name: 'Content-Type', value: type});
  }

  if (headerValue(headers, 'Authorization') === undefined) {
    const [scheme] = operation.security;
    if (scheme === 'basic')
      headers.unshift({name: 'Authorization', value: 'Basic $CLIENT_ID:$CLIENT_SECRET'});
    if (scheme === 'bearer') headers.unshift({name: 'Authorization', value: 'Bearer $ACCESS_TOKEN'});
  }
  return {operation, method, target, headers, ...(body ? {body} : {})};
}

function withRequiredQuery(operation: Operation, path: string): string {
  const query = operation.parameters
    .filter((parameter) => parameter.in === 'query' && parameter.required)
    .map((parameter) => {
      if (parameter.example === undefined) {
        throw new RequestError(
          `the query parameter ${parameter.name} of ${operation.id} has no example in openapi/gerai/${operation.file}: write the request line.`,
        );
      }
      return `${encodeURIComponent(parameter.name)}=${encodeURIComponent(String(parameter.example))}`;
    });
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

function requiredHeaders(operation: Operation): {name: string; value: string}[] {
  return operation.parameters
    .filter((parameter) => parameter.in === 'header' && parameter.required && parameter.example !== undefined)
    .map((parameter) => ({name: parameter.name, value: String(parameter.example)}));
}

/** The request as postman-collection describes it, with each variable as its placeholder. */
function postmanRequest(request: ResolvedRequest, variables: Variables): PostmanRequest {
  const header = request.headers.map(({name, value}) => ({
    key: name,
    value:
      name.toLowerCase() === 'authorization' ? variables.authorization(value) : variables.placeholders(value),
  }));
  let body: object | undefined;
  if (request.body) {
    const text = variables.placeholders(request.body.text);
    body = /^application\/x-www-form-urlencoded\b/i.test(request.body.type)
      ? {mode: 'urlencoded', urlencoded: formFields(text).map(([key, value]) => ({key, value}))}
      : {
          mode: 'raw',
          raw: isJson(request.body.type) ? JSON.stringify(JSON.parse(text), null, 2) : text,
          ...(isJson(request.body.type) ? {options: {raw: {language: 'json'}}} : {}),
        };
  }
  return new PostmanRequest({
    url: `${request.operation.host}${variables.placeholders(request.target)}`,
    method: request.method,
    header,
    ...(body ? {body} : {}),
  });
}

/** The code of one language of a request. */
export interface LanguageSample {
  /** The theme's language key (`nodejs`). */
  readonly language: string;
  /** The Prism language it is highlighted as. */
  readonly highlight: string;
  readonly code: string;
}

/** A request in every language of the request panel, in the panel's order. */
export function requestSamples(request: ResolvedRequest): LanguageSample[] {
  return CODE_SAMPLE_LANGUAGES.map(({language, highlight, variant}) => {
    const variables = new Variables();
    const postman = postmanRequest(request, variables);
    let snippet: string | undefined;
    let failure: unknown;
    generatorFor(language, variant).main.convert(postman, {...CODE_GENERATOR_OPTIONS}, (error, code) => {
      failure = error;
      snippet = code;
    });
    if (failure || snippet === undefined) {
      throw new Error(
        `request-samples: postman-code-generators could not write ${request.method} ${request.target} in ${language}: ${String(failure ?? 'it did not answer at once')}`,
      );
    }
    // Some generators end lines with a space (Axios after each header); no body has one, as bodies are written again here.
    const code = snippet.replace(/[ \t]+$/gm, '').trim();
    return {language, highlight, code: readVariables(language, code, variables)};
  });
}
