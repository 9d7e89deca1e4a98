/**
 * The operations of the merchant API's OpenAPI description (openapi/gerai/),
 * as a request block of a guide needs them: to check that the request it
 * shows is one the API has, and to fill in what the block leaves out (the
 * host, the authorization, the examples of parameters and body).
 */
import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';

import {parseYaml} from '@redocly/openapi-core';

import {HOSTS} from '../../constants';
import {RequestError} from './written';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

type Json = null | boolean | number | string | Json[] | {[key: string]: Json};
type JsonObject = {[key: string]: Json};

export interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required: boolean;
  /** The parameter's example (`example`, the first of `examples`, or its schema's). */
  readonly example?: Json;
}

export interface Operation {
  readonly id: string;
  /** Upper case, as on a request line. */
  readonly method: string;
  /** The path template: `/integrations/food/outlets/{outlet_id}/v1/properties`. */
  readonly template: string;
  /** The file of openapi/gerai/ that describes it. */
  readonly file: string;
  /** The sandbox host of src/constants.ts that the operation's servers name. */
  readonly host: string;
  readonly parameters: readonly Parameter[];
  /** The media types of its request body, first the one a request without Content-Type is sent as. */
  readonly bodyTypes: readonly string[];
  readonly bodyRequired: boolean;
  /** The request body examples by media type, each by name (`default` for a single `example`). */
  readonly bodyExamples: Readonly<Record<string, Readonly<Record<string, Json>>>>;
  /** The security scheme types a call may use, in order: `bearer` (OAuth 2.0 or bearer), `basic`; empty when none is needed. */
  readonly security: readonly ('bearer' | 'basic')[];
  /** The 2xx statuses it documents. */
  readonly successStatuses: readonly number[];
}

/** The sandbox hosts of src/constants.ts: a guide calls the sandbox. */
const SANDBOX_HOSTS = Object.values(HOSTS).map((host) => host.sandbox);

interface Loaded {
  readonly stamp: string;
  readonly operations: readonly Operation[];
}

const loaded = new Map<string, Loaded>();

/**
 * The operations of every description in `dir`, read again when a file has
 * changed since (so `npm start` follows edits of the description). Parsed with
 * the YAML parser of Redocly's library, which the OpenAPI generator reads the
 * descriptions with: it gives the same values as the `yaml` package here,
 * several times faster (which the compilation of the first guide a writer
 * opens waits for).
 */
