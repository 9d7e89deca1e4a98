// @ts-check
// The API requests the guides show, read from the built HTML: those shown in every language
// (src/components/RequestSamples) and those shown otherwise (a curl command, an HTTP request line).
import {readFileSync} from 'node:fs';
import path from 'node:path';

import {loadMain} from './built-html.mjs';
import {handWrittenPages} from './content.mjs';
import {root} from './openapi.mjs';

export const build = path.resolve(root, process.env.PORTAL_BUILD_DIR ?? 'build');

/**
 * The guides: the hand-written pages of the docs (`docs/docs/`) and of the API reference
 * (`docs/api/`, its generated pages left out), each with its source file and route.
 */
export function guides() {
  return handWrittenPages(['docs'])
    .filter(({file}) => !path.basename(file).startsWith('_'))
    .map(({file, body}) => ({
      file,
      body,
      route: `/${file.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '$1')}`,
    }));
}

/** The built HTML of a route. */
export function htmlOf(route) {
  return readFileSync(path.join(build, route, 'index.html'), 'utf8');
}

/** A code block's text as a reader copies it: its lines, without the trailing newline. */
export function codeText($, block) {
  const lines = $(block).find('.token-line');
  const text =
    lines.length > 0
      ? lines
          .toArray()
          .map((line) => $(line).text())
          .join('\n')
      : $(block).text();
  return text.replace(/\n+$/, '');
}

/** The requests a page shows in every language: the operation, and each tab's language, label, code and visibility. */
export function requestSampleSets(html) {
  const $ = loadMain(html);
  return $('main [data-request-samples]')
    .toArray()
    .map((set) => ({
      operation: $(set).attr('data-operation'),
      labels: $(set)
        .find('[role="tab"]')
        .toArray()
        .map((tab) => $(tab).text().trim()),
      tabs: $(set)
        .find('[role="tabpanel"]')
        .toArray()
        .map((panel) => ({
          language: $(panel).attr('data-language'),
          hidden: $(panel).attr('hidden') !== undefined,
          highlight: /language-(\S+)/.exec($(panel).find('pre').attr('class') ?? '')?.[1],
          code: codeText($, $(panel).find('pre').first()),
        })),
    }));
}

const REQUEST_LINE = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+\S/;

/** The requests a page shows otherwise, in one language: each curl command and each HTTP request of its code blocks. */
export function otherRequests(html) {
  const $ = loadMain(html);
  $('main [data-request-samples]').remove();
  return $('main pre')
    .toArray()
    .flatMap((block) => {
      const code = codeText($, block);
      const language = /language-(\S+)/.exec($(block).attr('class') ?? '')?.[1];
      if (language === 'http') return REQUEST_LINE.test(code.trim()) ? [code.split('\n')[0]] : [];
      return [...code.matchAll(/(?:^|[\n;&|(]\s*)curl\s[^\n]*/g)].map((match) => match[0].trim());
    });
}
