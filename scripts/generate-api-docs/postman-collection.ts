/**
 * The Postman collection (v2.1) of the joined merchant API, converted with
 * Postman's own converter (openapi-to-postmanv2): one request per operation,
 * grouped by tag, named and described as the joined description is. It runs
 * as downloaded, in Postman and in Newman, with five collection variables:
 *
 * - `baseUrl`, the sandbox API of src/constants.ts, where every API request goes;
 * - `authBaseUrl`, the sandbox authorization server, where its own operations
 *   (servers of their own in the description) go;
 * - `clientId`, `clientSecret` and `scope`, from which the collection's
 *   pre-request script (tokenScript) fetches a client-credentials token that
 *   every request needing one inherits as a bearer token.
 *
 * The token endpoint takes the client id and secret as HTTP Basic credentials.
 * A request only a browser can make (an operation that answers with a redirect
 * and never 2xx: the authorization endpoint) is moved to a folder of its own,
 * which runs skip.
 */
import {closeSync, openSync, writeSync} from 'node:fs';

// Before the converter, which reads `localStorage` as it loads.
import '../../src/shims/web-storage';
import {convertV2} from 'openapi-to-postmanv2';
import {v5 as nameBasedUuid} from 'uuid';

import {readYaml} from '../../src/api-reference/downloads';
import {GERAI_POSTMAN_DOWNLOAD} from '../../src/config/openapi';
import {HOSTS, PRODUCT_NAME, TOKEN_RENEW_BEFORE_SECONDS} from '../../src/constants';

interface PostmanUrl {
  host?: string[];
  path?: string[];
}

interface PostmanRequest {
  method: string;
  description?: string | {content: string; type?: string};
  auth?: PostmanAuth | null;
  url?: PostmanUrl;
}

interface PostmanResponse {
  originalRequest?: {url?: PostmanUrl};
  header?: {key: string; value: string}[];
  body?: string;
}

interface PostmanEvent {
  listen: 'prerequest' | 'test';
  script: {type: 'text/javascript'; exec: string[]};
}

interface PostmanItem {
  name?: string;
  description?: string;
  item?: PostmanItem[];
  request?: PostmanRequest;
  response?: PostmanResponse[];
  event?: PostmanEvent[];
}

interface PostmanAuth {
  type: string;
  [settings: string]: unknown;
}

interface PostmanCollection {
  info: {name: string; description?: unknown; [key: string]: unknown};
  item: PostmanItem[];
  variable?: {key: string; value: string; type?: string; description?: string}[];
  auth?: unknown;
  event?: PostmanEvent[];
}

interface Operation {
  responses?: Record<string, unknown>;
}

interface Description {
  info?: {title?: string; description?: string};
  paths?: Record<string, {servers?: unknown[]} & Record<string, Operation | unknown>>;
  components?: {
    securitySchemes?: Record<string, {type?: string; flows?: {clientCredentials?: {tokenUrl?: string}}}>;
  };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** The collection variables the pre-request script keeps its token in. */
export const TOKEN_VARIABLES = {
  token: 'accessToken',
  expiresAt: 'accessTokenExpiresAt',
  fetchedFor: 'accessTokenFor',
} as const;

/** The folder of the requests only a browser can make, which runs skip. */
export const BROWSER_ONLY_FOLDER = 'Browser only';

/** The token address of the description's client-credentials flow (the sandbox authorization server). */
function tokenUrl(description: Description): string {
  for (const scheme of Object.values(description.components?.securitySchemes ?? {})) {
    const url = scheme.flows?.clientCredentials?.tokenUrl;
    if (url) return url;
  }
  throw new Error('the description has no OAuth 2.0 client-credentials flow with a tokenUrl');
}

/**
 * The converter's collection of `description`, given as the object it would parse the file into
 * (one reading of the description instead of two). The converter may change the object.
 */
function convert(description: Description): Promise<PostmanCollection> {
  return new Promise((resolve, reject) => {
    convertV2(
      {type: 'json', data: description as Record<string, unknown>},
      {
        folderStrategy: 'Tags',
        parametersResolution: 'Example',
        requestNameSource: 'Fallback',
        // The saved examples would otherwise carry `Authorization: <token>` and `Basic <credentials>`;
        // each request's own authorization (or the collection's) says how it authenticates.
        includeAuthInfoInExample: false,
      },
      (error, result) => {
        if (error) return reject(error);
        if (!result?.result || !result.output?.[0]) {
          return reject(new Error(result?.reason ?? 'the converter returned no collection'));
        }
        resolve(result.output[0].data as unknown as PostmanCollection);
      },
    );
  });
}

/** A path template as Postman writes it: `/outlets/:outlet_id`. */
const postmanPath = (template: string) => template.replace(/\{([^}]+)\}/g, ':$1');

