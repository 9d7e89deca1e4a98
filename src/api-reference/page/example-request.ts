/**
 * The example request of a reference page: the operation's request as it goes over the wire,
 * written from its own description so that the API it documents accepts it once the
 * placeholders are filled in.
 *
 * - **Credentials** follow the operation's first security requirement: none; HTTP Basic
 *   (`Authorization: Basic <base64 of …>`, the client's id and secret on a token endpoint of the
 *   description's OAuth 2.0 flows); a bearer token for HTTP Bearer, OAuth 2.0 and OpenID Connect;
 *   an API key in its header, query parameter or cookie. The other requirements are named
 *   beside the block.
 * - **The body** is written as its media type sends it: JSON, a form as `a=b&c=d`, multipart
 *   with its parts, XML, text, or a placeholder for a file's bytes.
 * - **Parameters** are serialised by their `style` and `explode`.
 * - **Values** are the description's examples, and where it gives none, a value made from the
 *   schema by openapi-sampler (valid against it: formats, patterns, enums and bounds).
 *
 * Placeholders are `<…>` and say what goes there; a credential is never made up.
 */
import Ajv2020 from 'ajv/dist/2020';
import {sample} from 'openapi-sampler';

import {inlineCode} from './mdx';
import type {SchemaObject} from './schema';

export interface MediaType {
  schema?: SchemaObject;
  example?: unknown;
  examples?: Record<string, {value?: unknown; summary?: string}>;
  encoding?: Record<string, {contentType?: string}>;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  deprecated?: boolean;
  description?: string;
  style?: string;
  explode?: boolean;
  example?: unknown;
  examples?: Record<string, {value?: unknown}>;
  schema?: SchemaObject;
  content?: Record<string, MediaType>;
}

export interface Server {
  url: string;
  description?: string;
  variables?: Record<string, {default?: string}>;
}

export interface SecurityScheme {
  type?: string;
  scheme?: string;
  name?: string;
  in?: string;
  description?: string;
  flows?: Record<string, {tokenUrl?: string}>;
}

/** What of an operation its example request is written from. */
export interface RequestOperation {
  method: string;
  path: string;
  parameters?: Parameter[];
  requestBody?: {description?: string; required?: boolean; content?: Record<string, MediaType>};
  servers?: Server[];
  security?: Record<string, string[]>[];
  securitySchemes?: Record<string, SecurityScheme>;
}

/** The placeholder of a bearer token (HTTP Bearer, OAuth 2.0, OpenID Connect). */
export const ACCESS_TOKEN = '<access token>';
/** The placeholder of an API key. */
export const API_KEY = '<api-key>';
/** The placeholder of HTTP Basic credentials: `<base64 of user:password>`. */
export const basicCredentials = (user: string, password: string) => `<base64 of ${user}:${password}>`;
/** The placeholder of a file's bytes, in a binary body or a multipart part. */
export const fileContents = (name: string) => `<contents of ${name}>`;
/** The boundary of an example multipart body. */
export const MULTIPART_BOUNDARY = 'example-boundary';

/** The example of a media type: its `example`, or the first of its named `examples`. */
export function exampleOf(media: MediaType | undefined): unknown {
  if (!media) {
    return undefined;
  }
  return media.example !== undefined ? media.example : Object.values(media.examples ?? {})[0]?.value;
}

/** The example the description gives for a parameter, if any (its own, then its schema's). */
export function parameterExample(parameter: Parameter): unknown {
  const schema = parameter.schema as (SchemaObject & {examples?: unknown[]}) | undefined;
  return (
    parameter.example ??
    Object.values(parameter.examples ?? {})[0]?.value ??
    exampleOf(Object.values(parameter.content ?? {})[0]) ??
    schema?.example ??
    (Array.isArray(schema?.examples) ? schema.examples[0] : undefined) ??
    schema?.default ??
    schema?.enum?.[0]
  );
}

/** A value valid against `schema`, made by openapi-sampler; undefined when it cannot make one. */
function sampled(
  schema: SchemaObject | undefined,
  format: 'json' | 'xml' = 'json',
  skipNonRequired = false,
): unknown {
  if (!schema) return undefined;
  try {
    // A copy: given a schema object that the description shares between operations (a YAML
    // alias), the sampler wrote an empty XML element; it does not for a copy.
    return sample(structuredClone(schema) as Parameters<typeof sample>[0], {
      skipReadOnly: true,
      enablePatterns: true,
      quiet: true,
      skipNonRequired,
      format,
    });
  } catch {
    return undefined;
  }
}

