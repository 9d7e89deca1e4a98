// @ts-check
// Runs the Node.js code of API requests, one after the other in this one process, as a reader
// would run each: the code reads from stdin as JSON ([{id, code}]), and for each request the
// statuses of the responses it got (or why it got none) go to stdout as JSON.
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';

/** The `require` the code is given: packages resolve from the portal's own, as in a reader's project. */
const require = createRequire(import.meta.url);
const axios = require('axios');

/** The requests the code under way has sent, awaited before the next runs. */
let pending = [];
let statuses = [];

const send = axios.request.bind(axios);
axios.request = (config) => {
  const request = send(config).then(
    (response) => {
      statuses.push(response.status);
      return response;
    },
    (error) => {
      statuses.push(error.response ? error.response.status : `${error.code ?? ''} ${error.message}`.trim());
      throw error;
    },
  );
  pending.push(request);
  return request;
};

async function main() {
  const samples = JSON.parse(readFileSync(0, 'utf8'));
  const results = [];
  for (const {id, code} of samples) {
    pending = [];
    statuses = [];
    const printed = [];
    let error = null;
    try {
      // The code as shown, with its own `require` and a console that keeps what it prints.
      new Function('require', 'console', code)(require, {log: (...values) => printed.push(values.join(' '))});
      await Promise.allSettled(pending);
      // Its `.then` and `.catch` print once the response is in.
      await new Promise((resolve) => setImmediate(resolve));
    } catch (thrown) {
      error = String(thrown);
    }
    results.push({id, statuses, printed, error});
  }
  process.stdout.write(JSON.stringify(results));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
