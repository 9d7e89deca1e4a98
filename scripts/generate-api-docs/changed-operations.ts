/**
 * Which pages of the sample's place (an owner's description) or of a section of the merchant API a
 * change of its description changes, found by comparing the copy the pages were generated from
 * with the new one (src/api-reference/prepare.ts), so that the development server writes and lints
 * those pages alone: one summary changed in a description of a thousand operations is one page,
 * not the whole reference, most of whose time went to linting and writing pages that did not
 * change (bench/writer/results.json, `--sizes large`).
 *
 * A page is made from its operation (or event), the fields of its path item, the components it
 * reaches through `$ref`s (followed to the end), and what every page shares: the description's
 * `info`, `servers`, `tags`, `security` and security schemes, and anything else outside `paths`,
 * the events and the components. Each page has a print (a hash of all of that but the shared part,
 * each component hashed once), the shared part one, and the sidebar one: the order of the
 * operations and what the sidebar is made from (tags and operation ids; a page's label and class
 * are its own front matter, src/api-reference/sidebars/sidebar-item.ts, so a summary counts only when
 * the operation has no id and the summary names its page). A change of the shared part or of the
 * sidebar writes every page again; otherwise the pages whose print changed are written from a copy
 * of the description with only their operations (`onlyOperations`), and they are linted in a copy
 * of the owner's file with only them (`onlyOperations` again, by ../start-site/problems.ts).
 */
import {createHash} from 'node:crypto';

import {
  EVENT_POINTER,
  HTTP_METHODS,
  isObject,
  operationPointer,
  pointerToken,
  resolveLocal,
} from '../../src/api-reference/description';

type Json = Record<string, unknown>;

/** The prints of a description as the generator reads it (see above). */
export interface DescriptionPrints {
  readonly shared: string;
  readonly sidebar: string;
  /** By the operation's JSON pointer in the owner's description (`#/paths/~1pets/get`). */
  readonly pages: ReadonlyMap<string, string>;
}

/**
 * The areas of a description that hold operations: its paths and its events (all under
 * `x-webhooks` in a prepared copy; a merchant API section's under `webhooks`).
 */
const AREAS = ['paths', 'webhooks', 'x-webhooks'] as const;

/** Every operation and event of a prepared description, with its pointer in the owner's description. */
function operations(
  doc: Json,
): {pointer: string; area: string; name: string; method: string; operation: Json}[] {
  const found = [];
  for (const area of AREAS) {
    for (const [name, item] of Object.entries(isObject(doc[area]) ? doc[area] : {})) {
      if (!isObject(item)) continue;
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        if (!isObject(operation)) continue;
        const pointer =
          typeof operation[EVENT_POINTER] === 'string'
            ? operation[EVENT_POINTER]
            : operationPointer(area, name, method);
        found.push({pointer, area, name, method, operation});
      }
    }
  }
  return found;
}

/** The local `$ref`s in a value (`#/components/…`), each once. */
function refsIn(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const each of value) refsIn(each, into);
  } else if (isObject(value)) {
    for (const [key, each] of Object.entries(value)) {
      if (key === '$ref' && typeof each === 'string' && each.startsWith('#/')) into.add(each);
      else refsIn(each, into);
    }
  }
  return into;
}

