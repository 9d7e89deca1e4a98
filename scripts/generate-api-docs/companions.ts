/**
 * The files generated beside the reference pages from the merchant API's description, each in a
 * moment: the raw body of the worked webhook signature, the signature test vectors and the
 * example body of each webhook event (`static/webhooks/`, which the sample senders download),
 * and the field tables of the objects glossary (a partial its page imports, and its further pages
 * when it is too long for one).
 */
import {copyFileSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {parseYaml} from '@redocly/openapi-core';

import {GLOSSARY_FILES, GLOSSARY_PARTS_DIR, glossaryFiles} from '../../src/config/objects-glossary';
import {geraiApiSections} from '../../src/config/openapi';
import {
  SIGNATURE_VECTORS,
  SIGNATURE_VECTORS_DOWNLOAD,
  SIGNED_BODY_DOWNLOAD,
} from '../../src/config/signature-example';
import {eventBody, eventExampleDownload} from '../../src/config/test-delivery';
import {WEBHOOK_DOWNLOADS} from '../../src/api-reference/layout';

/** Writes the companion files into `staging`, laid out as in the repository. */
export function writeCompanions(root: string, staging: string): void {
  mkdirSync(path.join(staging, WEBHOOK_DOWNLOADS), {recursive: true});
  // The body exactly as signed: UTF-8, no final line break.
  writeFileSync(path.join(staging, 'static', SIGNED_BODY_DOWNLOAD), SIGNATURE_VECTORS.body, 'utf8');
  copyFileSync(
    path.join(root, 'samples', 'webhooks', 'test-vectors.json'),
    path.join(staging, 'static', SIGNATURE_VECTORS_DOWNLOAD),
  );
  const docs = new Map(
    GLOSSARY_FILES.map((file) => [
      file,
      parseYaml(readFileSync(path.join(root, 'openapi', 'gerai', file), 'utf8')) as object,
    ]),
  );
  // Each webhook event's example, as its page's test delivery sends it: the sample senders fetch it.
  for (const {file} of geraiApiSections) {
    const doc = docs.get(file) as {
      webhooks?: Record<string, {post?: {requestBody?: {content?: Record<string, {example?: unknown}>}}}>;
    };
    for (const [eventName, item] of Object.entries(doc.webhooks ?? {})) {
      const example = Object.values(item.post?.requestBody?.content ?? {})[0]?.example;
      if (example !== undefined) {
        writeFileSync(
          path.join(staging, 'static', eventExampleDownload(eventName)),
          eventBody(example),
          'utf8',
        );
      }
    }
  }
  // The folder of the glossary's further pages is made even when there are none, so that the
  // pages of a longer glossary before are removed.
  mkdirSync(path.join(staging, GLOSSARY_PARTS_DIR), {recursive: true});
  for (const {path: file, text} of glossaryFiles(
    GLOSSARY_FILES.map((name) => ({file: name, doc: docs.get(name) as object})),
  )) {
    writeFileSync(path.join(staging, file), text);
  }
}