/**
 * A schema as a request is checked against it: read-only properties left out (a request never
 * sends them, required or not), and OpenAPI 3.0's `nullable` as a type of JSON Schema.
 */
function requestSchema(schema: unknown, depth = 0): unknown {
  if (Array.isArray(schema)) return schema.map((item) => requestSchema(item, depth + 1));
  if (typeof schema !== 'object' || schema === null || depth > 40) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = requestSchema(value, depth + 1);
  const properties = copy.properties as Record<string, {readOnly?: boolean}> | undefined;
  if (properties && typeof properties === 'object') {
    const readOnly = Object.keys(properties).filter((name) => properties[name]?.readOnly === true);
    copy.properties = Object.fromEntries(
      Object.entries(properties).filter(([name]) => !readOnly.includes(name)),
    );
    if (Array.isArray(copy.required))
      copy.required = copy.required.filter((name) => !readOnly.includes(name as string));
  }
  if (copy.nullable === true && typeof copy.type === 'string') copy.type = [copy.type, 'null'];
  return copy;
}

const validator = new Ajv2020({strict: false, validateFormats: false, allErrors: false});

/**
 * Whether `value` is valid against `schema` as a request; undefined when the schema is one that
 * Ajv cannot compile (a keyword of another draft, a malformed part).
 */
function isValidRequestValue(schema: SchemaObject, value: unknown): boolean | undefined {
  const checked = requestSchema(schema) as object;
  try {
    return validator.compile(checked)(value) === true;
  } catch {
    return undefined;
  } finally {
    // Compiled schemas are kept until removed: one per operation would stay for the whole build.
    validator.removeSchema(checked);
  }
}

/**
 * The longest body, in characters of JSON, that an example request fills every field of: a
 * schema of thousands of fields would make an example of thousands of lines, longer than the
 * page's list of them.
 */
const LONGEST_FULL_BODY = 20_000;

/**
 * A body made from its schema: every field the sampler fills when that is valid and not too long
 * (LONGEST_FULL_BODY), else the required fields alone (the sampler picks alternatives without
 * checking them, and a schema that cannot be checked is given the fewest fields that can go wrong).
 */
function sampledBody(schema: SchemaObject | undefined, requiredOnly: boolean): unknown {
  const full = sampled(schema, 'json', requiredOnly);
  if (requiredOnly || schema === undefined || full === undefined) return full;
  if (JSON.stringify(full).length <= LONGEST_FULL_BODY && isValidRequestValue(schema, full) === true)
    return full;
  return sampled(schema, 'json', true) ?? full;
}

/** A parameter's value: the description's example, else one made from its schema. */
function parameterValue(parameter: Parameter): unknown {
  const example = parameterExample(parameter);
  if (example !== undefined) return example;
  const content = Object.values(parameter.content ?? {})[0];
  return sampled(content?.schema ?? parameter.schema);
}

/** A server address as a reader would type it: variables replaced by their defaults. */
export function serverUrl(server: Server): string {
  return server.url.replace(
    /\{([^}]+)\}/g,
    (whole, name: string) => server.variables?.[name]?.default ?? whole,
  );
}

const scalar = (value: unknown) =>
  typeof value === 'string'
    ? value
    : value === null
      ? 'null'
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

/** How a parameter's value goes into the path, query, a header or a cookie (OpenAPI's `style` values). */
function serialise(parameter: Parameter, value: unknown, encode: (text: string) => string): string[] {
  const name = parameter.name;
  if (parameter.content) {
    const text = encode(JSON.stringify(value));
    return [parameter.in === 'query' || parameter.in === 'cookie' ? `${encode(name)}=${text}` : text];
  }
  const style =
    parameter.style ?? (parameter.in === 'query' || parameter.in === 'cookie' ? 'form' : 'simple');
  const explode = parameter.explode ?? style === 'form';
  const entries: [string, string][] | undefined =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, scalar(item)])
      : undefined;
  const items = Array.isArray(value) ? value.map(scalar) : undefined;
  const one = scalar(value);
  switch (style) {
    case 'deepObject':
      return (entries ?? [[name, one]]).map(
        ([key, item]) => `${encode(name)}%5B${encode(key)}%5D=${encode(item)}`,
      );
    case 'spaceDelimited':
    case 'pipeDelimited': {
      const separator = style === 'spaceDelimited' ? '%20' : '%7C';
      const parts = items ?? entries?.flat() ?? [one];
      return [`${encode(name)}=${parts.map(encode).join(separator)}`];
    }
    case 'form': {
      if (items) {
        return explode
          ? items.map((item) => `${encode(name)}=${encode(item)}`)
          : [`${encode(name)}=${items.map(encode).join(',')}`];
      }
      if (entries) {
        return explode
          ? entries.map(([key, item]) => `${encode(key)}=${encode(item)}`)
          : [`${encode(name)}=${entries.flat().map(encode).join(',')}`];
      }
      return [`${encode(name)}=${encode(one)}`];
    }
    case 'label':
    case 'matrix': {
      const prefix = style === 'label' ? '.' : `;${name}=`;
      const separator = style === 'label' ? (explode ? '.' : ',') : explode ? `;${name}=` : ',';
      if (items) return [`${prefix}${items.map(encode).join(separator)}`];
      if (entries) {
        return [
          style === 'matrix' && explode
            ? entries.map(([key, item]) => `;${encode(key)}=${encode(item)}`).join('')
            : `${prefix}${entries.map(([key, item]) => (explode ? `${encode(key)}=${encode(item)}` : `${encode(key)},${encode(item)}`)).join(separator)}`,
        ];
      }
      return [`${prefix}${encode(one)}`];
    }
    default: {
      // simple: path and header values
      if (items) return [items.map(encode).join(',')];
      if (entries) {
        return [
          entries
            .map(([key, item]) =>
              explode ? `${encode(key)}=${encode(item)}` : `${encode(key)},${encode(item)}`,
            )
            .join(','),
        ];
      }
      return [encode(one)];
    }
  }
}

