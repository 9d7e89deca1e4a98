/**
 * Pages that moved keep their old address: for each `{from, to}`, the build gets a small page at
 * `from` that sends the reader on to `to` (a meta refresh, and a link), and the host's
 * configuration a permanent redirect (`moved.json` in `.nginx/`, which scripts/host-config/
 * turns into a map of deploy/nginx/'s `location @page`). Today: the address of an operation in an
 * earlier release that did not change it (src/api-reference/releases.ts, `releaseRedirects`).
 *
 * Why not @docusaurus/plugin-client-redirects, which the site uses for `/docs`: its pages send the
 * reader on with an inline script, one per target, and every inline script's hash goes into the
 * Content-Security-Policy header of every response; with an address per operation of every
 * release, that header would grow with the API. A refresh needs no script, and nginx answers 301.
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import type {LoadContext, Plugin} from '@docusaurus/types';

/** A page's move: its old address and its address now (routes, with the base URL). */
export interface MovedPage {
  readonly from: string;
  readonly to: string;
}

export interface MovedPagesOptions {
  /**
   * The moves, read when the site is built. A function, not a list: Docusaurus writes every
   * plugin's options into the site configuration that every page's `main.js` carries
   * (`@generated/docusaurus.config`, by JSON.stringify, which leaves functions out), and a list of
   * every earlier release's moved addresses would make each page's scripts grow with the releases.
   */
  readonly moved: () => readonly MovedPage[];
}

/** The file of the build that lists the moves for the host's configuration. */
export const MOVED_FILE = path.join('.nginx', 'moved.json');

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page at a moved page's old address: it sends the reader on, and tells search engines where. */
export function movedPage({to}: MovedPage, siteUrl: string): string {
  const href = escapeHtml(to);
  const canonical = escapeHtml(new URL(to, siteUrl).href);
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<title>This page has moved</title>',
    `<meta http-equiv="refresh" content="0; url=${href}">`,
    '<meta name="robots" content="noindex">',
    `<link rel="canonical" href="${canonical}">`,
    '</head>',
    `<body><p>This page has moved: <a href="${href}">${href}</a>.</p></body>`,
    '</html>',
    '',
  ].join('\n');
}

export default function movedPagesPlugin(context: LoadContext, options: MovedPagesOptions): Plugin {
  return {
    name: 'moved-pages',
    async postBuild({outDir, routesPaths}) {
      const routes = new Set(routesPaths);
      const moved = options.moved();
      for (const move of moved) {
        if (routes.has(move.from))
          throw new Error(`moved-pages: ${move.from} is a page of the site, not a moved one`);
        if (!routes.has(move.to))
          throw new Error(`moved-pages: ${move.from} moves to ${move.to}, which is no page`);
        const folder = path.join(outDir, move.from);
        mkdirSync(folder, {recursive: true});
        writeFileSync(path.join(folder, 'index.html'), movedPage(move, context.siteConfig.url));
      }
      mkdirSync(path.join(outDir, path.dirname(MOVED_FILE)), {recursive: true});
      writeFileSync(path.join(outDir, MOVED_FILE), `${JSON.stringify(moved, null, 2)}\n`);
    },
  };
}
