// @ts-check
// Reads the hand-written pages (Markdown and MDX) the way the content checks need them.
import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';

import {parse} from 'yaml';

import {root} from './openapi.mjs';

/** Files the OpenAPI generator writes; they are checked through the description itself. */
const GENERATED = /\.(api|info|tag|schema|fields|generated)\.mdx$/;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/** Hand-written pages under the given top-level folders, with front matter and body apart. */
export function handWrittenPages(folders = ['docs', 'api', 'blog', 'changelog', 'src/pages']) {
  return folders
    .flatMap((folder) => walk(path.join(root, folder)))
    .filter((file) => /\.mdx?$/.test(file) && !GENERATED.test(file))
    .map((file) => {
      const text = readFileSync(file, 'utf8');
      const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
      return {
        file: path.relative(root, file),
        frontMatter: match ? (parse(match[1]) ?? {}) : {},
        body: match ? text.slice(match[0].length) : text,
      };
    });
}

/** Fenced code blocks of a Markdown body: language, meta string and content. */
export function codeBlocks(body) {
  const blocks = [];
  const fence = /^(\s*)(`{3,}|~{3,})([^\n]*)\n([\s\S]*?)^\1\2\s*$/gm;
  for (const match of body.matchAll(fence)) {
    const [language = '', ...meta] = match[3].trim().split(/\s+/);
    blocks.push({language, meta: meta.join(' '), content: match[4]});
  }
  return blocks;
}
