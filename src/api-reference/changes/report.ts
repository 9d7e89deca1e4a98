/**
 * The changes between two descriptions of the merchant API, each named by its operation
 * (`METHOD /path`) or webhook event and by the parameter, field, status code or scope it
 * touches, and rated breaking or not.
 *
 * Redocly CLI's `diff` command finds the changes and rates each one by its rules (the
 * `diff-recommended` ruleset that redocly.yaml extends): it compares the two descriptions with
 * every `$ref` followed and knows which way data flows (a parameter or request body is sent by the
 * partner, a response or a webhook payload is read by the partner). This module only names what
 * it found, and corrects it where its rating or its reach differs from the portal's rules:
 *
 * - A request field removed is breaking here (Redocly rates it a patch, since a server may ignore a
 *   field it no longer reads): a partner's request built from the older description still sends
 *   it, and the merchant API refuses what its schema does not declare.
 * - Redocly reports a change of a shared component (a schema, a parameter) once, at the first
 *   operation that reaches it. Every operation or event that reaches it gets the change here,
 *   since a partner reads the changes of the operations they call.
 * - A change of an operation's scopes is one change naming the scopes added or removed (Redocly
 *   reports the old requirement removed and a new one added).
 */
import {spawn} from 'node:child_process';
import path from 'node:path';

export interface ApiChange {
  /** `GET /integrations/partner/v1/linked-outlets`: set when the change is an operation's. */
  readonly operation?: string;
  /** `food.order.placed`: set when the change is a webhook event's. */
  readonly event?: string;
  /** What changed, by name: `query parameter product: allowed values removed: pos`. */
  readonly change: string;
  readonly breaking: boolean;
  /** Set when the change marks the operation or event deprecated. */
  readonly deprecation?: true;
  /** Where the change is: a JSON pointer into the newer description (the older one for a removal). */
  readonly pointer: string;
}

type Json = null | boolean | number | string | Json[] | {[key: string]: Json};
type JsonObject = {[key: string]: Json};
export type Description = JsonObject;

type Impact = 'major' | 'minor' | 'patch';

/** One change as `redocly diff --format json` prints it (report version 1). */
interface RawChange {
  readonly path: string;
  readonly typeName: string;
  readonly kind: 'added' | 'removed' | 'modified';
  readonly impact: Impact;
  readonly property?: string;
  readonly base?: {readonly pointer: string; readonly value?: Json};
  readonly revision?: {readonly pointer: string; readonly value?: Json};
}

export const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

const root = path.resolve(__dirname, '..', '..', '..');

/** The configuration `redocly diff` rates changes by (the rules of its `diff-recommended` ruleset). */
const DIFF_CONFIG = path.join(__dirname, 'redocly-diff.yaml');

/** Runs `redocly diff` on two description files; resolves with its changes. */
export function redoclyDiff(base: string, revision: string): Promise<RawChange[]> {
  const redocly = path.join(root, 'node_modules', '.bin', 'redocly');
  const args = ['diff', base, revision, '--format', 'json', '--fail-on', 'none', '--lint-config', 'off'];
  return new Promise((resolve, reject) => {
    const child = spawn(redocly, [...args, '--config', DIFF_CONFIG], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {...process.env, REDOCLY_SUPPRESS_NOTIFICATIONS: 'true', REDOCLY_TELEMETRY: 'off'},
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`redocly diff ${base} ${revision} failed (exit code ${code}):\n${stderr.trim()}`));
        return;
      }
      try {
        resolve((JSON.parse(stdout) as {changes: RawChange[]}).changes);
      } catch {
        reject(new Error(`redocly diff printed no report:\n${stdout.slice(0, 500)}\n${stderr.trim()}`));
      }
    });
  });
}

/** The segments of a JSON pointer (`#/paths/~1a~1{id}/get`), decoded, without the `$ref` steps Redocly inserts. */
export function pointerSegments(pointer: string): string[] {
  return pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '$ref')
    .map((segment) => {
      const unescaped = segment.replaceAll('~1', '/').replaceAll('~0', '~');
      try {
        return decodeURIComponent(unescaped);
      } catch {
        return unescaped;
      }
    });
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows a local `$ref` (`#/components/parameters/page`) of a description, as often as it takes. */
function deref(doc: Description, value: Json | undefined): Json | undefined {
  let current = value;
  for (let hops = 0; hops < 20 && isObject(current) && typeof current.$ref === 'string'; hops++) {
    current = lookup(doc, pointerSegments(current.$ref));
  }
  return current;
}

