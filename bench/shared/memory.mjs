// @ts-check
/**
 * The memory a command and the processes it starts hold, measured two ways (Linux):
 *
 * - the peak resident memory of its largest process, as GNU time reports it (`%M`), which covers
 *   every process the command starts but not their sum (LARGEST_PROCESS, largestProcessKB);
 * - the resident memory of its whole process tree, sampled from /proc (sampleMemory): processes
 *   that run side by side add up, which a build's workers and `npm start`'s generator do.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';

const PAGE_KB = 4;

/** A process's share that is named at the peak: smaller ones are left out. */
const NAMED_KB = 50 * 1024;

/**
 * Put before a command, GNU time runs it and prints last on stderr the peak resident memory of
 * the largest process it ran, which largestProcessKB reads.
 */
export const LARGEST_PROCESS = ['/usr/bin/time', '-f', 'bench-peak-kb %M'];

/**
 * The peak that GNU time printed (LARGEST_PROCESS) in a command's output, in KB; NaN when the
 * output holds none.
 *
 * @param {string} output
 */
export function largestProcessKB(output) {
  return Number(/bench-peak-kb (\d+)/.exec(output)?.[1] ?? NaN);
}

/**
 * The resident memory of `pid` and every process under it, in KB, with each process's share,
 * largest first. Command lines are not read here: the sampler calls this every few hundred ms,
 * and only a new peak needs them (processCommand).
 *
 * @param {number} pid
 */
export function treeResident(pid) {
  /** @type {Map<number, number[]>} */
  const children = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The fields after the command's name, which may hold spaces and parentheses.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(parent)) children.set(parent, []);
      children.get(parent)?.push(Number(name));
    } catch {
      // The process ended meanwhile.
    }
  }
  let kb = 0;
  const processes = [];
  const pending = [pid];
  while (pending.length > 0) {
    const current = /** @type {number} */ (pending.pop());
    try {
      const own = Number(readFileSync(`/proc/${current}/statm`, 'utf8').split(' ')[1]) * PAGE_KB;
      kb += own;
      processes.push({pid: current, kb: own});
    } catch {
      // The process ended meanwhile.
    }
    pending.push(...(children.get(current) ?? []));
  }
  return {kb, processes: processes.sort((a, b) => b.kb - a.kb)};
}

/**
 * The command line of a process, each word without its folder (but an `index.*` entry with the
 * folder it is the entry of: `start-site/index.ts`), cut to 80 characters ('' once it has ended).
 *
 * @param {number} pid
 */
export function processCommand(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((part) =>
        /^index\.[cm]?[jt]s$/.test(path.basename(part)) && path.dirname(part) !== '.'
          ? path.join(path.basename(path.dirname(part)), path.basename(part))
          : path.basename(part),
      )
      .join(' ')
      .slice(0, 80);
  } catch {
    return '';
  }
}

/**
 * Samples the resident memory of the process tree of `pid` every `everyMs` until `stop()`: its
 * peak, which processes held it at the peak (each of 50 MB or more: its MB and command line,
 * largest first), and every sample as [seconds since `since`, KB].
 *
 * @param {number | undefined} pid
 * @param {{everyMs: number, since?: number}} options `since`: a performance.now() (default: now)
 */
export function sampleMemory(pid, {everyMs, since = performance.now()}) {
  /** @type {[number, number][]} */
  const samples = [];
  let peakKB = 0;
  let peakAtS = 0;
  /** @type {string[]} */
  let peakProcesses = [];
  const timer = setInterval(() => {
    if (pid === undefined) return;
    const tree = treeResident(pid);
    samples.push([(performance.now() - since) / 1000, tree.kb]);
    if (tree.kb <= peakKB) return;
    peakKB = tree.kb;
    peakAtS = samples[samples.length - 1][0];
    peakProcesses = tree.processes
      .filter((process) => process.kb >= NAMED_KB)
      .map(({pid: id, kb}) => `${Math.round(kb / 1024)} MB ${processCommand(id)}`);
  }, everyMs);
  return {
    samples,
    peakKB: () => peakKB,
    /** When the peak was sampled, in seconds from `since`. */
    peakAtS: () => peakAtS,
    peakProcesses: () => peakProcesses,
    stop: () => clearInterval(timer),
  };
}

/**
 * The memory the machine must keep free while a benchmark's command runs, in MB: below it the
 * command is stopped. A copy too large for the machine (the bundling of 100x on 24 GB) would
 * otherwise push it into swapping or the kernel's out-of-memory killer and stall every process on
 * it, the benchmark's included.
 */
export const MEMORY_FLOOR_MB = 1024;

/** The memory the machine has available (MemAvailable of /proc/meminfo), in MB; Infinity where unknown. */
export function availableMB() {
  try {
    const kb = /^MemAvailable:\s+(\d+)/m.exec(readFileSync('/proc/meminfo', 'utf8'))?.[1];
    return kb === undefined ? Infinity : Number(kb) / 1024;
  } catch {
    return Infinity;
  }
}

/**
 * Watches the machine's available memory while the process group led by `pid` runs (a child
 * spawned with `detached: true`) and kills the whole group when it falls below `floorMB`.
 * `stopped()` says when and why it did (empty if it did not).
 *
 * @param {number | undefined} pid
 * @param {{floorMB?: number, everyMs?: number, since?: number, available?: () => number}} [options]
 *   `since`: a performance.now() the time of the stop is counted from; `available`: the reading
 *   of the available memory (for tests)
 */
export function guardMemory(
  pid,
  {floorMB = MEMORY_FLOOR_MB, everyMs = 250, since = performance.now(), available = availableMB} = {},
) {
  let stopped = '';
  const timer = setInterval(() => {
    if (pid === undefined || stopped) return;
    const left = available();
    if (left >= floorMB) return;
    stopped =
      `stopped at ${Math.round((performance.now() - since) / 1000)} s: the machine had ` +
      `${Math.round(left)} MB of memory left (floor ${floorMB} MB)`;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // The group has already ended.
    }
  }, everyMs);
  return {stopped: () => stopped, stop: () => clearInterval(timer)};
}
