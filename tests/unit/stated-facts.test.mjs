// Facts that pages, samples and the OpenAPI description all state must agree:
// each has one source, and every other statement of it is checked against that source.
import assert from 'node:assert/strict';
import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';

import createJiti from 'jiti';

import {handWrittenPages} from '../support/content.mjs';
import {loadDescriptions, root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {TOKEN_RENEW_BEFORE_SECONDS} = jiti('./src/constants.ts');

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/**
 * Every text a reader meets: hand-written pages, the OpenAPI files and the samples
 * (their tests left out: they probe values on both sides of a rule on purpose).
 */
const texts = [
  ...handWrittenPages().map((page) => ({file: page.file, text: page.body})),
  ...walk(path.join(root, 'openapi')).filter((file) => file.endsWith('.yaml')),
  ...walk(path.join(root, 'samples')).filter(
    (file) => /\.(mjs|py|json)$/.test(file) && !/(\.test\.mjs|\/test_[^/]*\.py)$/.test(file),
  ),
].map((entry) =>
  typeof entry === 'string' ? {file: path.relative(root, entry), text: readFileSync(entry, 'utf8')} : entry,
);

/**
 * The sentences of a text, one line each: line breaks inside a paragraph, comment
 * markers and list bullets are dropped, then the text is cut after each full stop.
 */
function sentences(text) {
  return text
    .replace(/^\s*(?:\/\/|#|\*|-|\d+\.)\s?/gm, '')
    .split(/\n\s*\n|(?<=[.!?])\s+|\|/)
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

const NUMBER_WORDS = {one: 1, two: 2, three: 3, four: 4, five: 5, ten: 10, thirty: 30, sixty: 60};
const DURATION =
  /\b(\d+|one|two|three|four|five|ten|thirty|sixty)[\s-]*(seconds?|secs?|s|minutes?|mins?)\b/gi;

function seconds(amount, unit) {
  const value = NUMBER_WORDS[amount.toLowerCase()] ?? Number(amount);
  return /^m/i.test(unit) ? value * 60 : value;
}

describe('the token renewal margin', () => {
  // A sentence about fetching a new token before the current one runs out.
  const RENEWAL = /\b(renew\w*|fetch(?:es)? a new|get a new|request a new)\b/i;
  const EXPIRY = /\b(expir\w*|remain\w*|left|runs out)\b/i;
  /** The token lifetime (`expires_in`), which renewal sentences may mention beside the margin. */
  const LIFETIME_SECONDS = 3600;

  test('is stated on one page only, through the constant', () => {
    const stating = texts.filter(({text}) => text.includes('@@TOKEN_RENEW_BEFORE_SECONDS@@'));
    assert.deepEqual(
      stating.map(({file}) => file),
      ['docs/docs/authentication.mdx'],
    );
  });

  test('no page, description or sample states another margin', () => {
    const wrong = texts.flatMap(({file, text}) =>
      sentences(text)
        .filter((sentence) => RENEWAL.test(sentence) && EXPIRY.test(sentence))
        .flatMap((sentence) =>
          [...sentence.matchAll(DURATION)]
            .map(([, amount, unit]) => seconds(amount, unit))
            .filter((value) => value !== TOKEN_RENEW_BEFORE_SECONDS && value !== LIFETIME_SECONDS)
            .map((value) => `${file}: ${value} s in "${sentence}"`),
        ),
    );
    assert.deepEqual(wrong, []);
  });

  test('no page states the margin as a literal number: they link to the rule', () => {
    const literal = handWrittenPages()
      .flatMap((page) => sentences(page.body).map((sentence) => ({file: page.file, sentence})))
      .filter(({sentence}) => RENEWAL.test(sentence) && EXPIRY.test(sentence))
      .filter(({sentence}) =>
        [...sentence.matchAll(DURATION)].some(
          ([, amount, unit]) => seconds(amount, unit) !== LIFETIME_SECONDS,
        ),
      )
      .map(({file, sentence}) => `${file}: "${sentence}"`);
    assert.deepEqual(literal, []);
  });

  test('the sample token clients default to the same margin', async () => {
    const node = await import('../../samples/oauth/node/client-credentials.mjs');
    assert.equal(node.RENEW_BEFORE_SECONDS, TOKEN_RENEW_BEFORE_SECONDS);
    const python = readFileSync(path.join(root, 'samples/oauth/python/client_credentials.py'), 'utf8');
    const match = /^RENEW_BEFORE_SECONDS = (\d+)$/m.exec(python);
    assert.ok(match, 'samples/oauth/python/client_credentials.py defines no RENEW_BEFORE_SECONDS');
    assert.equal(Number(match[1]), TOKEN_RENEW_BEFORE_SECONDS);
    assert.match(python, /renew_before_seconds: float = RENEW_BEFORE_SECONDS/);
  });

  test('the checks above would catch the five minutes a page once said', () => {
    const sentence =
      'Store the token with its expiry time, and fetch a new one when less than five minutes remain.';
    assert.ok(RENEWAL.test(sentence) && EXPIRY.test(sentence));
    assert.deepEqual(
      [...sentence.matchAll(DURATION)].map(([, amount, unit]) => seconds(amount, unit)),
      [300],
    );
  });
});

describe('the ports a webhook URL may use', () => {
  const subscriptions = loadDescriptions().find(({name}) => name === 'notification-subscriptions.yaml').doc;
  const url = subscriptions.components.schemas.SubscriptionRequest.properties.url;
  const accepts = (address) => new RegExp(url.pattern, 'u').test(address);
  /** The ports the subscription URL's pattern accepts: the one source of the rule. */
  const allowed = Array.from({length: 65535}, (_, index) => index + 1).filter((port) =>
    accepts(`https://hooks.satepos.example:${port}/gerai/orders`),
  );

  test('the subscription URL pattern accepts HTTPS on ports 443 and 80 only', () => {
    assert.deepEqual(allowed, [80, 443]);
    assert.ok(accepts('https://hooks.satepos.example/gerai/orders'), 'a URL without a port is refused');
    assert.ok(!accepts('http://hooks.satepos.example/gerai/orders'), 'a plain http URL is accepted');
  });

  test('every statement of the allowed ports names exactly those ports', () => {
    // "port 443", "ports 443 or 80", "a port other than 443 or 80": any list that names 443.
    const PORTS = /\bports?\s+(?:other than\s+)?(\d+(?:\s*(?:,|or|and)\s*\d+)*)/gi;
    const wrong = texts.flatMap(({file, text}) =>
      [...text.matchAll(PORTS)]
        .map((match) => ({match: match[0], ports: match[1].match(/\d+/g).map(Number)}))
        .filter(({ports}) => ports.includes(443))
        .filter(({ports}) => [...new Set(ports)].sort((a, b) => a - b).join() !== allowed.join())
        .map(({match}) => `${file}: "${match}"`),
    );
    assert.deepEqual(wrong, []);
  });

  test('the check above would catch a page that allows port 443 only', () => {
    const text = 'Production webhook URLs use HTTPS on port 443 with a publicly trusted certificate.';
    const ports = /\bports?\s+(\d+(?:\s*(?:,|or|and)\s*\d+)*)/i.exec(text)[1].match(/\d+/g).map(Number);
    assert.notDeepEqual(ports, allowed);
  });
});

describe('final states', () => {
  /** Every schema of the description that lists its state transitions in `x-transitions`. */
  function machines() {
    const found = [];
    const visit = (node, where) => {
      if (Array.isArray(node)) node.forEach((child, index) => visit(child, `${where}/${index}`));
      else if (node && typeof node === 'object') {
        if (node['x-transitions']) found.push({where, enum: node.enum, transitions: node['x-transitions']});
        for (const [key, child] of Object.entries(node)) visit(child, `${where}/${key}`);
      }
    };
    for (const {name, doc} of loadDescriptions()) visit(doc.components ?? {}, `${name}#/components`);
    return found;
  }
  const found = machines();
  const codeBlocksOf = (text) => [...text.matchAll(/```mermaid\n([\s\S]*?)```/g)].map((m) => m[1]);

  test('the transaction status lists its transitions', () => {
    assert.deepEqual(
      found.map(({where}) => where),
      ['payment.yaml#/components/schemas/Transaction/properties/status'],
    );
  });

  for (const machine of found) {
    const states = new Set(machine.enum);
    const final = new Set(machine.enum.filter((state) => machine.transitions[state].length === 0));
    const edges = new Set(
      Object.entries(machine.transitions).flatMap(([from, targets]) =>
        targets.map((to) => `${from} --> ${to}`),
      ),
    );

    test(`${machine.where}: the transitions cover every value and lead to values`, () => {
      assert.deepEqual(Object.keys(machine.transitions).sort(), [...states].sort());
      for (const targets of Object.values(machine.transitions)) {
        assert.deepEqual(
          targets.filter((state) => !states.has(state)),
          [],
        );
      }
    });

    test(`${machine.where}: every state diagram of it draws exactly these transitions`, () => {
      const problems = [];
      for (const {file, text} of texts) {
        for (const diagram of codeBlocksOf(text).filter((block) => /^\s*stateDiagram/.test(block))) {
          const drawn = [...diagram.matchAll(/^\s*(\S+)\s*-->\s*([^\s:]+)/gm)].map(([, from, to]) => ({
            from,
            to,
          }));
          if (!drawn.some(({from, to}) => states.has(from) && states.has(to))) continue;
          const between = new Set(
            drawn
              .filter(({from, to}) => states.has(from) && states.has(to))
              .map(({from, to}) => `${from} --> ${to}`),
          );
          const missing = [...edges].filter((edge) => !between.has(edge));
          const extra = [...between].filter((edge) => !edges.has(edge));
          const endsEarly = drawn.filter(
            ({from, to}) => to === '[*]' && states.has(from) && !final.has(from),
          );
          if (missing.length > 0) problems.push(`${file}: misses ${missing.join(', ')}`);
          if (extra.length > 0) problems.push(`${file}: draws ${extra.join(', ')}`);
          for (const {from} of endsEarly) problems.push(`${file}: ends at ${from}, which is not final`);
        }
      }
      assert.deepEqual(problems, []);
    });

    test(`${machine.where}: every sentence that calls a state final or not says so rightly`, () => {
      const named = (sentence) =>
        [...sentence.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]).filter((word) => states.has(word));
      const problems = texts.flatMap(({file, text}) =>
        sentences(text)
          .filter((sentence) => /\bfinal\b/i.test(sentence))
          .flatMap((sentence) => {
            const negated = /\b(not|never|no longer)\s+final\b/i.test(sentence);
            return named(sentence)
              .filter((state) => final.has(state) === negated)
              .map((state) => `${file}: "${sentence}" calls \`${state}\` ${negated ? 'not ' : ''}final`);
          }),
      );
      assert.deepEqual(problems, []);
    });

    test(`${machine.where}: every table with a "Final" column marks exactly the final states`, () => {
      const problems = [];
      for (const {file, text} of texts) {
        const rows = text.split('\n').map((line) => line.trim());
        rows.forEach((line, index) => {
          if (!line.startsWith('|')) return;
          const cells = line
            .split('|')
            .slice(1, -1)
            .map((cell) => cell.trim());
          const column = cells.findIndex((cell) => /^final$/i.test(cell));
          if (column < 0 || (rows[index - 1] ?? '').startsWith('|')) return;
          for (const row of rows.slice(index + 2)) {
            if (!row.startsWith('|')) break;
            const values = row
              .split('|')
              .slice(1, -1)
              .map((cell) => cell.trim());
            const state = /^`([a-z_]+)`$/.exec(values[0])?.[1];
            if (!state || !states.has(state)) continue;
            const saysFinal = /^yes\b/i.test(values[column]);
            if (saysFinal !== final.has(state))
              problems.push(`${file}: ${state} is marked "${values[column]}"`);
          }
        });
      }
      assert.deepEqual(problems, []);
    });
  }
});

describe('webhook secrets', () => {
  const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
  const operations = loadDescriptions().flatMap(({doc}) =>
    Object.values(doc.paths ?? {}).flatMap((item) => METHODS.map((method) => item[method]).filter(Boolean)),
  );
  const CHANGE = /\b(rotat\w*|replac\w*|roll(?:s|ed|ing)? over|regenerat\w*|new secret)\b/i;
  /** Whether an operation of the description gives an existing subscription a new secret. */
  const rotation = operations.filter((op) => /\bsecret\b/i.test(op.summary ?? '') && CHANGE.test(op.summary));

  test('the description says the secret stays the same when a subscription changes', () => {
    const updates = operations.filter((op) => /^update\w*Subscription$/.test(op.operationId));
    assert.equal(updates.length, 2);
    for (const op of updates) assert.match(op.description.replace(/\s+/g, ' '), /secret stays the same/);
  });

  test('no text speaks of changing a secret that no operation changes', () => {
    const claims = texts.flatMap(({file, text}) =>
      sentences(text)
        .filter((sentence) => /\bsecrets?\b/i.test(sentence) && CHANGE.test(sentence))
        .map((sentence) => `${file}: "${sentence}"`),
    );
    assert.deepEqual(rotation.length > 0 ? [] : claims, []);
  });
});