/** The key of a request: its method and its path as Postman writes it. */
const requestKey = (method: string, url: PostmanUrl | undefined) =>
  `${method.toUpperCase()} /${url?.path?.join('/') ?? ''}`;

/** The paths served by a server of their own (the authorization server's), as Postman writes them. */
function pathsWithOwnServers(description: Description): Set<string> {
  return new Set(
    Object.entries(description.paths ?? {})
      .filter(([, item]) => item.servers !== undefined)
      .map(([template]) => postmanPath(template)),
  );
}

/**
 * The operations only a browser can complete: those that answer with a
 * redirect and never with 2xx (the authorization endpoint sends the user's
 * browser to a sign-in and consent screen, then to the partner's redirect URI).
 */
function browserOnlyRequests(description: Description): Set<string> {
  const keys = new Set<string>();
  for (const [template, item] of Object.entries(description.paths ?? {})) {
    for (const method of METHODS) {
      const codes = Object.keys((item[method] as Operation | undefined)?.responses ?? {});
      if (codes.some((code) => /^3/.test(code)) && !codes.some((code) => /^2/.test(code))) {
        keys.add(`${method.toUpperCase()} ${postmanPath(template)}`);
      }
    }
  }
  return keys;
}

/** Whether a response's body is text that a collection can hold (not an image or other bytes). */
function isTextBody(response: PostmanResponse): boolean {
  const type = response.header?.find((header) => header.key.toLowerCase() === 'content-type')?.value ?? '';
  return type === '' || /^text\/|[/+](json|xml)\b|^application\/x-www-form-urlencoded/.test(type);
}

/**
 * Sets where each request goes and how it authenticates: a request to the
 * authorization server goes to `authBaseUrl` (its saved examples too), and
 * its token endpoint sends the client id and secret as HTTP Basic
 * credentials; every other request that needs a token inherits the
 * collection's bearer token; the others say "no auth". The converter writes
 * the schema's type (`string`) as the body of a saved binary response, such
 * as a PNG image, which a collection cannot hold: those examples keep no body.
 */
function settleRequests(items: PostmanItem[], ownServers: ReadonlySet<string>): void {
  for (const item of items) {
    if (item.item) settleRequests(item.item, ownServers);
    const request = item.request;
    if (!request) continue;
    const urls = [request.url, ...(item.response ?? []).map((response) => response.originalRequest?.url)];
    for (const url of urls) {
      if (url && ownServers.has(`/${url.path?.join('/') ?? ''}`)) url.host = ['{{authBaseUrl}}'];
    }
    for (const response of item.response ?? []) {
      if (!isTextBody(response)) response.body = '';
    }
    if (request.auth?.type === 'basic') {
      request.auth = {
        type: 'basic',
        basic: [
          {key: 'username', value: '{{clientId}}', type: 'string'},
          {key: 'password', value: '{{clientSecret}}', type: 'string'},
        ],
      };
    } else if (!request.auth || request.auth.type === 'noauth') {
      request.auth = {type: 'noauth'};
    } else {
      delete request.auth;
    }
  }
}

/** Takes the items whose request is in `keys` out of `items` (and of their folders); returns them. */
function takeRequests(items: PostmanItem[], keys: ReadonlySet<string>): PostmanItem[] {
  const taken: PostmanItem[] = [];
  for (let index = items.length - 1; index >= 0; index--) {
    const item = items[index];
    if (item.item) taken.unshift(...takeRequests(item.item, keys));
    else if (item.request && keys.has(requestKey(item.request.method, item.request.url))) {
      taken.unshift(item);
      items.splice(index, 1);
    }
  }
  return taken;
}

/** Removes folders that hold no request (a tag without operations, such as the webhook events). */
function dropEmptyFolders(items: PostmanItem[]): PostmanItem[] {
  return items
    .map((item) => (item.item ? {...item, item: dropEmptyFolders(item.item)} : item))
    .filter((item) => !item.item || item.item.length > 0);
}

