/**
 * The generated half of each release's changelog entry: every change of the release against the
 * one before (the first release: against nothing), breaking ones first and marked, each linked to
 * its reference page. Written into `changelog/_releases/<name>.generated.mdx`, which the release's
 * entry (`changelog/<name>-release.mdx`) imports below the writer's prose.
 *
 * `npm run gen-api` writes them. A report is kept in `.docusaurus/api-release-notes/` under the
 * hash of both releases and of the code that names the changes, so a run with no new release
 * runs no diff.
 */
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {availableParallelism} from 'node:os';
import path from 'node:path';

import kebabCase from 'lodash/kebabCase';
import {parseYaml} from '@redocly/openapi-core';

import {inlineCode, mdxLine} from '../page/mdx';
import {geraiApiSections} from '../../config/openapi';
import {operationsOf} from '../releases';
import {RELEASE_NOTES_DIR} from '../layout';
import {listReleases, releaseFile} from './release-snapshots';
import {type ApiChange, type Description, nameChanges, redoclyDiff} from './report';

export const releaseNotesFile = (name: string) => path.join(RELEASE_NOTES_DIR, `${name}.generated.mdx`);

/**
 * What the first release is compared with: a description with no operation, event or server, and
 * the release's own `info` (a made-up one would show as changes of the API's title and version).
 */
function nothingBefore(release: Description): Description {
  return {openapi: release.openapi ?? '3.1.0', info: release.info ?? {title: '', version: ''}, paths: {}};
}

/**
 * The reference page of each operation and event of the description as it stands, by
 * `METHOD /path` or event name: the section's folder and the generator's page id, the operationId
 * in kebab case (as docusaurus-plugin-openapi-docs names the page).
 */
export function referencePages(root: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const section of geraiApiSections) {
    const file = path.join(root, 'openapi', 'gerai', section.file);
    if (!existsSync(file)) continue;
    const doc = parseYaml(readFileSync(file, 'utf8')) as {
      paths?: Record<string, Record<string, {operationId?: string}>>;
      webhooks?: Record<string, Record<string, {operationId?: string}>>;
    };
    for (const [key, {operationId}] of operationsOf(doc)) {
      if (operationId !== undefined)
        pages.set(key, `/docs/api/${section.outputDir}/${kebabCase(operationId)}`);
    }
  }
  return pages;
}

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** The changes of release `name` against the one before, from the cache when both are unchanged. */
export function releaseChanges(
  root: string,
  name: string,
  previous: string | undefined,
  scratch: string,
): Promise<ApiChange[]> {
  const file = releaseFile(root, name);
  if (previous !== undefined) return changesBetween(root, releaseFile(root, previous), file);
  const before = path.join(scratch, 'nothing.json');
  writeFileSync(before, JSON.stringify(nothingBefore(parseYaml(readFileSync(file, 'utf8')) as Description)));
  return changesBetween(root, before, file);
}

/**
 * The changes from the description in file `before` to the one in `after` (joined descriptions),
 * kept in `.docusaurus/api-release-notes/` under the hash of both and of the code that names them.
 */
export async function changesBetween(root: string, before: string, after: string): Promise<ApiChange[]> {
  const code = ['report.ts', 'release-notes.ts']
    .map((source) => readFileSync(path.join(__dirname, source)))
    .join('\0');
  const key = sha256([readFileSync(before), readFileSync(after), code].join('\0'));
  const cache = path.join(root, '.docusaurus', 'api-release-notes', `${key}.json`);
  if (existsSync(cache)) return JSON.parse(readFileSync(cache, 'utf8')) as ApiChange[];
  const docs = {
    base: parseYaml(readFileSync(before, 'utf8')) as Description,
    revision: parseYaml(readFileSync(after, 'utf8')) as Description,
  };
  const changes = nameChanges(await redoclyDiff(before, after), docs);
  mkdirSync(path.dirname(cache), {recursive: true});
  writeFileSync(cache, JSON.stringify(changes));
  return changes;
}

