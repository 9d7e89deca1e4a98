// @ts-check
/**
 * Mobile Lighthouse (../shared/lighthouse.mjs, preset `mobile`) of the guide and the
 * reference page of every copy, interleaved: each round runs every page of every copy once, so
 * that the machine's load, which moves Lighthouse's CPU index between about 1,100 and 2,500 on
 * this shared machine, weighs on every copy alike. Each copy's build is served by nginx on its own
 * port for the whole of it.
 */
import {runLighthouse} from '../shared/lighthouse.mjs';
import {serve} from '../shared/server.mjs';
import {median} from '../shared/stats.mjs';
import {ROUTES} from './served.mjs';

/** The pages measured in each copy. */
export const MOBILE_PAGES = ['guide', 'reference'];

/**
 * The order of the runs: for each round, for each copy, for each page.
 *
 * @param {string[]} sizes
 * @param {number} rounds
 * @returns {{round: number, size: string, page: string}[]}
 */
export function interleaved(sizes, rounds, pages = MOBILE_PAGES) {
  return Array.from({length: rounds}, (_, k) => k + 1).flatMap((round) =>
    sizes.flatMap((size) => pages.map((page) => ({round, size, page}))),
  );
}

/**
 * The medians of each page of each copy, and the range of Lighthouse's CPU index over every run.
 *
 * @param {{size: string, page: string, performance?: number, tbtMs?: number, lcpMs?: number, benchmarkIndex?: number, error?: string}[]} runs
 */
export function summarise(runs) {
  /** @type {Record<string, Record<string, {performance: number | null, tbtMs: number | null, lcpMs: number | null, runs: number}>>} */
  const bySize = {};
  for (const {size, page} of runs) {
    bySize[size] ??= {};
    if (bySize[size][page]) continue;
    const mine = runs.filter((run) => run.size === size && run.page === page && !run.error);
    bySize[size][page] = {
      performance: median(mine.map((run) => run.performance ?? NaN)),
      tbtMs: median(mine.map((run) => run.tbtMs ?? NaN)),
      lcpMs: median(mine.map((run) => run.lcpMs ?? NaN)),
      runs: mine.length,
    };
  }
  const indexes = runs.map((run) => run.benchmarkIndex).filter((index) => Number.isFinite(index));
  return {
    bySize,
    cpuIndex: indexes.length > 0 ? {min: Math.min(...indexes), max: Math.max(...indexes)} : null,
  };
}

/**
 * Serves every build, runs Lighthouse's mobile preset `rounds` times on each page of each, in
 * interleaved order, and stops the servers.
 *
 * @param {{size: string, build: string, port: number}[]} copies
 * @param {{rounds: number, log?: (message: string) => void}} options
 */
export async function mobileLighthouse(copies, {rounds, log = () => {}}) {
  /** @type {Map<string, {origin: string, stop: () => void}>} */
  const servers = new Map();
  try {
    for (const copy of copies) servers.set(copy.size, await serve(copy.build, copy.port));
    const order = interleaved(
      copies.map((copy) => copy.size),
      rounds,
    );
    const runs = [];
    for (const [index, {round, size, page}] of order.entries()) {
      const url = `${servers.get(size)?.origin}${ROUTES[page]}`;
      try {
        const figures = await runLighthouse(url, 'mobile', 1);
        runs.push({
          round,
          size,
          page,
          performance: figures.performance,
          tbtMs: figures.tbtMs,
          lcpMs: figures.lcpMs,
          fcpMs: figures.fcpMs,
          benchmarkIndex: figures.benchmarkIndex,
        });
        log(
          `${index + 1}/${order.length} ${size} ${page}: performance ${figures.performance}, ` +
            `TBT ${figures.tbtMs} ms, LCP ${figures.lcpMs} ms, CPU index ${figures.benchmarkIndex}`,
        );
      } catch (error) {
        const message = /** @type {Error} */ (error).message.split('\n')[0];
        runs.push({round, size, page, error: message});
        log(`${index + 1}/${order.length} ${size} ${page}: failed, ${message}`);
      }
    }
    return {rounds, order: 'each round: every copy, each page', runs, ...summarise(runs)};
  } finally {
    for (const server of servers.values()) server.stop();
  }
}
