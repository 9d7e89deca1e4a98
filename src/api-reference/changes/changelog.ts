/**
 * The API changelog (`changelog/`) checked against the description: every breaking change since
 * the last release is declared by an entry written after it, and no entry names an operation,
 * event or field that the description does not have.
 *
 * An entry declares breaking changes in its front matter, one line per change: the operation
 * (`METHOD /path`) or the event's name, then optionally the parameter or field:
 *
 *     breaking:
 *       - DELETE /integrations/partner/v1/outlet-link
 *       - PUT /integrations/food/outlets/{outlet_id}/v1/orders/{order_type}/{order_id}/cancelled cancel_reason_description
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';

import {parseYaml} from '@redocly/openapi-core';

import {type ApiChange, type Description, lookup, METHODS, ownersOf, pointerSegments} from './report';

export const CHANGELOG_DIR = 'changelog';

export interface Entry {
  /** The file, relative to the repository. */
  readonly file: string;
  /** `2026-11-23`: the front matter's date, or the file name's. */
  readonly date: string;
  readonly breaking: readonly string[];
  /** The entry's text after its front matter. */
  readonly body: string;
}

/** The changelog's entries (`changelog/*.md` and `*.mdx`, not the `_` partials). */
export function readEntries(root: string): Entry[] {
  const folder = path.join(root, CHANGELOG_DIR);
  return readdirSync(folder)
    .filter((file) => /\.mdx?$/.test(file) && !file.startsWith('_'))
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(folder, file), 'utf8');
      const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
      const front = (match ? parseYaml(match[1] ?? '') : {}) as {date?: unknown; breaking?: unknown};
      const date =
        front.date instanceof Date
          ? front.date.toISOString().slice(0, 10)
          : String(front.date ?? file).slice(0, 10);
      const breaking = Array.isArray(front.breaking) ? front.breaking.map(String) : [];
      return {
        file: path.join(CHANGELOG_DIR, file),
        date,
        breaking,
        body: match ? text.slice(match[0].length) : text,
      };
    });
}

/** `METHOD /path` or an event's name, then an optional field: one line of `breaking:`. */
function splitDeclaration(line: string): {subject: string; field?: string} {
  const [first = '', second, third] = line.trim().split(/\s+/);
  if ((METHODS as readonly string[]).includes(first.toLowerCase()) && second !== undefined) {
    return {subject: `${first.toUpperCase()} ${second}`, field: third};
  }
  return {subject: first, field: second};
}

type Json = Description[string];

/** Every name under an operation or event: its parameters' names and every property of its bodies. */
function namesUnder(doc: Description, subject: string): Set<string> | undefined {
  const owner = ownersOf(doc).find((candidate) => (candidate.operation ?? candidate.event) === subject);
  if (!owner) return undefined;
  const names = new Set<string>();
  const seen = new Set<string>();
  const walk = (value: Json | undefined): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== 'object') return;
    if (typeof value.$ref === 'string') {
      if (!seen.has(value.$ref)) {
        seen.add(value.$ref);
        walk(lookup(doc, pointerSegments(value.$ref)));
      }
      return;
    }
    if (typeof value.name === 'string' && typeof value.in === 'string') names.add(value.name);
    if (value.properties && typeof value.properties === 'object' && !Array.isArray(value.properties)) {
      for (const key of Object.keys(value.properties)) names.add(key);
    }
    if (value.headers && typeof value.headers === 'object' && !Array.isArray(value.headers)) {
      for (const key of Object.keys(value.headers)) names.add(key);
    }
    for (const child of Object.values(value)) walk(child);
  };
  walk(lookup(doc, owner.at));
  return names;
}

