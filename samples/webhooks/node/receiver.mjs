// A minimal webhook receiver on node:http (Node.js 20 or later, no dependencies).
//
//   GERAI_WEBHOOK_SECRET=... PORT=8080 node receiver.mjs
//
// It reads the raw body, verifies X-Gerai-Signature, drops duplicates on
// header.event_id, answers 200 at once and processes the event afterwards.
// Put it behind your HTTPS terminator: Gerai delivers to HTTPS URLs only.
import {createServer} from 'node:http';
import {pathToFileURL} from 'node:url';
import {verifySignature} from './verify-signature.mjs';

const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Remembers the event ids seen recently. In production keep them in your
 * database (a unique key on event_id), so that every instance of your
 * service and every restart shares them.
 */
class SeenEvents {
  constructor(limit = 10_000) {
    this.limit = limit;
    this.ids = new Set();
  }

  /** Returns true the first time an id is offered, false afterwards. */
  add(id) {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    if (this.ids.size > this.limit) this.ids.delete(this.ids.values().next().value);
    return true;
  }
}

function reply(res, status, body) {
  res.writeHead(status, {'Content-Type': 'application/json'});
  res.end(JSON.stringify(body));
}

/**
 * @param {object} options
 * @param {string} options.secret the subscription's secret
 * @param {(event: {header: object, body: object}) => Promise<void> | void} options.onEvent
 *   called once per new event, after the 200 has been sent
 * @param {string} [options.path] the path Gerai posts to
 * @param {() => number} [options.now] the current Unix time in seconds
 */
export function createReceiver({secret, onEvent, path = '/webhooks/gerai', now = () => Date.now() / 1000}) {
  const seen = new SeenEvents();

  return createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== path) return reply(res, 404, {error: 'not_found'});

    const chunks = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        tooLarge = true;
        reply(res, 413, {error: 'body_too_large'});
        req.destroy();
      } else {
        chunks.push(chunk);
      }
    });

    req.on('end', () => {
      if (tooLarge) return;
      const rawBody = Buffer.concat(chunks);
      const {valid, reason} = verifySignature({
        rawBody,
        header: req.headers['x-gerai-signature'],
        secret,
        now: now(),
      });
      if (!valid) {
        console.warn(`refused a delivery: ${reason}`);
        return reply(res, 401, {error: reason});
      }

      let event;
      try {
        event = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return reply(res, 400, {error: 'invalid_json'});
      }
      const eventId = event?.header?.event_id ?? req.headers['x-gerai-event-id'];
      if (!eventId) return reply(res, 400, {error: 'missing_event_id'});

      // A duplicate is answered 200 as well: it was handled before, and a
      // non-2xx answer would only make Gerai try again.
      const isNew = seen.add(eventId);
      reply(res, 200, {received: true});
      if (!isNew) return;

      // Process after answering. A real service puts the event on a queue here.
      setImmediate(async () => {
        try {
          await onEvent(event);
        } catch (error) {
          console.error(`processing ${eventId} failed`, error);
        }
      });
    });
  });
}

// Run as a program: node receiver.mjs
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const secret = process.env.GERAI_WEBHOOK_SECRET;
  if (!secret) {
    console.error('Set GERAI_WEBHOOK_SECRET to the secret of your notification subscription.');
    process.exit(1);
  }
  const port = Number(process.env.PORT ?? 8080);
  const server = createReceiver({
    secret,
    onEvent: ({header, body}) => {
      console.log(`${header.timestamp} ${header.event_name} ${header.event_id}`, body.order?.id ?? '');
    },
  });
  // PORT=0 picks a free port; the line below names the one in use.
  server.listen(port, () =>
    console.log(`listening on http://localhost:${server.address().port}/webhooks/gerai`),
  );
}
