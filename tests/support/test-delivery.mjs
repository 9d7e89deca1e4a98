// @ts-check
// Reads the test delivery of a webhook event page (src/components/TestDelivery):
// the curl command as the shell reads it, and running it against a receiver.
import {execFileSync, spawn} from 'node:child_process';
import {createInterface} from 'node:readline';

/**
 * The words of a shell command, as bash reads them (quotes, escapes, line continuations).
 *
 * @param {string} command
 * @returns {string[]}
 */
export function shellWords(command) {
  // `curl` is replaced by a printf that writes each argument followed by a NUL byte.
  if (!command.startsWith('curl ')) throw new Error(`not a curl command: ${command.slice(0, 40)}`);
  const script = `set -- ${command.slice('curl '.length)}\nprintf '%s\\0' "$@"`;
  const out = execFileSync('bash', ['-c', script], {encoding: 'utf8'});
  return out.split('\0').slice(0, -1);
}

/**
 * The delivery a test delivery's command sends: the address, the headers and
 * the body, read from its arguments. Throws on an argument it does not expect,
 * so that a command of another shape fails loudly.
 *
 * @param {string} command
 * @returns {{url?: string, method: string, headers: Record<string, string>, body: string, words: string[]}}
 */
export function deliveryOf(command) {
  const words = shellWords(command);
  /** @type {{url?: string, method: string, headers: Record<string, string>, body: string, words: string[]}} */
  const delivery = {url: undefined, method: 'GET', headers: {}, body: '', words};
  for (let at = 0; at < words.length; at += 1) {
    const word = words[at];
    if (word === '-i') continue;
    if (word === '-X') delivery.method = words[++at];
    else if (word === '-H') {
      const [, name, value] = /^([^:]+): (.*)$/s.exec(words[++at]) ?? [];
      delivery.headers[name] = value;
    } else if (word === '--data-raw') delivery.body = words[++at];
    else if (delivery.url === undefined && !word.startsWith('-')) delivery.url = word;
    else throw new Error(`unexpected argument ${word}`);
  }
  return delivery;
}

/**
 * The command's arguments with its address replaced: what a reader who entered `url` runs.
 *
 * @param {string[]} words
 * @param {string} url
 * @returns {string[]}
 */
export function withUrl(words, url) {
  const at = words.findIndex((word) => /^https?:\/\//.test(word));
  return words.map((word, index) => (index === at ? url : word));
}

/**
 * Runs curl with these arguments (the command of a page) and returns the status and body of the answer.
 *
 * @param {string[]} args
 * @returns {Promise<{status: number, body: string}>}
 */
export function runCurl(args) {
  return new Promise((resolve, reject) => {
    // -i prints the status line and headers; -s keeps the progress meter out.
    const child = spawn('curl', ['-s', ...args], {stdio: ['ignore', 'pipe', 'pipe']});
    /** @type {Buffer[]} */
    const chunks = [];
    let errors = '';
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`curl exited with ${code}: ${errors}`));
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      resolve({status: Number(/^HTTP\/[\d.]+ (\d{3})/.exec(head)?.[1]), body: rest.join('\r\n\r\n')});
    });
  });
}

/**
 * receiver.py with its clock stopped at `now`, as a program, on a free port: one program for a
 * whole run, whose clock `setNow` moves (a line on its standard input, answered once it is set).
 * Resolves to its address, `setNow` and a function that stops it.
 *
 * @param {{root: string, secret: string, now: number}} options
 * @returns {Promise<{url: string, setNow: (seconds: number) => Promise<void>, stop: () => void}>}
 */
export function startPythonReceiver({root, secret, now}) {
  const script = [
    'import sys, threading',
    `sys.path.insert(0, ${JSON.stringify(`${root}/samples/webhooks/python`)})`,
    'from receiver import make_receiver',
    'clock = [float(sys.argv[2])]',
    'server = make_receiver(sys.argv[1], lambda event: None, now=lambda: clock[0], host="127.0.0.1", port=0)',
    'def follow():',
    '    for line in sys.stdin:',
    '        clock[0] = float(line)',
    '        print("now", line.strip(), flush=True)',
    'threading.Thread(target=follow, daemon=True).start()',
    'print(server.server_address[1], flush=True)',
    'server.serve_forever()',
  ].join('\n');
  const child = spawn('python3', ['-c', script, secret, String(now)], {stdio: ['pipe', 'pipe', 'pipe']});
  // Its output, a line at a time: its port first, then "now <seconds>" once each clock move is set.
  /** @type {(() => void)[]} */
  const waiting = [];
  /** @type {(seconds: number) => Promise<void>} */
  const setNow = (seconds) =>
    new Promise((resolve) => {
      waiting.push(resolve);
      child.stdin.write(`${seconds}\n`);
    });
  return new Promise((resolve, reject) => {
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    let started = false;
    createInterface({input: child.stdout}).on('line', (line) => {
      if (!started) {
        started = true;
        resolve({url: `http://127.0.0.1:${line.trim()}/webhooks/gerai`, setNow, stop: () => child.kill()});
      } else if (line.startsWith('now ')) waiting.shift()?.();
    });
    child.on('exit', (code) => reject(new Error(`receiver.py exited with ${code}: ${errors}`)));
  });
}