/** Appends `text` as a paragraph to a request's description. */
function addToDescription(request: PostmanRequest, text: string): void {
  const current =
    typeof request.description === 'string' ? request.description : request.description?.content;
  request.description = current ? `${current.trimEnd()}\n\n${text}` : text;
}

/** The script lines of a Postman event. */
const script = (listen: PostmanEvent['listen'], source: string): PostmanEvent => ({
  listen,
  script: {type: 'text/javascript', exec: source.trim().split('\n')},
});

/**
 * The collection's pre-request script: before a request that uses the
 * collection's bearer token, it fetches a client-credentials token when the
 * collection has none, when it expires within TOKEN_RENEW_BEFORE_SECONDS, or
 * when the authorization server, client id or scopes have changed since. It
 * runs in Postman's sandbox (Postman, Newman), so it is plain JavaScript that
 * uses only the `pm` API. A request with an authorization of its own (the
 * token request itself, with HTTP Basic, or one with none) fetches nothing,
 * and pm.sendRequest runs no collection script, so nothing recurses.
 */
function tokenScript(tokenPath: string): string {
  const names = JSON.stringify(TOKEN_VARIABLES);
  return `
// Fetches an OAuth 2.0 access token with the client credentials grant before a request that
// uses the collection's bearer token, when there is none yet, when it expires within
// ${TOKEN_RENEW_BEFORE_SECONDS} seconds, or when authBaseUrl, clientId or scope have changed since.
// It reads the variables authBaseUrl, clientId, clientSecret and scope, and keeps the token in
// the collection variables ${Object.values(TOKEN_VARIABLES).join(', ')}.
(function () {
  const auth = pm.request.auth;
  // The token request itself (HTTP Basic) and requests without authorization need no token.
  if (auth && auth.type !== 'bearer') return;

  const RENEW_BEFORE_SECONDS = ${TOKEN_RENEW_BEFORE_SECONDS};
  const stored = ${names};
  const missing = ['authBaseUrl', 'clientId', 'clientSecret', 'scope'].filter((name) => !pm.variables.get(name));
  if (missing.length > 0) {
    const names = missing.length > 1 ? 's ' + missing.slice(0, -1).join(', ') + ' and ' + missing.at(-1) : ' ' + missing[0];
    throw new Error('Set the collection variable' + names + ': the collection gets its access token with them.');
  }
  const tokenUrl = pm.variables.get('authBaseUrl').replace(/\\/+$/, '') + ${JSON.stringify(tokenPath)};
  const clientId = pm.variables.get('clientId');
  const scope = pm.variables.get('scope');
  const fetchedFor = [tokenUrl, clientId, scope].join(' ');
  const expiresAt = Number(pm.collectionVariables.get(stored.expiresAt));
  if (pm.collectionVariables.get(stored.token) && pm.collectionVariables.get(stored.fetchedFor) === fetchedFor &&
      Date.now() < expiresAt) {
    return;
  }

  pm.sendRequest({
    url: tokenUrl,
    method: 'POST',
    header: [{key: 'Accept', value: 'application/json'}],
    auth: {
      type: 'basic',
      basic: [
        {key: 'username', value: clientId},
        {key: 'password', value: pm.variables.get('clientSecret')},
      ],
    },
    body: {
      mode: 'urlencoded',
      urlencoded: [
        {key: 'grant_type', value: 'client_credentials'},
        {key: 'scope', value: scope},
      ],
    },
  }, (error, response) => {
    // A failure is reported as a failed test: an error thrown here, after the script has returned,
    // would not show in Newman's report.
    const fail = (message) => pm.test('The collection gets an access token', () => {
      throw new Error(message);
    });
    if (error) return fail('The token request to ' + tokenUrl + ' failed: ' + (error.message || error.code || error));
    let body = {};
    try {
      body = response.json();
    } catch (notJson) {
      // The answer is not JSON; the message below names its status.
    }
    if (response.code !== 200 || typeof body.access_token !== 'string') {
      const reason = body.error ? ': ' + body.error + (body.error_description ? ' (' + body.error_description + ')' : '') : '';
      return fail('The token endpoint ' + tokenUrl + ' answered ' + response.code + ' ' + response.status + reason +
        '. Check clientId, clientSecret and scope.');
    }
    const lifetime = Number(body.expires_in) || 0;
    pm.collectionVariables.set(stored.token, body.access_token);
    pm.collectionVariables.set(stored.expiresAt, String(Date.now() + (lifetime - RENEW_BEFORE_SECONDS) * 1000));
    pm.collectionVariables.set(stored.fetchedFor, fetchedFor);
  });
})();
`;
}

