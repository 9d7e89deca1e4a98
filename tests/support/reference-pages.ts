import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {inflateSync} from 'node:zlib';

/**
 * The reference pages the OpenAPI generator wrote (`*.api.mdx` under
 * `docs/api/` and `api/`), each with its route and the operation it
 * documents, read back from the page's front matter (where the generator
 * stores the dereferenced operation, deflated and base64-encoded).
 */

const root = path.resolve(__dirname, '..', '..');

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  additionalProperties?: boolean | Schema;
  readOnly?: boolean;
  writeOnly?: boolean;
}

interface Operation {
  method: string;
  path: string;
  parameters?: {name: string}[];
  requestBody?: {content?: Record<string, {schema?: Schema}>};
  responses?: Record<
    string,
    {headers?: Record<string, unknown>; content?: Record<string, {schema?: Schema}>}
  >;
}

export interface ReferencePage {
  readonly route: string;
  readonly title: string;
  readonly operation: Operation;
}

function* apiFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, {withFileTypes: true})) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      yield* apiFiles(full);
    } else if (entry.name.endsWith('.api.mdx')) {
      yield full;
    }
  }
}

function frontMatterField(text: string, name: string): string {
  const value = new RegExp(`^${name}: (.*)$`, 'm').exec(text)?.[1] ?? '';
  return value.startsWith('"') ? (JSON.parse(value) as string) : value;
}

export function referencePages(): ReferencePage[] {
  return ['docs/api', 'api'].flatMap((base) =>
    [...apiFiles(path.join(root, base))].map((file) => {
      const text = readFileSync(file, 'utf8');
      const folder = path.relative(root, path.dirname(file)).split(path.sep).join('/');
      const operation = JSON.parse(
        inflateSync(Buffer.from(frontMatterField(text, 'api'), 'base64')).toString('utf8'),
      ) as Operation;
      return {
        route: `/${folder}/${frontMatterField(text, 'id')}`,
        title: frontMatterField(text, 'title'),
        operation,
      };
    }),
  );
}

/** allOf parts, alternatives, array items and map values: where a schema's fields live. */
function parts(schema: Schema): Schema[] {
  return [
    schema,
    ...(schema.allOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.anyOf ?? []),
    ...(typeof schema.items === 'object' ? [schema.items] : []),
    ...(typeof schema.additionalProperties === 'object' ? [schema.additionalProperties] : []),
  ];
}

/**
 * Every field name of a schema, nested ones included; a request leaves out
 * read-only fields and a response write-only ones.
 */
export function fieldNames(
  schema: Schema | undefined,
  direction: 'request' | 'response',
  depth = 0,
): string[] {
  if (!schema || typeof schema !== 'object' || depth > 10) {
    return [];
  }
  const hidden = direction === 'request' ? 'readOnly' : 'writeOnly';
  const names = new Set<string>();
  for (const part of parts(schema)) {
    if (part !== schema) {
      fieldNames(part, direction, depth + 1).forEach((name) => names.add(name));
    }
    for (const [name, property] of Object.entries(part.properties ?? {})) {
      if (!property[hidden]) {
        names.add(name);
        fieldNames(property, direction, depth + 1).forEach((nested) => names.add(nested));
      }
    }
  }
  return [...names];
}

/** What a reader must see on the page, in reading order: the facts of the operation. */
export function expectedText(page: ReferencePage): {label: string; text: string}[] {
  const {operation} = page;
  const isEvent = operation.method === 'event';
  const facts = [
    {label: 'title', text: page.title},
    {label: 'method', text: isEvent ? 'Webhook' : operation.method.toUpperCase()},
  ];
  if (!isEvent) {
    facts.push({label: 'path', text: operation.path});
  }
  for (const parameter of operation.parameters ?? []) {
    facts.push({label: 'parameter', text: parameter.name});
  }
  for (const media of Object.values(operation.requestBody?.content ?? {})) {
    fieldNames(media.schema, 'request').forEach((name) => facts.push({label: 'body field', text: name}));
  }
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    facts.push({label: 'response status', text: status === 'default' ? 'Any other status' : status});
    Object.keys(response.headers ?? {}).forEach((name) =>
      facts.push({label: `${status} header`, text: name}),
    );
    for (const media of Object.values(response.content ?? {})) {
      fieldNames(media.schema, 'response').forEach((name) =>
        facts.push({label: `${status} field`, text: name}),
      );
    }
  }
  return facts;
}
