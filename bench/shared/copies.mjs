// @ts-check
/**
 * The copies of the portal the benchmarks build, start and test, each in a new temporary folder
 * (tests/support/repository-copy.mjs) and committed as a repository of its own (the build dates
 * pages from git): the portal as it is (`plainCopy`), and the ten-times copy (`growCopy`), grown
 * the way the content grows. `npm run bench:scale`, `bench:suite` and `bench:writer` measure
 * both; `bench:scale` makes its other copies from `commitCopy` too.
 *
 * In the ten-times copy, the merchant API's OpenAPI descriptions get nine more copies of every
 * operation, schema and webhook event (so `gen-api` and the reference writer work at ten times,
 * not only the page count), and the hand-written guides nine more copies each, in sidebar
 * categories of their own. Copies are numbered (paths, operation ids, summaries, schema names,
 * event names, titles and headings), so the search index and the sidebars hold ten times the
 * distinct content.
 */
import {spawnSync} from 'node:child_process';
import {cpSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import GithubSlugger from 'github-slugger';
import {parse, stringify} from 'yaml';

import {copyRepository} from '../../tests/support/repository-copy.mjs';

/** The grown copy's content is this many times the portal's, unless a caller asks for more (bench:scale's 100x). */
export const TIMES = 10;

const LOCAL_SCHEMA = /^#\/components\/schemas\/([^/]+)(.*)$/;

/** A deep copy of `value` in which every local schema reference names the schema's copy `n`. */
function renumbered(value, n) {
  if (Array.isArray(value)) return value.map((item) => renumbered(item, n));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      if (key === '$ref' && typeof item === 'string') {
        const local = LOCAL_SCHEMA.exec(item);
        return [key, local ? `#/components/schemas/${local[1]}_${n}${local[2]}` : item];
      }
      return [key, renumbered(item, n)];
    }),
  );
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** Copy `n` of an operation (or of a webhook's operation): numbered id and summary, its own schemas. */
function copyOperations(item, n) {
  const copy = renumbered(item, n);
  for (const method of METHODS) {
    const operation = copy[method];
    if (!operation) continue;
    if (operation.operationId) operation.operationId = `${operation.operationId}Copy${n}`;
    if (operation.summary) operation.summary = `${operation.summary} (copy ${n})`;
  }
  return copy;
}

/** Grows one OpenAPI description: `times` copies of each operation, schema and event. */
export function growDescription(text, times = TIMES) {
  const doc = parse(text);
  const paths = Object.entries(doc.paths ?? {});
  const webhooks = Object.entries(doc.webhooks ?? {});
  const schemas = Object.entries(doc.components?.schemas ?? {});
  for (let n = 2; n <= times; n += 1) {
    for (const [template, item] of paths) doc.paths[`/copy-${n}${template}`] = copyOperations(item, n);
    for (const [event, item] of webhooks) doc.webhooks[`${event}.copy_${n}`] = copyOperations(item, n);
    for (const [name, schema] of schemas) doc.components.schemas[`${name}_${n}`] = renumbered(schema, n);
  }
  return stringify(doc, {lineWidth: 0});
}

function pagesUnder(folder) {
  return readdirSync(folder, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name) && !entry.name.startsWith('_'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Numbers the Markdown headings of a copy, as its title is numbered: ten pages with the same
 * heading would read to the index shaping as a heading that stands on many pages, which it
 * leaves out, and the copy would index less than ten times the content.
 */
function numberHeadings(text, copy, mdx) {
  const slugger = new GithubSlugger();
  // An explicit heading id: in MDX, the comment form Docusaurus reads (MDX reads {#id} as code).
  const explicitId = (slug) => (mdx ? ` {/*#${slug}*/}` : ` {#${slug}}`);
  let fenced = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      if (fenced) return line;
      // The heading keeps its anchor, so links to it (and the linter, which checks them) still find it.
      return line.replace(
        /^(#{2,6} )(.+?)(\s*\{#[\w-]+\})?$/,
        (_, level, heading, id) =>
          `${level}${heading} (copy ${copy})${id ?? explicitId(slugger.slug(heading))}`,
      );
    })
    .join('\n');
}

/** A page that imports a partial `gen-api` writes from the whole description (the objects glossary). */
const WHOLE_DESCRIPTION = /from\s+['"][^'"]*\.generated\.mdx['"]/;

/**
 * Copies the hand-written pages of `area` (under docs/) `times` - 1 times; returns how many pages it
 * wrote. A page made from the whole description is not copied: it already grows with the
 * description, and a copy of it per copy of the guides grew with the square of the content (at 30
 * times, thirty glossaries of every schema made half of the site's scripts).
 */
export function growGuides(folder, area, times) {
  const source = path.join(folder, 'docs', area);
  const generated = /\.(api|info|tag|schema|fields|generated)\.mdx$/;
  const originals = pagesUnder(source).filter(
    (file) =>
      !generated.test(file) &&
      !/[\\/]index\.mdx$/.test(file) &&
      !file.includes('copy-') &&
      !WHOLE_DESCRIPTION.test(readFileSync(file, 'utf8')),
  );
  let pages = 0;
  for (let n = 2; n <= times; n += 1) {
    for (const file of originals) {
      const target = path.join(source, `copy-${n}`, path.relative(source, file));
      cpSync(file, target);
      const text = numberHeadings(readFileSync(target, 'utf8'), n, target.endsWith('.mdx'))
        .replace(/^title: (["']?)(.+?)\1$/m, `title: $1$2 (copy ${n})$1`)
        .replace(/^sidebar_position: .*$/m, '');
      writeFileSync(target, text);
      pages += 1;
    }
    // Partials the copies import, beside them.
    for (const partial of readdirSync(source).filter(
      (name) => name.startsWith('_') && !generated.test(name),
    )) {
      cpSync(path.join(source, partial), path.join(source, `copy-${n}`, partial), {recursive: true});
    }
  }
  return pages;
}

/**
 * The sidebars of the copy: each sidebar ends with one category per copy of its guides, listing
 * the copy's folder.
 */
function growSidebars(folder, times) {
  const file = path.join(folder, 'sidebars.ts');
  const text = readFileSync(file, 'utf8');
  const categories = (area) =>
    Array.from({length: times - 1}, (_, k) => k + 2)
      .map(
        (n) =>
          `{type: 'category', label: 'Copy ${n}', items: [{type: 'autogenerated', dirName: '${area}/copy-${n}'}]}`,
      )
      .join(', ');
  const grown = text.replace(
    /^export default sidebars;$/m,
    `(sidebars.docsSidebar as unknown[]).push(${categories('docs')});\n` +
      `(sidebars.apiSidebar as unknown[]).push(${categories('api')});\n` +
      'export default sidebars;',
  );
  if (grown === text) throw new Error('bench: sidebars.ts no longer ends with `export default sidebars;`');
  writeFileSync(file, grown);
}

/** Commits everything in the copy `folder` as a repository of its own: the build dates pages from git. */
export function commitCopy(folder, message) {
  const git = (...args) => {
    const result = spawnSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@localhost', ...args], {
      cwd: folder,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (result.status !== 0) throw new Error(`bench: git ${args[0]} failed in the copy (${folder})`);
  };
  git('init', '--quiet');
  git('add', '--all');
  git('commit', '--quiet', '--no-verify', '--message', message);
}

/**
 * A copy of the portal as it is, in a new temporary folder, committed as the grown copy is, so
 * that both are built alike. Returns its folder; the caller removes it.
 */
export function plainCopy() {
  const folder = copyRepository('gerai-scale-1x-');
  commitCopy(folder, 'A copy of the portal');
  return folder;
}

/**
 * Makes the copy with `times` the content in a new temporary folder; returns its folder. The
 * caller removes it.
 *
 * @param {number} [times]
 */
export function growCopy(times = TIMES) {
  if (!Number.isInteger(times) || times < 2)
    throw new Error(`bench: a grown copy has 2 or more times the content, not ${times}`);
  const folder = copyRepository(`gerai-scale-${times}x-`);
  const descriptions = path.join(folder, 'openapi', 'gerai');
  for (const name of readdirSync(descriptions).filter((file) => file.endsWith('.yaml'))) {
    if (name === 'common.yaml') continue;
    const file = path.join(descriptions, name);
    writeFileSync(file, growDescription(readFileSync(file, 'utf8'), times));
  }
  growGuides(folder, 'docs', times);
  growGuides(folder, 'api', times);
  growSidebars(folder, times);
  // A numbered heading has another anchor than the links to it expect; the copy is never published.
  const config = path.join(folder, 'docusaurus.config.ts');
  const configText = readFileSync(config, 'utf8');
  if (!configText.includes("onBrokenAnchors: 'throw'")) {
    throw new Error('bench: docusaurus.config.ts no longer sets onBrokenAnchors as expected');
  }
  writeFileSync(config, configText.replace("onBrokenAnchors: 'throw'", "onBrokenAnchors: 'ignore'"));
  // The anchors the copies' headings keep are slugs of their words, which the spell check would read as words.
  const cspell = path.join(folder, 'cspell.json');
  const spelling = JSON.parse(readFileSync(cspell, 'utf8'));
  spelling.ignoreRegExpList.push('/\\{(?:\\/\\*)?#[\\w-]+(?:\\*\\/)?\\}/g');
  writeFileSync(cspell, JSON.stringify(spelling, null, 2));
  // markdownlint checks links to a heading's {#id}, and knows nothing of the MDX comment form.
  const markdownlint = path.join(folder, '.markdownlint-cli2.jsonc');
  const lintConfig = readFileSync(markdownlint, 'utf8');
  if (!lintConfig.includes('"config": {'))
    throw new Error('bench: .markdownlint-cli2.jsonc no longer has a "config" block');
  writeFileSync(markdownlint, lintConfig.replace('"config": {', '"config": {\n    "MD051": false,'));
  // Written as the repository's formatter writes it, so the copy's suite lints it as it lints the portal.
  const prettier = spawnSync(
    path.join(folder, 'node_modules', '.bin', 'prettier'),
    ['--write', '--log-level=warn', 'sidebars.ts', 'cspell.json', 'openapi', 'docs'],
    {cwd: folder, stdio: ['ignore', 'ignore', 'inherit']},
  );
  if (prettier.status !== 0) throw new Error(`bench: prettier could not format the copy (${folder})`);
  commitCopy(folder, `A copy of the portal with ${times} times its content`);
  return folder;
}