/** The value at the pointer segments of a description, each `$ref` on the way followed. */
export function lookup(doc: Description, segments: readonly string[]): Json | undefined {
  let current: Json | undefined = doc;
  for (const segment of segments) {
    current = deref(doc, current);
    if (Array.isArray(current)) current = current[Number(segment)];
    else if (isObject(current)) current = current[segment];
    else return undefined;
  }
  return current;
}

/** Who a change belongs to, and where in it. */
interface Owner {
  readonly operation?: string;
  readonly event?: string;
  /** The pointer segments of the operation (`paths`, `/a`, `get`), empty for the whole API. */
  readonly at: readonly string[];
}

const ownerKey = (owner: Owner) => owner.operation ?? owner.event ?? '';

function ownerOf(segments: readonly string[]): {owner: Owner; rest: string[]} | undefined {
  const [area, name, method] = segments;
  if ((area !== 'paths' && area !== 'webhooks') || name === undefined) return undefined;
  if (!(METHODS as readonly string[]).includes(method ?? '')) return undefined;
  if (method === undefined) return undefined;
  const at = [area, name, method];
  const owner = area === 'paths' ? {operation: `${method.toUpperCase()} ${name}`, at} : {event: name, at};
  return {owner, rest: segments.slice(3)};
}

/** Every operation and event of a description, with its owner. */
export function ownersOf(doc: Description): Owner[] {
  const owners: Owner[] = [];
  for (const area of ['paths', 'webhooks'] as const) {
    const items = doc[area];
    if (!isObject(items)) continue;
    for (const [name, item] of Object.entries(items)) {
      const resolved = deref(doc, item);
      if (!isObject(resolved)) continue;
      for (const method of METHODS) {
        const found = isObject(resolved[method]) ? ownerOf([area, name, method]) : undefined;
        if (found) owners.push(found.owner);
      }
    }
  }
  return owners;
}

/** The scopes an operation's security requirements ask for, by scheme: `OAuth2 partner:outlet:read`. */
function scopesOf(doc: Description, at: readonly string[]): Set<string> {
  const operation = lookup(doc, at);
  const security = isObject(operation) ? (operation.security ?? doc.security) : undefined;
  const scopes = new Set<string>();
  if (Array.isArray(security)) {
    for (const requirement of security) {
      if (!isObject(requirement)) continue;
      for (const [scheme, list] of Object.entries(requirement)) {
        if (Array.isArray(list)) for (const scope of list) scopes.add(`${String(scope)}`);
        if (!Array.isArray(list) || list.length === 0) scopes.add(`(${scheme})`);
      }
    }
  }
  return scopes;
}

/**
 * A field's name from the pointer segments of its schema: `data[].timezone`. Stops at a keyword
 * that is no field (`enum`); an `if`, `then` or `else` branch is named as such.
 */
function fieldName(segments: readonly string[]): string {
  let name = '';
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index] ?? '';
    if (segment === 'properties' && index + 1 < segments.length) {
      name += `${name ? '.' : ''}${segments[++index]}`;
    } else if (segment === 'items') name += '[]';
    else if (segment === 'additionalProperties') name += '.*';
    else if (['allOf', 'oneOf', 'anyOf'].includes(segment)) index++;
    else if (['if', 'then', 'else', 'not'].includes(segment)) name += `${name ? ' ' : ''}(${segment} rule)`;
    else break;
  }
  return name;
}

