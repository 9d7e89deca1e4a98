// @ts-check
/**
 * `npm run bench:mcp`: what an AI assistant waits for from the portal's MCP server
 * (scripts/mcp/) over a build:
 *
 * - from starting the server over stdio to the answer of its first `search` (median of 3 starts);
 * - how long the server takes to ready its search in the background (its log says when);
 * - each tool's answer time through one client over stdio, once the search is ready (median,
 *   95th percentile, slowest):
 *   `search` for the queries below and the assistant questions of
 *   tests/fixtures/assistant-questions.json (SEARCH_ROUNDS times each), `fetch` of every page (a
 *   sample of 200 at most), `get_operation` of every operation of the merchant API;
 * - the server's resident memory after those calls;
 * - over Streamable HTTP, `--clients` clients calling `search` and `fetch` in turn for
 *   `--seconds`: requests, errors, the 99th percentile, the resident memory at the start and end,
 *   and the live heap after each full garbage collection (V8's `--trace-gc`), the measure of a
 *   leak: resident memory also holds the garbage V8 lets build up between collections, and the
 *   pages it keeps for reuse, both of which grow with the load for a minute or two and then hold;
 * - what an assistant reads to answer each question: a `search` of 3 results and a `fetch` of the
 *   first result's section, in characters and in tokens (characters / 4), against `llms.txt` and
 *   the whole page.
 *
 * Prints a table and writes bench/mcp/results.json, under `sizes.<--size>` (1x unless given; a
 * copy kept by `npm run bench:scale -- --keep` is measured with `--build <copy>/build --size 10x`).
 * Not part of `npm test`: the figures depend on the machine, so compare runs taken on the same one.
 *
 *   npm run bench:mcp [-- --build build] [-- --size 1x] [-- --port 3291] [-- --clients 50]
 *                     [-- --seconds 60]
 */
import {spawn} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';

import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';

import {treeResident} from '../shared/memory.mjs';
import {buildOption, portOption, readCommandLine, wholeNumber} from '../shared/options.mjs';
import {machine, resultsFile, writeResults} from '../shared/results.mjs';
import {root} from '../shared/root.mjs';
import {median, spread} from '../shared/stats.mjs';

const OUTPUT = resultsFile('mcp');

/**
 * A part of list_operations's answer (its output schema, scripts/mcp/server.ts), which the SDK types
 * as any object.
 *
 * @typedef {{operations: {key: string, operationId?: string}[], nextCursor?: string}} ListedOperations
 */

/** @type {import('../shared/options.mjs').Command} */
const COMMAND = {
  name: 'bench:mcp',
  about:
    "Measures the portal's MCP server over a build: the first answer after starting, each tool's answer time, " +
    `memory, a load over HTTP and what an assistant reads per question. Prints a table and writes ${path.relative(root, OUTPUT)}.`,
  options: {
    build: buildOption('the build to serve'),
    port: portOption(3291, 'port of the HTTP server'),
    clients: {type: 'string', value: 'N', default: '50', help: 'clients calling the HTTP server at once'},
    seconds: {
      type: 'string',
      value: 'S',
      default: '60',
      help: 'how long the clients call it (0: no load over HTTP)',
    },
    workers: {type: 'string', value: 'N', default: '1', help: 'processes of the HTTP server (its --workers)'},
    size: {
      type: 'string',
      value: 'LABEL',
      default: '1x',
      help: 'what the build is (1x, 10x, large: as bench:scale names its copies); its figures are kept under that name',
    },
  },
};

const options = readCommandLine(COMMAND, (values) => ({
  build: path.resolve(root, values.build),
  port: wholeNumber('port', values.port, 1),
  clients: wholeNumber('clients', values.clients, 1),
  seconds: wholeNumber('seconds', values.seconds, 0),
  size: values.size,
  workers: wholeNumber('workers', values.workers, 1),
}));

// As `npm run mcp` starts it (package.json), without npm in between; over HTTP, with the young
// generation the production unit gives it (deploy/systemd/gerai-portal-mcp.service).
const SERVER = [
  process.execPath,
  '--max-semi-space-size=8',
  path.join(root, 'node_modules', 'jiti', 'bin', 'jiti.js'),
  path.join(root, 'scripts', 'mcp', 'index.ts'),
  options.build,
];
// --trace-gc prints a line per collection on stdout, which the HTTP server does not otherwise use.
const HTTP_SERVER = [process.execPath, '--max-semi-space-size=32', '--trace-gc', ...SERVER.slice(2)];

