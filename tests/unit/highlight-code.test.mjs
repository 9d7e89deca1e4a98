// @ts-check
// Code blocks highlighted while the site is built (src/remark/highlight-code.ts), read back by
// @theme/CodeBlock (src/remark/code-tokens.ts).
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';

import createJiti from 'jiti';

import {handWrittenPages} from '../support/content.mjs';
import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {default: remarkHighlightCode, TOKENS_PROPERTY} = jiti('./src/remark/highlight-code.ts');
const {decodeCodeTokens} = jiti('./src/remark/code-tokens.ts');

const LANGUAGES = ['bash', 'java', 'php', 'http'];

/** Runs the plugin on one fenced block and returns what it writes into the page. */
function encode(lang, value, additionalLanguages = LANGUAGES) {
  const node = {type: 'code', lang, meta: null, value};
  remarkHighlightCode({additionalLanguages})({type: 'root', children: [node]});
  return node.data.hProperties[TOKENS_PROPERTY];
}

/** The lines and tokens the page's code block shows for one fenced block. */
function highlight(lang, value, additionalLanguages = LANGUAGES) {
  const language = (lang ?? 'text').toLowerCase();
  return {language, lines: decodeCodeTokens(encode(lang, value, additionalLanguages), value, language)};
}

/** Each token of a line as "text:types". */
const describeLine = (line) => line.map((token) => `${token.content}:${token.types.join('.')}`);

describe('a fenced code block', () => {
  test('gets the tokens Prism finds: a shell built-in, a variable and a string', () => {
    const {language, lines} = highlight('bash', 'export TOKEN="abc"\n\necho $TOKEN');
    assert.equal(language, 'bash');
    assert.deepEqual(describeLine(lines[0]), [
      'export:builtin.class-name',
      ' :plain',
      'TOKEN:assign-left.variable',
      '=:operator',
      '"abc":string',
      // prism-react-renderer ends a line with an empty plain token, as in the browser.
      ':plain',
    ]);
    assert.deepEqual(lines[1], [{types: ['plain'], content: '\n', empty: true}]);
    assert.ok(describeLine(lines[2]).includes('$TOKEN:variable'));
  });

  test("is highlighted in the site's extra languages: Java, PHP and HTTP", () => {
    const coloured = (lang, code) =>
      highlight(lang, code)
        .lines.flat()
        .filter((token) => !token.types.includes('plain')).length;
    assert.ok(coloured('java', 'public class A { int x = 1; }') >= 5);
    assert.ok(coloured('php', '<?php echo "x"; ?>') >= 3);
    assert.ok(coloured('http', 'POST /oauth2/token HTTP/1.1\nHost: auth.gerai.example') >= 3);
  });

  test('in a language Prism does not know is plain text, line for line', () => {
    const {language, lines} = highlight('text', 'one\n\ntwo');
    assert.equal(language, 'text');
    assert.deepEqual(lines.map(describeLine), [['one:plain'], ['\n:plain'], ['two:plain']]);
  });

  test('without a language is plain text, as the theme shows it', () => {
    assert.equal(highlight(null, 'x = 1').language, 'text');
  });
});

test('a language missing from Prism stops the build with its name', () => {
  assert.throws(
    () => highlight('bash', 'ls', ['bash', 'cobolx']),
    /highlight-code: Prism has no language "cobolx" \(listed in themeConfig\.prism\.additionalLanguages\)/,
  );
});

test('tokens that do not fit the text or the language are not used, and the browser highlights the block', () => {
  const code = '// highlight-next-line\nconst a = 1;';
  const tokens = encode('js', code);
  assert.ok(decodeCodeTokens(tokens, code, 'js'));
  // The theme takes magic comments out of the text before it highlights it.
  assert.equal(decodeCodeTokens(tokens, 'const a = 1;', 'js'), undefined);
  assert.equal(decodeCodeTokens(tokens, code.replace('1', '12'), 'js'), undefined);
  assert.equal(decodeCodeTokens(tokens, code, 'ts'), undefined);
  for (const bad of [undefined, '', 'not json', '{"lines":3}', 42]) {
    assert.equal(decodeCodeTokens(bad, code, 'js'), undefined);
  }
});

test('the tokens of every code block of every page fit its text exactly', () => {
  const fence = /^(`{3,}|~{3,})([^\n`]*)\n([\s\S]*?)\n\1[ \t]*$/gm;
  let blocks = 0;
  for (const {file, body} of handWrittenPages()) {
    for (const [, , info, code] of body.matchAll(fence)) {
      const lang = info.trim().split(/\s+/)[0] || null;
      const {lines} = highlight(lang, code);
      assert.ok(lines, `${file}: the tokens of a ${lang ?? 'plain'} block do not fit its text`);
      const text = lines
        .map((line) => line.map((token) => (token.empty ? '' : token.content)).join(''))
        .join('\n');
      assert.equal(text, code, `${file}: a ${lang ?? 'plain'} block changed when highlighted`);
      blocks += 1;
    }
  }
  assert.ok(blocks > 50, `only ${blocks} code blocks found`);
});
