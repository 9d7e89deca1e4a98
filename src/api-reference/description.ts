/**
 * An OpenAPI description as the page generator reads it: any valid OpenAPI 3.0 or 3.1
 * description, in whatever shape its owner publishes it, made into the one shape that
 * `docusaurus-plugin-openapi-docs` (5.x) turns into a page for every operation and event.
 *
 * The generator reads `paths` unconditionally (a 3.1 description of webhooks alone has none and
 * stopped it with "Cannot convert undefined or null to object"), reads `x-webhooks` or else
 * `webhooks` (never both), drops a path item that is a `$ref` (3.1 allows one, to
 * `components/pathItems`), and forgets an event's name: its page knows only the summary. So
 * `npm run gen-api` writes a prepared copy (src/api-reference/prepare.ts) in which:
 *
 * - `paths` is present, empty when the description has none;
 * - the events of `webhooks` and `x-webhooks` are all under `x-webhooks`;
 * - a path item that refers to `#/components/pathItems/…` is that path item;
 * - every event's operation carries its name in EVENT_NAME and its place in EVENT_POINTER;
 * - an operation or event whose summary is not a title (longer than a heading reads, or several
 *   lines) is titled by the summary's first sentence when that fits (an event: by its name), else
 *   by its method and path, the summary leading its description; a backslash in a summary is
 *   doubled for the front matter the generator writes.
 *
 * Nothing else changes: the operations, schemas and examples are the owner's.
 */

import path from 'node:path';

/**
 * Where `npm run gen-api` writes the copy of a description the generator reads, by the target's id,
 * relative to the site: the generator's `specPath` (docusaurus.config.ts). The sample's (or its
 * owner's) description prepared; a section of the merchant API bundled (./prepare.ts).
 */
export const PREPARED_SPECS_DIR = path.join('.docusaurus', 'api-descriptions');
export const preparedSpecPath = (id: string) => path.join(PREPARED_SPECS_DIR, `${id}.json`);

/** The methods of an OpenAPI path item (3.0 and 3.1). */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

/** The extension the prepared copy gives an event's operation: the event's name, its key in the description. */
export const EVENT_NAME = 'x-event-name';
/** And where the event's operation is in the owner's description: a JSON pointer (operationPointer). */
export const EVENT_POINTER = 'x-event-pointer';

/** A summary longer than this, or of several lines, is a paragraph, not a page's title. */
export const TITLE_LIMIT = 100;

type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A description's text parsed with `JSON.parse` when it is written as JSON (it starts as an
 * object): GitHub's description parses more than twice as fast so as with a YAML parser.
 * Undefined for any other text, and for text that is not JSON after all: a YAML parser reads that,
 * and says where it is wrong.
 */
