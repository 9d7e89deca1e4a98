// @ts-check
// Reads the merchant API's OpenAPI description (openapi/gerai/*.yaml) into the
// facts the content checks compare pages with: operations, scopes, events, schemas.
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

import {parse} from 'yaml';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const geraiDir = path.join(root, 'openapi', 'gerai');

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** An object and everything in it made read-only: one parse is shared by every caller. */
function deepFreeze(value) {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

let descriptions;

/**
 * Every file of the merchant API's description, parsed once per process and read-only (a test
 * that changes one works on a copy, `structuredClone`): a test file asks for them up to a dozen
 * times, and parsing the YAML takes about a second at ten times the API.
 */
export function loadDescriptions() {
  descriptions ??= deepFreeze(
    readdirSync(geraiDir)
      .filter((name) => name.endsWith('.yaml'))
      .map((name) => ({name, doc: parse(readFileSync(path.join(geraiDir, name), 'utf8'))})),
  );
  return descriptions;
}

/** Everything the merchant API description defines, gathered over its files. */
export function loadFacts() {
  const operations = [];
  const scopes = new Set();
  const events = new Map();
  const schemas = new Set();
  const oauthPaths = [];
  for (const {name, doc} of loadDescriptions()) {
    for (const [template, item] of Object.entries(doc.paths ?? {})) {
      for (const method of METHODS) {
        if (item?.[method]) {
          operations.push({method: method.toUpperCase(), template, file: name, operation: item[method]});
        }
      }
    }
    for (const [key, item] of Object.entries(doc.webhooks ?? {})) {
      const operation = METHODS.map((method) => item?.[method]).find(Boolean);
      events.set(operation?.summary ?? key, {key, file: name, operation});
    }
    for (const schemaName of Object.keys(doc.components?.schemas ?? {})) {
      schemas.add(schemaName);
    }
    for (const scheme of Object.values(doc.components?.securitySchemes ?? {})) {
      for (const flow of Object.values(scheme.flows ?? {})) {
        Object.keys(flow.scopes ?? {}).forEach((scope) => scopes.add(scope));
        for (const url of [flow.tokenUrl, flow.authorizationUrl].filter(Boolean)) {
          oauthPaths.push({method: url === flow.tokenUrl ? 'POST' : 'GET', template: new URL(url).pathname});
        }
      }
    }
  }
  return {operations, scopes, events, schemas, oauthPaths};
}

/** A regular expression that matches concrete paths of an OpenAPI path template. */
export function templatePattern(template) {
  const escaped = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/?#]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${escaped}$`);
}
