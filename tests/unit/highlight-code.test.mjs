// Code blocks highlighted while the site is built (src/remark/highlight-code.ts), read back by
// @theme/CodeBlock (src/remark/code-tokens.ts).
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';

import createJiti from 'jiti';

import {handWrittenPages} from '../support/content.mjs';
import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {default: remarkHighlightCode, TOKENS_PROPERTY} = jiti('./src/remark/highlight-code.ts');
const {decodeCodeTokens, textOfLines} = jiti('./src/remark/code-tokens.ts');

const LANGUAGES = ['bash', 'java', 'php', 'http'];

/** Runs the plugin on one fenced block and returns what the page's code block receives. */
function highlight(lang, value, additionalLanguages = LANGUAGES) {
  const node = {type: 'code', lang, meta: null, value};
  remarkHighlightCode({additionalLanguages})({type: 'root', children: [node]});
  return decodeCodeTokens(node.data.hProperties[TOKENS_PROPERTY]);
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

test('tokens that are not the encoded form are ignored, and the browser highlights the block', () => {
  for (const bad of [undefined, '', 'not json', '{"lines":3}', 42]) {
    assert.equal(decodeCodeTokens(bad), undefined);
  }
});

test('the tokens of every code block of every page give back its text exactly', () => {
  const fence = /^(`{3,}|~{3,})([^\n`]*)\n([\s\S]*?)\n\1[ \t]*$/gm;
  let blocks = 0;
  for (const {file, body} of handWrittenPages()) {
    for (const [, , info, code] of body.matchAll(fence)) {
      const lang = info.trim().split(/\s+/)[0] || null;
      const {lines} = highlight(lang, code);
      assert.equal(textOfLines(lines), code, `${file}: a ${lang ?? 'plain'} block changed when highlighted`);
      blocks += 1;
    }
  }
  assert.ok(blocks > 50, `only ${blocks} code blocks found`);
});
