import {createHash} from 'node:crypto';

import {indent, inlineCode, mdxLine, mdxMarkdown} from './mdx';

/** The part of a (dereferenced) OpenAPI 3.1 schema object that a reference page shows. */
export interface SchemaObject {
  type?: string | string[];
  format?: string;
  title?: string;
  description?: string;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  items?: SchemaObject;
  additionalProperties?: boolean | SchemaObject;
  allOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  nullable?: boolean;
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
}

/** Whose fields are listed: a request leaves out read-only fields, a response write-only ones. */
export type SchemaDirection = 'request' | 'response';

/** Deeper than this, a schema is named but not unfolded (a guard against reference cycles). */
const MAX_DEPTH = 10;

/**
 * The generator replaces a reference cycle with a string naming the schema;
 * anything else that is not an object is treated the same way.
 */
function isSchema(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** allOf folded into one schema: properties, required names and constraints together. */
export function mergeAllOf(schema: SchemaObject): SchemaObject {
  if (!schema.allOf) {
    return schema;
  }
  const {allOf, ...rest} = schema;
  return [...allOf.filter(isSchema).map(mergeAllOf), rest].reduce<SchemaObject>(
    (merged, part) => ({
      ...merged,
      ...part,
      properties: {...merged.properties, ...part.properties},
      required: [...(merged.required ?? []), ...(part.required ?? [])],
    }),
    {},
  );
}

function types(schema: SchemaObject): string[] {
  const declared = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (declared.length > 0) {
    return declared;
  }
  if (schema.properties || schema.additionalProperties) {
    return ['object'];
  }
  if (schema.items) {
    return ['array'];
  }
  return [];
}

/** "string (date-time)", "array of object", "integer or null", "one of 2 types". */
export function typeLabel(value: unknown): string {
  if (!isSchema(value)) {
    return typeof value === 'string' ? `${value.replace(/^circular\((.*)\)$/, '$1')} (recursive)` : 'any';
  }
  const schema = mergeAllOf(value);
  const alternatives = schema.oneOf ?? schema.anyOf;
  const named = types(schema).map((type) => {
    if (type === 'array') {
      return `array of ${isSchema(schema.items) ? typeLabel(schema.items) : 'any'}`;
    }
    return schema.format && type !== 'null' ? `${type} (${schema.format})` : type;
  });
  if (schema.nullable) {
    named.push('null');
  }
  if (named.length === 0 && alternatives) {
    return 'one of the types below';
  }
  return named.length > 0 ? named.join(' or ') : 'any';
}

function range(min: number | undefined, max: number | undefined, unit: string): string | undefined {
  if (min !== undefined && max !== undefined) {
    return min === max ? `exactly ${min} ${unit}` : `${min} to ${max} ${unit}`;
  }
  if (min !== undefined) {
    return `at least ${min} ${unit}`;
  }
  if (max !== undefined) {
    return `at most ${max} ${unit}`;
  }
  return undefined;
}

/** One side of a numeric range: the exclusive limit when there is one, else the inclusive one. */
function side(
  exclusive: unknown,
  inclusive: number | undefined,
  strict: string,
  loose: string,
): string | undefined {
  if (typeof exclusive === 'number') {
    return `${strict} ${exclusive}`;
  }
  return inclusive === undefined ? undefined : `${loose} ${inclusive}`;
}

function bound(schema: SchemaObject): string | undefined {
  const low = side(schema.exclusiveMinimum, schema.minimum, 'greater than', 'at least');
  const high = side(schema.exclusiveMaximum, schema.maximum, 'less than', 'at most');
  return [low, high].filter(Boolean).join(' and ') || undefined;
}

/** The rules a value must follow, one short phrase each. */
export function constraints(schema: SchemaObject, example?: unknown): string[] {
  const facts: string[] = [];
  if (schema.const !== undefined) {
    facts.push(`Always ${inlineCode(schema.const)}.`);
  }
  if (schema.enum && schema.enum.length > 0) {
    facts.push(`Possible values: ${schema.enum.map(inlineCode).join(', ')}.`);
  }
  const limits = [
    range(schema.minLength, schema.maxLength, 'characters'),
    range(schema.minItems, schema.maxItems, 'items'),
    bound(schema),
    schema.uniqueItems ? 'no duplicates' : undefined,
    schema.pattern ? `matches ${inlineCode(schema.pattern)}` : undefined,
  ].filter((limit): limit is string => Boolean(limit));
  if (limits.length > 0) {
    const sentence = limits.join(', ');
    facts.push(`${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`);
  }
  if (schema.default !== undefined) {
    facts.push(`Default: ${inlineCode(schema.default)}.`);
  }
  const shown = example ?? schema.example ?? schema.examples?.[0];
  if (shown !== undefined && (typeof shown !== 'object' || shown === null) && schema.enum === undefined) {
    facts.push(`Example: ${inlineCode(shown)}.`);
  }
  return facts;
}

/** What a field's title line says after its name: type, then flags. */
function flags(schema: SchemaObject, required: boolean): string {
  return [
    `<span className="api-field__type">${mdxLine(typeLabel(schema))}</span>`,
    required ? '<span className="api-field__required">required</span>' : '',
    schema.deprecated ? '<span className="api-field__deprecated">deprecated</span>' : '',
    schema.readOnly ? 'read-only' : '',
    schema.writeOnly ? 'write-only' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * Below this many characters of JSON, a repeated schema is listed again where it recurs: a link
 * would save little and cost the reader a jump.
 */
const LINKED_REPEAT_MIN = 400;

/**
 * The schemas with nested fields already listed on the page being written, while it is written
 * with repeats linked (`withRepeatsLinked`): each by the JSON of its schema and the direction it
 * was listed for, with the anchor its listing carries and the name it was listed under.
 */
let listed: Map<string, {anchor: string; name: string}> | undefined;

/**
 * Runs `write` (which lists a page's fields, synchronously) so that a schema with nested fields
 * is listed in full once on the page: where it recurs, as a field, an item or an alternative,
 * a link to that first listing stands for its fields. A description whose schemas refer to each
 * other many times over (one operation of a large AI provider's API repeats a few hundred
 * schemas hundreds of times once its references are resolved) would otherwise make a page of
 * megabytes. The page writer (./markdown.ts) writes with repeats linked only a page that is too long
 * without: a small page reads better with every field in place.
 */
export function withRepeatsLinked<T>(write: () => T): T {
  const outer = listed;
  listed = new Map();
  try {
    return write();
  } finally {
    listed = outer;
  }
}

/** The anchor of a listing: `fields-` and a number, so it never takes a heading's id. */
const listingAnchor = (count: number) => `fields-${count}`;

/**
 * The fields nested in a field, or, when the same schema's fields are listed already on the page
 * (`withRepeatsLinked`), a link to them; with the anchor that marks a first listing.
 */
function nestedOrLinked(
  name: string,
  schema: SchemaObject,
  direction: SchemaDirection,
  depth: number,
): {text: string; anchor?: string} {
  const json = listed === undefined ? '' : JSON.stringify(schema);
  if (listed === undefined || json.length < LINKED_REPEAT_MIN) {
    return {text: nestedFields(schema, direction, depth)};
  }
  const key = `${direction} ${createHash('sha1').update(json).digest('base64')}`;
  const first = listed.get(key);
  if (first) {
    return {text: `Its fields are those of ${inlineCode(first.name)}, [listed above](#${first.anchor}).`};
  }
  const text = nestedFields(schema, direction, depth);
  if (text === '') return {text};
  const anchor = listingAnchor(listed.size + 1);
  listed.set(key, {anchor, name});
  return {text, anchor};
}

/** The item a field, a parameter or a header is listed as, with its nested fields. */
export function fieldItem(
  name: string,
  value: unknown,
  options: {
    required?: boolean;
    description?: string;
    example?: unknown;
    direction: SchemaDirection;
    depth: number;
  },
): string {
  const schema = isSchema(value) ? mergeAllOf(value) : {};
  const nested = isSchema(value)
    ? nestedOrLinked(name, schema, options.direction, options.depth + 1)
    : {text: ''};
  const anchor = nested.anchor ? `<span className="api-field__anchor" id="${nested.anchor}"></span>` : '';
  const title = `- ${anchor}${inlineCode(name)} ${isSchema(value) ? flags(schema, options.required ?? false) : mdxLine(typeLabel(value))}`;
  const body = [
    mdxMarkdown(options.description ?? schema.description),
    constraints(schema, options.example).join(' '),
    nested.text,
  ].filter(Boolean);
  return [title, ...body.map((block) => indent(block, 2))].join('\n\n');
}

/** The fields inside a field: an object's properties, an array's items, a map's values, the alternatives. */
function nestedFields(schema: SchemaObject, direction: SchemaDirection, depth: number): string {
  if (depth > MAX_DEPTH) {
    return '';
  }
  const items =
    types(schema).includes('array') && isSchema(schema.items) ? mergeAllOf(schema.items) : undefined;
  const holder = items ?? schema;
  const parts: string[] = [];
  const list = fieldList(holder, direction, depth);
  if (list) {
    parts.push(items ? `Each item:\n\n${list}` : list);
  }
  if (isSchema(holder.additionalProperties)) {
    const values = fieldList(mergeAllOf(holder.additionalProperties), direction, depth);
    parts.push(
      `Any other key, with a value of type ${mdxLine(typeLabel(holder.additionalProperties))}` +
        (values ? `:\n\n${values}` : '.'),
    );
  }
  const alternatives = holder.oneOf ?? holder.anyOf;
  if (alternatives) {
    parts.push(
      `${holder.oneOf ? 'Exactly one of' : 'One or more of'} these forms:\n\n` +
        alternatives
          .map((option, index) =>
            fieldItem(isSchema(option) && option.title ? option.title : `Form ${index + 1}`, option, {
              direction,
              depth,
            }),
          )
          .join('\n'),
    );
  }
  return parts.join('\n\n');
}

/** A Markdown list of the properties of an object schema; empty when it has none. */
export function fieldList(schema: SchemaObject, direction: SchemaDirection, depth = 0): string {
  const merged = mergeAllOf(schema);
  const required = new Set(merged.required ?? []);
  const hidden = direction === 'request' ? 'readOnly' : 'writeOnly';
  return Object.entries(merged.properties ?? {})
    .filter(([, property]) => !(isSchema(property) && property[hidden]))
    .map(([name, property]) => fieldItem(name, property, {required: required.has(name), direction, depth}))
    .join('\n');
}

/**
 * Everything a body schema holds: its description, then its fields (an
 * array's items', a map's values'), or its type and rules when it has none.
 */
export function schemaBlock(value: unknown, direction: SchemaDirection): string {
  if (!isSchema(value)) {
    return `A value of type ${mdxLine(typeLabel(value))}.`;
  }
  const schema = mergeAllOf(value);
  const nested = nestedFields(schema, direction, 0);
  const parts = [mdxMarkdown(schema.description)];
  if (types(schema).includes('array')) {
    parts.push(`An array of ${mdxLine(typeLabel(schema.items))}.`);
  } else if (!nested) {
    parts.push(`A value of type ${mdxLine(typeLabel(schema))}. ${constraints(schema).join(' ')}`.trim());
  }
  parts.push(wrapFields(nested));
  return parts.filter(Boolean).join('\n\n');
}

/** Marks a list of fields for the reference styles (src/css/custom.css, "api-fields"). */
export function wrapFields(list: string): string {
  return list ? `<div className="api-fields">\n\n${list}\n\n</div>` : '';
}
