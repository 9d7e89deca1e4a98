import type {ApiPageMetadata} from 'docusaurus-plugin-openapi-docs/src/types';

import {hasEnvelope, signedEventExample, TEST_DELIVERY_SECRET} from '../../config/test-delivery';
import {EVENT_NAME, EVENT_POINTER, HTTP_METHODS, operationPointer} from '../description';
import {
  describeRequirement,
  exampleOf,
  exampleRequest,
  type MediaType,
  type Parameter,
  parameterExample,
  type SecurityScheme,
  type Server,
  serverUrl,
} from './example-request';
import {codeBlock, inlineCode, jsxString, mdxLine, mdxMarkdown} from './mdx';
import {
  CURRENT_RELEASE,
  earlierReleaseNotice,
  releaseLine,
  releaseLinks,
  repositoryCurrentPages,
} from '../releases';
import {fieldItem, type FieldsPage, schemaBlock, type SchemaObject, wrapFields, writeFields} from './schema';

/**
 * The reference page of one operation or webhook event, written as plain MDX
 * that renders completely on the server: method and path, description,
 * authorization, parameters, request body fields, and every response with
 * its headers, fields and example. Nested fields are listed, not folded.
 *
 * It replaces the OpenAPI theme's page body, whose parameter and schema
 * components draw only in the browser (a reader without JavaScript, a
 * crawler and the search index saw placeholders). The interactive request
 * panel is added beside the text by src/theme/DocItem/Content.
 */
export function createApiPageMarkdown(page: ApiPageMetadata): string {
  return timedPage(page, undefined);
}

/**
 * The page of an operation or event of the merchant API: as createApiPageMarkdown's, with the
 * release that added it, since when it is deprecated and what replaces it (./releases.ts), and
 * the release switcher.
 */
export function createMerchantApiPageMarkdown(page: ApiPageMetadata): string {
  return timedPage(page, CURRENT_RELEASE);
}

/**
 * The page writer of an earlier release's pages (`/docs/api/releases/<release>/`): as the current
 * reference's, under a note that says which release it shows and links to the current page.
 */
export function releaseApiPageMarkdown(release: string): (page: ApiPageMetadata) => string {
  return (page) => timedPage(page, release);
}

/** Which reference a page belongs to: the sample's (undefined), the current one, or a release's. */
type Reference = string | undefined;

function timedPage(page: ApiPageMetadata, reference: Reference): string {
  const started = performance.now();
  try {
    return pageMarkdown(page, reference);
  } finally {
    writerTime.ms += performance.now() - started;
    writerTime.pages += 1;
  }
}

/**
 * The time spent writing pages, printed once the generator (`docusaurus gen-api-docs`, the only
 * process that writes them) ends: `[reference-writer] 49 pages in 0.4 s`, read by
 * `npm run bench:scale`.
 */
const writerTime = {ms: 0, pages: 0};
if (process.argv.includes('gen-api-docs')) {
  process.once('exit', () => {
    if (writerTime.pages > 0) {
      console.log(`[reference-writer] ${writerTime.pages} pages in ${(writerTime.ms / 1000).toFixed(2)} s`);
    }
  });
}

/**
 * The longest page, in characters of Markdown, written with every field in place: a longer one is
 * written again with each repeated schema's fields listed once and linked where it recurs, and,
 * on a page of the current reference still longer, with its longest nested fields on pages of
 * their own (./schema.ts, `writeFields`), each list of fields cut to LIST_LIMIT and then to half
 * as long until the page fits. Its HTML is about as long again as its Markdown, and a page must
 * stay well under a megabyte of HTML to reach a phone in good time.
 */
const WHOLE_PAGE_LIMIT = 300_000;
const LIST_LIMIT = 100_000;
const LIST_LIMIT_MIN = 4_000;

/**
 * A page of nested fields after the operation's page, in the page writer's output: a line that
 * names its number and its field's path (and part), then its fields. `gen-api` makes each a page of its own
 * (./current-pages.ts, `splitFieldsPages`).
 */
const FIELDS_PAGE_LINE = /^\{\/\* fields-page (\d+) (\S+) \*\/\}$/gm;

