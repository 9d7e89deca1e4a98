/**
 * The operations and webhook events of a published description, for `list_operations` and
 * `get_operation`: each with its parameters, request body and responses, their schemas resolved
 * and named (a `$ref` to `#/components/schemas/Order` keeps `Order` as `x-schema`), nested no
 * deeper than SCHEMA_DEPTH, and the example request the reference page shows
 * (src/api-reference/page/example-request.ts) as an HTTP request and a curl command.
 */
import {HTTP_METHODS, isObject, operationPointer, resolveLocal} from '../../src/api-reference/description';
import {exampleRequest, type RequestOperation} from '../../src/api-reference/page/example-request';

type Json = Record<string, unknown>;

/** How deep schemas are unfolded; deeper, a schema is its name (`{"x-schema": "Order"}`). */
export const SCHEMA_DEPTH = 4;

export interface OperationEntry {
  /** `POST /oauth2/token`, or an event's name. */
  readonly key: string;
  readonly kind: 'operation' | 'event';
  readonly method: string;
  /** The path, or the event's name. */
  readonly path: string;
  readonly operationId?: string;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly deprecated: boolean;
  /** Where it is in its description: `#/paths/~1oauth2~1token/post`. */
  readonly pointer: string;
  /** Its path item and operation objects, as written. */
  readonly item: Json;
  readonly operation: Json;
}

/** Every operation and event of a description, in its order. */
export function operationsOf(doc: Json): OperationEntry[] {
  const entries: OperationEntry[] = [];
  const add = (
    area: 'paths' | 'webhooks' | 'x-webhooks',
    name: string,
    item: unknown,
    kind: 'operation' | 'event',
  ) => {
    const resolved = isObject(item) && typeof item.$ref === 'string' ? resolveLocal(doc, item.$ref) : item;
    if (!isObject(resolved)) return;
    for (const method of HTTP_METHODS) {
      const operation = resolved[method];
      if (!isObject(operation)) continue;
      entries.push({
        key: kind === 'event' ? name : `${method.toUpperCase()} ${name}`,
        kind,
        method: kind === 'event' ? 'event' : method,
        path: name,
        ...(typeof operation.operationId === 'string' ? {operationId: operation.operationId} : {}),
        summary: typeof operation.summary === 'string' ? operation.summary.trim() : '',
        tags: Array.isArray(operation.tags) ? operation.tags.map(String) : [],
        deprecated: operation.deprecated === true,
        pointer: operationPointer(area, name, method),
        item: resolved,
        operation,
      });
    }
  };
  for (const [name, item] of Object.entries(isObject(doc.paths) ? doc.paths : {}))
    add('paths', name, item, 'operation');
  for (const area of ['webhooks', 'x-webhooks'] as const) {
    for (const [name, item] of Object.entries(isObject(doc[area]) ? doc[area] : {}))
      add(area, name, item, 'event');
  }
  return entries;
}

/**
 * `value` with its `$ref`s followed: a schema keeps its name as `x-schema`, and one reached
 * deeper than `depth` schemas is its name alone; other components (parameters, responses) are
 * followed whatever their depth.
 */
export function resolved(
  doc: Json,
  value: unknown,
  depth = SCHEMA_DEPTH,
  seen: readonly string[] = [],
): unknown {
  if (Array.isArray(value)) return value.map((item) => resolved(doc, item, depth, seen));
  if (!isObject(value)) return value;
  if (typeof value.$ref === 'string') {
    const ref = value.$ref;
    const schema = /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1];
    if (schema !== undefined && (depth <= 0 || seen.includes(ref))) return {'x-schema': schema};
    const target = resolveLocal(doc, ref);
    if (target === undefined) return {'x-unresolved': ref};
    const inner = resolved(doc, target, schema === undefined ? depth : depth - 1, [...seen, ref]);
    return schema !== undefined && isObject(inner) ? {'x-schema': schema, ...inner} : inner;
  }
  const out: Json = {};
  for (const [key, item] of Object.entries(value)) {
    // One level of schema nesting for each place a schema holds others.
    const nested = [
      'properties',
      'items',
      'additionalProperties',
      'allOf',
      'oneOf',
      'anyOf',
      'not',
      'prefixItems',
    ].includes(key);
    out[key] = resolved(doc, item, nested ? depth - 1 : depth, seen);
  }
  return out;
}

