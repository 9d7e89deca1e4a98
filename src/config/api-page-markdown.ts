import {createApiPageMD} from 'docusaurus-plugin-openapi-docs/lib/markdown';
import type {ApiItem, ApiPageMetadata} from 'docusaurus-plugin-openapi-docs/src/types';

/**
 * The generated reference page of an operation, followed by an "Examples"
 * section written out as plain code blocks: the example request and every
 * example response of the description.
 *
 * The theme renders parameters and schemas in the browser only, so without
 * this section a reader without JavaScript, and the search index, would see
 * no field names and no examples at all.
 */
export function createApiPageWithExamples(page: ApiPageMetadata): string {
  return [createApiPageMD(page), examplesSection(page.api)].join('\n\n');
}

interface MediaType {
  example?: unknown;
  examples?: Record<string, {value?: unknown; summary?: string}>;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  example?: unknown;
  examples?: Record<string, {value?: unknown}>;
  schema?: {example?: unknown; default?: unknown; enum?: unknown[]};
}

/** A fence longer than any run of backticks in the content. */
function codeBlock(language: string, content: string): string {
  const longest = Math.max(2, ...[...content.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${content}\n${fence}`;
}

function exampleOf(media: MediaType | undefined): unknown {
  if (!media) {
    return undefined;
  }
  if (media.example !== undefined) {
    return media.example;
  }
  const first = Object.values(media.examples ?? {})[0];
  return first?.value;
}

function parameterValue(parameter: Parameter): string | undefined {
  const value =
    parameter.example ??
    Object.values(parameter.examples ?? {})[0]?.value ??
    parameter.schema?.example ??
    parameter.schema?.default ??
    parameter.schema?.enum?.[0];
  return value === undefined ? undefined : String(value);
}

function formatBody(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

function exampleRequest(api: ApiItem): string {
  const parameters = (api.parameters ?? []) as Parameter[];
  let path = api.path;
  for (const parameter of parameters.filter((p) => p.in === 'path')) {
    path = path.replace(
      `{${parameter.name}}`,
      encodeURIComponent(parameterValue(parameter) ?? parameter.name),
    );
  }
  const query = parameters
    .filter((p) => p.in === 'query' && (p.required || parameterValue(p) !== undefined))
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(parameterValue(p) ?? '')}`);
  const target = query.length > 0 ? `${path}?${query.join('&')}` : path;

  const server = api.servers?.[0]?.url;
  const lines = [`${api.method.toUpperCase()} ${target} HTTP/1.1`];
  if (server && /^https?:\/\//.test(server)) {
    lines.push(`Host: ${new URL(server).host}`);
  }
  if ((api.security ?? []).some((requirement) => Object.keys(requirement).length > 0)) {
    lines.push('Authorization: Bearer <access token>');
  }
  for (const header of parameters.filter((p) => p.in === 'header')) {
    const value = parameterValue(header);
    if (header.required || value !== undefined) {
      lines.push(`${header.name}: ${value ?? ''}`);
    }
  }
  const content = (api.requestBody as {content?: Record<string, MediaType>} | undefined)?.content ?? {};
  const [mediaType, media] = Object.entries(content)[0] ?? [];
  const body = exampleOf(media);
  if (mediaType) {
    lines.push(`Content-Type: ${mediaType}`);
  }
  if (body !== undefined) {
    lines.push('', formatBody(body));
  }
  return codeBlock('http', lines.join('\n'));
}

function exampleResponses(api: ApiItem): string[] {
  const responses = (api.responses ?? {}) as Record<
    string,
    {description?: string; content?: Record<string, MediaType>}
  >;
  return Object.entries(responses).flatMap(([status, response]) => {
    const [mediaType, media] = Object.entries(response.content ?? {})[0] ?? [];
    const example = exampleOf(media);
    if (!mediaType || example === undefined) {
      return [];
    }
    const summary = (response.description ?? '').split('\n')[0].replace(/[{}<>]/g, '');
    return [
      `#### ${status} response`,
      summary,
      codeBlock(mediaType.includes('json') ? 'json' : 'text', formatBody(example)),
    ];
  });
}

function examplesSection(api: ApiItem): string {
  const isEvent = !/^(get|put|post|patch|delete|head|options|trace)$/i.test(api.method);
  const parts = ['## Examples'];
  if (isEvent) {
    const content = (api.requestBody as {content?: Record<string, MediaType>} | undefined)?.content ?? {};
    const payload = exampleOf(Object.values(content)[0]);
    if (payload !== undefined) {
      parts.push(
        '### Payload',
        'The body of the notification delivered to your endpoint.',
        codeBlock('json', formatBody(payload)),
      );
    }
  } else {
    parts.push('### Request', exampleRequest(api));
  }
  const responses = exampleResponses(api);
  if (responses.length > 0) {
    parts.push('### Responses', ...responses);
  }
  return parts.length > 1 ? parts.join('\n\n') : '';
}