function fieldsPageSection(page: FieldsPage): string {
  const names = encodeURIComponent(
    JSON.stringify({path: page.path, part: page.part, direction: page.direction}),
  );
  return `{/* fields-page ${page.number} ${names} */}\n\n${page.text}`;
}

/** The operation's page as the page writer wrote it, and the pages of nested fields it links to, if any. */
export function splitFieldsPages(written: string): {page: string; fieldsPages: FieldsPage[]} {
  const lines = [...written.matchAll(FIELDS_PAGE_LINE)];
  if (lines.length === 0) return {page: written, fieldsPages: []};
  const fieldsPages = lines.map((line, index) => ({
    number: Number(line[1]),
    ...(JSON.parse(decodeURIComponent(line[2])) as Omit<FieldsPage, 'number' | 'text'>),
    text: written.slice(line.index + line[0].length, lines[index + 1]?.index ?? written.length).trim(),
  }));
  return {page: `${written.slice(0, lines[0].index).trimEnd()}\n`, fieldsPages};
}

/** The page, as short as WHOLE_PAGE_LIMIT asks, with its pages of nested fields after it. */
function shortPage(write: () => string, ownPages: boolean): string {
  const whole = write();
  if (whole.length <= WHOLE_PAGE_LIMIT) return whole;
  let written = writeFields({}, write);
  for (
    let limit = LIST_LIMIT;
    ownPages && written.page.length > WHOLE_PAGE_LIMIT && limit >= LIST_LIMIT_MIN;
    limit /= 2
  ) {
    written = writeFields({listLimit: limit}, write);
  }
  return [written.page.trimEnd(), ...written.pages.map(fieldsPageSection)].join('\n\n').concat('\n');
}

/**
 * The page; a failure names the operation or event by its key and its place in the description
 * (the generator's message adds the file).
 */
function pageMarkdown({title, api}: ApiPageMetadata, reference: Reference): string {
  const operation = api as unknown as Operation;
  const isEvent = operation.method === 'event';
  const key = isEvent
    ? (operation[EVENT_NAME] ?? title)
    : `${operation.method.toUpperCase()} ${operation.path}`;
  try {
    // An earlier release's page is HTML whole, with no page of its own beside it.
    const current = reference === undefined || reference === CURRENT_RELEASE;
    return shortPage(() => operationMarkdown(title, operation, key, reference), current);
  } catch (error) {
    const pointer = isEvent
      ? (operation[EVENT_POINTER] ?? `the event ${key}`)
      : operationPointer('paths', operation.path, operation.method);
    throw new Error(
      `The page of the ${isEvent ? 'event' : 'operation'} ${key} (${pointer}) could not be written: ` +
        (error instanceof Error ? error.message : String(error)),
      {cause: error},
    );
  }
}

function operationMarkdown(title: string, operation: Operation, key: string, reference: Reference): string {
  const isEvent = operation.method === 'event';
  const earlier = reference !== undefined && reference !== CURRENT_RELEASE;
  // A test delivery is for a receiver built now: an earlier release's event page has none.
  const testDelivery =
    isEvent && !earlier ? testDeliverySection(operation, key, reference === undefined) : '';
  return [
    'import ApiEndpoint from "@site/src/components/ApiEndpoint";',
    reference ? 'import ApiReleaseSwitcher from "@site/src/components/ApiReleaseSwitcher";' : '',
    testDelivery ? 'import TestDelivery from "@site/src/components/TestDelivery";' : '',
    `# ${mdxLine(title)}`,
    `<ApiEndpoint method=${jsxString(operation.method)} path=${jsxString(isEvent ? key : operation.path)} />`,
    earlier ? earlierReleaseNotice(key, reference) : '',
    operation.deprecated ? deprecationNotice(operation, isEvent) : '',
    // Last before the body: an earlier release's body, after it, is turned into HTML by `gen-api`
    // (src/api-reference/page/release-pages.ts).
    reference
      ? `<ApiReleaseSwitcher shown=${jsxString(reference)} links={${JSON.stringify(releaseLinks(key))}} />`
      : '',
    reference ? releaseLine(key, operation.deprecated === true) : '',
    mdxMarkdown(operation.description),
    isEvent ? '' : accessSection(operation),
    isEvent ? eventSection(operation) : requestSection(operation),
    testDelivery,
    responsesSection(operation, isEvent),
    callbacksSection(operation),
  ]
    .filter(Boolean)
    .join('\n\n')
    .concat('\n');
}

