// @ts-check
/**
 * The table `npm run bench:scale` prints: one row per figure, one column per copy and, after each
 * copy but the first (1x), how many times the 1x figure it is.
 */

/**
 * Each figure: its label, how to read it from a copy's entry in bench/scale/results.json, and its decimals.
 *
 * @type {[string, (entry: any) => unknown, number?][]}
 */
export const FIGURES = [
  ['pages', pages, 0],
  ['page HTML KB: median', (e) => e.served.pageHtml.medianKB],
  ['  largest', (e) => e.served.pageHtml.maxKB],
  ['npm run build, wall s', (e) => e.build.wallS],
  ['  peak RSS MB (largest process)', (e) => e.build.peakRssMB, 0],
  ['  peak RSS MB (process tree)', (e) => e.build.treePeakRssMB, 0],
  ['gen-api s', (e) => e.build.stages.genApi.total],
  ['  lint s', (e) => e.build.stages.genApi.lint],
  ['  downloads s', (e) => e.build.stages.genApi.downloads],
  ['  Postman collection s', (e) => e.build.stages.genApi['Postman collection']],
  ['  release notes s', (e) => e.build.stages.genApi['release notes']],
  ['  generator s', (e) => e.build.stages.genApi.generator],
  ['  reference writer s', (e) => e.build.stages.referenceWriter.s, 2],
  [
    'docusaurus build s',
    (e) =>
      e.build.stages.buildSite.docusaurus ??
      e.build.stages.buildSite.docusaurusBundling + e.build.stages.buildSite.docusaurusPages,
  ],
  ['  load site s (each process)', (e) => e.build.stages.docusaurus['Load site']],
  ['  bundling s', bundlingSeconds],
  ['  SSG s', (e) => e.build.stages.docusaurus.SSG],
  ['  postBuild s', (e) => e.build.stages.docusaurus['postBuild()']],
  ['    Markdown pages s', (e) => e.build.stages.pageMarkdown.s],
  ['    search index s', (e) => e.build.stages.searchIndex.s],
  ['  broken links s', (e) => e.build.stages.docusaurus['Broken links checker'], 2],
  ['host configuration s', (e) => e.build.stages.buildSite.hostConfig],
  ['rebuild after a guide edit, cache kept, s', (e) => e.rebuild.wallS],
  ['  of the cold build', (e) => e.rebuild.wallS / e.build.wallS, 2],
  ['  bundling s', (e) => bundlingSeconds({build: e.rebuild})],
  // Per thousand pages, a stage that grows as fast as the pages keeps its figure: its ratio to 1x
  // stays near 1 (1x, with few pages, carries the fixed costs of a build).
  ['s per 1,000 pages: npm run build', (e) => perThousandPages(e, e.build.wallS), 2],
  ['  gen-api', (e) => perThousandPages(e, e.build.stages.genApi.total), 2],
  ['  bundling', (e) => perThousandPages(e, bundlingSeconds(e)), 2],
  ['  SSG', (e) => perThousandPages(e, e.build.stages.docusaurus.SSG), 2],
  ['  postBuild', (e) => perThousandPages(e, e.build.stages.docusaurus['postBuild()']), 2],
  ['peak RSS MB per 1,000 pages (largest process)', (e) => perThousandPages(e, e.build.peakRssMB), 0],
  ['main.js KB gz', (e) => e.served.mainJsKBGzip],
  ['scripts before use KB gz: guide', (e) => e.served.jsBeforeInteraction.guide.kb],
  ['  reference', (e) => e.served.jsBeforeInteraction.reference.kb],
  ['  search', (e) => e.served.jsBeforeInteraction.search.kb],
  ['scripts before use, files: guide', (e) => e.served.jsBeforeInteraction.guide.scripts, 0],
  ['  reference', (e) => e.served.jsBeforeInteraction.reference.scripts, 0],
  ['  search', (e) => e.served.jsBeforeInteraction.search.scripts, 0],
  ['route data in the page KB gz: guide', (e) => e.served.routeData.guide.kbGzip, 2],
  ['  reference', (e) => e.served.routeData.reference.kbGzip, 2],
  ['  search', (e) => e.served.routeData.search.kbGzip, 2],
  ['search box first suggestion ms (median)', (e) => e.served.searchBox.firstSuggestionMs, 0],
  ['search box index KB, in all', (e) => e.served.searchBox.allIndexKB],
  ['/search?q=webhook index KB', (e) => e.served.searchPage.indexKB],
  ['/search?q=webhook first result ms', (e) => e.served.searchPage.resultsMs, 0],
  ['reference desktop TBT ms (median)', (e) => e.served.referenceDesktop.tbtMs, 0],
  ['mobile performance (median): guide', (e) => e.lighthouseMobile.guide.performance, 0],
  ['  reference', (e) => e.lighthouseMobile.reference.performance, 0],
  ['mobile TBT ms (median): guide', (e) => e.lighthouseMobile.guide.tbtMs, 0],
  ['  reference', (e) => e.lighthouseMobile.reference.tbtMs, 0],
  ['mobile LCP ms (median): guide', (e) => e.lighthouseMobile.guide.lcpMs, 0],
  ['  reference', (e) => e.lighthouseMobile.reference.lcpMs, 0],
];

/** The pages of a copy: its sitemap's routes, or the Markdown copies its build wrote. */
function pages(entry) {
  return entry.served?.pages ?? entry.build?.stages?.pageMarkdown?.pages;
}

/** The bundling's seconds: Docusaurus's own timing, else the bundling process's. */
function bundlingSeconds(entry) {
  return (
    entry.build.stages.docusaurus['Bundling with rspack'] ?? entry.build.stages.buildSite.docusaurusBundling
  );
}

/** A figure of a copy divided by its thousands of pages. */
function perThousandPages(entry, value) {
  return (value * 1000) / pages(entry);
}

/** A figure read from an entry, rounded; null when the entry does not have it. */
function cell(entry, pick, digits) {
  let value;
  try {
    value = pick(entry);
  } catch {
    value = undefined;
  }
  return typeof value === 'number' && Number.isFinite(value) ? Number(value.toFixed(digits)) : null;
}

/**
 * The rows of the table. `sizes` holds each copy's entry, in the order of the columns; a copy
 * other than the first is followed by its ratio to the first (`10x ×`), when the first is 1x.
 *
 * @param {Record<string, any>} sizes
 * @param {typeof FIGURES} [figures]
 */
export function tableRows(sizes, figures = FIGURES) {
  const names = Object.keys(sizes);
  const base = names.includes('1x') ? '1x' : undefined;
  return figures.map(([figure, pick, digits = 1]) => {
    const row = {figure};
    const baseValue = base ? cell(sizes[base], pick, digits) : null;
    for (const name of names) {
      const value = cell(sizes[name], pick, digits);
      row[name] = value;
      if (base && name !== base) {
        row[`${name} ×`] = value !== null && baseValue ? Number((value / baseValue).toFixed(2)) : null;
      }
    }
    return row;
  });
}