/**
 * A change's text with its names and values as inline code: a field's or parameter's name, and each
 * quoted value (a pattern or an enum value, whose `*` and `_` Markdown would otherwise read).
 */
function codeSpans(text: string): string {
  return text
    .replace(/"(?:[^"\\]|\\.)*"…?/g, (value) => inlineCode(value))
    .replace(
      /\b(field|parameter|scope|example|header(?! parameter)) ([^\s:,`]+)/g,
      (_, noun: string, name: string) => `${noun} ${inlineCode(name)}`,
    );
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The operation or event of a change, linked to its reference page when it has one. */
function subjectLabel(change: ApiChange, pages: ReadonlyMap<string, string>): string {
  const subject = change.operation ?? change.event;
  if (subject === undefined) return 'The whole API';
  const label = inlineCode(change.event ? `${change.event} (event)` : subject);
  const page = pages.get(subject);
  return page ? `[${label}](${page})` : label;
}

/** Changes as a list: one item per operation or event, its changes nested under it. */
function listed(changes: readonly ApiChange[], pages: ReadonlyMap<string, string>, mark: string): string[] {
  const lines: string[] = [];
  let last: string | undefined;
  for (const change of changes) {
    const subject = change.operation ?? change.event ?? '';
    if (subject !== last) {
      lines.push(`- ${mark}${subjectLabel(change, pages)}`);
      last = subject;
    }
    lines.push(`  - ${mdxLine(codeSpans(change.change))}`);
  }
  return lines;
}

/** The partial of one release. */
export function renderReleaseNotes(
  name: string,
  previous: string | undefined,
  changes: readonly ApiChange[],
  pages: ReadonlyMap<string, string>,
): string {
  const breaking = changes.filter((change) => change.breaking);
  const deprecations = changes.filter((change) => !change.breaking && change.deprecation);
  const others = changes.filter((change) => !change.breaking && !change.deprecation);
  const source =
    previous === undefined
      ? `release ${name} against an empty description`
      : `npm run api:changes -- --from ${previous} --to ${name}`;
  const lines = [
    `{/* Generated by npm run gen-api from openapi/releases/ (${source}); not edited by hand. */}`,
    '',
    previous === undefined
      ? `The first release of the description: ${plural(changes.length, 'change')} from nothing, ${breaking.length} breaking.`
      : `${plural(changes.length, 'change')} since release ${previous}, ${plural(breaking.length, 'breaking change')}${
          deprecations.length ? `, ${plural(deprecations.length, 'deprecation')}` : ''
        }. Each operation and event links to its page in the current reference; one removed since has none.`,
  ];
  const group = (title: string, list: readonly ApiChange[], mark = '') => {
    if (list.length > 0) lines.push('', `## ${title}`, '', ...listed(list, pages, mark));
  };
  group('Breaking changes', breaking, '**Breaking:** ');
  group('Deprecations', deprecations, '**Deprecated:** ');
  group('Other changes', others);
  return `${lines.join('\n')}\n`;
}

/**
 * Writes the partial of every release into `folder` (laid out as the repository), reading the
 * releases and the description from `root`.
 */
export async function writeReleaseNotes(root: string, folder: string, scratch: string): Promise<string[]> {
  const pages = referencePages(root);
  const releases = listReleases(root);
  mkdirSync(path.join(folder, RELEASE_NOTES_DIR), {recursive: true});
  // Each diff is a process of its own (redocly diff): one per core at a time.
  const changes: ApiChange[][] = [];
  let next = 0;
  const diffs = async () => {
    for (let index = next++; index < releases.length; index = next++) {
      const previous = index === 0 ? undefined : releases[index - 1];
      changes[index] = await releaseChanges(root, releases[index] as string, previous, scratch);
    }
  };
  await Promise.all(Array.from({length: Math.min(availableParallelism(), releases.length)}, diffs));
  return releases.map((name, index) => {
    const target = path.join(folder, releaseNotesFile(name));
    const previous = index === 0 ? undefined : releases[index - 1];
    writeFileSync(target, renderReleaseNotes(name, previous, changes[index] ?? [], pages));
    return target;
  });
}