export function loadOperations(dir: string): readonly Operation[] {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .sort();
  const stamp = files.map((name) => `${name}:${statSync(path.join(dir, name)).mtimeMs}`).join('|');
  const cached = loaded.get(dir);
  if (cached?.stamp === stamp) return cached.operations;
  const documents = new Map(
    files.map((name) => [name, parseYaml(readFileSync(path.join(dir, name), 'utf8')) as JsonObject]),
  );
  const operations = files.flatMap((name) => operationsOf(name, documents));
  loaded.set(dir, {stamp, operations});
  return operations;
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows `$ref`s (`#/...` and `./other.yaml#/...`) until the value is no reference. */
function resolve(
  value: Json | undefined,
  file: string,
  documents: ReadonlyMap<string, JsonObject>,
): {value: Json | undefined; file: string} {
  let current = value;
  let currentFile = file;
  for (let depth = 0; isObject(current) && typeof current.$ref === 'string'; depth++) {
    if (depth > 20) throw new Error(`request-samples: a $ref cycle in openapi/gerai/${file}`);
    const [target = '', pointer = ''] = current.$ref.split('#');
    if (target) currentFile = path.posix.normalize(path.posix.join(path.posix.dirname(currentFile), target));
    const document = documents.get(currentFile);
    if (!document) throw new Error(`request-samples: $ref ${current.$ref} names no file of openapi/gerai/`);
    current = pointer
      .split('/')
      .filter(Boolean)
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<Json | undefined>((node, key) => (isObject(node) ? node[key] : undefined), document);
  }
  return {value: current, file: currentFile};
}

function exampleOf(
  item: JsonObject,
  file: string,
  documents: ReadonlyMap<string, JsonObject>,
): Json | undefined {
  if (item.example !== undefined) return item.example;
  if (isObject(item.examples)) {
    const [first] = Object.values(item.examples);
    const example = resolve(first, file, documents).value;
    if (isObject(example) && example.value !== undefined) return example.value;
  }
  const schema = resolve(item.schema, file, documents).value;
  return isObject(schema) ? schema.example : undefined;
}

function operationsOf(file: string, documents: ReadonlyMap<string, JsonObject>): Operation[] {
  const document = documents.get(file) ?? {};
  const paths = isObject(document.paths) ? document.paths : {};
  const schemes =
    isObject(document.components) && isObject(document.components.securitySchemes)
      ? document.components.securitySchemes
      : {};
  const operations: Operation[] = [];
  for (const [template, pathItemValue] of Object.entries(paths)) {
    const pathItem = resolve(pathItemValue, file, documents).value;
    if (!isObject(pathItem)) continue;
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (!isObject(operation) || typeof operation.operationId !== 'string') continue;
      const id = operation.operationId;
      const servers = [operation.servers, pathItem.servers, document.servers]
        .find((list): list is Json[] => Array.isArray(list))
        ?.map((server) => (isObject(server) ? server.url : undefined));
      const host = SANDBOX_HOSTS.find((candidate) => servers?.includes(candidate));
      if (!host) {
        throw new Error(
          `request-samples: operation ${id} (openapi/gerai/${file}) has none of the sandbox hosts of src/constants.ts (${SANDBOX_HOSTS.join(', ')}) among its servers.`,
        );
      }
      const parameters = [
        ...(Array.isArray(pathItem.parameters) ? pathItem.parameters : []),
        ...(Array.isArray(operation.parameters) ? operation.parameters : []),
      ].flatMap((reference): Parameter[] => {
        const {value, file: from} = resolve(reference, file, documents);
        if (!isObject(value) || typeof value.name !== 'string' || typeof value.in !== 'string') return [];
        const example = exampleOf(value, from, documents);
        return [
          {
            name: value.name,
            in: value.in as Parameter['in'],
            required: value.required === true,
            ...(example === undefined ? {} : {example}),
          },
        ];
      });
      const {value: requestBody, file: bodyFile} = resolve(operation.requestBody, file, documents);
      const content = isObject(requestBody) && isObject(requestBody.content) ? requestBody.content : {};
      const bodyExamples: Record<string, Record<string, Json>> = {};
      for (const [type, mediaValue] of Object.entries(content)) {
        const media = resolve(mediaValue, bodyFile, documents).value;
        if (!isObject(media)) continue;
        const examples: Record<string, Json> = {};
        if (media.example !== undefined) examples.default = media.example;
        if (isObject(media.examples)) {
          for (const [name, exampleValue] of Object.entries(media.examples)) {
            const example = resolve(exampleValue, bodyFile, documents).value;
            if (isObject(example) && example.value !== undefined) examples[name] = example.value;
          }
        }
        bodyExamples[type] = examples;
      }
      const requirements = Array.isArray(operation.security)
        ? operation.security
        : Array.isArray(document.security)
          ? document.security
          : [];
      const security = requirements.flatMap((requirement): ('bearer' | 'basic')[] =>
        isObject(requirement)
          ? Object.keys(requirement).flatMap((name) => {
              const scheme = resolve(schemes[name], file, documents).value;
              if (!isObject(scheme)) return [];
              if (scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'basic') return ['basic'];
              return ['bearer'];
            })
          : [],
      );
      const responses = isObject(operation.responses) ? Object.keys(operation.responses) : [];
      operations.push({
        id,
        method: method.toUpperCase(),
        template,
        file,
        host,
        parameters,
        bodyTypes: Object.keys(content),
        bodyRequired: isObject(requestBody) && requestBody.required === true,
        bodyExamples,
        security,
        successStatuses: responses.filter((code) => /^2\d\d$/.test(code)).map(Number),
      });
    }
  }
  return operations;
}

/** A pattern matching the paths of a template, and how many of its characters are literal. */
function templateMatcher(template: string): {pattern: RegExp; literal: number} {
  const parts = template.split(/(\{[^}]+\})/);
  const pattern = parts
    .map((part) => (part.startsWith('{') ? '[^/?#]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  return {
    pattern: new RegExp(`^${pattern}$`),
    literal: parts.filter((part) => !part.startsWith('{')).join('').length,
  };
}

/** The operation a request line calls: the template that matches its path with the most literal text. */
export function findOperation(
  operations: readonly Operation[],
  method: string,
  requestPath: string,
): Operation | undefined {
  return operations
    .filter((operation) => operation.method === method)
    .map((operation) => ({operation, ...templateMatcher(operation.template)}))
    .filter(({pattern}) => pattern.test(requestPath))
    .sort((a, b) => b.literal - a.literal)[0]?.operation;
}

/** The operation named by id; a clear error otherwise. */
export function operationById(operations: readonly Operation[], id: string): Operation {
  const operation = operations.find((candidate) => candidate.id === id);
  if (!operation) {
    throw new RequestError(`operation=${id} names no operation of openapi/gerai/ (operationId).`);
  }
  return operation;
}

/** The path of an operation with each path parameter replaced by its example. */
export function examplePath(operation: Operation): string {
  return operation.template.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const parameter = operation.parameters.find(
      (candidate) => candidate.in === 'path' && candidate.name === name,
    );
    if (parameter?.example === undefined) {
      throw new RequestError(
        `the path parameter ${name} of ${operation.id} has no example in openapi/gerai/${operation.file}: write the request line.`,
      );
    }
    return encodeURIComponent(String(parameter.example));
  });
}
