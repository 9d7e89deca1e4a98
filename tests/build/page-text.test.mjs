// @ts-check
// The text of every built page keeps its words apart without the help of CSS.
// Search indexes a page's text as its markup gives it: two elements side by side
// with no space between them (two buttons, a label and its hint) give one word
// ("integrationTalk"), which no query finds and which reads wrong in a result.
// Reader modes, copying and pages without styles read the same text.
// Run after `npm run build`.
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

import {loadMain} from '../support/built-html.mjs';
import {root} from '../support/openapi.mjs';

const build = path.resolve(root, process.env.PORTAL_BUILD_DIR ?? 'build');

/** Elements that start on a line of their own in any browser, without CSS: they separate words. */
const BLOCKS = new Set(
  (
    'address article aside blockquote br details dialog dd div dl dt fieldset figcaption figure footer ' +
    'form h1 h2 h3 h4 h5 h6 header hgroup hr li main nav ol p pre section summary table tbody thead tfoot ' +
    'tr td th ul'
  ).split(' '),
);

/**
 * Elements that are phrases of their own: a link, a control, a label or its
 * hint is never meant to continue the word before it. (Formatting such as
 * `<code>external_id</code>s` or a tag's count is, and is read as written.)
 */
const PHRASES = new Set(['a', 'button', 'input', 'label', 'select', 'small', 'textarea']);

const WORD = /[\p{L}\p{N}_]+/gu;

/** The page's text as markup gives it, and as it is once every phrase is set apart. */
function texts(html) {
  const $ = loadMain(html);
  const region = $('main').first();
  region.find('pre, svg, script, style, noscript, template').remove();
  const read = (nodes, apart) =>
    nodes
      .map((node) => {
        if (node.type === 'text') return node.data;
        if (node.type !== 'tag') return '';
        const inner = read(node.children, apart);
        return BLOCKS.has(node.name) || (apart && PHRASES.has(node.name)) ? ` ${inner} ` : inner;
      })
      .join('');
  const nodes = region.contents().get();
  return {asMarkup: read(nodes, false), apart: read(nodes, true)};
}

function pages(folder) {
  return readdirSync(folder, {withFileTypes: true}).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : pages(file);
    return entry.name === 'index.html' ? [file] : [];
  });
}

test('no two elements of a page run their words together', () => {
  const files = pages(build);
  assert.ok(files.length > 100, `${files.length} pages in ${build}`);
  const joined = [];
  for (const file of files) {
    const {asMarkup, apart} = texts(readFileSync(file, 'utf8'));
    const words = new Set(apart.match(WORD) ?? []);
    for (const word of new Set(asMarkup.match(WORD) ?? [])) {
      if (!words.has(word)) joined.push(`${path.relative(build, file)}: "${word}"`);
    }
  }
  assert.deepEqual(joined, [], `words run together:\n${joined.join('\n')}`);
});