/** A full collection's line of --trace-gc: "[pid:isolate] 32874 ms: Mark-Compact 426.8 (524.8) -> 118.2 (330.5) MB, …". */
const FULL_GC = /^\[(\d+:0x[0-9a-f]+)\]\s+(\d+) ms: Mark-Compact [\d.]+ \([\d.]+\) -> ([\d.]+) \(/gm;

/**
 * The live heap after each full collection of the server's busiest thread, in MB, from the
 * server's --trace-gc lines, once the load has begun (`from`: ms since the process started). The
 * median of the second half of those collections less that of the first half is the growth.
 *
 * @param {string} trace
 * @param {number} from
 */
function liveHeap(trace, from) {
  /** @type {Map<string, {at: number, mb: number}[]>} */
  const byIsolate = new Map();
  for (const [, isolate, at, mb] of trace.matchAll(FULL_GC)) {
    if (Number(at) < from) continue;
    const collected = byIsolate.get(isolate) ?? [];
    collected.push({at: Number(at), mb: Number(mb)});
    byIsolate.set(isolate, collected);
  }
  // The isolate that collected most is a serving thread (with --workers, the primary collects
  // little); the other serving processes fare alike.
  const collections = [...byIsolate.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  const values = collections.map(({mb}) => mb);
  const half = Math.floor(values.length / 2);
  return {
    afterFullGc: values,
    growth: values.length >= 2 ? median(values.slice(half)) - median(values.slice(0, half)) : NaN,
  };
}
// A typo, as a reader types it: cspell:ignore promtion
const QUERIES = [
  'webhook',
  'refresh token',
  'INVALID_PARAMETER',
  'mark food ready',
  'promtion',
  'food.order.placed',
  'sales summary',
];
const {questions} = JSON.parse(
  readFileSync(path.join(root, 'tests', 'fixtures', 'assistant-questions.json'), 'utf8'),
);

/**
 * Settles with N when the server's log says its search is ready ("search ready in N ms"); fails
 * after 60 s.
 */
function searchReady(transport) {
  return new Promise((resolve, reject) => {
    let log = '';
    const timer = setTimeout(
      () => reject(new Error(`The server did not say its search was ready:\n${log}`)),
      60_000,
    );
    transport.stderr.on('data', (chunk) => {
      log += chunk;
      const ready = /search ready in (\d+) ms/.exec(log);
      if (ready) {
        clearTimeout(timer);
        resolve(Number(ready[1]));
      }
    });
  });
}

/**
 * A client connected over stdio to a new server process, with the time it took to the first
 * search, and a promise that settles once the server's search is ready (warmed in the background).
 */
async function started() {
  const begun = performance.now();
  const transport = new StdioClientTransport({command: SERVER[0], args: SERVER.slice(1), stderr: 'pipe'});
  const ready = searchReady(transport);
  const client = new Client({name: 'bench-mcp', version: '1.0.0'});
  await client.connect(transport);
  await client.callTool({name: 'search', arguments: {query: 'webhook'}});
  return {client, transport, ready, firstAnswerMs: performance.now() - begun};
}

/** Milliseconds of each call of `calls` (a tool's name and arguments), one after the other. */
async function timed(client, calls) {
  const times = [];
  for (const [name, args] of calls) {
    const begun = performance.now();
    const result = await client.callTool({name, arguments: args});
    times.push(performance.now() - begun);
    if (result.isError) throw new Error(`${name} ${JSON.stringify(args)}: ${result.content[0]?.text}`);
  }
  return times;
}

/**
 * How many times each search is asked. With three rounds (69 calls) the four slowest calls set the
 * 95th percentile, and a pause of the machine during one of them moved it by several milliseconds
 * from run to run.
 */
const SEARCH_ROUNDS = 10;

/** The 95th percentile of `numbers`. */
const p95 = (numbers) => [...numbers].sort((a, b) => a - b)[Math.ceil(numbers.length * 0.95) - 1];
const summary = (numbers) => ({...spread(numbers), p95: p95(numbers), calls: numbers.length});

async function overStdio() {
  const starts = [];
  for (let run = 0; run < 3; run += 1) {
    const {client, ready, firstAnswerMs} = await started();
    starts.push(firstAnswerMs);
    ready.catch(() => undefined);
    await client.close();
  }
  // The answer times are a running server's: timed once it has readied its search.
  const {client, transport, ready} = await started();
  try {
    const searchReadyMs = await ready;
    const resources = [];
    let page;
    do {
      page = await client.listResources(page?.nextCursor ? {cursor: page.nextCursor} : {});
      resources.push(...page.resources);
    } while (page.nextCursor);
    const step = Math.max(1, Math.ceil(resources.length / 200));
    const pages = resources.filter((_, index) => index % step === 0).map((resource) => resource.uri);
    const operations = [];
    let cursor;
    do {
      const {structuredContent} = /** @type {{structuredContent?: ListedOperations}} */ (
        await client.callTool({
          name: 'list_operations',
          arguments: cursor ? {cursor} : {},
        })
      );
      operations.push(...structuredContent.operations);
      cursor = structuredContent.nextCursor;
    } while (cursor);
    const searches = [...QUERIES, ...questions.map(({question}) => question)].map((query) => [
      'search',
      {query},
    ]);
    const search = await timed(client, Array.from({length: SEARCH_ROUNDS}, () => searches).flat());
    const fetch = await timed(
      client,
      pages.map((id) => ['fetch', {id}]),
    );
    const getOperation = await timed(
      client,
      operations.map((operation) =>
        operation.operationId
          ? ['get_operation', {operationId: operation.operationId}]
          : ['get_operation', {path: operation.key}],
      ),
    );
    const residentMB = treeResident(transport.pid).kb / 1024;
    const reading = await readingPerQuestion(client);
    return {
      firstAnswerMs: {median: median(starts), runs: starts},
      searchReadyMs,
      searchMs: summary(search),
      fetchMs: summary(fetch),
      getOperationMs: summary(getOperation),
      residentMB,
      reading,
    };
  } finally {
    await client.close();
  }
}

/** What an assistant reads for each question: 3 results, then the first one's section. */
async function readingPerQuestion(client) {
  const llms = readFileSync(path.join(options.build, 'llms.txt'), 'utf8').length;
  const perQuestion = [];
  for (const {question} of questions) {
    const found = await client.callTool({name: 'search', arguments: {query: question, limit: 3}});
    const first = found.structuredContent.results[0];
    let read = found.content[0].text.length;
    let page = 0;
    if (first) {
      const [route, section] = first.id.split('#');
      const part = await client.callTool({
        name: 'fetch',
        arguments: {id: route, ...(section ? {section} : {})},
      });
      read += part.content[0].text.length;
      const whole = await client.callTool({name: 'fetch', arguments: {id: route}});
      page = whole.structuredContent.text.length;
    }
    perQuestion.push({
      question,
      calls: first ? 2 : 1,
      tokens: Math.round(read / 4),
      llmsAndPageTokens: Math.round((llms + page) / 4),
    });
  }
  return {
    questions: perQuestion.length,
    medianTokens: median(perQuestion.map(({tokens}) => tokens)),
    maxTokens: Math.max(...perQuestion.map(({tokens}) => tokens)),
    medianLlmsAndPageTokens: median(perQuestion.map(({llmsAndPageTokens}) => llmsAndPageTokens)),
    perQuestion,
  };
}

/** `clients` clients calling the HTTP server for `seconds`; the server is started and stopped here. */
async function overHttp() {
  const server = spawn(
    HTTP_SERVER[0],
    [...HTTP_SERVER.slice(1), '--http', '--port', String(options.port), '--workers', String(options.workers)],
    {stdio: ['ignore', 'pipe', 'pipe']},
  );
  const spawnedAt = Date.now();
  let trace = '';
  server.stdout.on('data', (chunk) => {
    trace += chunk;
  });
  let log = '';
  server.stderr.on('data', (chunk) => {
    log += chunk;
  });
  try {
    const deadline = Date.now() + 60_000;
    while ((log.match(/serving/g) ?? []).length < options.workers) {
      if (server.exitCode !== null || Date.now() > deadline)
        throw new Error(`the HTTP server did not start: ${log}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const url = `http://127.0.0.1:${options.port}/mcp`;
    const post = (id, name, args) =>
      fetch(url, {
        method: 'POST',
        headers: {'content-type': 'application/json', accept: 'application/json, text/event-stream'},
        body: JSON.stringify({jsonrpc: '2.0', id, method: 'tools/call', params: {name, arguments: args}}),
      });
    const calls = [
      ['search', {query: 'webhook signature'}],
      ['fetch', {id: '/docs/api/intro', section: 'Rate limits'}],
      ['search', {query: 'how do I accept an order'}],
      ['get_operation', {operationId: 'getToken'}],
    ];
    const startMB = treeResident(server.pid).kb / 1024;
    const loadFrom = Date.now() - spawnedAt;
    const memory = [startMB];
    const sampler = setInterval(() => memory.push(treeResident(server.pid).kb / 1024), 5_000);
    const times = [];
    let errors = 0;
    const end = Date.now() + options.seconds * 1000;
    await Promise.all(
      Array.from({length: options.clients}, async (_, client) => {
        for (let call = client; Date.now() < end; call += 1) {
          const [name, args] = calls[call % calls.length];
          const begun = performance.now();
          try {
            const response = await post(call, name, args);
            const body = await response.json();
            if (response.status !== 200 || body.error || body.result?.isError) errors += 1;
          } catch {
            errors += 1;
          }
          times.push(performance.now() - begun);
        }
      }),
    );
    clearInterval(sampler);
    memory.push(treeResident(server.pid).kb / 1024);
    const sorted = [...times].sort((a, b) => a - b);
    return {
      clients: options.clients,
      seconds: options.seconds,
      workers: options.workers,
      requests: times.length,
      errors,
      medianMs: median(times),
      p99Ms: sorted[Math.ceil(sorted.length * 0.99) - 1],
      // Sampled every 5 s: `lastHalf` is the growth over the second half of the run, once the heap
      // has grown to the load (flat memory: near 0). The heap grows for the first 30 to 40 s of 50
      // clients; from 15 s in, that growth read as a leak.
      memoryMB: {
        start: startMB,
        end: memory.at(-1),
        max: Math.max(...memory),
        lastHalf: (memory.at(-1) ?? 0) - (memory[Math.floor(memory.length / 2)] ?? 0),
        samples: memory.map((value) => Math.round(value)),
      },
      // What the heap holds once garbage is collected: flat when nothing leaks.
      liveHeapMB: liveHeap(trace, loadFrom),
    };
  } finally {
    server.kill();
  }
}

const stdio = await overStdio();
const http = options.seconds > 0 ? await overHttp() : undefined;
const result = {
  build: options.build,
  takenAt: new Date().toISOString(),
  machine: machine(),
  stdio,
  ...(http ? {http} : {}),
};

const round = (value) => Math.round(value * 10) / 10;
console.table([
  {
    'first answer ms': round(stdio.firstAnswerMs.median),
    'search ready ms': stdio.searchReadyMs,
    'search p95 ms': round(stdio.searchMs.p95),
    'fetch p95 ms': round(stdio.fetchMs.p95),
    'get_operation p95 ms': round(stdio.getOperationMs.p95),
    'resident MB': round(stdio.residentMB),
    'tokens per question (median / max)': `${stdio.reading.medianTokens} / ${stdio.reading.maxTokens}`,
    'llms.txt + page tokens (median)': stdio.reading.medianLlmsAndPageTokens,
  },
]);
if (http)
  console.table([
    {
      'HTTP clients × s (workers)': `${http.clients} × ${http.seconds} (${http.workers})`,
      requests: http.requests,
      errors: http.errors,
      'median ms': round(http.medianMs),
      'p99 ms': round(http.p99Ms),
      'resident MB start / end / max / growth in the second half': [
        http.memoryMB.start,
        http.memoryMB.end,
        http.memoryMB.max,
        http.memoryMB.lastHalf,
      ]
        .map(round)
        .join(' / '),
      'live heap MB after full collections (growth)': `${http.liveHeapMB.afterFullGc.map(round).join(', ')} (${round(http.liveHeapMB.growth)})`,
    },
  ]);
// One entry per size of content measured (`--size`), each replaced by its next run.
const previous = existsSync(OUTPUT) ? JSON.parse(readFileSync(OUTPUT, 'utf8')) : {};
writeResults(OUTPUT, {sizes: {...previous.sizes, [options.size]: result}});
console.log(`bench:mcp: written to ${path.relative(root, OUTPUT)}`);
