/**
 * The Postman collection (v2.1) of the joined merchant API, converted with
 * Postman's own converter (openapi-to-postmanv2): one request per operation,
 * grouped by tag, with the sandbox base URL as the collection variable
 * `baseUrl` (src/constants.ts) and the OAuth 2.0 client-credentials grant set
 * on the collection, which every request that needs a token inherits. The
 * authorization server's own operations (servers of their own in the
 * description) go to `authBaseUrl`, the sandbox authorization server: its
 * token endpoint with the client id and secret as HTTP Basic credentials,
 * its authorization endpoint with no credentials.
 */
import {readFileSync, writeFileSync} from 'node:fs';

import {convertV2} from 'openapi-to-postmanv2';
import {parse} from 'yaml';

import {HOSTS, PRODUCT_NAME} from '../src/constants';

interface PostmanItem {
  name?: string;
  item?: PostmanItem[];
  request?: {method: string; auth?: PostmanAuth | null; url?: {host?: string[]; path?: string[]}};
}

interface PostmanAuth {
  type: string;
  [settings: string]: unknown;
}

interface PostmanCollection {
  info: Record<string, unknown>;
  item: PostmanItem[];
  variable?: {key: string; value: string; type?: string; description?: string}[];
  auth?: unknown;
}

interface Description {
  paths?: Record<string, {servers?: unknown[]} & Record<string, {servers?: unknown[]} | unknown>>;
  components?: {
    securitySchemes?: Record<string, {type?: string; flows?: {clientCredentials?: {tokenUrl?: string}}}>;
  };
}

/** The token address of the description's client-credentials flow (the sandbox authorization server). */
function tokenUrl(description: Description): string {
  for (const scheme of Object.values(description.components?.securitySchemes ?? {})) {
    const url = scheme.flows?.clientCredentials?.tokenUrl;
    if (url) return url;
  }
  throw new Error('the description has no OAuth 2.0 client-credentials flow with a tokenUrl');
}

function convert(text: string): Promise<PostmanCollection> {
  return new Promise((resolve, reject) => {
    convertV2(
      {type: 'string', data: text},
      {folderStrategy: 'Tags', parametersResolution: 'Example', requestNameSource: 'Fallback'},
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

/** The paths served by a server of their own (the authorization server's), as Postman writes them. */
function pathsWithOwnServers(description: Description): Set<string> {
  return new Set(
    Object.entries(description.paths ?? {})
      .filter(([, item]) => item.servers !== undefined)
      .map(([template]) => template.replace(/\{([^}]+)\}/g, ':$1')),
  );
}

/**
 * Sets where each request goes and how it authenticates: a request to the
 * authorization server goes to `authBaseUrl`, and its token endpoint sends
 * the client id and secret as HTTP Basic credentials; every other request
 * that needs a token inherits the collection's OAuth 2.0; the others say
 * "no auth".
 */
function settleRequests(items: PostmanItem[], ownServers: ReadonlySet<string>): void {
  for (const item of items) {
    if (item.item) settleRequests(item.item, ownServers);
    const request = item.request;
    if (!request) continue;
    if (ownServers.has(`/${request.url?.path?.join('/') ?? ''}`) && request.url) {
      request.url.host = ['{{authBaseUrl}}'];
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

/** Converts the joined description at `descriptionFile` into a collection written to `outputFile`. */
export async function writePostmanCollection(descriptionFile: string, outputFile: string): Promise<void> {
  const text = readFileSync(descriptionFile, 'utf8');
  const description = parse(text) as Description;
  const collection = await convert(text);
  settleRequests(collection.item, pathsWithOwnServers(description));
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
  ];
  collection.auth = {
    type: 'oauth2',
    oauth2: [
      {key: 'grant_type', value: 'client_credentials', type: 'string'},
      {key: 'accessTokenUrl', value: tokenUrl(description), type: 'string'},
      {key: 'clientId', value: '{{clientId}}', type: 'string'},
      {key: 'clientSecret', value: '{{clientSecret}}', type: 'string'},
      {key: 'scope', value: '{{scope}}', type: 'string'},
      {key: 'client_authentication', value: 'header', type: 'string'},
      {key: 'addTokenTo', value: 'header', type: 'string'},
      {key: 'tokenName', value: `${PRODUCT_NAME} sandbox`, type: 'string'},
    ],
  };
  writeFileSync(outputFile, `${JSON.stringify(collection, null, 2)}\n`);
}