/** The inline code of an entry that names an operation (`GET /x`), a path (`/integrations/...`) or an event. */
function namedInText(body: string, events: ReadonlySet<string>): string[] {
  const families = new Set([...events].map((event) => event.split('.')[0]));
  const spans = [...body.matchAll(/`([^`\n]+)`/g)].map((match) => (match[1] ?? '').trim());
  return spans.filter((span) => {
    if (/^(GET|PUT|POST|PATCH|DELETE|HEAD|OPTIONS) \/\S*$/.test(span)) return true;
    if (/^\/(integrations|oauth2)\/\S*$/.test(span)) return true;
    return /^[a-z]+(\.[a-z_]+){2,}$/.test(span) && families.has(span.split('.')[0]);
  });
}

/** The changelog entry of a release, whose prose the writer writes above the generated list. */
export function releaseEntryFile(root: string, release: string): string {
  return path.join(root, CHANGELOG_DIR, `${release}-release.mdx`);
}

/** A new release's entry: front matter, a sentence from its changes, and the generated list. */
export function releaseEntryText(
  release: string,
  previous: string | undefined,
  changes: readonly ApiChange[],
): string {
  const breaking = changes.filter((change) => change.breaking).length;
  const summary =
    previous === undefined
      ? "The first release of the merchant API's description."
      : `${changes.length} ${changes.length === 1 ? 'change' : 'changes'} to the merchant API since release ${previous}, ` +
        `${breaking} of them breaking.`;
  return [
    '---',
    `slug: release-${release}`,
    `title: Release ${release}`,
    `description: ${JSON.stringify(summary)}`,
    'tags: [release]',
    `date: ${release}T23:00`,
    '---',
    '',
    summary,
    '',
    '{/*truncate*/}',
    '',
    `import Changes from './_releases/${release}.generated.mdx';`,
    '',
    '<Changes />',
    '',
  ].join('\n');
}

export interface CheckInput {
  /** The changes from the last release to the description as it stands. */
  readonly changes: readonly ApiChange[];
  /** Every release, oldest first, and the repository: each release has its changelog entry. */
  readonly releases: readonly string[];
  readonly root: string;
  /** The last release's name (its date), or undefined before the first release. */
  readonly lastRelease: string | undefined;
  /** The description as it stands, then every release: what an entry may name. */
  readonly descriptions: readonly Description[];
  readonly entries: readonly Entry[];
}

/** Every problem, one line each, naming the entry's file or the undeclared change. */
export function checkChangelog({
  changes,
  releases,
  root,
  lastRelease,
  descriptions,
  entries,
}: CheckInput): string[] {
  const problems: string[] = [];
  for (const release of releases) {
    const entry = releaseEntryFile(root, release);
    if (!existsSync(entry)) {
      problems.push(
        `release ${release} has no changelog entry: ${path.relative(root, entry)} (npm run api:release writes one)`,
      );
    }
  }
  const subjects = new Set<string>();
  const paths = new Set<string>();
  const events = new Set<string>();
  for (const doc of descriptions) {
    for (const owner of ownersOf(doc)) {
      if (owner.event !== undefined) {
        subjects.add(owner.event);
        events.add(owner.event);
      } else if (owner.operation !== undefined) {
        subjects.add(owner.operation);
        paths.add(owner.operation.replace(/^\S+ /, ''));
      }
    }
  }
  // Entries written after the last release declare its breaking changes.
  const unreleased = entries.filter((entry) => lastRelease === undefined || entry.date > lastRelease);
  const declared = unreleased.flatMap((entry) => entry.breaking.map(splitDeclaration));
  for (const change of changes) {
    if (!change.breaking) continue;
    const subject = change.operation ?? change.event;
    if (subject === undefined) continue;
    const covered = declared.some(
      (declaration) =>
        declaration.subject === subject &&
        (declaration.field === undefined || change.change.includes(declaration.field)),
    );
    if (!covered) {
      problems.push(
        `${subject}: breaking change not declared by any changelog entry after ${lastRelease ?? 'the first release'}: ` +
          `${change.change} (add "${subject}" to the "breaking:" list of the entry that announces it)`,
      );
    }
  }
  for (const entry of entries) {
    for (const line of entry.breaking) {
      const {subject, field} = splitDeclaration(line);
      if (!subjects.has(subject)) {
        problems.push(`${entry.file}: "breaking:" names ${subject}, which no release of the description has`);
        continue;
      }
      if (
        field !== undefined &&
        !descriptions.some((doc) =>
          namesUnder(doc, subject)?.has(field.replace(/\[\]$/, '').split('.').at(-1) ?? ''),
        )
      ) {
        problems.push(
          `${entry.file}: "breaking:" names ${field} of ${subject}, which has no parameter or field of that name`,
        );
      }
    }
    for (const span of namedInText(entry.body, events)) {
      const known = span.startsWith('/')
        ? paths.has(span) || [...paths].some((candidate) => candidate.startsWith(`${span}/`))
        : subjects.has(span);
      if (!known) problems.push(`${entry.file}: names \`${span}\`, which no release of the description has`);
    }
  }
  return problems;
}
