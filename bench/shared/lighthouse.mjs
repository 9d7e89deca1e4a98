// @ts-check
/**
 * Lighthouse runs of one page, for `npm run bench` (each kind of page, mobile and desktop) and
 * `npm run bench:scale` (the reference page's desktop blocking time, and the interleaved mobile
 * runs of every copy): each run in a fresh Chromium with the flags of the browser tests, the
 * median of every figure over the runs.
 */
import {CHROMIUM_ARGS, chromiumPath} from './browser.mjs';
import {median} from './stats.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/**
 * @param {import('lighthouse').RunnerResult['lhr']} lhr
 */
function figuresOf(lhr) {
  const audits = lhr.audits;
  /** @param {string} id */
  const numeric = (id) => audits[id]?.numericValue ?? NaN;
  /** @param {string} id */
  const score = (id) => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: Math.round(numeric('first-contentful-paint')),
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    tbtMs: Math.round(numeric('total-blocking-time')),
    cls: Number(numeric('cumulative-layout-shift').toFixed(3)),
    /**
     * Lighthouse's measure of the host's CPU at the time of the run. Its mobile
     * preset slows the CPU 4x, which it calibrates for a host of about 1,500
     * (docs/throttling.md in Lighthouse): a lower index means the run emulated a
     * slower phone than the preset intends, a higher one a faster phone.
     */
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    /** The audits of the four categories that did not pass, for the report. */
    failing: Object.values(lhr.categories)
      .flatMap((category) => category.auditRefs)
      .map((ref) => audits[ref.id])
      .filter(
        (audit) =>
          audit && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
      )
      .map((audit) => audit.id),
  };
}

/**
 * @param {string} url
 * @param {'mobile' | 'desktop'} preset
 * @param {number} runs
 */
export async function runLighthouse(url, preset, runs) {
  // Loaded when a run needs them: Lighthouse takes seconds to load, which every benchmark's
  // `--help` and usage errors would wait for.
  const [chromeLauncher, {default: lighthouse}, {default: desktopConfig}] = await Promise.all([
    import('chrome-launcher'),
    import('lighthouse'),
    import('lighthouse/core/config/desktop-config.js'),
  ]);
  const results = [];
  for (let run = 0; run < runs; run += 1) {
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumPath(),
      chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    });
    try {
      const result = await lighthouse(
        url,
        {port: chrome.port, onlyCategories: CATEGORIES, logLevel: 'error'},
        preset === 'desktop' ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      if (result.lhr.runtimeError) {
        throw new Error(`Lighthouse could not measure ${url}: ${result.lhr.runtimeError.message}`);
      }
      results.push(figuresOf(result.lhr));
    } finally {
      chrome.kill();
    }
  }
  /** @param {Exclude<keyof ReturnType<typeof figuresOf>, 'failing'>} key */
  const middle = (key) => median(results.map((r) => r[key]));
  return {
    performance: middle('performance'),
    accessibility: middle('accessibility'),
    bestPractices: middle('bestPractices'),
    seo: middle('seo'),
    fcpMs: middle('fcpMs'),
    lcpMs: middle('lcpMs'),
    tbtMs: middle('tbtMs'),
    cls: middle('cls'),
    benchmarkIndex: middle('benchmarkIndex'),
    failing: [...new Set(results.flatMap((r) => r.failing))],
  };
}
