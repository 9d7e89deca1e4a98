import {expect, type Browser, type Page} from '@playwright/test';

import {inOwnContext, test, watchRenderer} from '../support/fixtures';
import {expectNoAxeViolations} from '../support/accessibility';
import {buildDir, builtSitemapPaths, hostConfig, watchPolicyViolations} from '../support/host';
import {samplePagesOnce} from '../support/page-kinds';
import {
  expectNotFoundPage,
  NOT_FOUND_HEADING,
  RendererStalled,
  settle,
  stallGuard,
  waitForHydration,
  watchErrors,
  watchScripts,
} from '../support/pages';
import {expectedText, referencePages} from '../support/reference-pages';

/**
 * What only a browser can see, on one page of every kind and every page that
 * brings a component no other page in the sample has (tests/support/page-kinds.ts
 * chooses them from the build, so a new kind of page is covered when it is
 * built), plus a search with results and the not-found page. Every page of the
 * build gets the checks that need no browser in Node
 * (tests/build/every-page.test.mjs). On each page of the sample, served by
 * nginx as in production at 1280 px, one test checks that it
 *
 * - answers with its status and the build's Content-Security-Policy,
 * - hydrates, having loaded at most 250 KB of gzipped JavaScript, shows its
 *   own heading and a title naming the portal (the
 *   not-found page: its heading, search box and way back),
 * - scrolls to its end and settles (diagrams drawn, API explorer shown),
 * - logs no console error and no error React reports as a warning,
 * - breaks no rule of the policy while it runs (no inline script, eval or
 *   unlisted host),
 * - has no WCAG 2.2 AA violation axe-core can find, layout rules (contrast,
 *   target size) included,
 * - and, for a reference page, shows the facts of its operation with
 *   JavaScript off, as the styles leave them visible.
 *
 * Each check records its failure and the test goes on, so a failing page is
 * reported once with every problem it has. A renderer that stops answering is
 * detected within seconds (stallGuard, or the watchdog of every test, which
 * closes the page): the page is loaded once more in a new tab, and a second
 * stall fails the test with the step that stalled.
 */

type Kind = 'page' | 'search results' | 'not found';

interface Target {
  readonly path: string;
  readonly kind: Kind;
  readonly covers: readonly string[];
}

const TARGETS: readonly Target[] = [
  ...samplePagesOnce(buildDir, builtSitemapPaths()).map(({route, covers}) => ({
    path: route,
    kind: 'page' as const,
    covers,
  })),
  {path: '/search?q=order', kind: 'search results', covers: ['search results']},
  {path: '/docs/docs/no-such-page', kind: 'not found', covers: ['the not-found page']},
];

const REFERENCE_PAGES = new Map(referencePages().map((reference) => [reference.route, reference]));

/** Every title names the portal after the delimiter; the search page sets its own. */
const TITLE = /^\S.* \| Gerai Developer Portal$/;
const SEARCH_TITLE = /^Search/;

/** The gzipped JavaScript a page may load before the reader asks for anything more. */
const SCRIPT_BUDGET = 250 * 1024;

/** How long one step of a page (loading, hydration, settling, axe) may take. */
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
  private readonly guard: ReturnType<typeof stallGuard>;

  constructor(private readonly page: Page) {
    this.guard = stallGuard(page);
  }

  record(what: string, error: unknown): void {
    this.problems.push(`${what}: ${summary(error)}`);
  }

  /**
   * Runs one assertion as a step of the test; true when it holds. A renderer that stops
   * answering during the step is not recorded as a finding: it ends the visit (see inspect).
   */
  async check(what: string, assertion: () => unknown): Promise<boolean> {
    return test.step(what, async () => {
      try {
        await this.guard(what, async () => assertion(), STEP_TIMEOUT + 5_000);
        return true;
      } catch (error) {
        if (error instanceof RendererStalled) throw error;
        // The watchdog every test's page has (tests/support/fixtures.ts) closes a page whose
        // renderer has not answered for 15 s, which it may do before the guard's budget is spent:
        // a stall too, not a finding of the page.
        if (this.page.isClosed()) {
          throw new RendererStalled(`the page was closed, its renderer silent, during "${what}"`);
        }
        this.record(what, error);
        return false;
      }
    });
  }
}