/** The warning of a deprecated operation or event, naming what replaces it when the description says (`x-replaced-by`). */
function deprecationNotice(operation: Operation, isEvent: boolean): string {
  const replacement = operation['x-replaced-by'];
  const route = replacement ? repositoryCurrentPages().get(replacement) : undefined;
  const instead = replacement
    ? ` Use ${route ? `[${inlineCode(replacement)}](${route})` : inlineCode(replacement)} instead.`
    : '';
  return `:::warning[Deprecated]\n\nThis ${isEvent ? 'event' : 'operation'} is deprecated.${instead}\n\n:::`;
}

interface Response {
  description?: string;
  headers?: Record<
    string,
    {description?: string; required?: boolean; schema?: SchemaObject; example?: unknown}
  >;
  content?: Record<string, MediaType>;
}

interface Operation {
  method: string;
  path: string;
  summary?: string;
  description?: string;
  deprecated?: boolean;
  /** What replaces a deprecated operation or event: `METHOD /path`, or the event's name. */
  'x-replaced-by'?: string;
  parameters?: Parameter[];
  requestBody?: {description?: string; required?: boolean; content?: Record<string, MediaType>};
  responses?: Record<string, Response>;
  callbacks?: Record<string, Record<string, Record<string, Operation>>>;
  /** An event's name and place in the description (./description.ts). */
  [EVENT_NAME]?: string;
  [EVENT_POINTER]?: string;
  servers?: Server[];
  security?: Record<string, string[]>[];
  securitySchemes?: Record<string, SecurityScheme>;
}

const LOCATIONS = [
  {in: 'path', heading: 'Path parameters'},
  {in: 'query', heading: 'Query parameters'},
  {in: 'header', heading: 'Header parameters'},
  {in: 'cookie', heading: 'Cookie parameters'},
] as const;

/** Reason phrases of the status codes the descriptions use. */
const STATUS_TEXT: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
  default: 'Any other status',
};

function statusHeading(status: string): string {
  const text = STATUS_TEXT[status] ?? (/^[1-5]XX$/i.test(status) ? 'Any status in this class' : '');
  return status === 'default' ? text : `${status} ${text}`.trim();
}

/**
 * The longest example, in characters, shown whole: an owner's example of thousands of lines (one of
 * GitHub's lists every emoji) would be most of its page once highlighted. A longer one shows its
 * first EXAMPLE_PREVIEW characters, cut at a line's end, and says where the rest is.
 */
const LONGEST_EXAMPLE = 40_000;
const EXAMPLE_PREVIEW = 8_000;

/** An example as a code block, or its beginning and a sentence when it is too long (LONGEST_EXAMPLE). */
function exampleBlock(language: string, example: unknown): string[] {
  const text = formatBody(example);
  if (text.length <= LONGEST_EXAMPLE) return [codeBlock(language, text)];
  const preview = text.slice(0, text.lastIndexOf('\n', EXAMPLE_PREVIEW));
  const shown = preview.split('\n').length;
  const lines = text.split('\n').length;
  return [
    codeBlock(language, preview),
    `The example goes on for ${(lines - shown).toLocaleString('en')} more lines: these are its first ` +
      `${shown.toLocaleString('en')} of ${lines.toLocaleString('en')}. The whole example is in the API's ` +
      'description, which this reference is made from.',
  ];
}

