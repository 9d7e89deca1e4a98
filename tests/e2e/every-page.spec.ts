import {expect, test, type Page} from '@playwright/test';

import {specRoutes} from '../fixtures/routes';
import {expectNoAxeViolations} from '../support/accessibility';
import {builtSitemapPaths, hostConfig, watchPolicyViolations} from '../support/host';
import {expectNotFoundPage, NOT_FOUND_HEADING, settle, waitForHydration, watchErrors} from '../support/pages';

/**
 * Every page of the build under test, visited once as the production host
 * (nginx) serves it at 1280 px: the pages of its sitemap (the routes of the
 * specification and the generated reference pages), any route of the
 * specification the sitemap misses, a search with results and the not-found
 * page. On each, one test checks that the page
 *
 * - answers with its status and the build's Content-Security-Policy,
 * - hydrates, shows its own heading and a title naming the portal (the
 *   not-found page: its heading, search box and way back),
 * - scrolls to its end and settles (diagrams drawn, API explorer shown),
 * - logs no console error and no error React reports as a warning,
 * - breaks no rule of the policy (no inline script, eval or unlisted host),
 * - has no WCAG 2.2 AA violation axe-core can find.
 *
 * Each check records its failure and the test goes on, so a failing page is
 * reported once with every problem it has.
 */

type Kind = 'page' | 'search results' | 'not found';

interface Target {
  readonly path: string;
  readonly kind: Kind;
}

const sitemap = builtSitemapPaths();

const TARGETS: readonly Target[] = [
  ...[...new Set([...sitemap, ...specRoutes])].map((path) => ({path, kind: 'page' as const})),
  {path: '/search?q=order', kind: 'search results'},
  {path: '/docs/docs/no-such-page', kind: 'not found'},
];

/** Every title names the portal after the delimiter; the search page sets its own. */
const TITLE = /^\S.* \| Gerai Developer Portal$/;
const SEARCH_TITLE = /^Search/;

/** How long one step of a page (hydration, settling) may take before it counts as a problem. */
const STEP_TIMEOUT = 20_000;

/** The part of an assertion's message that says what failed, on one line, without colours. */
function summary(error: unknown): string {
  // eslint-disable-next-line no-control-regex
  const text = (error instanceof Error ? error.message : String(error)).replace(/\u001b\[[0-9;]*m/g, '');
  const [first = ''] = text.split('\n\n');
  if (!/^expect\W/.test(first)) return first.trim().split('\n').join('\n    ');
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^(Locator|Expected|Received|Timeout|Error)\b[^:]*:/.test(line))
    .join('; ');
}

/** The problems of one page: each check records its failure instead of ending the test. */
class Findings {
  readonly problems: string[] = [];

  record(what: string, error: unknown): void {
    this.problems.push(`${what}: ${summary(error)}`);
  }

  /** Runs one assertion as a step of the test (the report shows how long each took); true when it holds. */
  async check(what: string, assertion: () => unknown): Promise<boolean> {
    return test.step(what, async () => {
      try {
        await assertion();
        return true;
      } catch (error) {
        this.record(what, error);
        return false;
      }
    });
  }
}

