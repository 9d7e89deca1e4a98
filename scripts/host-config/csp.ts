/**
 * The Content-Security-Policy of the portal, computed from the built pages.
 *
 * Docusaurus writes a few small inline scripts into every page (the theme
 * setter, React's streaming runtime, the client-side redirect pages). The
 * policy allows exactly those by their SHA-256 hash, so `script-src` needs
 * neither 'unsafe-inline' nor 'unsafe-eval'. Everything else the site loads
 * comes from its own origin, except:
 * - the API explorer's "Send API Request", which calls the servers listed in
 *   the OpenAPI descriptions and a local mock server (Prism) on loopback;
 * - Google Tag Manager, only when the build carries its snippet (that is,
 *   when GTM_CONTAINER_ID was set at build time).
 */
import {createHash} from 'node:crypto';

import {Parser} from 'htmlparser2';

/** Types under which a `<script>` runs; any other type is a data block (JSON-LD, for example). */
const EXECUTABLE_TYPES = new Set([
  '',
  'module',
  'text/javascript',
  'application/javascript',
  'application/ecmascript',
  'text/ecmascript',
]);

/** Sources the explorer needs for a mock server on the developer's own machine. */
export const LOCAL_MOCK_SOURCES = ['http://127.0.0.1:*', 'http://localhost:*'] as const;

/** What Google Tag Manager and the Google Analytics tags it usually loads need. */
export const TAG_MANAGER_SOURCES = {
  script: ['https://www.googletagmanager.com'],
  img: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
  connect: [
    'https://www.googletagmanager.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
  ],
  frame: ['https://www.googletagmanager.com'],
} as const;

/** The address of the tag manager's loader, which its inline snippet writes into the page. */
const TAG_MANAGER_LOADER = 'https://www.googletagmanager.com/gtm.js';

export interface PageScripts {
  /** Source text of every inline script that runs, as the browser hashes it. */
  readonly inline: string[];
  /** Inline event-handler attributes and `javascript:` links, which the policy would block. */
  readonly blockedByPolicy: string[];
}

/** Elements whose content a browser that runs scripts reads as text, not markup. */
const TEXT_ONLY = 'noscript';

/**
 * The inline scripts of one HTML page, read with an HTML parser so the text matches the
 * browser's: a script's text is what the parser gives between its tags, with the input's line
 * endings normalised, and the content of `<noscript>` is text, as for a browser that runs scripts. The parser streams the
 * page (htmlparser2's callbacks) instead of building its tree, so a page costs its reading only.
 */
export function pageScripts(html: string): PageScripts {
  const inline: string[] = [];
  const blockedByPolicy: string[] = [];
  /** The text of the inline script being read, if one is. */
  let script: string | undefined;
  /** Inside `<noscript>`, which ends at its first end tag, as in a browser. */
  let textOnly = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (textOnly) return;
        if (name === TEXT_ONLY) {
          textOnly = true;
          return;
        }
        for (const [attribute, value] of Object.entries(attributes)) {
          if (/^on[a-z]+$/.test(attribute)) {
            blockedByPolicy.push(`<${name} ${attribute}="${value.slice(0, 40)}">`);
          } else if ((attribute === 'href' || attribute === 'src') && /^\s*javascript:/i.test(value)) {
            blockedByPolicy.push(`<${name} ${attribute}="${value.slice(0, 40)}">`);
          }
        }
        if (name === 'script') {
          const type = (attributes.type ?? '').trim().toLowerCase();
          script = attributes.src === undefined && EXECUTABLE_TYPES.has(type) ? '' : undefined;
        }
      },
      ontext(text) {
        if (script !== undefined) script += text;
      },
      onclosetag(name) {
        if (name === TEXT_ONLY) textOnly = false;
        if (name === 'script' && script !== undefined) {
          inline.push(script);
          script = undefined;
        }
      },
    },
    {decodeEntities: true},
  );
  // As a browser reads its input: line breaks normalised to LF before anything else; a NUL in a
  // script becomes U+FFFD (the HTML standard's preprocessing and script data state).
  parser.end(html.replace(/\r\n?/g, '\n'));
  return {inline: inline.map((text) => text.replaceAll('\0', '\uFFFD')), blockedByPolicy};
}

/** A CSP hash source for a script text: `'sha256-<base64>'` of its UTF-8 bytes. */
export function hashSource(scriptText: string): string {
  return `'sha256-${createHash('sha256').update(scriptText, 'utf8').digest('base64')}'`;
}

/** Whether a page carries the tag manager's inline loader. */
export function loadsTagManager(inlineScripts: readonly string[]): boolean {
  return inlineScripts.some((script) => script.includes(TAG_MANAGER_LOADER));
}

export interface PolicyInput {
  /** Hash sources of every inline script of the build, e.g. from {@link hashSource}. */
  readonly scriptHashes: readonly string[];
  /** Origins the API explorer may call (the servers of the OpenAPI descriptions). */
  readonly apiOrigins: readonly string[];
  /** Add the sources Google Tag Manager needs. */
  readonly tagManager: boolean;
}

/** The policy as a header value, directives in a fixed order, sources sorted and unique. */
export function contentSecurityPolicy({scriptHashes, apiOrigins, tagManager}: PolicyInput): string {
  const gtm = (sources: readonly string[]) => (tagManager ? sources : []);
  const directives: [string, readonly string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...unique(scriptHashes), ...gtm(TAG_MANAGER_SOURCES.script)]],
    // Mermaid draws diagrams with inline <style> and the theme sets style attributes.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', ...gtm(TAG_MANAGER_SOURCES.img)]],
    ['font-src', ["'self'", 'data:']],
    [
      'connect-src',
      ["'self'", ...unique(apiOrigins), ...LOCAL_MOCK_SOURCES, ...gtm(TAG_MANAGER_SOURCES.connect)],
    ],
    // The search runs in a worker loaded from /assets/js/ (never from blob:).
    ['worker-src', ["'self'"]],
    ['frame-src', tagManager ? TAG_MANAGER_SOURCES.frame : ["'none'"]],
    ['manifest-src', ["'self'"]],
    ['media-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

/** The origin (`scheme://host[:port]`) of every absolute http(s) server address, templates skipped. */
export function serverOrigins(serverUrls: readonly string[]): string[] {
  const origins: string[] = [];
  for (const url of serverUrls) {
    if (url.includes('{')) continue;
    try {
      const parsed = new URL(url);
      if (parsed.protocol === 'https:' || parsed.protocol === 'http:') origins.push(parsed.origin);
    } catch {
      // A relative server address means the portal's own origin, which 'self' covers.
    }
  }
  return unique(origins);
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)].sort();
}