async function inspect(browser: Browser, page: Page, {path, kind}: Target): Promise<string[]> {
  const findings = new Findings(page);
  const errors = watchErrors(page);
  const violations = await watchPolicyViolations(page);
  const scripts = watchScripts(page);

  let response: Awaited<ReturnType<Page['goto']>> | undefined;
  const loaded = await findings.check('loads', async () => {
    response = await page.goto(path, {timeout: STEP_TIMEOUT});
  });
  if (!loaded) return findings.problems;
  await findings.check('status', () => expect(response?.status()).toBe(kind === 'not found' ? 404 : 200));
  await findings.check('Content-Security-Policy header', () =>
    expect(response?.headers()['content-security-policy']).toBe(hostConfig().contentSecurityPolicy),
  );

  const hydrated = await findings.check('hydrates', () => waitForHydration(page, STEP_TIMEOUT));
  if (hydrated) {
    // What the page loads until it has hydrated, before the reader does anything.
    const {total, scripts: loaded} = scripts.weight();
    await findings.check('at most 250 KB of gzipped JavaScript before the reader does anything', () =>
      expect(total, `${loaded.length} scripts: ${loaded.join(', ')}`).toBeLessThanOrEqual(SCRIPT_BUDGET),
    );
  }
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

  const reference = REFERENCE_PAGES.get(path);
  if (reference !== undefined) {
    await findings.check('the operation with JavaScript off', async () => {
      await inOwnContext(
        browser,
        {baseURL: new URL(page.url()).origin, javaScriptEnabled: false},
        async (plain) => {
          await plain.goto(path, {timeout: STEP_TIMEOUT});
          const text = await plain.locator('main').innerText({timeout: STEP_TIMEOUT});
          const missing = expectedText(reference)
            .filter(({text: fact}) => !text.includes(fact))
            .map(({label, text: fact}) => `${label} ${fact}`);
          expect(missing, `facts of ${path} missing from the visible text of <main>`).toEqual([]);
        },
      );
    });
  }
  return findings.problems;
}

test.describe('one page of every kind and component', () => {
  // Each page is judged at rest: with reduced motion, Infima's transitions take no time, so
  // settling waits for drawing and loading only, not for the navbar to slide back in.
  test.use({reducedMotion: 'reduce'});
  // A visit takes a few seconds; each step is bounded (STEP_TIMEOUT) and a stall is found within
  // seconds of it, so this limit only bounds a visit that stalls and is loaded once more.
  test.describe.configure({timeout: 120_000});

  test('the sample is small and holds every kind of page', () => {
    const kinds = TARGETS.flatMap((target) =>
      target.covers.filter((feature) => feature.startsWith('kind: ')),
    );
    expect(kinds.length).toBeGreaterThanOrEqual(10);
    expect(TARGETS.length).toBeLessThan(60);
  });

  for (const target of TARGETS) {
    const brings = target.covers.slice(0, 2).join(', ') + (target.covers.length > 2 ? ', …' : '');
    test(`${target.path} (${brings}): status, policy, hydration, heading, title, no error, no violation`, async ({
      browser,
      page,
    }) => {
      let problems: string[];
      try {
        problems = await inspect(browser, page, target);
      } catch (error) {
        if (!(error instanceof RendererStalled)) throw error;
        // The renderer stopped answering: once more, in a new tab, before it counts.
        test.info().annotations.push({type: 'stalled', description: error.message});
        await Promise.race([
          page.close().catch(() => undefined),
          new Promise((done) => setTimeout(done, 5_000)),
        ]);
        problems = await inspect(browser, await page.context().newPage(), target);
      }
      expect(
        problems,
        `${problems.length} problem(s) on ${target.path}:\n${problems.map((problem) => `- ${problem}`).join('\n')}\n`,
      ).toEqual([]);
    });
  }
});

/**
 * Makes the page's one thread stop answering once this returns: it opens an alert that nobody
 * closes (a dialog with a listener waits for the listener's answer, and the page's thread waits for
 * the dialog). The page gives no answer to any script, as one that loops for ever gives none, but
 * its thread waits instead of burning a core until the page is closed: the loop took 14 CPU
 * seconds of these two tests, on the cores the other tests share.
 */
async function stopAnswering(page: Page): Promise<void> {
  page.on('dialog', () => undefined);
  await page.evaluate(() => {
    setTimeout(() => window.alert('This page stops answering here.'), 0);
  });
}

test.describe('a renderer that stops answering', () => {
  test('is found within seconds of the step that stalled, not at the end of the test', async ({page}) => {
    await page.goto('/');
    const guard = stallGuard(page);
    await stopAnswering(page);
    const started = Date.now();
    const outcome = await guard('reading the title', () => page.evaluate(() => document.title), 2_000).catch(
      (error: unknown) => error,
    );
    expect(outcome).toBeInstanceOf(RendererStalled);
    expect((outcome as Error).message).toMatch(/stopped answering during "reading the title"/);
    expect(Date.now() - started).toBeLessThan(10_000);
    await page.close({runBeforeUnload: false});
  });

  test('is found by the watchdog of every browser test, which ends the page', async ({browser}) => {
    await inOwnContext(browser, {}, async (page) => {
      await page.goto('/');
      await stopAnswering(page);
      let stalled = false;
      const started = Date.now();
      const watchdog = watchRenderer(page, {
        every: 300,
        misses: 2,
        onStall: async () => {
          stalled = true;
          await page.close({runBeforeUnload: false});
        },
      });
      await expect.poll(() => stalled, {timeout: 15_000}).toBe(true);
      await watchdog.stop();
      expect(page.isClosed()).toBe(true);
      expect(Date.now() - started).toBeLessThan(15_000);
    });
  });
});
