/**
 * The field tables of the objects glossary (`docs/api/objects-glossary.mdx`),
 * written from the schemas of the merchant API's OpenAPI description by
 * `npm run gen-api` into a partial the page imports. Every schema of every
 * file appears, under its name, so the glossary can neither miss an object
 * nor say something else than the description.
 *
 * A description of thousands of schemas would make one page of many
 * megabytes, which a phone parses whole before the reader sees a field: past
 * GLOSSARY_PAGE_CHARACTERS, the glossary goes on in pages of its own
 * (`part-2`, `part-3`… under GLOSSARY_PARTS_DIR), in the same order, each
 * field type linking to the page that holds its object.
 */
import {constraints, typeLabel, type SchemaObject} from '../api-reference/page/schema';
import {PRODUCT_NAME} from '../constants';
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

/** The folder of the glossary's further pages, when it has more than one. */
export const GLOSSARY_PARTS_DIR = 'docs/api/objects-glossary';

/** The glossary's address. */
const GLOSSARY_URL = '/docs/api/objects-glossary';

/** The file of the glossary's part `number` (2, 3…) in GLOSSARY_PARTS_DIR. */
function glossaryPartFile(number: number): string {
  return `part-${number}.generated.mdx`;
}

/** The part a file of GLOSSARY_PARTS_DIR is (2, 3…), from its name; undefined for any other file. */
export function glossaryPartNumber(name: string): number | undefined {
  const number = /^part-(\d+)\.generated\.mdx$/.exec(name)?.[1];
  return number === undefined ? undefined : Number(number);
}

/**
 * The Markdown one page of the glossary holds at most: its HTML is about twice that (a table row
 * of Markdown is a row of cells and links), well under the megabyte a page may weigh.
 */
export const GLOSSARY_PAGE_CHARACTERS = 250_000;

/** The header of every file the glossary is written into. */
const WRITTEN_BY =
  '{/* Written by npm run gen-api from openapi/gerai/*.yaml (src/config/objects-glossary.ts). Do not edit. */}';

/** The anchor Docusaurus gives a heading that is only the schema's name. */
export function schemaAnchor(name: string): string {
  return name.toLowerCase();
}

/** The schema a `$ref` names: the last part of its JSON pointer. */
function referencedName(ref: string): string {
  return ref.split('/').pop() ?? ref;
}

/** Where a schema's heading is, from the page being written: `#anchor`, or another page's address and anchor. */
type Linker = (name: string) => string;

const samePage: Linker = (name) => `#${schemaAnchor(name)}`;

/** A table cell: one line, pipes escaped. */
function cell(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
}

