/**
 * The Postman collection (v2.1) of the joined merchant API, converted with
 * Postman's own converter (openapi-to-postmanv2): one request per operation,
 * grouped by tag, with the sandbox base URL as the collection variable
 * `baseUrl` (src/constants.ts) and the OAuth 2.0 client-credentials grant set
 * on the collection, which every request that needs a token inherits.
 */
import {readFileSync, writeFileSync} from 'node:fs';

import {convertV2} from 'openapi-to-postmanv2';
import {parse} from 'yaml';

import {HOSTS, PRODUCT_NAME} from '../src/constants';

interface PostmanItem {
  name?: string;
  item?: PostmanItem[];
  request?: {method: string; auth?: {type: string}; url?: unknown};
}

interface PostmanCollection {
  info: Record<string, unknown>;
  item: PostmanItem[];
  variable?: {key: string; value: string; type?: string; description?: string}[];
  auth?: unknown;
}

interface Description {
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

/** Requests that need a token inherit the collection's OAuth 2.0; the others keep "no auth". */
function inheritAuth(items: PostmanItem[]): void {
  for (const item of items) {
    if (item.item) inheritAuth(item.item);
    if (item.request?.auth && item.request.auth.type !== 'noauth') delete item.request.auth;
  }
}

/** Converts the joined description at `descriptionFile` into a collection written to `outputFile`. */
export async function writePostmanCollection(descriptionFile: string, outputFile: string): Promise<void> {
  const text = readFileSync(descriptionFile, 'utf8');
  const collection = await convert(text);
  inheritAuth(collection.item);
  collection.variable = [
    {
      key: 'baseUrl',
      value: HOSTS.api.sandbox,
      type: 'string',
      description: `The ${PRODUCT_NAME} sandbox API.`,
    },
    {key: 'clientId', value: '', type: 'string', description: 'Your sandbox client id.'},
    {key: 'clientSecret', value: '', type: 'secret', description: 'Your sandbox client secret.'},
    {key: 'scope', value: '', type: 'string', description: 'The scopes to ask for, separated by spaces.'},
  ];
  collection.auth = {
    type: 'oauth2',
    oauth2: [
      {key: 'grant_type', value: 'client_credentials', type: 'string'},
      {key: 'accessTokenUrl', value: tokenUrl(parse(text) as Description), type: 'string'},
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