export function parsedAsJson(text: string): unknown {
  if (!/^\s*\{/.test(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A JSON pointer's token (RFC 6901): `~` and `/` escaped. */
export const pointerToken = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');

/** Where an operation or event is in its description, as a JSON pointer: `#/paths/~1pets/get`. */
export function operationPointer(
  area: 'paths' | 'webhooks' | 'x-webhooks',
  name: string,
  method: string,
): string {
  return `#/${area}/${pointerToken(name)}/${method}`;
}

/** The value a local `$ref` (`#/components/pathItems/Name`) points at, or undefined. */
export function resolveLocal(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let value: unknown = doc;
  for (const token of ref.slice(2).split('/')) {
    if (!isObject(value) && !Array.isArray(value)) return undefined;
    value = (value as Json)[token.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return value;
}

/**
 * A path item with its `$ref` followed (through further `$ref`s, at most ten), its own fields
 * winning over those it refers to; the item as it is when it has none or the reference is not local.
 */
function pathItem(doc: Json, item: unknown): Json {
  let resolved: Json = isObject(item) ? item : {};
  for (let hops = 0; typeof resolved.$ref === 'string' && hops < 10; hops += 1) {
    const target = resolveLocal(doc, resolved.$ref);
    if (!isObject(target)) break;
    const own = {...resolved};
    delete own.$ref;
    resolved = {...target, ...own};
  }
  return resolved;
}

/** A summary fit for a heading: short and on one line. */
export const isTitle = (summary: unknown): summary is string =>
  typeof summary === 'string' &&
  summary.trim() !== '' &&
  summary.length <= TITLE_LIMIT &&
  !/\n/.test(summary.trim());

/**
 * The operation with `title` as its summary when its own summary is not a title; the paragraph
 * then leads its description, so nothing the owner wrote is lost.
 */
function retitled(operation: Json, title: () => string): Json {
  const summary = operation.summary;
  if (summary === undefined) return operation;
  // A title's own line breaks around it (a YAML block scalar ends in one) would end the quoted
  // title the generator writes.
  if (isTitle(summary)) return withSafeSummary({...operation, summary: summary.trim()});
  return withSafeSummary({
    ...operation,
    summary: title(),
    description:
      typeof operation.description === 'string' && operation.description.trim() !== ''
        ? `${String(summary).trim()}\n\n${operation.description}`
        : summary,
  });
}

/**
 * The generator writes a summary into the page's front matter between double quotes, as it is,
 * where YAML reads a backslash as an escape (`C:\Users` stopped the build): each is doubled, so
 * that YAML reads it back as one, and so does the Markdown of the page's heading.
 */
function withSafeSummary(operation: Json): Json {
  return typeof operation.summary === 'string' && operation.summary.includes('\\')
    ? {...operation, summary: operation.summary.replace(/\\/g, '\\\\')}
    : operation;
}

/** An event's operation, named, and titled by its name when its summary is not a title. */
function eventOperation(name: string, operation: Json, pointer: string): Json {
  return retitled({...operation, [EVENT_NAME]: name, [EVENT_POINTER]: pointer}, () => name);
}

/**
 * An operation whose summary is not a title (a paragraph, several lines): titled by the
 * paragraph's first sentence when that is short plain text, else by its method and path.
 */
function pathOperation(path: string, method: string, operation: Json): Json {
  return retitled(operation, () => {
    const first = /^[^\n]*?[.!?](?=\s|$)/.exec(String(operation.summary).trim())?.[0];
    return first !== undefined && isTitle(first) && !/[[\]`*_<>{}|\\]/.test(first)
      ? first.replace(/\.$/, '')
      : `${method.toUpperCase()} ${path}`;
  });
}

/** A path item's operations, each titled by pathOperation. */
function pathOperations(path: string, item: Json): Json {
  return Object.fromEntries(
    Object.entries(item).map(([key, value]) => [
      key,
      (HTTP_METHODS as readonly string[]).includes(key) && isObject(value)
        ? pathOperation(path, key, value)
        : value,
    ]),
  );
}

/** The prepared copy of `doc` (see above). `doc` is not changed. */
export function preparedDescription(doc: Json): Json {
  const paths = Object.fromEntries(
    Object.entries(isObject(doc.paths) ? doc.paths : {}).map(([name, item]) => [
      name,
      pathOperations(name, pathItem(doc, item)),
    ]),
  );
  const events: Json = {};
  for (const area of ['webhooks', 'x-webhooks'] as const) {
    for (const [name, item] of Object.entries(isObject(doc[area]) ? doc[area] : {})) {
      const resolved = pathItem(doc, item);
      events[name] = Object.fromEntries(
        Object.entries(resolved).map(([key, value]) => [
          key,
          (HTTP_METHODS as readonly string[]).includes(key) && isObject(value)
            ? eventOperation(name, value, operationPointer(area, name, key))
            : value,
        ]),
      );
    }
  }
  const prepared: Json = {...doc, paths};
  delete prepared.webhooks;
  delete prepared['x-webhooks'];
  if (Object.keys(events).length > 0) prepared['x-webhooks'] = events;
  return prepared;
}

/** How many operations and events a description has: the pages its reference should have. */
export function operationCount(doc: Json): {operations: number; events: number} {
  const count = (items: unknown) =>
    Object.values(isObject(items) ? items : {}).reduce<number>(
      (sum, item) => sum + HTTP_METHODS.filter((method) => isObject(pathItem(doc, item)[method])).length,
      0,
    );
  return {operations: count(doc.paths), events: count(doc.webhooks) + count(doc['x-webhooks'])};
}
