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
 * A field's nested fields shorter than this stay in their list, however long the list: pages of a
 * few fields each would scatter them, and a list cut in parts (listText) keeps them in order.
 */
const OWN_PAGE_MIN = 20_000;

/** Nested fields put on a page of their own (`writeFields` with a `listLimit`). */
export interface FieldsPage {
  /** From 1, in the order they were put there; 0 is the operation's page itself. */
  readonly number: number;
  /** The field whose nested fields they are, by its path of names: `input.content` (empty: the body's own). */
  readonly path: string;
  /** Which of the fields, when the list is cut in parts: `fields 101 to 200`. */
  readonly part?: string;
  /** Whether they are fields of a request (or an event's payload) or of a response. */
  readonly direction: SchemaDirection;
  /** The Markdown of the fields, as the page writer lists them. */
  readonly text: string;
}

/** What `writeFields` keeps while a page's fields are written. */
interface Writing {
  /**
   * The schemas with nested fields listed so far: each by the JSON of its schema and the
   * direction it was listed for, with the anchor its listing carries and the name it was listed under.
   */
  readonly listed: Map<string, {anchor: string; name: string}>;
  readonly listLimit?: number;
  readonly pages: FieldsPage[];
  /** The names of the fields whose nested fields are being written, outermost first. */
  readonly path: string[];
}

let writing: Writing | undefined;

/** Where a link to a page of nested fields points until the page's address is known (0: the operation's page). */
export const fieldsPageLink = (page: number, anchor = '') => `fields-page:${page}${anchor && `#${anchor}`}`;

/**
 * Runs `write` (which writes a page's fields, synchronously) so that the page stays short
 * whatever its description:
 *
 * - a schema with nested fields is listed in full once: where it recurs, as a field, an item or
 *   an alternative, a link to that first listing stands for its fields. One operation of a large
 *   AI provider's API repeats a few hundred schemas hundreds of times once its references are
 *   resolved, megabytes of fields;
 * - with a `listLimit`, a list of fields longer than that (in characters of Markdown) has its
 *   longest nested fields put on pages of their own (`pages`), linked (`fieldsPageLink`), until
 *   it is not: a schema of thousands of distinct fields has no repeats to link.
 *
 * The page writer (./markdown.ts) writes so only a page that is too long without: a small page
 * reads better with every field in place. A link to a listing that went to another page than
 * the link's points to that page.
 */
export function writeFields(
  options: {listLimit?: number},
  write: () => string,
): {page: string; pages: FieldsPage[]} {
  const outer = writing;
  writing = {listed: new Map(), listLimit: options.listLimit, pages: [], path: []};
  try {
    const page = write();
    return linkedAcrossPages(page, writing.pages);
  } finally {
    writing = outer;
  }
}