const keepText = (text: string) => text;

/** The description's words for one way of authenticating, for the page's prose. */
export function describeScheme(name: string, scheme: SecurityScheme | undefined): string {
  if (scheme?.type === 'oauth2' || scheme?.type === 'openIdConnect') {
    return 'an OAuth 2.0 access token in `Authorization: Bearer <token>`';
  }
  if (scheme?.type === 'apiKey') {
    return `an API key in the ${scheme.in ?? 'header'} ${inlineCode(scheme.name ?? name)}`;
  }
  if (scheme?.type === 'http') {
    return `HTTP ${scheme.scheme ?? ''} authentication`.replace(/\s+/g, ' ');
  }
  return inlineCode(name);
}

/** One security requirement in words: each scheme, with its scopes. */
export function describeRequirement(
  requirement: Record<string, string[]>,
  schemes: Record<string, SecurityScheme> | undefined,
): string {
  return Object.entries(requirement)
    .map(([name, scopes]) => {
      const scopeList =
        scopes.length > 0
          ? ` with the scope${scopes.length > 1 ? 's' : ''} ${scopes.map(inlineCode).join(' and ')}`
          : '';
      return `${describeScheme(name, schemes?.[name])}${scopeList}`;
    })
    .join(', plus ');
}

/** The path of an address, without a trailing slash: `/v1` of `https://host/v1/`. */
const pathOf = (url: string) => new URL(url).pathname.replace(/\/+$/, '');

/** Whether a schema, or one of its alternatives, has the property `name`. */
const hasProperty = (schema: SchemaObject | undefined, name: string): boolean =>
  schema !== undefined &&
  (Object.hasOwn(schema.properties ?? {}, name) ||
    [...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.allOf ?? [])].some((part) =>
      hasProperty(part as SchemaObject, name),
    ));

/**
 * Whether HTTP Basic credentials on this operation are an OAuth 2.0 client's (RFC 6749, section
 * 2.3.1): the operation is the token endpoint of one of the description's OAuth 2.0 flows, or its
 * body is a token request (it has a `grant_type`).
 */
function isTokenEndpoint(operation: RequestOperation): boolean {
  const path = operation.path.replace(/\/+$/, '');
  const bodies = Object.values(operation.requestBody?.content ?? {});
  if (bodies.some((media) => hasProperty(media.schema, 'grant_type'))) return true;
  return Object.values(operation.securitySchemes ?? {}).some(
    (scheme) =>
      scheme.type === 'oauth2' &&
      Object.values(scheme.flows ?? {}).some(
        (flow) =>
          typeof flow.tokenUrl === 'string' &&
          URL.canParse(flow.tokenUrl, 'http://relative.invalid') &&
          new URL(flow.tokenUrl, 'http://relative.invalid').pathname.replace(/\/+$/, '').endsWith(path),
      ),
  );
}

