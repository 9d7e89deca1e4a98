/**
 * The field tables of the objects glossary (`docs/api/objects-glossary.mdx`),
 * written from the schemas of the merchant API's OpenAPI description by
 * `npm run gen-api` into a partial the page imports. Every schema of every
 * file appears, under its name, so the glossary can neither miss an object
 * nor say something else than the description.
 */
import {constraints, typeLabel, type SchemaObject} from '../api-reference/page/schema';
import {inlineCode, mdxLine, mdxMarkdown} from '../api-reference/page/mdx';
import {geraiApiSections} from './openapi';

/** A schema as written in a file: properties may be references to other schemas. */
interface RawSchema extends SchemaObject {
  $ref?: string;
  properties?: Record<string, RawSchema>;
  items?: RawSchema;
  additionalProperties?: boolean | RawSchema;
}

export interface GlossarySource {
  /** The file under `openapi/gerai/`. */
  readonly file: string;
  /** The parsed file. */
  readonly doc: {
    readonly info?: {readonly title?: string};
    readonly components?: {readonly schemas?: Record<string, RawSchema>};
  };
}

/** The files under `openapi/gerai/` whose schemas the glossary lists, in its order. */
export const GLOSSARY_FILES: readonly string[] = [
  'common.yaml',
  ...geraiApiSections.map((section) => section.file),
];

/** The partial that `npm run gen-api` writes, relative to the repository. */
export const GLOSSARY_PARTIAL = 'docs/api/_objects-glossary.generated.mdx';

/** The anchor Docusaurus gives a heading that is only the schema's name. */
export function schemaAnchor(name: string): string {
  return name.toLowerCase();
}

/** The schema a `$ref` names: the last part of its JSON pointer. */
function referencedName(ref: string): string {
  return ref.split('/').pop() ?? ref;
}

function link(name: string): string {
  return `[${name}](#${schemaAnchor(name)})`;
}

/** A table cell: one line, pipes escaped. */
function cell(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
}

/** The type of a field, naming and linking the schema it refers to. */
function typeOf(schema: RawSchema): string {
  if (schema.$ref) {
    return link(referencedName(schema.$ref));
  }
  if (schema.items?.$ref) {
    return `array of ${link(referencedName(schema.items.$ref))}`;
  }
  if (typeof schema.additionalProperties === 'object' && schema.additionalProperties.$ref) {
    return `object of ${link(referencedName(schema.additionalProperties.$ref))}`;
  }
  return mdxLine(typeLabel(schema));
}

interface Row {
  readonly name: string;
  readonly schema: RawSchema;
  readonly required: boolean;
}

/** The rows of an object's table: its properties, and the fields of inline objects, dotted. */
function rows(schema: RawSchema, prefix = ''): Row[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const row: Row = {name: `${prefix}${name}`, schema: property, required: required.has(name)};
    if (property.$ref) {
      return [row];
    }
    if (property.properties) {
      return [row, ...rows(property, `${prefix}${name}.`)];
    }
    if (property.items?.properties) {
      return [row, ...rows(property.items, `${prefix}${name}[].`)];
    }
    if (typeof property.additionalProperties === 'object' && property.additionalProperties.properties) {
      return [row, ...rows(property.additionalProperties, `${prefix}${name}.*.`)];
    }
    return [row];
  });
}

function description(schema: RawSchema): string {
  const text = mdxMarkdown(schema.description);
  const flags = [schema.readOnly ? 'Read-only.' : '', schema.writeOnly ? 'Write-only.' : ''];
  // A description that already names the constant value says what "Always `x`." would.
  const rules = (schema.$ref ? [] : constraints(schema)).filter(
    (rule) =>
      schema.const === undefined ||
      rule !== `Always ${inlineCode(schema.const)}.` ||
      !text.includes(inlineCode(schema.const)),
  );
  return [text, ...rules, ...flags].filter(Boolean).join(' ');
}

function table(schema: RawSchema): string {
  const lines = rows(schema).map(
    ({name, schema: field, required}) =>
      `| ${cell(inlineCode(name))} | ${cell(typeOf(field))} | ${required ? 'yes' : 'no'} | ${cell(description(field))} |`,
  );
  return ['| Field | Type | Required | Description |', '| --- | --- | --- | --- |', ...lines].join('\n');
}

function objectSection(name: string, schema: RawSchema): string {
  const parts = [`### ${name}`, mdxMarkdown(schema.description)];
  if (schema.properties) {
    parts.push(table(schema));
  } else {
    const rules = constraints(schema).join(' ');
    parts.push(`A value of type ${typeOf(schema)}.${rules ? ` ${rules}` : ''}`);
  }
  return parts.filter(Boolean).join('\n\n');
}

/** The partial: one section per file, one heading and table per schema, in the files' order. */
export function glossaryMarkdown(sources: readonly GlossarySource[]): string {
  const sections = sources
    .filter(({doc}) => Object.keys(doc.components?.schemas ?? {}).length > 0)
    .map(({file, doc}) => {
      const schemas = Object.entries(doc.components?.schemas ?? {});
      return [
        `## ${mdxLine(doc.info?.title ?? file)}`,
        `The objects of ${inlineCode(`openapi/gerai/${file}`)}.`,
        ...schemas.map(([name, schema]) => objectSection(name, schema)),
      ].join('\n\n');
    });
  return [
    '{/* Written by npm run gen-api from openapi/gerai/*.yaml (src/config/objects-glossary.ts). Do not edit. */}',
    ...sections,
  ]
    .join('\n\n')
    .concat('\n');
}