/** The pre-request script of the browser-only folder. */
const SKIP_SCRIPT = `
// Only a browser can follow these requests to the sign-in and consent screen, so Postman and Newman
// do not send them: open the request's URL in a browser instead.
pm.execution.skipRequest();
`;

/** What the collection is and how to run it, in Postman and in Newman (Markdown). */
function collectionDescription(about: string, tokenPath: string, firstFolder: string): string {
  const credentials = '`clientId`, `clientSecret` and `scope` (the scopes you need, separated by spaces)';
  return [
    about,
    '## Authorization',
    `Before a request that needs one, the collection's pre-request script gets an access token from \`{{authBaseUrl}}${tokenPath}\` with the client credentials grant (client id and secret as HTTP Basic credentials), keeps it in the collection variables \`${TOKEN_VARIABLES.token}\` and \`${TOKEN_VARIABLES.expiresAt}\`, and gets a new one ${TOKEN_RENEW_BEFORE_SECONDS} seconds before it expires or when \`clientId\` or \`scope\` change. Every request that needs a token sends it as \`Authorization: Bearer {{${TOKEN_VARIABLES.token}}}\`.`,
    `\`baseUrl\` is the ${PRODUCT_NAME} sandbox API, ${HOSTS.api.sandbox}, and \`authBaseUrl\` its authorization server, ${HOSTS.auth.sandbox}. The folder "${BROWSER_ONLY_FOLDER}" holds the authorization request, which a merchant user's browser makes: Postman and Newman skip it.`,
    '## In Postman',
    `Import the collection, set the collection variables ${credentials}, then send any request.`,
    '## In Newman',
    `Give ${credentials} on the command line:`,
    [
      '```sh',
      `newman run ${GERAI_POSTMAN_DOWNLOAD} \\`,
      '  --env-var clientId=YOUR_CLIENT_ID \\',
      '  --env-var clientSecret=YOUR_CLIENT_SECRET \\',
      '  --env-var "scope=partner:outlet:read food:order:read"',
      '```',
    ].join('\n'),
    `Add \`--folder "${firstFolder}"\` to run one folder, and \`--env-var baseUrl=http://127.0.0.1:4010 --env-var authBaseUrl=http://127.0.0.1:4010\` to run against a local mock of the API (Prism).`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Replaces the random ids the converter gives the collection (`info._postman_id`) and each of its
 * folders, requests and example responses with ids derived from where each stands: its place
 * among the names of the folders and items above it. The same description then makes the same
 * file, byte for byte (a build is reproducible, and the development server rewrites the file only
 * when the description changed), and Postman takes a collection imported again for the one
 * imported before.
 */
function settleIds(value: unknown, trail: string, namespace: string): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      const name = (item as {name?: unknown} | null)?.name;
      settleIds(item, `${trail}/${typeof name === 'string' ? name : ''}#${index}`, namespace);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if ((key === 'id' || key === '_postman_id') && typeof item === 'string' && UUID.test(item)) {
        (value as Record<string, unknown>)[key] = nameBasedUuid(`${trail}/${key}`, namespace);
      } else {
        settleIds(item, `${trail}/${key}`, namespace);
      }
    }
  }
}

