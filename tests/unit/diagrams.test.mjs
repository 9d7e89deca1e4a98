// @ts-check
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {
  default: remarkDiagrams,
  contentDiagrams,
  DIAGRAMS_DIR,
  diagramFile,
  diagramText,
} = jiti('./src/remark/diagrams.ts');

const diagrams = contentDiagrams(root);
const drawings = readdirSync(path.join(root, DIAGRAMS_DIR)).filter((name) => name.endsWith('.svg'));

test('the content has diagrams, and each is drawn as it is written now (npm run diagrams draws them)', () => {
  assert.ok(diagrams.length >= 10, `only ${diagrams.length} diagrams found`);
  const missing = diagrams.filter(({key}) => !drawings.includes(diagramFile(key))).map(({where}) => where);
  assert.deepEqual(missing, [], 'Run `npm run diagrams` and commit the files it writes.');
});

test('no drawing is left over from a diagram that changed or went away', () => {
  const used = new Set(diagrams.map(({key}) => diagramFile(key)));
  assert.deepEqual(
    drawings.filter((name) => !used.has(name)),
    [],
    'Run `npm run diagrams`: it deletes them.',
  );
});

test('each drawing has a width and a height, so the page keeps its place before it loads', () => {
  for (const name of drawings) {
    const svg = readFileSync(path.join(root, DIAGRAMS_DIR, name), 'utf8');
    const opening = /<svg[^>]*>/.exec(svg)?.[0] ?? '';
    const width = Number(/\swidth="(\d+)"/.exec(opening)?.[1]);
    const height = Number(/\sheight="(\d+)"/.exec(opening)?.[1]);
    assert.ok(width > 0 && height > 0, `${name}: <svg> has no width or height in pixels`);
  }
});

test('each diagram says what it shows, for readers who cannot see it (accTitle and accDescr)', () => {
  const untold = diagrams.filter(({source}) => {
    const {title, description} = diagramText(source);
    return !title || !description || description.split(/\s+/).length < 8;
  });
  assert.deepEqual(
    untold.map(({where}) => where),
    [],
    'Give each diagram an `accTitle:` line and an `accDescr:` line of a sentence or more.',
  );
});

/** The Markdown tree of a page made of one code block, after the plugin. */
function transformed(lang, value, file) {
  const tree = {type: 'root', children: [{type: 'code', lang, value}]};
  remarkDiagrams({siteDir: root})(tree, {path: file});
  return tree.children[0];
}

test('a drawn diagram becomes a Diagram holding its drawing as an image, described by its accTitle and accDescr, linked to itself', () => {
  const [diagram] = diagrams;
  const figure = transformed('mermaid', diagram.source, diagram.file);
  assert.equal(figure.type, 'mdxJsxFlowElement');
  assert.equal(figure.name, 'Diagram');
  const [link] = figure.children[0].children;
  assert.equal(link.type, 'link');
  const [image] = link.children;
  assert.equal(image.type, 'image');
  assert.equal(link.url, image.url);
  const {title, description} = diagramText(diagram.source);
  assert.equal(image.alt, `${title}. ${description}`);
  assert.equal(
    path.resolve(path.dirname(diagram.file), image.url),
    path.join(root, DIAGRAMS_DIR, diagramFile(diagram.key)),
  );
});

test('a diagram not drawn yet stays a code block, which the browser draws; other code is left alone', () => {
  const file = path.join(root, 'docs', 'docs', 'new-page.mdx');
  assert.equal(transformed('mermaid', 'flowchart LR\n  A --> B', file).type, 'code');
  assert.equal(transformed('js', 'const a = 1;', file).type, 'code');
});