/** The local `$ref`s reached from `value`, following each into what it points at, to the end. */
function reached(value: unknown, direct: (ref: string) => Set<string>): string[] {
  const seen = new Set<string>();
  const queue = [...refsIn(value)];
  while (queue.length > 0) {
    const ref = queue.pop() as string;
    if (seen.has(ref)) continue;
    seen.add(ref);
    queue.push(...direct(ref));
  }
  return [...seen].sort();
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * What of an operation the sidebar is made from: its place, tags and page id. The summary names the
 * page of an operation without an id; otherwise it is only the page's label, in the page.
 */
const sidebarFields = ({pointer, operation}: {pointer: string; operation: Json}) => [
  pointer,
  operation.tags,
  operation.operationId,
  operation.operationId === undefined ? operation.summary : '',
];

/** The prints of a description as the generator reads it. */
export function descriptionPrints(doc: Json): DescriptionPrints {
  const components = isObject(doc.components) ? doc.components : {};
  const {securitySchemes, ...reachable} = components;
  const shared: Json = {
    ...Object.fromEntries(Object.entries(doc).filter(([key]) => !(AREAS as readonly string[]).includes(key))),
    components: {securitySchemes},
  };
  // Each component's own JSON and direct references, once.
  const own = new Map<string, {hash: string; refs: Set<string>}>();
  const ownOf = (ref: string) => {
    let found = own.get(ref);
    if (found === undefined) {
      const value = resolveLocal(doc, ref);
      found = {hash: hash(JSON.stringify(value) ?? ''), refs: refsIn(value)};
      own.set(ref, found);
    }
    return found;
  };
  const all = operations(doc);
  const pages = new Map<string, string>();
  for (const each of all) {
    const item = (doc[each.area] as Json)[each.name] as Json;
    const itemFields = Object.fromEntries(
      Object.entries(item).filter(([key]) => !(HTTP_METHODS as readonly string[]).includes(key)),
    );
    const page = {operation: each.operation, item: itemFields};
    const refs = reached(page, (ref) => ownOf(ref).refs).map((ref) => [ref, ownOf(ref).hash]);
    pages.set(each.pointer, hash(JSON.stringify([each.area, each.name, each.method, page, refs])));
  }
  return {
    shared: hash(JSON.stringify(shared) + JSON.stringify(Object.keys(reachable))),
    sidebar: hash(JSON.stringify(all.map(sidebarFields))),
    pages,
  };
}

/**
 * The pointers of the operations whose pages a change from `before` to `after` changes; undefined
 * when every page must be written again (what every page shares, or the sidebar, changed).
 */
export function changedOperations(before: DescriptionPrints, after: DescriptionPrints): string[] | undefined {
  if (before.shared !== after.shared || before.sidebar !== after.sidebar) return undefined;
  return [...after.pages].filter(([pointer, print]) => before.pages.get(pointer) !== print).map(([p]) => p);
}

/**
 * `doc` (a prepared description, or the owner's own) with only the operations at `pointers`, their
 * path items' own fields, and the components they reach; what every page shares is kept whole.
 * In the owner's own description a path item that is a `$ref` is kept as it is.
 */
export function onlyOperations(doc: Json, pointers: readonly string[]): Json {
  const wanted = new Set(pointers);
  const kept: Json = {...doc};
  for (const area of AREAS) {
    if (!isObject(doc[area])) continue;
    const items: Json = {};
    for (const [name, item] of Object.entries(doc[area])) {
      if (!isObject(item)) continue;
      const methods = HTTP_METHODS.filter((method) => {
        const operation = item[method];
        const pointer =
          isObject(operation) && typeof operation[EVENT_POINTER] === 'string'
            ? operation[EVENT_POINTER]
            : operationPointer(area, name, method);
        return wanted.has(pointer);
      });
      const referred =
        typeof item.$ref === 'string' &&
        HTTP_METHODS.some((method) => wanted.has(operationPointer(area, name, method)));
      if (referred) {
        items[name] = item;
      } else if (methods.length > 0) {
        items[name] = Object.fromEntries(
          Object.entries(item).filter(
            ([key]) =>
              !(HTTP_METHODS as readonly string[]).includes(key) || (methods as string[]).includes(key),
          ),
        );
      }
    }
    kept[area] = items;
  }
  if (isObject(doc.components)) {
    const refs = new Set(
      reached(
        AREAS.map((area) => kept[area]),
        (ref) => refsIn(resolveLocal(doc, ref)),
      ),
    );
    const components: Json = {};
    for (const [kind, entries] of Object.entries(doc.components)) {
      if (!isObject(entries)) continue;
      components[kind] =
        kind === 'securitySchemes'
          ? entries
          : Object.fromEntries(
              Object.entries(entries).filter(([name]) =>
                refs.has(`#/components/${kind}/${pointerToken(name)}`),
              ),
            );
    }
    kept.components = components;
  }
  return kept;
}
