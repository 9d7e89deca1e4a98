// @ts-check
/**
 * The time of each stage of `npm run build`, read from what the build prints when run by
 * `npm run bench:scale`:
 *
 * - `[gen-api] <step>: 1.2 s` and `[reference-writer] 49 pages in 0.40 s`
 *   (scripts/generate-api-docs/, src/api-reference/page/markdown.ts; the reference writer runs in
 *   each of the generator's two processes, so its lines are added up);
 * - Docusaurus's own phases, with `DOCUSAURUS_PERF_LOGGER=true`:
 *   `[PERF] Build > en > Bundling with rspack - 25.01 seconds!` (or `- 812.20 ms`), added up
 *   when both processes of the build (scripts/build-site/) print one; the process that only
 *   bundles exits before it prints its bundling time, which its step of the build script gives;
 * - `[page-markdown] … written in 5.6 s` (src/plugins/page-markdown);
 * - `[search-index] 160 pages indexed in 212 files, and 120 pages of 2 earlier releases; written
 *   in 1.4 s` (src/plugins/search: reading the pages, indexing and shaping the index files
 *   of the site and of each earlier release, one postBuild step; before the releases had indexes
 *   of their own, `… in 212 files, written in 1.4 s`);
 * - `[build-site] <step>: 12.3 s` (scripts/build-site/): the Docusaurus processes and the host
 *   configuration.
 *
 * A stage the log does not mention is left out: it did not run, or no longer prints its time.
 */

/** ANSI colour codes, which Docusaurus's logger writes. */
// eslint-disable-next-line no-control-regex -- the escape character is what is matched
const ANSI = /\u001b\[[0-9;]*m/g;

/** The names bench:scale gives the steps of scripts/build-site/. */
/** @type {[step: string, line: RegExp][]} */
const BUILD_SITE_STEPS = [
  // One `docusaurus build`, two (the bundling, then the pages and postBuild steps) or three (the
  // server's code and the browser's code bundled apart, each also counted in docusaurusBundling).
  ['docusaurus', /^Building the site/],
  ['docusaurusBundlingServer', /^Bundling the site: the server/],
  ['docusaurusBundlingClient', /^Bundling the site: the browser/],
  ['docusaurusBundling', /^Bundling the site/],
  ['docusaurusPages', /^Rendering the pages/],
  ['hostConfig', /^Writing the host configuration/],
];

/** `12.3 s`, `5.02 seconds!` or `812.20 ms` in seconds. */
function seconds(value, unit) {
  return unit === 'ms' ? Number(value) / 1000 : Number(value);
}

const round = (value) => Math.round(value * 100) / 100;

/**
 * @param {string} log everything the build wrote, stdout and stderr
 * @returns {{
 *   genApi: Record<string, number>,
 *   referenceWriter?: {pages: number, s: number},
 *   docusaurus: Record<string, number>,
 *   pageMarkdown?: {pages: number, s: number},
 *   searchIndex?: {pages: number, files: number, s: number, releasePages?: number, releases?: number},
 *   buildSite: Record<string, number>,
 * }}
 */
export function parseStages(log) {
  const stages = {genApi: {}, docusaurus: {}, buildSite: {}};
  let writerPages = 0;
  let writerSeconds = 0;
  for (const raw of log.split('\n')) {
    const line = raw.replace(ANSI, '').trim();
    let match;
    if ((match = /^\[gen-api\] (.+): ([\d.]+) s$/.exec(line))) {
      stages.genApi[match[1]] = Number(match[2]);
    } else if ((match = /^\[reference-writer\] (\d+) pages in ([\d.]+) s$/.exec(line))) {
      writerPages += Number(match[1]);
      writerSeconds += Number(match[2]);
    } else if (
      (match = /^\[PERF\](?:\[KO\])? Build > [\w-]+ > ([^>]+?) - ([\d.]+) (seconds!|ms)/.exec(line))
    ) {
      // A phase of both `docusaurus build` processes (loading the site) counts twice.
      stages.docusaurus[match[1]] = round((stages.docusaurus[match[1]] ?? 0) + seconds(match[2], match[3]));
    } else if ((match = /^\[page-markdown\] (\d+) Markdown pages.* in ([\d.]+) s\b/.exec(line))) {
      stages.pageMarkdown = {pages: Number(match[1]), s: Number(match[2])};
    } else if (
      (match =
        /^\[search-index\] (\d+) pages indexed in (\d+) files(?:, and (\d+) pages of (\d+) earlier releases;|,) written in ([\d.]+) s$/.exec(
          line,
        ))
    ) {
      stages.searchIndex = {pages: Number(match[1]), files: Number(match[2]), s: Number(match[5])};
      if (match[3] !== undefined) {
        stages.searchIndex.releasePages = Number(match[3]);
        stages.searchIndex.releases = Number(match[4]);
      }
    } else if ((match = /^\[build-site\] (.+): ([\d.]+) s$/.exec(line))) {
      const step = BUILD_SITE_STEPS.find(([, pattern]) => pattern.test(match[1]));
      const name = step ? step[0] : match[1];
      stages.buildSite[name] = Number(match[2]);
      if (name === 'docusaurusBundlingServer' || name === 'docusaurusBundlingClient') {
        stages.buildSite.docusaurusBundling = round(
          (stages.buildSite.docusaurusBundling ?? 0) + Number(match[2]),
        );
      }
    }
  }
  if (writerPages > 0) stages.referenceWriter = {pages: writerPages, s: round(writerSeconds)};
  return stages;
}
