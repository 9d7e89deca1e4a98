// @ts-check
// The API requests of the guides, as the production build shows them: in the six languages of the
// request panel, in its order, in the page's HTML (readable without JavaScript) and in its Markdown.
// Run after `npm run build`.
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';
import {build, guides, htmlOf, otherRequests, requestSampleSets} from '../support/request-samples.mjs';

const jiti = createJiti(root + '/');
const {markdownPath} = jiti('./src/config/page-markdown.ts');
const {CODE_SAMPLE_LANGUAGES} = jiti('./src/config/code-samples.ts');
const {default: siteConfig} = jiti('./docusaurus.config.ts');

/** The request panel's languages, in its order, as the site's configuration gives them to the OpenAPI theme. */
const PANEL_LANGUAGES = siteConfig.themeConfig.languageTabs.map((tab) => tab.language);
const LABELS = Object.fromEntries(CODE_SAMPLE_LANGUAGES.map(({language, label}) => [language, label]));

/** The `http` blocks of a page's source that hold a request: a request line, or `operation=`. */
function requestBlocks(body) {
  return [...body.matchAll(/^([ \t]*)(`{3,})http([^\n]*)\n([\s\S]*?)\n\1\2[ \t]*$/gm)].filter(
    ([, , , meta, content]) => /operation=/.test(meta) || /^(GET|POST|PUT|PATCH|DELETE) \//.test(content.trim()),
  );
}

/** The share of the guides' requests that must be shown in every language. */
const REQUIRED_SHARE = 0.9;

const pages = guides().map((guide) => {
  const html = htmlOf(guide.route);
  return {...guide, sets: requestSampleSets(html), others: otherRequests(html)};
});

describe("the guides' API requests", () => {
  test(`at least ${REQUIRED_SHARE * 100} % of them are shown in every language of the request panel`, () => {
    const shown = pages.reduce((sum, page) => sum + page.sets.length, 0);
    const others = pages.flatMap((page) => page.others.map((request) => `${page.route}: ${request}`));
    const share = shown / (shown + others.length);
    assert.ok(shown >= 40, `only ${shown} requests in every language`);
    assert.ok(
      share >= REQUIRED_SHARE,
      `${shown} of ${shown + others.length} requests (${(share * 100).toFixed(1)} %) in every language; in one language:\n${others.join('\n')}`,
    );
  });

  test('each request block of a page is one set of tabs in its HTML', () => {
    for (const page of pages) {
      const blocks = requestBlocks(page.body);
      assert.equal(page.sets.length, blocks.length, page.file);
    }
  });

  test("every set has the request panel's six languages, in its order, with their names", () => {
    assert.deepEqual(PANEL_LANGUAGES, ['curl', 'nodejs', 'python', 'go', 'java', 'php']);
    for (const page of pages) {
      for (const set of page.sets) {
        assert.deepEqual(
          set.tabs.map((tab) => tab.language),
          PANEL_LANGUAGES,
          `${page.route}: ${set.operation}`,
        );
        assert.deepEqual(
          set.labels,
          PANEL_LANGUAGES.map((language) => LABELS[language]),
          `${page.route}: ${set.operation}`,
        );
      }
    }
  });

  test('without JavaScript, the first language shows and every language is in the page, highlighted', () => {
    const highlight = Object.fromEntries(CODE_SAMPLE_LANGUAGES.map(({language, highlight}) => [language, highlight]));
    for (const page of pages) {
      for (const set of page.sets) {
        const where = `${page.route}: ${set.operation}`;
        assert.deepEqual(
          set.tabs.map((tab) => tab.hidden),
          PANEL_LANGUAGES.map((_language, index) => index > 0),
          where,
        );
        for (const tab of set.tabs) {
          assert.equal(tab.highlight, highlight[tab.language], `${where}: ${tab.language}`);
          assert.ok(tab.code.length > 40, `${where}: no ${tab.language} code`);
        }
      }
    }
    const html = htmlOf('/docs/docs/getting-started');
    // Highlighted while the site was built: coloured tokens of each language, in the HTML.
    for (const language of ['bash', 'javascript', 'python', 'go', 'java', 'php']) {
      assert.match(html, new RegExp(`class="prism-code language-${language}[^"]*"[^>]*><code[^>]*><div class=token-line[^>]*><span class="token `), language);
    }
  });

  test('the Markdown version of each guide keeps every language of every request, under its name', () => {
    for (const page of pages.filter((candidate) => candidate.sets.length > 0)) {
      const markdown = readFileSync(path.join(build, markdownPath(page.route)), 'utf8');
      for (const set of page.sets) {
        for (const tab of set.tabs) {
          assert.ok(
            markdown.includes(`**${LABELS[tab.language]}**\n\n\`\`\`${tab.highlight}\n${tab.code}\n\`\`\``),
            `${page.route}: the ${tab.language} code of ${set.operation} is missing from its Markdown`,
          );
        }
      }
    }
  });

  test("a guide's script carries its requests in the first language only: the others load when picked", () => {
    const page = pages.find((candidate) => candidate.route === '/docs/docs/food-integration/how-to/outlet-management');
    // The curl command's first line, without its line continuation: text that needs no escaping in a script.
    const curl = page.sets[0].tabs[0].code.split('\n')[0].replace(/ \\$/, '');
    assert.match(curl, /^curl /);
    const scripts = readdirSync(path.join(build, 'assets', 'js')).map((name) => ({
      name,
      text: readFileSync(path.join(build, 'assets', 'js', name), 'utf8'),
    }));
    const pageScripts = scripts.filter(({text}) => text.includes(curl));
    assert.equal(pageScripts.length, 1, `the page's script holds its curl code: ${curl}`);
    for (const marker of ['http.client.HTTPSConnection', 'Unirest.', 'curl_setopt_array']) {
      assert.ok(!pageScripts[0].text.includes(marker), `the page's script holds code of another language (${marker})`);
      assert.ok(
        scripts.some(({text}) => text.includes(marker) && text.includes('linked-outlets?product=food')),
        `no script to load holds the page's ${marker} code`,
      );
    }
  });
});
