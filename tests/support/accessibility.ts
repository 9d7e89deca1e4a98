import AxeBuilder from '@axe-core/playwright';
import {expect, type Page} from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/** The suggestion list of the navbar search box (autocomplete.js in @easyops-cn/docusaurus-search-local). */
export const SEARCH_LISTBOX = '.navbar [role="listbox"]';

/**
 * Elements axe must not judge, each with the reason. Only a third-party widget
 * that cannot be fixed from this project belongs here; never switch a rule off
 * instead. An excluded element's contents are checked by a test of their own.
 */
export const EXCLUDED: readonly {selector: string; reason: string}[] = [
  {
    selector: SEARCH_LISTBOX,
    reason:
      'autocomplete.js puts its "See all results" link (and, with no hit, the "No results" text) inside ' +
      'the role=listbox element, where ARIA allows only options (rule aria-required-children). The ' +
      'markup is built outside React and the search tests rely on it; every element inside the list ' +
      'is still checked (see "the search suggestions of the navbar" in tests/e2e/accessibility.spec.ts).',
  },
];

/**
 * Runs axe on the page as it is now (or on the parts `include` selects;
 * otherwise on everything but EXCLUDED) and fails with one line per element:
 * rule, impact, target, page.
 */
export async function expectNoAxeViolations(page: Page, label: string, include?: string): Promise<void> {
  // Only violations are read: axe then skips gathering the elements that pass, much of its time on a
  // long page. options() replaces every option, so it comes before withTags(). The policy allows
  // no frame (frame-src 'none'), so axe runs in the page alone instead of opening a blank page to
  // merge the results of frames: half the time on a reference page.
  let builder = new AxeBuilder({page})
    .options({resultTypes: ['violations']})
    .withTags(WCAG_TAGS)
    .setLegacyMode(true);
  if (include !== undefined) builder = builder.include(include);
  else for (const {selector} of EXCLUDED) builder = builder.exclude(selector);
  const {violations} = await builder.analyze();
  const lines = violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const target = node.target
        .map((part) => (Array.isArray(part) ? part.join(' >>> ') : String(part)))
        .join(' | ');
      return `${violation.id} (${violation.impact ?? 'unknown'}) on ${label} at ${target}: ${violation.help}`;
    }),
  );
  expect(lines, `axe violations on ${label}:\n${lines.join('\n')}\n`).toEqual([]);
}
