// @ts-check
// Facts that pages, samples and the OpenAPI description all state must agree:
// each has one source, and every other statement of it is checked against that source.
// The patterns match the forms of a word by its stem:
// cspell:ignore expir retr rotat replac regenerat
import assert from 'node:assert/strict';
import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';

import createJiti from 'jiti';

import {handWrittenPages} from '../support/content.mjs';
import {loadDescriptions, root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {
  CONTENT_TOKENS,
  RATE_LIMIT_PER_MINUTE,
  TOKEN_LIFETIME_SECONDS,
  TOKEN_RENEW_BEFORE_SECONDS,
  WEBHOOK_ANSWER_SECONDS,
  WEBHOOK_ANSWER_TARGET_SECONDS,
  WEBHOOK_RETRY_DELAYS,
} = jiti('./src/constants.ts');
const {substituteTokens} = jiti('./src/remark/substitute-tokens.ts');

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

/**
 * The sentences of a text as a reader meets them: cut as written (a token that opens a
 * line is no list number), then every `@@NAME@@` token replaced by its value.
 */
function readerSentences({file, text}) {
  return sentences(text).map((sentence) => substituteTokens(sentence, CONTENT_TOKENS, file));
}

/** A fenced code block, Mermaid diagrams included. */
const FENCE = /^([ \t]*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\2[ \t]*$/gm;
/** A fenced Mermaid diagram; its source is the third group. */
const MERMAID = /^([ \t]*)(`{3,}|~{3,})mermaid[^\n]*\n([\s\S]*?)^\1\2[ \t]*$/gm;

/** The prose of a page: its body without fenced code blocks and diagrams. */
const prose = (body) => body.replace(FENCE, '');

/** A text cut into the Mermaid diagrams it holds and everything else. */
function withDiagramsApart({file, text}) {
  return [
    {file, text: text.replace(MERMAID, ''), diagram: false},
    ...[...text.matchAll(MERMAID)].map((match) => ({file, text: match[3], diagram: true})),
  ];
}

/** The pet store sample API keeps rules of its own; the platform's facts do not apply to it. */
const SAMPLE_API = 'openapi/petstore.yaml';
/** Every text that speaks about the platform. */
const platformTexts = texts.filter(({file}) => file !== SAMPLE_API);

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
  const LIFETIME_SECONDS = TOKEN_LIFETIME_SECONDS;

  test('is stated on one page only, through the constant', () => {
    const stating = texts.filter(({text}) => text.includes('@@TOKEN_RENEW_BEFORE_SECONDS@@'));
    assert.deepEqual(
      stating.map(({file}) => file),
      ['docs/docs/authentication.mdx'],
    );
  });

  test('no page, description or sample states another margin', () => {
    const wrong = texts.flatMap(({file, text}) =>
      readerSentences({file, text})
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

describe('the time a webhook receiver has to answer', () => {
  // A sentence about answering a delivery, and the answer times it states in seconds:
  // "within 15 seconds", "15 seconds to answer", "waits 15 seconds for an answer".
  const ANSWERING = /\b(answer\w*|respond\w*|2xx|200 OK)\b/i;
  const SECONDS = /\b(\d+)[\s-]*(?:seconds?|secs?|s)\b/gi;
  // A clause that speaks of the time to aim for, and "aim for 5" without a unit.
  const AIM = /\b(aim\w*|target\w*)\b/i;
  const AIM_BARE = /\baim(?:s|ing)?\s+(?:for|at)\s+(\d+)\b(?![\s-]*(?:seconds?|secs?|s)\b)/gi;
  const CLAUSE = /[,;:()]|\s+(?:and|but|or|so)\s+/;

  /** The answer times a sentence states: in a clause that says aim or target, the target; else the limit. */
  function answerTimes(sentence) {
    if (!ANSWERING.test(sentence)) return [];
    return sentence.split(CLAUSE).flatMap((clause) => {
      const target = AIM.test(clause);
      return [...clause.matchAll(SECONDS), ...(target ? clause.matchAll(AIM_BARE) : [])].map((match) => ({
        value: Number(match[1]),
        target,
      }));
    });
  }

  /**
   * The wrong answer times of some texts. A Mermaid diagram draws the flow a receiver aims
   * for and has no room to say so: its times may be the limit or the target.
   */
  function wrongAnswerTimes(parts) {
    return parts.flatMap((part) =>
      readerSentences(part).flatMap((sentence) =>
        answerTimes(sentence)
          .filter(({value, target}) =>
            target
              ? value !== WEBHOOK_ANSWER_TARGET_SECONDS
              : value !== WEBHOOK_ANSWER_SECONDS &&
                !(part.diagram && value === WEBHOOK_ANSWER_TARGET_SECONDS),
          )
          .map(
            ({value, target}) => `${part.file}: ${value} s${target ? ' to aim for' : ''} in "${sentence}"`,
          ),
      ),
    );
  }

  test('the target lies inside the limit', () => {
    assert.ok(WEBHOOK_ANSWER_TARGET_SECONDS < WEBHOOK_ANSWER_SECONDS);
  });

  test('no page, description or sample states another limit or target', () => {
    const parts = platformTexts.flatMap(withDiagramsApart);
    const stated = parts.flatMap((part) => readerSentences(part).flatMap(answerTimes));
    assert.ok(
      stated.some(({target}) => target) && stated.some(({target}) => !target),
      'no answer time found',
    );
    assert.deepEqual(wrongAnswerTimes(parts), []);
  });

  test('pages state the limit and the target through the constants only', () => {
    const literal = handWrittenPages()
      .flatMap((page) => sentences(prose(page.body)).map((sentence) => ({file: page.file, sentence})))
      .filter(({sentence}) => answerTimes(sentence).length > 0)
      .map(({file, sentence}) => `${file}: "${sentence}"`);
    assert.deepEqual(literal, []);
  });

  test('the sample delivery senders give up after the limit', async () => {
    const node = await import('../../samples/webhooks/node/send-delivery.mjs');
    assert.equal(node.TIMEOUT_MS, WEBHOOK_ANSWER_SECONDS * 1000);
    const python = readFileSync(path.join(root, 'samples/webhooks/python/send_delivery.py'), 'utf8');
    const match = /^TIMEOUT_SECONDS = (\d+)$/m.exec(python);
    assert.ok(match, 'samples/webhooks/python/send_delivery.py defines no TIMEOUT_SECONDS');
    assert.equal(Number(match[1]), WEBHOOK_ANSWER_SECONDS);
  });

  test('the checks above would catch the 5 seconds a checklist once gave as the limit', () => {
    const file = 'docs/docs/food-integration/direct-integration.mdx';
    const text =
      '- [ ] Webhook endpoint verifies signatures, rejects stale timestamps, answers 2xx within 5 seconds\n' +
      '  and deduplicates on `event_id`.';
    assert.equal(wrongAnswerTimes([{file, text, diagram: false}]).length, 1);
    assert.deepEqual(answerTimes(sentences(text)[0]), [{value: 5, target: false}]);
    // Said as the target, the same number is right; the limit said as a target is not.
    assert.deepEqual(
      wrongAnswerTimes([{file, text: 'Answer 2xx within 15 seconds (aim for 5).', diagram: false}]),
      [],
    );
    assert.equal(
      wrongAnswerTimes([{file, text: 'Answer 2xx, and aim for 15 seconds.', diagram: false}]).length,
      1,
    );
  });
});

describe('the retry schedule of a failed delivery', () => {
  // A delay as pages write it: "2 minutes", "1.5 hours", "3.5 h", "2 hours 12 minutes".
  const DELAY = String.raw`\d+(?:\.\d+)?\s*(?:hours?|h)(?:\s+\d+\s*(?:minutes?|mins?))?|\d+(?:\.\d+)?\s*(?:minutes?|mins?)`;
  // Two or more delays in a row. After "at" they are points in time since the first attempt.
  const DELAY_LIST = new RegExp(
    String.raw`(\bat\s+)?\b((?:${DELAY})(?:(?:\s*,\s*(?:and\s+|then\s+)?|\s+(?:and|then)\s+)(?:${DELAY}))+)\b`,
    'gi',
  );
  const RETRYING = /\b(retr\w*|tries again|tried again|attempts?|waits?)\b/i;

  /** A duration in minutes: "1.5 hours" is 90, "2 hours 12 minutes" is 132; null when it names none. */
  function minutesOf(text) {
    const parts = [...text.matchAll(/(\d+(?:\.\d+)?)\s*(hours?|h|minutes?|mins?)\b/gi)];
    if (parts.length === 0) return null;
    return parts.reduce((total, [, amount, unit]) => total + Number(amount) * (/^h/i.test(unit) ? 60 : 1), 0);
  }

  /** Every list of delays in a text's sentences about retries. */
  function delayLists(file, sentenceList) {
    return sentenceList
      .filter((sentence) => RETRYING.test(sentence))
      .flatMap((sentence) =>
        [...sentence.matchAll(DELAY_LIST)].map((match) => ({
          file,
          sentence,
          since: Boolean(match[1]),
          minutes: match[2].match(new RegExp(DELAY, 'gi')).map(minutesOf),
        })),
      );
  }

  const delays = WEBHOOK_RETRY_DELAYS.map(minutesOf);
  const sinceFirst = delays.map((_, index) => delays.slice(0, index + 1).reduce((a, b) => a + b, 0));

  /** The lists that differ from the schedule: the delays, or after "at" their running sums. */
  const wrongLists = (lists) =>
    lists
      .filter(({since, minutes}) => minutes.join() !== (since ? sinceFirst : delays).join())
      .map(({file, sentence}) => `${file}: "${sentence}"`);

  test('the delays are durations, each one longer than the one before', () => {
    assert.ok(delays.every((value) => value !== null));
    assert.ok(delays.every((value, index) => index === 0 || value > delays[index - 1]));
  });

  test('every statement of the schedule lists exactly the delays, in order', () => {
    const lists = platformTexts.flatMap(({file, text}) => delayLists(file, readerSentences({file, text})));
    assert.ok(lists.length > 0, 'no statement of the schedule found');
    assert.deepEqual(wrongLists(lists), []);
  });

  test('every table of the waits between attempts shows the delays and the time since the first', () => {
    const problems = [];
    let tables = 0;
    for (const {file, text} of platformTexts) {
      const rows = text.split('\n').map((line) => line.trim());
      rows.forEach((line, index) => {
        if (!line.startsWith('|') || (rows[index - 1] ?? '').startsWith('|')) return;
        const cells = (row) =>
          row
            .split('|')
            .slice(1, -1)
            .map((cell) => cell.trim());
        const header = cells(line);
        const wait = header.findIndex((cell) => /\bwaits?\b/i.test(cell));
        const since = header.findIndex((cell) => /\bsince the first\b/i.test(cell));
        if (wait < 0) return;
        tables += 1;
        const body = [];
        for (const row of rows.slice(index + 2)) {
          if (!row.startsWith('|')) break;
          body.push(cells(row));
        }
        const shown = body.map((row) => minutesOf(row[wait])).filter((value) => value !== null);
        if (shown.join() !== delays.join()) problems.push(`${file}: waits ${shown.join(', ')} minutes`);
        if (since >= 0) {
          const times = body.map((row) => minutesOf(row[since])).filter((value) => value !== null);
          if (times.join() !== sinceFirst.join())
            problems.push(`${file}: attempts at ${times.join(', ')} minutes`);
        }
      });
    }
    assert.ok(tables > 0, 'no table of the waits found');
    assert.deepEqual(problems, []);
  });

  test('every Gantt chart of the attempts draws the delays', () => {
    const problems = [];
    for (const {file, text} of platformTexts) {
      for (const [, , , diagram] of text.matchAll(MERMAID)) {
        if (!/^\s*gantt\b/.test(diagram)) continue;
        const waits = [...diagram.matchAll(/^\s*wait ([^:]+):/gm)].map(([, label]) => minutesOf(label));
        if (waits.length > 0 && waits.join() !== delays.join())
          problems.push(`${file}: waits ${waits.join(', ')}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  test('pages state the schedule through the constant only', () => {
    const literal = handWrittenPages().flatMap((page) => delayLists(page.file, sentences(prose(page.body))));
    assert.deepEqual(
      literal.map(({file, sentence}) => `${file}: "${sentence}"`),
      [],
    );
  });

  test('the checks above would catch a schedule that drops or reorders a delay', () => {
    const file = 'docs/docs/troubleshooting.mdx';
    const right =
      'Failed deliveries are retried after 2 minutes, 10 minutes, 30 minutes, 1.5 hours and 3.5 hours.';
    const wrong = 'Failed deliveries are retried after 2 min, 30 min, 10 min and 3.5 h.';
    const times =
      'Attempts 2 to 6 come at 2 minutes, 12 minutes, 42 minutes, 2 hours 12 minutes and 5 hours 42 minutes.';
    assert.deepEqual(wrongLists(delayLists(file, [right, times])), []);
    assert.equal(wrongLists(delayLists(file, [wrong])).length, 1);
  });
});

describe('the rate limit', () => {
  // "600 requests a minute", "600 requests in a minute", "600 requests per minute",
  // and the header's "per minute for this outlet (600)" or "allowed in the current window (600)".
  const STATEMENTS = [
    /\b(\d+)\s+requests?\s+(?:a|per|in a|each)\s+minute\b/gi,
    /\b(?:per minute|allowed in the current window)\b[^.()]*\(`?(\d+)`?\)/gi,
  ];
  const statedLimits = (sentence) =>
    STATEMENTS.flatMap((pattern) => [...sentence.matchAll(pattern)].map((match) => Number(match[1])));

  test('no page, description or sample states another limit', () => {
    const stated = platformTexts.flatMap((text) =>
      readerSentences(text).flatMap((sentence) =>
        statedLimits(sentence).map((value) => ({file: text.file, sentence, value})),
      ),
    );
    assert.ok(stated.length > 0, 'no statement of the rate limit found');
    assert.deepEqual(
      stated
        .filter(({value}) => value !== RATE_LIMIT_PER_MINUTE)
        .map(({file, value, sentence}) => `${file}: ${value} in "${sentence}"`),
      [],
    );
  });

  test('the description gives X-RateLimit-Limit the same value', () => {
    const common = loadDescriptions().find(({name}) => name === 'common.yaml').doc;
    assert.equal(common.components.headers['X-RateLimit-Limit'].example, RATE_LIMIT_PER_MINUTE);
  });

  test('pages state the limit through the constant only', () => {
    const literal = handWrittenPages()
      .flatMap((page) => sentences(prose(page.body)).map((sentence) => ({file: page.file, sentence})))
      .filter(({sentence}) => statedLimits(sentence).length > 0)
      .map(({file, sentence}) => `${file}: "${sentence}"`);
    assert.deepEqual(literal, []);
  });
});

describe('the access token lifetime', () => {
  // The lifetime in seconds beside `expires_in` ("expires_in": 3600, `expires_in` (3600 seconds)),
  // after "valid for", "lifetime in seconds" or "token lives"; "the token lasts one hour" in hours.
  const IN_SECONDS = [
    /\bexpires_in\b[`"']*\s*[:=(]?\s*`?(\d+)/gi,
    /\bvalid for (\d+) seconds\b/gi,
    /\blifetime in seconds \(`?(\d+)/gi,
    /\btokens? (?:lives|lasts)(?:,? always)? (\d+)/gi,
  ];
  const IN_HOURS = /\btokens? (?:lives|lasts) (an|\d+|one|two|three|four|five|ten) hours?\b/gi;
  const statedLifetimes = (sentence) => [
    ...IN_SECONDS.flatMap((pattern) => [...sentence.matchAll(pattern)].map((match) => Number(match[1]))),
    ...[...sentence.matchAll(IN_HOURS)].map(
      ([, hours]) => (NUMBER_WORDS[hours] ?? (Number(hours) || 1)) * 3600,
    ),
  ];

  test('no page, description or sample states another lifetime', () => {
    const stated = platformTexts.flatMap((text) =>
      readerSentences(text).flatMap((sentence) =>
        statedLifetimes(sentence).map((value) => ({file: text.file, sentence, value})),
      ),
    );
    assert.ok(stated.length > 0, 'no statement of the token lifetime found');
    assert.deepEqual(
      stated
        .filter(({value}) => value !== TOKEN_LIFETIME_SECONDS)
        .map(({file, value, sentence}) => `${file}: ${value} s in "${sentence}"`),
      [],
    );
  });

  test('the description gives expires_in the same value', () => {
    const oauth = loadDescriptions().find(({name}) => name === 'oauth.yaml').doc;
    assert.equal(oauth.components.schemas.TokenResponse.properties.expires_in.const, TOKEN_LIFETIME_SECONDS);
  });

  test('pages state the lifetime in seconds through the constant only, outside their examples', () => {
    const literal = handWrittenPages()
      .flatMap((page) => sentences(prose(page.body)).map((sentence) => ({file: page.file, sentence})))
      .filter(({sentence}) => IN_SECONDS.some((pattern) => new RegExp(pattern).test(sentence)))
      .map(({file, sentence}) => `${file}: "${sentence}"`);
    assert.deepEqual(literal, []);
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
