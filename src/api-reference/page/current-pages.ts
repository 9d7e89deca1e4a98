/**
 * What the portal changes in the pages the OpenAPI generator writes, before they are put in
 * place: the page of a section tag is removed, every operation and tag page gets a meta
 * description of whole sentences, and the body of every operation page of the merchant API
 * becomes blocks of HTML between its headings and code blocks (./html.ts).
 */
import {readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {inflateSync} from 'node:zlib';

import {parseYaml} from '@redocly/openapi-core';

import {EVENT_NAME, EVENT_POINTER, operationPointer} from '../description';
import {metaDescription} from './meta-description';
import {tagPageId} from '../../config/openapi';
import type {Target} from '../layout';
import {bodyBlocks, type ConvertedPage, convertedPage, pageParts, rewriteOperationPages} from './html';

/** A front matter field of a generated page, as the generator writes it: `name: value` on one line. */
function frontMatterField(page: string, name: string): string | undefined {
  return new RegExp(`^${name}: (.*)$`, 'm').exec(page.split(/^---$/m)[1] ?? '')?.[1];
}

/**
 * Removes the page of the target's section tag: the section's hand-written index page introduces
 * its operations (src/api-reference/sidebars/generated-sidebar.ts dissolves the tag's category).
 */
export function removeSectionTagPage(staging: string, target: Target): void {
  if (target.sectionTag !== undefined) {
    rmSync(path.join(staging, target.dir, `${tagPageId(target.sectionTag)}.tag.mdx`), {force: true});
  }
}

/**
 * Gives each generated operation and tag page of the target a meta description of whole
 * sentences (src/api-reference/page/meta-description.ts) in place of the first line of its
 * description, which the generator takes even when a sentence goes on to the next line.
 * `readDescription` gives the text of the target's OpenAPI file.
 */
export function describePages(staging: string, target: Target, readDescription: () => string): void {
  // A tag page is titled with the tag's display name (x-displayName), else its name. Parsed only
  // when the folder has a tag page: the description of a section at ten times the content takes
  // half a second to parse.
  let tags: Map<string, string | undefined> | undefined;
  const tagDescription = (title: string) => {
    tags ??= new Map(
      (
        (
          parseYaml(readDescription()) as {
            tags?: {name: string; 'x-displayName'?: string; description?: string}[];
          }
        ).tags ?? []
      ).map((tag) => [tag['x-displayName'] ?? tag.name, tag.description]),
    );
    return tags.get(title);
  };
  const folder = path.join(staging, target.dir);
  for (const name of readdirSync(folder)) {
    const file = path.join(folder, name);
    if (name.endsWith('.api.mdx')) {
      const page = readFileSync(file, 'utf8');
      const encoded = frontMatterField(page, 'api');
      if (encoded === undefined) continue;
      const operation = JSON.parse(
        inflateSync(Buffer.from(encoded, 'base64')).toString('utf8'),
      ) as PageOperation;
      checkFrontMatter(page, operation);
      rewrite(file, page, metaDescription(operation.description));
    } else if (name.endsWith('.tag.mdx')) {
      const page = readFileSync(file, 'utf8');
      const title = frontMatterField(page, 'title');
      rewrite(
        file,
        page,
        metaDescription(title === undefined ? undefined : tagDescription(JSON.parse(title) as string)),
      );
    }
  }
}

/** What of an operation or event the generator keeps in its page's front matter (`api`). */
interface PageOperation {
  method: string;
  path: string;
  description?: string;
  [EVENT_NAME]?: string;
  [EVENT_POINTER]?: string;
}

/**
 * Stops with the operation's or event's key and JSON pointer when the front matter the generator
 * wrote for its page is not YAML that Docusaurus can read (its own message names only the file).
 */
function checkFrontMatter(page: string, operation: PageOperation): void {
  try {
    parseYaml(page.split(/^---$/m)[1] ?? '');
  } catch (error) {
    const event = operation[EVENT_NAME];
    const key = event ?? `${operation.method.toUpperCase()} ${operation.path}`;
    const pointer = operation[EVENT_POINTER] ?? operationPointer('paths', operation.path, operation.method);
    throw new Error(
      `The page of the ${event === undefined ? 'operation' : 'event'} ${key} (${pointer}) has a title or summary ` +
        `that cannot be written into its front matter: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      {cause: error},
    );
  }
}

function rewrite(file: string, page: string, description: string): void {
  if (description !== '') {
    writeFileSync(file, page.replace(/^description: .*$/m, `description: ${JSON.stringify(description)}`));
  }
}

/**
 * An operation page of the current merchant API or of the sample's place as the build reads it:
 * its head (up to the release switcher, or the method and path) as the page writer wrote it, and its body as blocks of HTML between the headings, code
 * blocks and components that stay MDX (./html.ts, `bodyBlocks`).
 */
export function currentOperationPage(page: string, file: string): ConvertedPage {
  return convertedPage(page, file, __filename, () => {
    const {head, body} = pageParts(page, file);
    const converted = bodyBlocks(body, file);
    const imports = converted.import === '' ? head : `${head}\n${converted.import}`;
    return {page: `${imports}\n\n${converted.body}\n`, blocks: converted.blocks};
  });
}

/**
 * Writes each operation page of a target of the current merchant API, or of the sample's place, as
 * the build reads it (currentOperationPage).
 */
export function finishCurrentPages(staging: string, target: Target): void {
  rewriteOperationPages(staging, target, currentOperationPage);
}