/** The operation's security requirements, with each scheme's type and scopes. */
function securityOf(doc: Json, operation: Json) {
  const schemes = (
    isObject(doc.components) && isObject(doc.components.securitySchemes) ? doc.components.securitySchemes : {}
  ) as Json;
  const requirements = (
    Array.isArray(operation.security) ? operation.security : Array.isArray(doc.security) ? doc.security : []
  ) as Json[];
  return requirements.map((requirement) =>
    Object.entries(requirement).map(([name, scopes]) => {
      const scheme = isObject(schemes[name]) ? (schemes[name] as Json) : {};
      return {
        scheme: name,
        type: String(scheme.type ?? 'unknown'),
        ...(scheme.scheme ? {httpScheme: String(scheme.scheme)} : {}),
        ...(scheme.in ? {in: String(scheme.in), name: String(scheme.name)} : {}),
        scopes: Array.isArray(scopes) ? scopes.map(String) : [],
      };
    }),
  );
}

/** A request as curl runs it, from the HTTP request the reference page shows. */
export function curlOf(http: string): string {
  const [head = '', ...rest] = http.split('\n\n');
  const body = rest.join('\n\n');
  const [requestLine = '', ...headerLines] = head.split('\n');
  const [method = 'GET', target = '/'] = requestLine.split(' ');
  const host = headerLines.find((line) => /^host:/i.test(line))?.replace(/^host:\s*/i, '');
  const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
  const parts = [`curl -X ${method} ${quote(`${host ? `https://${host}` : ''}${target}`)}`];
  for (const line of headerLines.filter((line) => !/^host:/i.test(line))) {
    // HTTP Basic as curl writes it: the user and password, which curl encodes.
    const basic = /^authorization: basic <base64 of ([^:<>\s]+):([^<>\s]+)>$/i.exec(line);
    parts.push(basic ? `-u ${quote(`<${basic[1]}>:<${basic[2]}>`)}` : `-H ${quote(line)}`);
  }
  if (body) {
    const file = /^<contents of (.+)>$/.exec(body.trim())?.[1];
    parts.push(
      file ? `--data-binary @${quote(file === 'the file' ? 'file' : file)}` : `--data-binary ${quote(body)}`,
    );
  }
  return parts.join(' \\\n  ');
}

/** The details `get_operation` answers with. */
export function operationDetails(doc: Json, entry: OperationEntry) {
  const parameters = [
    ...(Array.isArray(entry.item.parameters) ? entry.item.parameters : []),
    ...(Array.isArray(entry.operation.parameters) ? entry.operation.parameters : []),
  ].map((parameter) => resolved(doc, parameter)) as Json[];
  // An operation's own parameter replaces its path item's of the same name and place.
  const unique = new Map(
    parameters.map((parameter) => [`${String(parameter.in)} ${String(parameter.name)}`, parameter]),
  );
  const requestBody = resolved(doc, entry.operation.requestBody) as Json | undefined;
  const responses = resolved(doc, entry.operation.responses) as Json | undefined;
  const servers = (entry.operation.servers ??
    entry.item.servers ??
    doc.servers ??
    []) as RequestOperation['servers'];
  let example: string | undefined;
  if (entry.kind === 'operation') {
    // The example request from the operation as the page writer reads it: every schema whole.
    const whole = (value: unknown) => resolved(doc, value, 64);
    example = exampleRequest({
      method: entry.method,
      path: entry.path,
      parameters: [...unique.values()].map(whole) as RequestOperation['parameters'],
      requestBody: whole(entry.operation.requestBody) as RequestOperation['requestBody'],
      servers,
      security: (entry.operation.security ?? doc.security) as RequestOperation['security'],
      securitySchemes: (isObject(doc.components)
        ? doc.components.securitySchemes
        : undefined) as RequestOperation['securitySchemes'],
    }).text;
  }
  return {
    key: entry.key,
    kind: entry.kind,
    method: entry.method,
    path: entry.path,
    ...(entry.operationId ? {operationId: entry.operationId} : {}),
    summary: entry.summary,
    description: typeof entry.operation.description === 'string' ? entry.operation.description : '',
    tags: entry.tags,
    deprecated: entry.deprecated,
    pointer: entry.pointer,
    security: securityOf(doc, entry.operation),
    parameters: [...unique.values()],
    ...(requestBody ? {requestBody} : {}),
    responses: responses ?? {},
    ...(example ? {exampleRequest: example, curl: curlOf(example)} : {}),
  };
}
