// @ts-check
/**
 * A cold `npm run build` of a copy of the portal: its wall time, its peak memory (../shared/memory.mjs)
 * and the time of each stage (./stages.mjs).
 */
import {spawn, spawnSync} from 'node:child_process';
import {appendFileSync, createWriteStream, rmSync} from 'node:fs';
import path from 'node:path';

import {guardMemory, largestProcessKB, LARGEST_PROCESS, sampleMemory} from '../shared/memory.mjs';
import {parseStages} from './stages.mjs';

// eslint-disable-next-line no-control-regex -- the escape character is what is matched
const ANSI = /\u001b\[[0-9;]*m/g;

/** A line that ends a stage: a step of the portal's scripts, or one of Docusaurus's phases. */
const STAGE_END =
  /^\[(gen-api|build-site|page-markdown|reference-writer)\] |^\[PERF\] Build > [\w-]+ > [^>]+ - /;

/**
 * The peak memory of the process tree during each stage: from the end of the stage before (or
 * the start) to the line that ends it. The figures are the process tree's, in MB.
 */
function peaksByStage(samples, marks) {
  let from = 0;
  return marks.map(([end, line]) => {
    const during = samples.filter(([time]) => time > from && time <= end).map(([, kb]) => kb);
    from = end;
    return {
      stage: line,
      endS: Math.round(end),
      peakMB: during.length > 0 ? Math.round(Math.max(...during) / 1024) : null,
    };
  });
}

/**
 * Runs a cold `npm run build` in `folder` (a copy of the repository): `docusaurus clear` first,
 * which also removes the bundler's persistent cache (`node_modules/.cache`; the copies link this
 * repository's node_modules, so it is the one cache they all share, and each build starts
 * without it). Docusaurus prints its phases (`DOCUSAURUS_PERF_LOGGER=true`); everything the build writes goes to
 * `<folder>/bench-build.log`. Other environment variables are passed on, so a bundler or SSG
 * setting can be measured by setting it for the bench.
 *
 * Returns the wall time, the peak resident memory of the largest process (GNU time's %M, as
 * `npm run bench` reports it), the peak of the whole process tree's resident memory (sampled
 * every 0.5 s: the processes the build starts side by side add up) and the stages; a failed build
 * throws BuildFailed with the same figures up to its failure.
 *
 * @param {string} folder
 * @param {(line: string) => void} [progress] called with each line of the build's own steps
 */
export async function coldBuild(folder, progress = () => {}) {
  const cleared = spawnSync(path.join(folder, 'node_modules', '.bin', 'docusaurus'), ['clear'], {
    cwd: folder,
    encoding: 'utf8',
  });
  if (cleared.status !== 0)
    throw new Error(`bench:scale: docusaurus clear failed in ${folder}:\n${cleared.stderr}`);
  rmSync(path.join(folder, 'node_modules', '.cache'), {recursive: true, force: true});

  return timedBuild(folder, {progress});
}

/**
 * Runs `npm run build` in `folder` as it is, logging to `<folder>/<logName>`, with the figures of
 * coldBuild; `env` adds to the environment.
 *
 * @param {string} folder
 * @param {{progress?: (line: string) => void, env?: NodeJS.ProcessEnv, logName?: string}} [options]
 */
async function timedBuild(folder, {progress = () => {}, env = {}, logName = 'bench-build.log'} = {}) {
  const logFile = path.join(folder, logName);
  const log = createWriteStream(logFile);
  const started = performance.now();
  const [time, ...timeArgs] = LARGEST_PROCESS;
  const child = spawn(time, [...timeArgs, 'npm', 'run', '--silent', 'build'], {
    cwd: folder,
    env: {...process.env, ...env, DOCUSAURUS_PERF_LOGGER: 'true'},
    stdio: ['ignore', 'pipe', 'pipe'],
    // A group of its own, so that the memory guard below stops every process of the build.
    detached: true,
  });
  // The process tree's memory as [seconds since the start, KB], and [seconds, line] of each stage's end.
  const memory = sampleMemory(child.pid, {everyMs: 500, since: started});
  const marks = [];
  const elapsed = () => (performance.now() - started) / 1000;
  // A copy too large for the machine (the bundling of 100x) is stopped before it stalls it.
  const guard = guardMemory(child.pid, {since: started});
  let text = '';
  let partial = '';
  const collect = (chunk) => {
    const piece = chunk.toString();
    log.write(piece);
    text += piece;
    const lines = (partial + piece).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (/^\[(gen-api|build-site|page-markdown)\] /.test(line)) progress(line);
      const plain = line.replace(ANSI, '');
      if (STAGE_END.test(plain)) marks.push([elapsed(), plain.replace(/ - \(Heap.*$/, '')]);
    }
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const code = await new Promise((resolve) =>
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? signal)),
  );
  const wallS = (performance.now() - started) / 1000;
  guard.stop();
  memory.stop();
  await new Promise((resolve) => log.end(resolve));
  const figures = {
    wallS: Math.round(wallS * 10) / 10,
    peakRssMB: Math.round(largestProcessKB(text) / 1024),
    treePeakRssMB: Math.round(memory.peakKB() / 1024),
    log: logFile,
    stages: parseStages(text),
    peakRssByStage: peaksByStage(memory.samples, marks),
  };
  const stopped = guard.stopped();
  if (stopped) {
    throw new BuildFailed(`bench:scale: npm run build in ${folder} ${stopped}; see ${logFile}`, {
      ...figures,
      stopped,
    });
  }
  if (code !== 0) {
    throw new BuildFailed(
      `bench:scale: npm run build failed in ${folder} (exit ${code}); see ${logFile}`,
      figures,
    );
  }
  return figures;
}

/** The guide a warm rebuild edits (every copy has it; the pages the benchmark serves are others). */
export const EDITED_GUIDE = path.join('docs', 'docs', 'intro.mdx');

/**
 * What a writer's change costs a site that keeps the build's cache (a deployment that keeps
 * `node_modules/.cache` between builds): a build that writes the bundler's persistent cache
 * (`DOCUSAURUS_NO_PERSISTENT_CACHE` set empty), then one sentence added to a guide, then the timed
 * rebuild with that cache. The edit stays; the copy's build is the rebuilt one. The cache, in the
 * node_modules the copies share, is removed afterwards, so no later build starts warm.
 *
 * @param {string} folder a copy that has been built
 * @param {(line: string) => void} [progress]
 */
export async function warmRebuild(folder, progress = () => {}) {
  const keepCache = {DOCUSAURUS_NO_PERSISTENT_CACHE: ''};
  try {
    const priming = await timedBuild(folder, {env: keepCache, logName: 'bench-priming-build.log'});
    const guide = path.join(folder, EDITED_GUIDE);
    appendFileSync(guide, '\nOne sentence added, so that the next build has a page to rebuild.\n');
    progress(`edited ${EDITED_GUIDE}; rebuilding with the cache of a build of ${priming.wallS} s`);
    const rebuild = await timedBuild(folder, {progress, env: keepCache, logName: 'bench-rebuild.log'});
    return {primingS: priming.wallS, ...rebuild};
  } finally {
    rmSync(path.join(folder, 'node_modules', '.cache'), {recursive: true, force: true});
  }
}

/**
 * A build that failed, with its figures up to the failure: the stages it ended, its wall time and
 * its peaks (a build stopped by the machine's memory shows where and at how much).
 */
export class BuildFailed extends Error {
  /**
   * @param {string} message
   * @param {Record<string, unknown>} figures
   */
  constructor(message, figures) {
    super(message);
    this.figures = figures;
  }
}
