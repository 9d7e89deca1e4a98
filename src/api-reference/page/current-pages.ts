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

import {tagPageId} from '../../config/openapi';
import {substituteTokens} from '../../remark/substitute-tokens';
import {EVENT_NAME, EVENT_POINTER, operationPointer} from '../description';
import type {Target} from '../layout';
import {
  bodyBlocks,
  type ConvertedPage,
  convertedPage,
  HTML_IMPORT,
  pageParts,
  rewriteOperationPages,
} from './html';
import {splitFieldsPages} from './markdown';
import {inlineCode, mdxLine} from './mdx';
import {metaDescription} from './meta-description';
import {type FieldsPage, fieldsPageLink, wrapFields} from './schema';

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
    const {page: operationPage, fieldsPages} = splitFieldsPages(page);
    if (fieldsPages.length === 0) return convertedOperationPage(operationPage, file);
    const addresses = fieldsPageAddresses(operationPage, file);
    return {
      ...convertedOperationPage(addresses.resolve(operationPage), file),
      fieldsPages: fieldsPages.map((fields) => ownFieldsPage(operationPage, fields, addresses)),
    };
  });
}

/** An operation's page as the build reads it, without the pages of its fields. */
function convertedOperationPage(page: string, file: string): ConvertedPage {
  const {head, body} = pageParts(page, file);
  const converted = bodyBlocks(body, file);
  const imports = converted.import === '' ? head : `${head}\n${converted.import}`;
  return {page: `${imports}\n\n${converted.body}\n`, blocks: converted.blocks};
}

/**
 * The id of a page of nested fields beside its operation's page `x.api.mdx` (its file:
 * `x--fields-<n>.fields.mdx`). The double hyphen keeps it from the id of another operation, which
 * the generator writes in kebab case (GitHub's description has an operation `projects-list-fields-for-org`).
 */
const fieldsPageId = (operationId: string, number: number) => `${operationId}--fields-${number}`;

interface FieldsPageAddresses {
  readonly operationId: string;
  readonly title: string;
  /** Text with each placeholder link of the page writer (`fieldsPageLink`) made the page's address. */
  resolve(text: string): string;
}

/**
 * The addresses of an operation's page and of its pages of nested fields: the page's id under
 * the route of its folder (`/api/<id>`, `/docs/api/<section>/<id>`), as the docs plugin makes it.
 */
function fieldsPageAddresses(page: string, file: string): FieldsPageAddresses {
  const operationId = frontMatterField(page, 'id');
  const title = frontMatterField(page, 'title');
  if (operationId === undefined || title === undefined)
    throw new Error('the page has no id or title in its front matter');
  const folder = `/${path.dirname(file).split(path.sep).join('/')}`;
  const address = (number: number) =>
    `${folder}/${number === 0 ? operationId : fieldsPageId(operationId, number)}`;
  return {
    operationId,
    title: JSON.parse(title) as string,
    resolve: (text) =>
      text.replace(
        FIELDS_PAGE_LINK,
        (_link, number: string, anchor = '') => `](${address(Number(number))}${anchor})`,
      ),
  };
}

const FIELDS_PAGE_LINK = /\]\(fields-page:(\d+)(#[\w-]+)?\)/g;

/**
 * A page of an operation's nested fields (./schema.ts, `writeFields`), as the build reads it: a
 * doc of its own beside the operation's page, which it links back to, outside the sidebar.
 */
function ownFieldsPage(
  operationPage: string,
  fields: FieldsPage,
  addresses: FieldsPageAddresses,
): ConvertedPage & {name: string} {
  const id = fieldsPageId(addresses.operationId, fields.number);
  const name = `${id}.fields.mdx`;
  const kind = /^<ApiEndpoint method=\{"event"\}/m.test(operationPage) ? 'event' : 'operation';
  const whose = kind === 'event' ? 'payload' : fields.direction;
  const plain = [fields.path, fields.part].filter(Boolean).join(', ');
  const marked = [fields.path && inlineCode(fields.path), fields.part].filter(Boolean).join(', ');
  const title = `${addresses.title}: ${plain} (${whose})`;
  const body = [
    `# ${mdxLine(addresses.title)}: ${marked} (${whose})`,
    `These fields of the ${whose} of [${mdxLine(addresses.title)}](${fieldsPageLink(0)}) are on a page ` +
      `of their own: listed on the ${kind}'s page, they made it too long to read on a phone.`,
    wrapFields(fields.text),
  ].join('\n\n');
  const converted = bodyBlocks(substituteTokens(addresses.resolve(body), undefined, name), name);
  return {
    name,
    page: [
      '---',
      `id: ${id}`,
      `title: ${JSON.stringify(title)}`,
      `description: ${JSON.stringify(`The fields of ${plain} in the ${whose} of ${addresses.title}.`)}`,
      'hide_title: true',
      'hide_table_of_contents: true',
      '---',
      '',
      HTML_IMPORT,
      converted.import,
      '',
      converted.body,
      '',
    ]
      .filter((line, index, lines) => line !== '' || lines[index - 1] !== '')
      .join('\n'),
    blocks: converted.blocks,
  };
}

/**
 * Writes each operation page of a target of the current merchant API, or of the sample's place, as
 * the build reads it (currentOperationPage).
 */
export function finishCurrentPages(staging: string, target: Target): void {
  rewriteOperationPages(staging, target, currentOperationPage);
}