function formatBody(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

/** Who may call the operation, and at which addresses. */
function accessSection(operation: Operation): string {
  const lines: string[] = [];
  const requirements = (operation.security ?? []).filter(
    (requirement) => Object.keys(requirement).length > 0,
  );
  if (requirements.length > 0) {
    const ways = requirements.map((requirement) =>
      describeRequirement(requirement, operation.securitySchemes),
    );
    lines.push(`**Authorization:** ${ways.join('; or ')}.`);
  } else if (operation.security) {
    lines.push('**Authorization:** none.');
  }
  const servers = operation.servers ?? [];
  if (servers.length > 0) {
    lines.push(
      `**Base URLs:** ${servers
        .map(
          (server) =>
            `${mdxLine(server.description?.split(/[;(]/)[0].trim() ?? 'Server')} ${inlineCode(serverUrl(server))}`,
        )
        .join(', ')}.`,
    );
  }
  return lines.join('\n\n');
}

function parametersSection(parameters: Parameter[]): string[] {
  return LOCATIONS.flatMap((location) => {
    const here = parameters.filter((parameter) => parameter.in === location.in);
    if (here.length === 0) {
      return [];
    }
    const list = here
      .map((parameter) =>
        fieldItem(
          parameter.name,
          {...parameter.schema, deprecated: parameter.deprecated},
          {
            required: parameter.required,
            description: parameter.description,
            example: parameterExample(parameter),
            direction: 'request',
            depth: 0,
          },
        ),
      )
      .join('\n');
    return [`### ${location.heading}`, wrapFields(list)];
  });
}

function bodySection(
  heading: string,
  body: Operation['requestBody'],
  direction: 'request' | 'response',
): string[] {
  const content = Object.entries(body?.content ?? {});
  if (content.length === 0) {
    return [];
  }
  return [
    `### ${heading}`,
    [
      body?.required ? '<span className="api-field__required">required</span>' : '',
      ...content.map(([type]) => inlineCode(type)),
    ]
      .filter(Boolean)
      .join(' '),
    mdxMarkdown(body?.description),
    ...content.map(([, media]) => schemaBlock(media.schema ?? {}, direction)),
  ].filter(Boolean);
}

/**
 * The example request (./example-request.ts), and the ways of authenticating it does not use.
 */
function exampleRequestSection(operation: Operation): string[] {
  let section = exampleSections.get(operation);
  if (section === undefined) {
    section = writeExampleRequestSection(operation);
    exampleSections.set(operation, section);
  }
  return section;
}

/**
 * The example request section of each operation written: a long page is written more than once
 * (shortPage), and its example, checked against the operation's schemas, costs the most.
 */
const exampleSections = new WeakMap<Operation, string[]>();

function writeExampleRequestSection(operation: Operation): string[] {
  const example = exampleRequest(operation);
  const others =
    example.way !== undefined
      ? [
          `The example authenticates with ${example.way}; the operation also accepts ${example.otherWays.join('; or ')}.`,
        ]
      : [];
  return [codeBlock('http', example.text), ...others];
}

function requestSection(operation: Operation): string {
  const parts = [
    ...parametersSection(operation.parameters ?? []),
    ...bodySection('Body', operation.requestBody, 'request'),
  ];
  return ['## Request', ...parts, '### Example request', ...exampleRequestSection(operation)].join('\n\n');
}

/** A webhook event: the body delivered to the subscriber's endpoint, and its example. */
function eventSection(operation: Operation): string {
  const parts = ['## Payload', ...parametersSection(operation.parameters ?? [])];
  const content = Object.entries(operation.requestBody?.content ?? {});
  for (const [type, media] of content) {
    parts.push(`Delivered as ${inlineCode(type)}.`, schemaBlock(media.schema ?? {}, 'request'));
    const example = exampleOf(media);
    if (example !== undefined) {
      parts.push('### Example payload', ...exampleBlock('json', example));
    }
  }
  return parts.join('\n\n');
}

/** The heading of an event's test delivery, and its id, which names the delivery's region. */
const TEST_DELIVERY_TITLE = 'Test delivery';
export const TEST_DELIVERY_HEADING = 'test-delivery';

/**
 * A delivery of the event's example that a reader sends to their own
 * receiver: the body, headers and signature of src/config/test-delivery.ts,
 * shown as a curl command by src/components/TestDelivery. Every event of the
 * merchant API has its delivery envelope; an event of another description
 * (`ifItFits`, the sample's place) has a test delivery only when its example
 * has that envelope too.
 */
function testDeliverySection(operation: Operation, eventName: string, ifItFits: boolean): string {
  const example = exampleOf(Object.values(operation.requestBody?.content ?? {})[0]);
  if (example === undefined || (ifItFits && !hasEnvelope(example))) {
    return '';
  }
  const signed = signedEventExample(eventName, example);
  return [
    `## ${TEST_DELIVERY_TITLE}`,
    [
      'Check that your receiver accepts this event before @@PRODUCT@@ sends it. Start it with the sandbox',
      'secret of the [worked example](/docs/api/webhooks/receiving-notifications#a-worked-example), here',
      'the Node.js sample receiver:',
    ].join('\n'),
    codeBlock('bash', `GERAI_WEBHOOK_SECRET=${TEST_DELIVERY_SECRET} node receiver.mjs`),
    [
      'Then run the command below. It posts the example payload byte for byte, with the headers of a',
      'real delivery and a signature made with that secret: your receiver should answer `200`. The',
      'senders of [Test your receiver](/docs/api/webhooks/receiving-notifications#test-your-receiver)',
      'send any event this way, and stale and tampered deliveries too, which your receiver must refuse.',
    ].join('\n'),
    `<TestDelivery labelledBy=${jsxString(TEST_DELIVERY_HEADING)} eventId=${jsxString(signed.eventId)} ` +
      `body=${jsxString(signed.body)} secret=${jsxString(TEST_DELIVERY_SECRET)} ` +
      `timestamp={${signed.timestamp}} signature=${jsxString(signed.signature)} />`,
  ].join('\n\n');
}

function responsesSection(operation: Operation, isEvent: boolean): string {
  const responses = Object.entries(operation.responses ?? {});
  if (responses.length === 0) {
    return '';
  }
  const parts = [isEvent ? '## Your response' : '## Responses'];
  for (const [status, response] of responses) {
    parts.push(`### ${statusHeading(status)}`, mdxMarkdown(response.description));
    const headers = Object.entries(response.headers ?? {});
    if (headers.length > 0) {
      parts.push(
        '**Headers**',
        wrapFields(
          headers
            .map(([name, header]) =>
              fieldItem(name, header.schema ?? {}, {
                required: header.required,
                description: header.description,
                example: header.example,
                direction: 'response',
                depth: 0,
              }),
            )
            .join('\n'),
        ),
      );
    }
    const content = Object.entries(response.content ?? {});
    for (const [type, media] of content) {
      parts.push(`**Body** ${inlineCode(type)}`, schemaBlock(media.schema ?? {}, 'response'));
      const example = exampleOf(media);
      if (example !== undefined) {
        parts.push('**Example**', ...exampleBlock(type.includes('json') ? 'json' : 'text', example));
      }
    }
    if (content.length === 0 && !isEvent) {
      parts.push('No body.');
    }
  }
  return parts.filter(Boolean).join('\n\n');
}

/** Requests the platform makes back to the caller, such as a subscription's deliveries. */
function callbacksSection(operation: Operation): string {
  const callbacks = Object.entries(operation.callbacks ?? {});
  if (callbacks.length === 0) {
    return '';
  }
  const parts = ['## Callbacks'];
  for (const [name, expressions] of callbacks) {
    for (const [expression, item] of Object.entries(expressions)) {
      // A path item: its operations, beside its own summary, description and parameters.
      const methods = HTTP_METHODS.filter(
        (method) => typeof item[method] === 'object' && item[method] !== null,
      );
      for (const method of methods) {
        const callback = item[method];
        parts.push(
          `### ${mdxLine(name)}`,
          `<ApiEndpoint method=${jsxString(method)} path=${jsxString(expression)} />`,
          mdxMarkdown(callback.description ?? callback.summary),
          ...bodySection('Callback body', callback.requestBody, 'request').slice(1),
          callbackResponses(callback),
        );
      }
    }
  }
  return parts.filter(Boolean).join('\n\n');
}

/** What the receiver of a callback answers: each response code and its description. */
function callbackResponses(callback: Operation): string {
  const responses = Object.entries(callback.responses ?? {});
  if (responses.length === 0) {
    return '';
  }
  return [
    '**Your response**',
    responses
      .map(([status, response]) => `- ${inlineCode(status)}: ${mdxLine(response.description)}`)
      .join('\n'),
  ].join('\n\n');
}