/** The credentials of one security requirement, as headers, query parameters and cookies. */
function credentials(operation: RequestOperation, requirement: Record<string, string[]>) {
  const headers: [string, string][] = [];
  const query: string[] = [];
  const cookies: string[] = [];
  for (const name of Object.keys(requirement)) {
    const scheme = operation.securitySchemes?.[name];
    if (scheme?.type === 'http' && scheme.scheme?.toLowerCase() === 'basic') {
      const [user, password] = isTokenEndpoint(operation)
        ? ['client_id', 'client_secret']
        : ['username', 'password'];
      headers.push(['Authorization', `Basic ${basicCredentials(user, password)}`]);
    } else if (scheme?.type === 'apiKey' && scheme.name) {
      if (scheme.in === 'query') query.push(`${encodeURIComponent(scheme.name)}=${API_KEY}`);
      else if (scheme.in === 'cookie') cookies.push(`${scheme.name}=${API_KEY}`);
      else headers.push([scheme.name, API_KEY]);
    } else if (scheme?.type === 'http' && scheme.scheme && scheme.scheme.toLowerCase() !== 'bearer') {
      // Digest and other HTTP schemes: their own word, with what the scheme says goes after it.
      headers.push([
        'Authorization',
        `${scheme.scheme[0]?.toUpperCase()}${scheme.scheme.slice(1)} <credentials>`,
      ]);
    } else {
      // HTTP Bearer, OAuth 2.0, OpenID Connect, and a scheme the description does not define.
      headers.push(['Authorization', `Bearer ${ACCESS_TOKEN}`]);
    }
  }
  return {headers, query, cookies};
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b|^\*\/\*$/i;
const XML_TYPE = /^(?:application|text)\/(?:[\w.+-]+\+)?xml\b/i;
const isBinarySchema = (schema: SchemaObject | undefined) => {
  const value = schema as (SchemaObject & {contentEncoding?: string; contentMediaType?: string}) | undefined;
  return (
    value?.format === 'binary' || value?.contentMediaType !== undefined || value?.contentEncoding === 'binary'
  );
};

/** Whether a media type's body is a file's bytes rather than text the page can show. */
function isFileBody(type: string, media: MediaType): boolean {
  if (JSON_TYPE.test(type) || XML_TYPE.test(type) || /^text\//i.test(type)) return false;
  if (/^application\/x-www-form-urlencoded|^multipart\//i.test(type)) return false;
  return media.schema === undefined || isBinarySchema(media.schema) || exampleOf(media) === undefined;
}

/** The body of a form: `name=value` pairs joined by `&`, each URL-encoded. */
function formBody(value: unknown): string {
  if (typeof value === 'string') return value;
  const fields = Object.entries((value ?? {}) as Record<string, unknown>).flatMap(([key, item]) =>
    Array.isArray(item) ? item.map((one) => [key, scalar(one)]) : [[key, scalar(item)]],
  );
  const encode = (text: string) => encodeURIComponent(text).replace(/%20/g, '+');
  return fields.map(([key, item]) => `${encode(key ?? '')}=${encode(item ?? '')}`).join('&');
}

/** A multipart body: a part for each field of the example, a file's bytes as a placeholder. */
function multipartBody(value: unknown, media: MediaType): string {
  const properties = (media.schema?.properties ?? {}) as Record<string, SchemaObject>;
  const fields = {...((value ?? {}) as Record<string, unknown>)};
  // A file part the example leaves out but the schema requires is still sent.
  for (const name of (media.schema?.required ?? []) as string[]) {
    if (!(name in fields) && isBinarySchema(properties[name])) fields[name] = '';
  }
  const lines: string[] = [];
  for (const [name, item] of Object.entries(fields)) {
    const schema = properties[name];
    const itemSchema = (schema?.type === 'array' ? schema.items : schema) as SchemaObject | undefined;
    const values = Array.isArray(item) && schema?.type === 'array' ? item : [item];
    for (const one of values) {
      lines.push(`--${MULTIPART_BOUNDARY}`);
      if (isBinarySchema(itemSchema)) {
        const contentType =
          media.encoding?.[name]?.contentType?.split(',')[0]?.trim() ?? 'application/octet-stream';
        lines.push(
          `Content-Disposition: form-data; name="${name}"; filename="${name}"`,
          `Content-Type: ${contentType}`,
          '',
          fileContents(name),
        );
      } else if (one !== null && typeof one === 'object') {
        lines.push(
          `Content-Disposition: form-data; name="${name}"`,
          'Content-Type: application/json',
          '',
          JSON.stringify(one),
        );
      } else {
        lines.push(`Content-Disposition: form-data; name="${name}"`, '', scalar(one));
      }
    }
  }
  lines.push(`--${MULTIPART_BOUNDARY}--`);
  return lines.join('\n');
}

/** The body of the request's first media type, and the Content-Type it goes with. */
function requestBody(operation: RequestOperation): {contentType: string; body?: string} | undefined {
  const [type, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
  if (type === undefined || media === undefined) return undefined;
  if (isFileBody(type, media)) {
    return {
      contentType: type.includes('*') ? 'application/octet-stream' : type,
      body: fileContents('the file'),
    };
  }
  const example = exampleOf(media);
  if (XML_TYPE.test(type)) {
    if (typeof example === 'string') return {contentType: type, body: example};
    const schema = example === undefined ? media.schema : {...media.schema, example};
    const xml = sampled(schema, 'xml');
    return {contentType: type, ...(typeof xml === 'string' ? {body: xml.trim()} : {})};
  }
  // A form or multipart body made from its schema sends its required fields only: a mock parses
  // an optional array sent once as a string. The description's own example is sent unless it is
  // longer than LONGEST_FULL_BODY, where one made from the schema is shorter.
  const literal =
    example !== undefined && JSON.stringify(example).length <= LONGEST_FULL_BODY ? example : undefined;
  const value =
    literal ??
    sampledBody(media.schema, /^(?:multipart\/|application\/x-www-form-urlencoded)/i.test(type)) ??
    example;
  if (/^application\/x-www-form-urlencoded/i.test(type)) {
    return {contentType: type, ...(value === undefined ? {} : {body: formBody(value)})};
  }
  if (/^multipart\//i.test(type)) {
    return {contentType: `${type}; boundary=${MULTIPART_BOUNDARY}`, body: multipartBody(value, media)};
  }
  if (value === undefined) return {contentType: type};
  return {
    contentType: type.includes('*') ? 'application/json' : type,
    body: typeof value === 'string' && !JSON_TYPE.test(type) ? value : JSON.stringify(value, null, 2),
  };
}

export interface ExampleRequest {
  /** The request as it goes over the wire, placeholders in `<…>`. */
  readonly text: string;
  /** The security requirement the example uses, in words, when the operation has several. */
  readonly way?: string;
  /** The security requirements the example does not use, in words; empty when it has one way or none. */
  readonly otherWays: readonly string[];
}

/** The example request of an operation (see above). */
export function exampleRequest(operation: RequestOperation): ExampleRequest {
  const parameters = operation.parameters ?? [];
  const server = operation.servers?.map(serverUrl).find((url) => /^https?:\/\//.test(url));
  let path = `${server ? pathOf(server) : ''}${operation.path}`;
  for (const parameter of parameters.filter((p) => p.in === 'path')) {
    const value = parameterValue(parameter) ?? parameter.name;
    const [text = ''] = serialise(parameter, value, encodeURIComponent);
    path = path.replace(`{${parameter.name}}`, text);
  }
  const requirements = operation.security ?? [];
  const [first, ...others] = requirements;
  const auth = credentials(operation, first ?? {});
  const query = [
    ...parameters
      .filter((p) => p.in === 'query' && (p.required || parameterExample(p) !== undefined))
      .flatMap((p) => serialise(p, parameterValue(p), encodeURIComponent)),
    ...auth.query,
  ];
  const lines = [
    // A path that holds a query of its own (`/search?mode=fast`) goes on with `&`.
    `${operation.method.toUpperCase()} ${query.length > 0 ? `${path}${path.includes('?') ? '&' : '?'}${query.join('&')}` : path} HTTP/1.1`,
  ];
  if (server) lines.push(`Host: ${new URL(server).host}`);
  lines.push(...auth.headers.map(([name, value]) => `${name}: ${value}`));
  for (const header of parameters.filter((p) => p.in === 'header')) {
    if (header.required || parameterExample(header) !== undefined) {
      lines.push(`${header.name}: ${serialise(header, parameterValue(header), keepText)[0] ?? ''}`);
    }
  }
  const cookies = [
    ...parameters
      .filter((p) => p.in === 'cookie' && (p.required || parameterExample(p) !== undefined))
      .flatMap((p) => serialise(p, parameterValue(p), encodeURIComponent)),
    ...auth.cookies,
  ];
  if (cookies.length > 0) lines.push(`Cookie: ${cookies.join('; ')}`);
  const body = requestBody(operation);
  if (body) lines.push(`Content-Type: ${body.contentType}`);
  if (body?.body !== undefined) lines.push('', body.body);
  const inWords = (requirement: Record<string, string[]>) =>
    Object.keys(requirement).length === 0
      ? 'no credentials'
      : describeRequirement(requirement, operation.securitySchemes);
  return {
    text: lines.join('\n'),
    ...(first !== undefined && others.length > 0 ? {way: inWords(first)} : {}),
    otherWays: others.map(inWords),
  };
}