/** A value as a change names it: JSON, cut short when long (a pattern can be hundreds of characters). */
function shown(value: Json | undefined): string {
  if (typeof value === 'string' && value.length > 58) return JSON.stringify(`${value.slice(0, 55)}…`);
  const text = value === undefined ? 'none' : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

const list = (values: readonly Json[]) => values.map(shown).join(', ');

/** Properties that document, not constrain: a change of one is reported once, where Redocly found it. */
const DOCUMENTATION = new Set([
  'description',
  'summary',
  'title',
  'example',
  'examples',
  'externalDocs',
  'tags',
]);

function asArray(value: Json | undefined): Json[] {
  return Array.isArray(value) ? value : [];
}

/** What changed in a schema property of `subject` (a field, a parameter, a body). */
function schemaChange(subject: string, raw: RawChange): string {
  const before = raw.base?.value;
  const after = raw.revision?.value;
  const property = raw.property;
  if (raw.kind === 'added' && property === undefined) return `${subject} added`;
  if (raw.kind === 'removed' && property === undefined) return `${subject} removed`;
  switch (property) {
    case 'enum': {
      const removed = asArray(before).filter((value) => !asArray(after).some((other) => other === value));
      const added = asArray(after).filter((value) => !asArray(before).some((other) => other === value));
      const parts = [];
      if (removed.length) parts.push(`allowed values removed: ${list(removed)}`);
      if (added.length) parts.push(`allowed values added: ${list(added)}`);
      if (before === undefined) parts.push('allowed values limited');
      if (after === undefined) parts.push('any value allowed');
      return `${subject}: ${parts.join('; ')}`;
    }
    case 'description':
    case 'summary':
    case 'title':
    case 'example':
    case 'examples':
    case 'externalDocs':
      return `${subject}: ${property} changed`;
    case 'deprecated':
      return after === true ? `${subject} deprecated` : `${subject} no longer deprecated`;
    default:
      if (raw.kind === 'added' || before === undefined)
        return `${subject}: ${property} set to ${shown(after)}`;
      if (raw.kind === 'removed' || after === undefined)
        return `${subject}: ${property} ${shown(before)} removed`;
      return `${subject}: ${property} changed from ${shown(before)} to ${shown(after)}`;
  }
}

/** Where a change is within an operation or event: the parameter, the body or a response. */
interface Place {
  /** `query parameter product`, `request body`, `payload`, `response 200`. */
  readonly subject: string;
  /** Data the partner sends (a parameter, a request body), rather than reads. */
  readonly sent: boolean;
  /** The segments from the place's schema on (empty when the change is of the place itself). */
  readonly schema: readonly string[] | undefined;
}

function placeOf(doc: Description, owner: Owner, rest: readonly string[]): Place | undefined {
  const place = placeWithin(doc, owner, rest);
  const example = rest.indexOf('examples');
  if (place && place.schema === undefined && example !== -1 && rest[example + 1] !== undefined) {
    return {...place, subject: `${place.subject} example ${rest[example + 1]}`};
  }
  return place;
}

function placeWithin(doc: Description, owner: Owner, rest: readonly string[]): Place | undefined {
  const [first, second] = rest;
  const webhook = owner.event !== undefined;
  if (first === 'parameters' && second !== undefined) {
    const parameter = deref(doc, lookup(doc, [...owner.at, 'parameters', second]));
    const name = isObject(parameter)
      ? `${String(parameter.in)} parameter ${String(parameter.name)}`
      : 'a parameter';
    const schemaAt = rest.indexOf('schema');
    return {subject: name, sent: !webhook, schema: schemaAt === -1 ? undefined : rest.slice(schemaAt + 1)};
  }
  if (first === 'requestBody') {
    const schemaAt = rest.indexOf('schema');
    return {
      subject: webhook ? 'payload' : 'request body',
      sent: !webhook,
      schema: schemaAt === -1 ? undefined : rest.slice(schemaAt + 1),
    };
  }
  if (first === 'responses' && second !== undefined) {
    if (rest[2] === 'headers' && rest[3] !== undefined) {
      return {subject: `response ${second} header ${rest[3]}`, sent: false, schema: rest.slice(5)};
    }
    const schemaAt = rest.indexOf('schema');
    return {
      subject: `response ${second}`,
      sent: false,
      schema: schemaAt === -1 ? undefined : rest.slice(schemaAt + 1),
    };
  }
  return undefined;
}

interface Named {
  readonly owner: Owner;
  change: string;
  breaking: boolean;
  readonly deprecation?: true;
  readonly pointer: string;
  /** A field added or removed: what a change of its parent's `required` list merges with. */
  readonly field?: {readonly place: string; readonly name: string; readonly kind: RawChange['kind']};
  /** A change of a schema's `required` list, named per field by mergeRequired(). */
  readonly required?: {
    readonly place: string;
    readonly madeRequired: string[];
    readonly madeOptional: string[];
  };
}

/** Names one change of Redocly's report at one operation or event. */
function name(raw: RawChange, owner: Owner, rest: readonly string[], docs: Docs): Named | undefined {
  const doc = raw.kind === 'removed' ? docs.base : docs.revision;
  const pointer = (raw.kind === 'removed' ? raw.base?.pointer : raw.revision?.pointer) ?? raw.path;
  const breaking = raw.impact === 'major';
  const base = {owner, pointer, breaking};
  const noun = owner.event ? 'event' : 'operation';
  if (rest.length === 0) {
    if (raw.property === 'deprecated') {
      const now = raw.revision?.value === true;
      return {
        ...base,
        change: now ? `${noun} deprecated` : `${noun} no longer deprecated`,
        ...(now && {deprecation: true}),
      };
    }
    if (raw.property === undefined) return {...base, change: `${noun} ${raw.kind}`};
    if (raw.property === 'tags') return undefined; // the reference's grouping, not the API's
    return {...base, change: schemaChange(noun, raw)};
  }
  if (rest[0] === 'security') {
    return undefined; // named once per operation, from both descriptions (securityChanges)
  }
  const place = placeOf(doc, owner, rest);
  if (!place) {
    return {...base, change: schemaChange(rest.join(' '), raw)};
  }
  if (place.schema === undefined || (place.schema.length === 0 && raw.typeName !== 'Schema')) {
    return {...base, change: schemaChange(place.subject, raw)};
  }
  const field = fieldName(place.schema);
  if (raw.property === 'required' && raw.typeName === 'Schema') {
    // A field made required or optional: named per field in mergeRequired().
    const before = asArray(raw.base?.value).map(String);
    const after = asArray(raw.revision?.value).map(String);
    const parent = field ? `${field}.` : '';
    const madeRequired = after.filter((name) => !before.includes(name)).map((name) => parent + name);
    const madeOptional = before.filter((name) => !after.includes(name)).map((name) => parent + name);
    return {...base, change: '', required: {place: place.subject, madeRequired, madeOptional}};
  }
  const subject = !field
    ? place.subject
    : field.startsWith('(')
      ? `${place.subject} ${field}`
      : `${place.subject} field ${field}`;
  // A field the partner sends, removed: Redocly rates it a patch; breaking here (see the top).
  const removedSent = raw.kind === 'removed' && raw.property === undefined && place.sent && field !== '';
  return {
    ...base,
    breaking: breaking || removedSent,
    change: schemaChange(subject, raw),
    ...(field && raw.property === undefined && {field: {place: place.subject, name: field, kind: raw.kind}}),
  };
}

/** Turns each `required` change into one change per field, merged with that field's own addition or removal. */
function mergeRequired(named: Named[]): Named[] {
  const out: Named[] = [];
  for (const item of named) {
    if (item.required === undefined) {
      out.push(item);
      continue;
    }
    const {place, madeRequired, madeOptional} = item.required;
    const sameOwner = named.filter(
      (other) => ownerKey(other.owner) === ownerKey(item.owner) && other.field?.place === place,
    );
    for (const field of madeRequired) {
      const added = sameOwner.find((other) => other.field?.name === field && other.field.kind === 'added');
      if (added) {
        added.change = `${place} field ${field} added, required`;
        added.breaking = added.breaking || item.breaking;
      } else {
        out.push({...item, required: undefined, change: `${place} field ${field} made required`});
      }
    }
    for (const field of madeOptional) {
      const removed = sameOwner.find(
        (other) => other.field?.name === field && other.field.kind === 'removed',
      );
      if (removed) removed.breaking = removed.breaking || item.breaking;
      else out.push({...item, required: undefined, change: `${place} field ${field} made optional`});
    }
  }
  return out;
}

interface Docs {
  readonly base: Description;
  readonly revision: Description;
}

/** A scope added to or removed from each operation that both descriptions have. */
function securityChanges(raws: readonly RawChange[], docs: Docs): Named[] {
  const owners = new Map<string, Owner>();
  for (const raw of raws) {
    const found = ownerOf(pointerSegments(raw.path));
    if (found && found.rest[0] === 'security') owners.set(ownerKey(found.owner), found.owner);
  }
  const named: Named[] = [];
  for (const owner of owners.values()) {
    const before = scopesOf(docs.base, owner.at);
    const after = scopesOf(docs.revision, owner.at);
    const pointer = `#/${owner.at.map((segment) => segment.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}/security`;
    for (const scope of after)
      if (!before.has(scope)) named.push({owner, pointer, breaking: true, change: `scope ${scope} added`});
    for (const scope of before)
      if (!after.has(scope)) named.push({owner, pointer, breaking: false, change: `scope ${scope} removed`});
  }
  return named;
}

/**
 * Where each component (`#/components/schemas/Outlet`) is used: by which operation or event, at
 * which place (a parameter, the request body, a response) and under which field.
 */
function componentUses(doc: Description): Map<string, {owner: Owner; rest: string[]; field: string}[]> {
  const uses = new Map<string, {owner: Owner; rest: string[]; field: string}[]>();
  const record = (ref: string, owner: Owner, rest: string[], field: string) => {
    const key = ref.split('/').slice(0, 4).join('/');
    const list = uses.get(key) ?? [];
    if (
      !list.some((use) => ownerKey(use.owner) === ownerKey(owner) && use.rest.join('/') === rest.join('/'))
    ) {
      list.push({owner, rest, field});
      uses.set(key, list);
    }
  };
  const walk = (
    value: Json | undefined,
    owner: Owner,
    rest: string[],
    inSchema: string[] | undefined,
    seen: Set<string>,
  ) => {
    if (Array.isArray(value)) {
      value.forEach((item, index) =>
        walk(item, owner, [...rest, String(index)], inSchema && [...inSchema, String(index)], seen),
      );
      return;
    }
    if (!isObject(value)) return;
    if (typeof value.$ref === 'string') {
      const ref = value.$ref;
      if (!ref.startsWith('#/components/') || seen.has(ref)) return;
      record(ref, owner, rest, inSchema ? fieldName(inSchema) : '');
      walk(lookup(doc, pointerSegments(ref)), owner, rest, inSchema, new Set([...seen, ref]));
      return;
    }
    for (const [key, child] of Object.entries(value)) {
      const nextSchema = inSchema ? [...inSchema, key] : key === 'schema' ? [] : undefined;
      walk(child, owner, [...rest, key], nextSchema, seen);
    }
  };
  for (const owner of ownersOf(doc)) {
    const operation = lookup(doc, owner.at);
    if (!isObject(operation)) continue;
    for (const part of ['parameters', 'requestBody', 'responses'] as const) {
      walk(operation[part], owner, [part], undefined, new Set());
    }
  }
  return uses;
}

/**
 * The changes between two descriptions, from Redocly's report of them: each operation's and event's
 * changes together, operations in path order, breaking changes first within each.
 */
export function nameChanges(raws: readonly RawChange[], docs: Docs): ApiChange[] {
  // Where each component is used, walked only for a description with a change of a shared component.
  const walked: Partial<Record<keyof Docs, ReturnType<typeof componentUses>>> = {};
  const uses = (side: keyof Docs) => (walked[side] ??= componentUses(docs[side]));
  const named: Named[] = [];
  for (const raw of raws) {
    const segments = pointerSegments(raw.path);
    // A path item (or a webhook's), or every one of them, added or removed: each of its operations.
    if (
      (segments[0] === 'paths' || segments[0] === 'webhooks') &&
      segments.length <= 2 &&
      raw.property === undefined
    ) {
      const doc = raw.kind === 'removed' ? docs.base : docs.revision;
      const area = segments[0];
      const items = lookup(doc, [area]);
      const names = segments[1] !== undefined ? [segments[1]] : isObject(items) ? Object.keys(items) : [];
      for (const itemName of names) {
        const item = deref(doc, lookup(doc, [area, itemName]));
        for (const method of METHODS) {
          if (isObject(item) && isObject(item[method])) {
            const owner = ownerOf([area, itemName, method])?.owner ?? {at: []};
            named.push({
              owner,
              breaking: raw.impact === 'major',
              pointer: raw.path,
              change: `${owner.event ? 'event' : 'operation'} ${raw.kind}`,
            });
          }
        }
      }
      continue;
    }
    const found = ownerOf(segments);
    // Not changes of the API a partner calls: the grouping of the reference (tags, extensions), and
    // a component added or removed as such (it is reported where an operation starts or stops using it).
    if (!found && (segments[0] === 'tags' || segments[0]?.startsWith('x-'))) continue;
    if (
      !found &&
      segments[0] === 'components' &&
      raw.property === undefined &&
      (segments.length === 1 || (segments.length === 3 && segments[1] !== 'securitySchemes'))
    ) {
      continue;
    }
    if (!found) {
      const tag =
        segments[0] === 'tags'
          ? (lookup(docs.revision, segments.slice(0, 2)) ?? lookup(docs.base, segments.slice(0, 2)))
          : undefined;
      const subject = isObject(tag)
        ? `tag ${String(tag.name)}${segments.length > 2 ? ` ${segments.slice(2).join(' ')}` : ''}`
        : segments.join(' ') || 'description';
      named.push({
        owner: {at: []},
        breaking: raw.impact === 'major',
        pointer: raw.path,
        change: schemaChange(subject, raw),
      });
      continue;
    }
    const first = name(raw, found.owner, found.rest, docs);
    if (!first) continue;
    named.push(first);
    // The same change at every other operation or event that uses the changed component.
    const side = raw.kind === 'removed' ? 'base' : 'revision';
    const location = raw.kind === 'removed' ? raw.base?.pointer : raw.revision?.pointer;
    const documentation =
      DOCUMENTATION.has(raw.property ?? '') || raw.property?.startsWith('x-') || raw.typeName === 'Example';
    if (!location?.startsWith('#/components/') || documentation) continue;
    const componentSegments = pointerSegments(location);
    const key = `#/${componentSegments.slice(0, 3).join('/')}`;
    const within = componentSegments.slice(3);
    for (const use of uses(side).get(key) ?? []) {
      if (ownerKey(use.owner) === ownerKey(found.owner)) continue;
      // Rebuild the segments under the use's own place: its field prefix, then the path inside the component.
      const restAt = use.rest.includes('schema')
        ? use.rest.slice(0, use.rest.indexOf('schema') + 1)
        : use.rest;
      const prefix = use.field ? use.field.split('.').flatMap((part) => fieldSegments(part)) : [];
      const again = name(raw, use.owner, [...restAt, ...prefix, ...within], docs);
      if (
        again &&
        !named.some((other) => ownerKey(other.owner) === ownerKey(use.owner) && other.change === again.change)
      ) {
        named.push(again);
      }
    }
  }
  named.push(...securityChanges(raws, docs));
  const merged = mergeRequired(named).filter(
    (item, index, all) =>
      all.findIndex(
        (other) => ownerKey(other.owner) === ownerKey(item.owner) && other.change === item.change,
      ) === index,
  );
  const order = (item: Named) =>
    `${item.owner.event ? '2' : item.owner.operation ? '1' : '0'} ${item.owner.operation?.replace(/^\S+ /, '') ?? item.owner.event ?? ''} ${item.owner.operation ?? ''}`;
  merged.sort((a, b) => order(a).localeCompare(order(b)) || Number(b.breaking) - Number(a.breaking));
  return merged.map(({owner, change, breaking, deprecation, pointer}) => ({
    ...(owner.operation && {operation: owner.operation}),
    ...(owner.event && {event: owner.event}),
    change,
    breaking,
    ...(deprecation && {deprecation}),
    pointer,
  }));
}

/** The schema segments of one part of a field name (`data[]` is `properties data items`). */
function fieldSegments(part: string): string[] {
  const name = part.replace(/(\[\])+$/, '');
  const segments = name ? ['properties', name] : [];
  for (let count = (part.length - name.length) / 2; count > 0; count--) segments.push('items');
  return segments;
}
