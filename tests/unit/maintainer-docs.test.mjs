// @ts-check
// The maintainers' documents point where they say: every relative link of README.md,
// ARCHITECTURE.md, UPGRADING.md, CONTRIBUTING.md and the folders' READMEs reaches a file of the
// repository, and every heading it names (`#anchor`) is one of that file's headings, as GitHub
// slugs them. So does every `UPGRADING.md#…` or `ARCHITECTURE.md#…` that a header comment of the
// code names, which is how a reach into a dependency finds its upgrade checklist.
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';

import GithubSlugger from 'github-slugger';
import remarkParse from 'remark-parse';
import {unified} from 'unified';

import {root} from '../support/openapi.mjs';

const DOCUMENTS = [
  'README.md',
  'ARCHITECTURE.md',
  'UPGRADING.md',
  'CONTRIBUTING.md',
  'deploy/README.md',
  'src/theme/README.md',
].filter((file) => existsSync(path.join(root, file)));

/** Calls `visitor` with every node of a Markdown tree, parents first. */
function walk(node, visitor) {
  visitor(node);
  for (const child of node.children ?? []) walk(child, visitor);
}

/** The anchors GitHub gives the headings of a Markdown file. */
function anchorsOf(file) {
  const tree = unified()
    .use(remarkParse)
    .parse(readFileSync(path.join(root, file), 'utf8'));
  const slugger = new GithubSlugger();
  const anchors = new Set();
  walk(tree, (heading) => {
    if (heading.type !== 'heading') return;
    let text = '';
    walk(heading, (node) => {
      if (node.type === 'text' || node.type === 'inlineCode') text += node.value;
    });
    anchors.add(slugger.slug(text));
  });
  return anchors;
}

/** The relative links of a Markdown file (not those to other sites), with where they point. */
function linksOf(file) {
  const tree = unified()
    .use(remarkParse)
    .parse(readFileSync(path.join(root, file), 'utf8'));
  const links = [];
  walk(tree, (link) => {
    if (link.type === 'link' && !/^[a-z][a-z+.-]*:/i.test(link.url)) links.push(link.url);
  });
  return links;
}

/** The code and configuration files of the repository's own folders. */
function codeFiles(folder) {
  return readdirSync(path.join(root, folder), {withFileTypes: true}).flatMap((entry) => {
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : codeFiles(relative);
    return /\.(ts|tsx|mjs|js|css|conf|service|sh)$/.test(entry.name) ? [relative] : [];
  });
}

const anchorCache = new Map();
const anchors = (file) => {
  if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(file));
  return anchorCache.get(file);
};

describe("the maintainers' documents", () => {
  for (const document of DOCUMENTS) {
    test(`${document}: every relative link reaches a file, and a heading of it`, () => {
      const broken = [];
      for (const url of linksOf(document)) {
        const [target, anchor] = url.split('#');
        const file = target ? path.normalize(path.join(path.dirname(document), decodeURI(target))) : document;
        if (!existsSync(path.join(root, file))) {
          broken.push(`${url}: no file ${file}`);
        } else if (anchor && file.endsWith('.md') && statSync(path.join(root, file)).isFile()) {
          if (!anchors(file).has(anchor)) broken.push(`${url}: ${file} has no heading #${anchor}`);
        }
      }
      assert.deepEqual(broken, []);
    });
  }

  test('every UPGRADING.md or ARCHITECTURE.md heading the code names is there', () => {
    const broken = [];
    const files = ['src', 'scripts', 'tests', 'bench', 'deploy', '.ci'].flatMap((folder) =>
      existsSync(path.join(root, folder)) ? codeFiles(folder) : [],
    );
    for (const file of files) {
      const text = readFileSync(path.join(root, file), 'utf8');
      for (const [, document, anchor] of text.matchAll(/\b(UPGRADING\.md|ARCHITECTURE\.md)#([\w-]+)/g)) {
        if (!anchors(document).has(anchor)) broken.push(`${file}: ${document}#${anchor}`);
      }
    }
    assert.ok(files.length > 100, `the code files were found (${files.length})`);
    assert.deepEqual(broken, []);
  });
});