const ANCHOR = /id="(fields-\d+)"/g;
const ANCHOR_LINK = /\]\(#(fields-\d+)\)/g;

/** The page and its pages of fields, each link to a listing's anchor pointing at the page that holds it. */
function linkedAcrossPages(page: string, pages: FieldsPage[]): {page: string; pages: FieldsPage[]} {
  const home = new Map<string, number>();
  for (const each of pages)
    for (const [, anchor] of each.text.matchAll(ANCHOR)) home.set(anchor, each.number);
  const relinked = (text: string, number: number) =>
    text.replace(ANCHOR_LINK, (link, anchor: string) => {
      const where = home.get(anchor) ?? 0;
      return where === number ? link : `](${fieldsPageLink(where, anchor)})`;
    });
  return {
    page: relinked(page, 0),
    pages: pages.map((each) => ({...each, text: relinked(each.text, each.number)})),
  };
}

/** The anchor of a listing: `fields-` and a number, so it never takes a heading's id. */
const listingAnchor = (count: number) => `fields-${count}`;

/**
 * The fields nested in a field, or, when the same schema's fields are listed already on the page
 * (`writeFields`), a link to them; with the anchor that marks a first listing.
 */
function nestedOrLinked(
  name: string,
  schema: SchemaObject,
  direction: SchemaDirection,
  depth: number,
): {text: string; anchor?: string} {
  if (writing === undefined) return {text: nestedFields(schema, direction, depth)};
  const json = JSON.stringify(schema);
  const key =
    json.length < LINKED_REPEAT_MIN
      ? undefined
      : `${direction} ${createHash('sha1').update(json).digest('base64')}`;
  const first = key === undefined ? undefined : writing.listed.get(key);
  if (first) return {text: `Its fields are those of [${inlineCode(first.name)}](#${first.anchor}).`};
  writing.path.push(name);
  const text = nestedFields(schema, direction, depth);
  writing.path.pop();
  if (text === '' || key === undefined) return {text};
  const anchor = listingAnchor(writing.listed.size + 1);
  writing.listed.set(key, {anchor, name});
  return {text, anchor};
}

/** A field's item in its parts, so that its nested fields can go to a page of their own. */
interface Item {
  readonly name: string;
  readonly direction: SchemaDirection;
  /** The title line after its marker: name, type, flags. */
  readonly title: string;
  /** Its description and rules. */
  readonly about: readonly string[];
  nested: string;
  readonly anchor?: string;
}

/** How a field is listed: whether it is required, what it says, its example, and where it is. */
interface FieldOptions {
  required?: boolean;
  description?: string;
  example?: unknown;
  direction: SchemaDirection;
  depth: number;
}

function fieldParts(name: string, value: unknown, options: FieldOptions): Item {
  const schema = isSchema(value) ? mergeAllOf(value) : {};
  const nested = isSchema(value)
    ? nestedOrLinked(name, schema, options.direction, options.depth + 1)
    : {text: ''};
  return {
    name,
    direction: options.direction,
    title: `${inlineCode(name)} ${isSchema(value) ? flags(schema, options.required ?? false) : mdxLine(typeLabel(value))}`,
    about: [
      mdxMarkdown(options.description ?? schema.description),
      constraints(schema, options.example).join(' '),
    ],
    nested: nested.text,
    anchor: nested.anchor,
  };
}

function itemText(item: Item): string {
  const anchor = item.anchor ? `<span className="api-field__anchor" id="${item.anchor}"></span>` : '';
  return [
    `- ${anchor}${item.title}`,
    ...[...item.about, item.nested].filter(Boolean).map((block) => indent(block, 2)),
  ].join('\n\n');
}

/**
 * A list of fields, its longest nested fields put on pages of their own while it is longer than
 * the list limit (`writeFields`); a list still longer (many fields with little nested in each) is
 * cut, its first fields kept and the others on pages of their own, each within the limit.
 */
function listText(items: Item[]): string {
  const state = writing;
  const limit = state?.listLimit;
  const texts = items.map(itemText);
  let length = texts.reduce((sum, text) => sum + text.length + 1, 0);
  if (state === undefined || limit === undefined || length <= limit) return texts.join('\n');
  const longest = [...items.keys()].sort((a, b) => items[b].nested.length - items[a].nested.length);
  for (const index of longest) {
    const item = items[index];
    if (length <= limit || item.nested.length < OWN_PAGE_MIN) break;
    const number = state.pages.length + 1;
    state.pages.push({
      number,
      path: [...state.path, item.name].join('.'),
      direction: item.direction,
      text: item.nested,
    });
    item.nested = `Its fields are on [a page of their own](${fieldsPageLink(number)}).`;
    const text = itemText(item);
    length += text.length - texts[index].length;
    texts[index] = text;
  }
  if (length <= limit) return texts.join('\n');
  const parts = cutList(texts, limit);
  const links = parts.slice(1).map((part) => {
    const number = state.pages.length + 1;
    const fields = `fields ${part.from + 1} to ${part.from + part.texts.length}`;
    state.pages.push({
      number,
      path: state.path.join('.'),
      part: fields,
      direction: items[0].direction,
      text: part.texts.join('\n'),
    });
    return `[${fields.replace(/^fields /, '')}](${fieldsPageLink(number)})`;
  });
  return (
    `${parts[0].texts.join('\n')}\n\n` +
    `The other ${texts.length - parts[0].texts.length} of these ${texts.length} fields are on pages of their own: ` +
    `${links.join(', ')}.`
  );
}

/** Items in runs of at most `limit` characters, each run at least one item. */
function cutList(texts: readonly string[], limit: number): {from: number; texts: string[]}[] {
  const parts: {from: number; texts: string[]}[] = [];
  let size = Infinity;
  texts.forEach((text, index) => {
    if (size + text.length + 1 > limit) {
      parts.push({from: index, texts: []});
      size = 0;
    }
    parts[parts.length - 1].texts.push(text);
    size += text.length + 1;
  });
  return parts;
}

/** The item a field, a parameter or a header is listed as, with its nested fields. */
export function fieldItem(name: string, value: unknown, options: FieldOptions): string {
  return itemText(fieldParts(name, value, options));
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
        listText(
          alternatives.map((option, index) =>
            fieldParts(isSchema(option) && option.title ? option.title : `Form ${index + 1}`, option, {
              direction,
              depth,
            }),
          ),
        ),
    );
  }
  return parts.join('\n\n');
}

/** A Markdown list of the properties of an object schema; empty when it has none. */
export function fieldList(schema: SchemaObject, direction: SchemaDirection, depth = 0): string {
  const merged = mergeAllOf(schema);
  const required = new Set(merged.required ?? []);
  const hidden = direction === 'request' ? 'readOnly' : 'writeOnly';
  return listText(
    Object.entries(merged.properties ?? {})
      .filter(([, property]) => !(isSchema(property) && property[hidden]))
      .map(([name, property]) =>
        fieldParts(name, property, {required: required.has(name), direction, depth}),
      ),
  );
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