/** The type of a field, naming and linking the schema it refers to. */
function typeOf(schema: RawSchema, target: Linker): string {
  const link = (ref: string) => {
    const name = referencedName(ref);
    return `[${name}](${target(name)})`;
  };
  if (schema.$ref) {
    return link(schema.$ref);
  }
  if (schema.items?.$ref) {
    return `array of ${link(schema.items.$ref)}`;
  }
  if (typeof schema.additionalProperties === 'object' && schema.additionalProperties.$ref) {
    return `object of ${link(schema.additionalProperties.$ref)}`;
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

function table(schema: RawSchema, target: Linker): string {
  const lines = rows(schema).map(
    ({name, schema: field, required}) =>
      `| ${cell(inlineCode(name))} | ${cell(typeOf(field, target))} | ${required ? 'yes' : 'no'} | ${cell(description(field))} |`,
  );
  return ['| Field | Type | Required | Description |', '| --- | --- | --- | --- |', ...lines].join('\n');
}

function objectSection(name: string, schema: RawSchema, target: Linker): string {
  const parts = [`### ${name}`, mdxMarkdown(schema.description)];
  if (schema.properties) {
    parts.push(table(schema, target));
  } else {
    const rules = constraints(schema).join(' ');
    parts.push(`A value of type ${typeOf(schema, target)}.${rules ? ` ${rules}` : ''}`);
  }
  return parts.filter(Boolean).join('\n\n');
}

/** One object of the glossary, with the section (file) it belongs to. */
interface Entry {
  readonly section: string;
  readonly intro: string;
  readonly name: string;
  readonly schema: RawSchema;
}

/** A file of the glossary: the partial its page imports, or a page of its own under GLOSSARY_PARTS_DIR. */
export interface GlossaryFile {
  /** Relative to the repository. */
  readonly path: string;
  readonly text: string;
}

/** The address of page `index` (0 for the glossary's own page). */
function pageUrl(index: number): string {
  return index === 0 ? GLOSSARY_URL : `${GLOSSARY_URL}/part-${index + 1}`;
}

/** The objects of `entries`, one section heading per file, the heading again where a page starts in a file. */
function sectionsOf(entries: readonly Entry[], target: Linker): string[] {
  return entries.flatMap((entry, k) =>
    k > 0 && entries[k - 1].section === entry.section
      ? [objectSection(entry.name, entry.schema, target)]
      : [entry.section, entry.intro, objectSection(entry.name, entry.schema, target)],
  );
}

/** Splits the entries into pages of at most `budget` characters of Markdown, at least one object each. */
function paginate(entries: readonly Entry[], budget: number): Entry[][] {
  const pages: Entry[][] = [];
  let size = 0;
  entries.forEach((entry) => {
    const length = sectionsOf([entry], samePage).join('\n\n').length;
    if (pages.length === 0 || size + length > budget) {
      pages.push([]);
      size = 0;
    }
    pages[pages.length - 1].push(entry);
    size += length;
  });
  return pages.length > 0 ? pages : [[]];
}

/**
 * The glossary's files: the partial its page imports, one section per file, one heading and table
 * per schema, in the files' order; and, past `budget` characters, a page per further part, each
 * saying where it sits and where the glossary goes on.
 */
export function glossaryFiles(
  sources: readonly GlossarySource[],
  budget = GLOSSARY_PAGE_CHARACTERS,
): GlossaryFile[] {
  const entries: Entry[] = sources.flatMap(({file, doc}) =>
    Object.entries(doc.components?.schemas ?? {}).map(([name, schema]) => ({
      section: `## ${mdxLine(doc.info?.title ?? file)}`,
      intro: `The objects of ${inlineCode(`openapi/gerai/${file}`)}.`,
      name,
      schema,
    })),
  );
  const pages = paginate(entries, budget);
  const pageOf = new Map(pages.flatMap((page, index) => page.map((entry) => [entry.name, index])));
  return pages.map((page, index) => {
    const target: Linker = (name) => {
      const at = pageOf.get(name) ?? index;
      return at === index ? samePage(name) : `${pageUrl(at)}#${schemaAnchor(name)}`;
    };
    const range =
      page.length > 0 ? `${inlineCode(page[0].name)} to ${inlineCode(page[page.length - 1].name)}` : '';
    const next =
      index + 1 < pages.length
        ? [`The glossary goes on with [part ${index + 2} of ${pages.length}](${pageUrl(index + 1)}).`]
        : [];
    if (index === 0) {
      const overview =
        pages.length > 1 ? [`Part 1 of ${pages.length} of the glossary: the objects ${range}.`] : [];
      return {
        path: GLOSSARY_PARTIAL,
        text: [WRITTEN_BY, ...overview, ...sectionsOf(page, target), ...next].join('\n\n').concat('\n'),
      };
    }
    const frontMatter = [
      '---',
      `id: part-${index + 1}`,
      `slug: part-${index + 1}`,
      `title: Objects glossary, part ${index + 1} of ${pages.length}`,
      `sidebar_label: Part ${index + 1}`,
      `description: The objects ${page[0].name} to ${page[page.length - 1].name} of the ${PRODUCT_NAME} merchant API and webhooks, with their fields.`,
      '---',
    ].join('\n');
    return {
      path: `${GLOSSARY_PARTS_DIR}/${glossaryPartFile(index + 1)}`,
      text: [
        frontMatter,
        WRITTEN_BY,
        `Part ${index + 1} of ${pages.length} of the [objects glossary](${GLOSSARY_URL}): the objects ${range}, with the conventions every object follows on its first page.`,
        ...sectionsOf(page, target),
        ...next,
      ]
        .join('\n\n')
        .concat('\n'),
    };
  });
}

/** The partial when the glossary fits on one page: one section per file, one heading and table per schema. */
export function glossaryMarkdown(sources: readonly GlossarySource[]): string {
  return glossaryFiles(sources, Infinity)[0].text;
}