async function inspect(page: Page, {path, kind}: Target): Promise<string[]> {
  const findings = new Findings();
  const errors = watchErrors(page);
  const violations = await watchPolicyViolations(page);

  const response = await test.step('loads', () =>
    page.goto(path).catch((error: unknown) => {
      findings.record('loads', error);
      return undefined;
    }));
  if (response === undefined) return findings.problems;
  await findings.check('status', () => expect(response?.status()).toBe(kind === 'not found' ? 404 : 200));
  await findings.check('Content-Security-Policy header', () =>
    expect(response?.headers()['content-security-policy']).toBe(hostConfig().contentSecurityPolicy),
  );

  const hydrated = await findings.check('hydrates', () => waitForHydration(page, STEP_TIMEOUT));
  if (kind === 'not found') {
    await findings.check('the not-found page', () => expectNotFoundPage(page));
  } else {
    await findings.check('a heading', () => expect(page.getByRole('heading').first()).toBeVisible());
    await findings.check('its own page, not the not-found page', () =>
      expect(page.getByRole('heading', {level: 1, name: NOT_FOUND_HEADING})).toHaveCount(0),
    );
    await findings.check('title', async () =>
      expect(await page.title()).toMatch(path.startsWith('/search') ? SEARCH_TITLE : TITLE),
    );
  }

  // Settling waits on what only the hydrated page draws; on a page that did not hydrate, axe
  // still judges the markup as served.
  if (hydrated) await findings.check('scrolls to its end and settles', () => settle(page, STEP_TIMEOUT));
  if (kind === 'search results') {
    await findings.check('search results', () =>
      expect(page.getByText(/\d+ documents? found|no results/i).first()).toBeVisible(),
    );
  }
  await findings.check('axe at 1280 px', () => expectNoAxeViolations(page, `${path} at 1280 px`));

  // The browser logs the 404 status of the not-found document itself; nothing else may fail.
  const unexpected = kind === 'not found' ? errors.filter((error) => !/status of 404/.test(error)) : errors;
  await findings.check('console', () =>
    expect(unexpected, `errors logged on ${path}:\n${unexpected.join('\n')}`).toEqual([]),
  );
  await findings.check('Content-Security-Policy', () =>
    expect(violations, `policy violations on ${path}:\n${violations.join('\n')}`).toEqual([]),
  );
  return findings.problems;
}

test.describe('the sitemap', () => {
  test('lists every route of the specification', () => {
    const inSitemap = new Set(sitemap);
    const missing = specRoutes.filter((route) => !inSitemap.has(route));
    expect(missing, 'routes of the specification missing from build/sitemap.xml').toEqual([]);
  });

  test('lists no route beyond the specification but generated reference pages', () => {
    const expected = new Set(specRoutes);
    const extra = sitemap.filter((route) => !expected.has(route));
    // Operations that a page of the specification leads to get pages of their own, and
    // Docusaurus lists the blog's authors. Two areas came after the specification: the API
    // changelog and the reference of the OAuth 2.0 authorization server. Every other page must
    // be one the specification names.
    const addedAreas = /^\/changelog(\/|$)|^\/docs\/api\/auth\/authorization-server\//;
    const unexpected = extra.filter(
      (route) =>
        route !== '/blog/authors' &&
        !addedAreas.test(route) &&
        !/^\/docs\/api\/[a-z-]+\/(events\/)?[a-z-]+$/.test(route),
    );
    expect(unexpected).toEqual([]);
  });

  test('lists the generated reference pages too', () => {
    // The generated reference pages make the sitemap much longer than the specification's list.
    expect(sitemap.length).toBeGreaterThan(100);
  });
});

test.describe('every page', () => {
  // The sweep judges each page at rest: with reduced motion, Infima's transitions take no time,
  // so settling waits for drawing and loading only, not for the navbar to slide back in.
  test.use({reducedMotion: 'reduce'});
  // One test does what three did, each with the default minute: axe alone takes a few seconds
  // on a long reference page and several times that when the machine is busy. Each wait of a
  // page is bounded by STEP_TIMEOUT; this limit only ends a page that stops answering.
  // Under the whole suite's load, headless Chromium now and then stops answering: a script run
  // in a page that takes 8 s on its own got no answer for over a minute, once in 163 pages, and
  // the same page passed 8 times in a row alone. Such a test runs once more, in a new browser;
  // a page that fails twice fails the suite, and the report lists one that passed the second
  // time as flaky.
  test.describe.configure({timeout: 120_000, retries: 1});

  for (const target of TARGETS) {
    test(`${target.path}: status, policy, hydration, heading, title, no error, no violation`, async ({
      page,
    }) => {
      const problems = await inspect(page, target);
      expect(
        problems,
        `${problems.length} problem(s) on ${target.path}:\n${problems.map((problem) => `- ${problem}`).join('\n')}\n`,
      ).toEqual([]);
    });
  }
});
