// @ts-check
import {cpSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

import {parse, stringify} from 'yaml';

import {root} from './openapi.mjs';

/** What a copy leaves out: installed packages (linked instead), git, and outputs. */
const LEFT_OUT = new Set([
  'node_modules',
  '.git',
  'build',
  '.docusaurus',
  'test-results',
  'playwright-report',
]);

/**
 * Copies the repository into a new temporary folder whose name starts with
 * `prefix`, with its node_modules linked, so a test can run the project's
 * scripts on files it breaks on purpose. The caller removes the folder.
 */
export function copyRepository(prefix) {
  const copy = mkdtempSync(path.join(tmpdir(), prefix));
  cpSync(root, copy, {recursive: true, filter: (source) => !LEFT_OUT.has(path.relative(root, source))});
  symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  return copy;
}

/** Every `$ref` under a value, as [file, component type, name]; `file` is '' for the same file. */
function references(value, found = []) {
  if (Array.isArray(value)) value.forEach((item) => references(item, found));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const ref =
        key === '$ref' && typeof item === 'string' && /^(.*)#\/components\/([^/]+)\/([^/]+)/.exec(item);
      if (ref) found.push([path.basename(ref[1]), ref[2], ref[3]]);
      else references(item, found);
    }
  }
  return found;
}

/**
 * Cuts the merchant API's descriptions of a copy (openapi/gerai/*.yaml) down to the first `keep`
 * path items and webhook events of each file, and the components those still refer to, so a test
 * of what the scripts do with a description costs the same however far the API grows.
 */
export function sampleDescriptions(copy, keep = 2) {
  const folder = path.join(copy, 'openapi', 'gerai');
  const docs = new Map(
    readdirSync(folder)
      .filter((file) => file.endsWith('.yaml'))
      .map((name) => [name, parse(readFileSync(path.join(folder, name), 'utf8'))]),
  );
  for (const doc of docs.values()) {
    for (const key of ['paths', 'webhooks']) {
      if (doc[key]) doc[key] = Object.fromEntries(Object.entries(doc[key]).slice(0, keep));
    }
  }
  // The components still referred to, followed from what is kept (and from every component that
  // is not a schema: the schemas are what an API has most of) through the files.
  const used = new Set();
  const queue = [];
  const reach = (from, value) => {
    for (const [file, type, name] of references(value)) {
      const id = `${file || from}#${type}/${name}`;
      if (!used.has(id)) {
        used.add(id);
        queue.push([file || from, docs.get(file || from)?.components?.[type]?.[name]]);
      }
    }
  };
  for (const [name, doc] of docs) {
    const {components = {}, ...rest} = doc;
    reach(name, rest);
    for (const [type, entries] of Object.entries(components)) if (type !== 'schemas') reach(name, entries);
  }
  while (queue.length > 0) reach(...queue.pop());
  for (const [name, doc] of docs) {
    const schemas = doc.components?.schemas;
    if (schemas) {
      doc.components.schemas = Object.fromEntries(
        Object.entries(schemas).filter(([schema]) => used.has(`${name}#schemas/${schema}`)),
      );
    }
    writeFileSync(path.join(folder, name), stringify(doc, {lineWidth: 0}));
  }
}
