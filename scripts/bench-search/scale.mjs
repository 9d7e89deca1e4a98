/**
 * A copy of the site with ten times the pages, for `npm run bench:search -- --scale`: the
 * repository is copied into a temporary folder (tests/support/repository-copy.mjs) and every
 * hand-written page and generated operation page under docs/ is copied nine more times, each copy
 * in a folder of its own with its title and headings numbered, so the search index grows as with ten times the
 * content. Hub pages (their cards list a sidebar category) are left out of the copies. The copy is
 * then committed to a git repository of its own (the build dates pages from git) and built as
 * `npm run build` builds the site, the generated reference included.
 */
import {spawnSync} from 'node:child_process';
import {cpSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {copyRepository} from '../../tests/support/repository-copy.mjs';

const COPIES = 9;

function pagesUnder(folder) {
  return readdirSync(folder, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name) && !entry.name.startsWith('_'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Numbers the Markdown headings of a copy, as its title is numbered: ten pages with the same
 * heading would read to the index shaping as a heading that stands on many pages ("Request",
 * "200 OK"), which it leaves out, and the copy would index less than ten times the content.
 */
function numberHeadings(text, copy) {
  let fenced = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      return fenced ? line : line.replace(/^(#{2,6} )(.+?)(\s*\{#[\w-]+\})?$/, `$1$2 (copy ${copy})$3`);
    })
    .join('\n');
}

export async function buildScaledCopy(root) {
  const folder = copyRepository('gerai-search-scale-');
  let pages = 0;
  for (const area of ['docs/docs', 'docs/api']) {
    const source = path.join(folder, area);
    const originals = pagesUnder(source).filter((file) => !/\.tag\.mdx$|[\\/]index\.mdx$/.test(file));
    for (let copy = 1; copy <= COPIES; copy += 1) {
      for (const file of originals) {
        const target = path.join(source, `scale-copy-${copy}`, path.relative(source, file));
        cpSync(file, target);
        const text = numberHeadings(readFileSync(target, 'utf8'), copy).replace(
          /^title: (["']?)(.+?)\1$/m,
          `title: $1$2 (copy ${copy})$1`,
        );
        writeFileSync(target, text.replace(/^sidebar_position: .*$/m, ''));
        pages += 1;
      }
      // Partials the copies import, beside them.
      for (const partial of readdirSync(source).filter((name) => name.startsWith('_'))) {
        cpSync(path.join(source, partial), path.join(source, `scale-copy-${copy}`, partial), {
          recursive: true,
        });
      }
    }
  }
  // A numbered heading has another anchor than the links to it expect; the copy is never published.
  const config = path.join(folder, 'docusaurus.config.ts');
  const configText = readFileSync(config, 'utf8');
  if (!configText.includes("onBrokenAnchors: 'throw'")) {
    throw new Error('bench:search: docusaurus.config.ts no longer sets onBrokenAnchors as expected');
  }
  writeFileSync(config, configText.replace("onBrokenAnchors: 'throw'", "onBrokenAnchors: 'ignore'"));
  // The production build dates each page from git (last updated, sitemap lastmod), so the copy
  // is made a repository of its own with everything committed once.
  const git = (...args) => {
    const result = spawnSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@localhost', ...args], {
      cwd: folder,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (result.status !== 0)
      throw new Error(`bench:search: git ${args[0]} failed in the scaled copy (${folder})`);
  };
  git('init', '--quiet');
  git('add', '--all');
  git('commit', '--quiet', '--no-verify', '--message', 'Scaled copy of the portal');
  const build = path.join(folder, 'build');
  const run = spawnSync(path.join(root, 'node_modules', '.bin', 'jiti'), ['scripts/build-site.ts'], {
    cwd: folder,
    stdio: 'inherit',
    env: {...process.env, DOCUSAURUS_IGNORE_SSG_WARNINGS: 'true'},
  });
  if (run.status !== 0) throw new Error(`bench:search: the scaled copy did not build (${folder})`);
  return {folder, build, pages};
}