/** Converts the joined description at `descriptionFile` into a collection written to `outputFile`. */
export async function writePostmanCollection(descriptionFile: string, outputFile: string): Promise<void> {
  const description = readYaml(descriptionFile) as Description;
  // What the collection takes from the description, read before the converter has it.
  const tokenPath = new URL(tokenUrl(description)).pathname;
  const about = description.info?.description?.trim() ?? '';
  const ownServers = pathsWithOwnServers(description);
  const browserOnlyKeys = browserOnlyRequests(description);
  const collection = await convert(description);
  settleRequests(collection.item, ownServers);

  const browserOnly = takeRequests(collection.item, browserOnlyKeys);
  for (const item of browserOnly) {
    if (item.request) {
      addToDescription(
        item.request,
        "Only a browser can make this request: it shows a merchant user the sign-in and consent screen. Postman and Newman do not send it (the folder's pre-request script skips it); put your own values in its query and open its URL in a browser.",
      );
    }
  }
  collection.item = dropEmptyFolders(collection.item);
  if (browserOnly.length > 0) {
    collection.item.push({
      name: BROWSER_ONLY_FOLDER,
      description:
        "Requests a merchant user's browser makes, not your client: Postman and Newman skip them, so that a run of the collection does not stop at a sign-in screen. Open their URL in a browser.",
      item: browserOnly,
      event: [script('prerequest', SKIP_SCRIPT)],
    });
  }

  collection.info.description = collectionDescription(about, tokenPath, collection.item[0]?.name ?? '');
  collection.variable = [
    {
      key: 'baseUrl',
      value: HOSTS.api.sandbox,
      type: 'string',
      description: `The ${PRODUCT_NAME} sandbox API.`,
    },
    {
      key: 'authBaseUrl',
      value: HOSTS.auth.sandbox,
      type: 'string',
      description: `The ${PRODUCT_NAME} sandbox authorization server.`,
    },
    {key: 'clientId', value: '', type: 'string', description: 'Your sandbox client id.'},
    {key: 'clientSecret', value: '', type: 'secret', description: 'Your sandbox client secret.'},
    {key: 'scope', value: '', type: 'string', description: 'The scopes to ask for, separated by spaces.'},
    {
      key: TOKEN_VARIABLES.token,
      value: '',
      type: 'secret',
      description: "The access token; the collection's pre-request script fills it.",
    },
    {
      key: TOKEN_VARIABLES.expiresAt,
      value: '',
      type: 'string',
      description: `When the script gets a new token: ${TOKEN_RENEW_BEFORE_SECONDS} seconds before the token expires, in milliseconds since 1970.`,
    },
    {
      key: TOKEN_VARIABLES.fetchedFor,
      value: '',
      type: 'string',
      description: 'The token address, client id and scopes the token was fetched with.',
    },
  ];
  collection.auth = {
    type: 'bearer',
    bearer: [{key: 'token', value: `{{${TOKEN_VARIABLES.token}}}`, type: 'string'}],
  };
  collection.event = [script('prerequest', tokenScript(tokenPath))];
  settleIds(collection, '', nameBasedUuid(GERAI_POSTMAN_DOWNLOAD, nameBasedUuid.URL));
  writeJson(outputFile, collection);
}

/**
 * Writes `value` as `JSON.stringify(value, null, 2)` and a newline would, byte for byte, but a
 * folder's items one at a time: with a hundred times the operations the collection is over a
 * hundred MB of JSON, which in one string took as much memory again as the collection itself.
 */
function writeJson(file: string, value: unknown): void {
  const fd = openSync(file, 'w');
  const write = (text: string) => writeSync(fd, text);
  try {
    writeValue(write, value, '');
    write('\n');
  } finally {
    closeSync(fd);
  }
}

/**
 * `value` as JSON.stringify indents it, standing at `indent`: JSON.stringify indents the lines after
 * the first from the value's own level, and no string of JSON holds a line break, so every line
 * break is one it put there.
 */
const indented = (value: unknown, indent: string) =>
  (JSON.stringify(value, null, 2) ?? 'null').replaceAll('\n', `\n${indent}`);

/**
 * Writes `value` indented by `indent`: an object member by member, its `item` list (a folder's
 * contents) one entry at a time, and anything else in one piece.
 */
function writeValue(write: (text: string) => void, value: unknown, indent: string): void {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    write(indented(value, indent));
    return;
  }
  const inner = `${indent}  `;
  // The members JSON.stringify leaves out.
  const entries = Object.entries(value).filter(
    ([, item]) => item !== undefined && typeof item !== 'function' && typeof item !== 'symbol',
  );
  if (entries.length === 0) return write('{}');
  write('{');
  entries.forEach(([key, item], index) => {
    write(`${index > 0 ? ',' : ''}\n${inner}${JSON.stringify(key)}: `);
    if (key === 'item' && Array.isArray(item) && item.length > 0) {
      write('[');
      item.forEach((entry: unknown, at) => {
        write(`${at > 0 ? ',' : ''}\n${inner}  `);
        writeValue(write, entry, `${inner}  `);
      });
      write(`\n${inner}]`);
    } else {
      write(indented(item, inner));
    }
  });
  write(`\n${indent}}`);
}
