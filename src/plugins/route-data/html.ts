/**
 * Writes into every built page its route data, as a JSON block that the browser reads before it
 * starts (./client/store.ts): the page opens without asking for its data, whatever the network.
 */
import {existsSync, readdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {builtHtml} from '../page-markdown/write-page';
import {BUILD_FILE, INLINE_DATA_ID, ROUTE_DATA_FOLDER, routeFileName, routeKey} from './key';
import type {InlineData, PageData, RouteDataFile} from './types';

/** The build's route data folder (the one under assets/route-data that has its build file). */
export function routeDataFolder(outDir: string): string {
  const base = path.join(outDir, ROUTE_DATA_FOLDER);
  const folders = existsSync(base)
    ? readdirSync(base).filter((name) => existsSync(path.join(base, name, BUILD_FILE)))
    : [];
  if (folders.length !== 1) {
    throw new Error(`route-data: expected one build's route data in ${base}, found ${folders.length}`);
  }
  return `${ROUTE_DATA_FOLDER}/${folders[0]}`;
}

/** The HTML file of a route: `<route>/index.html`, or the file itself for an `.html` route (404.html). */
export function htmlFile(outDir: string, route: string): string {
  return /\.html?$/i.test(route) ? path.join(outDir, route) : builtHtml(outDir, route);
}

/** A JSON block of `data`, its text safe inside `<script>`. */
export function jsonBlock(data: InlineData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${INLINE_DATA_ID}">${json}</script>`;
}

/**
 * Adds its route data to the page of each route, before `</head>`; returns how many pages got it.
 * Written by renaming a whole new file over the old, since other postBuild steps read the pages
 * at the same time. The not-found page gets none of its own: it stands for any address.
 */
export async function inlineRouteData(outDir: string, routesPaths: readonly string[]): Promise<number> {
  const folder = routeDataFolder(outDir);
  const {bits, always} = JSON.parse(readFileSync(path.join(outDir, folder, BUILD_FILE), 'utf8')) as {
    bits: number;
    always: PageData;
  };
  const files = new Map<string, RouteDataFile>();
  const read = (name: string): RouteDataFile => {
    let file = files.get(name);
    if (!file) {
      const where = path.join(outDir, folder, name);
      file = existsSync(where) ? (JSON.parse(readFileSync(where, 'utf8')) as RouteDataFile) : {};
      files.set(name, file);
    }
    return file;
  };
  let written = 0;
  for (const route of routesPaths) {
    const html = htmlFile(outDir, route);
    if (!existsSync(html)) continue;
    const key = routeKey(route);
    const data = read(routeFileName(key, bits))[key];
    const text = readFileSync(html, 'utf8');
    const at = text.indexOf('</head>');
    if (at < 0) throw new Error(`route-data: ${html} has no </head>`);
    const block = jsonBlock({folder, bits, always, ...(data && {page: {key, data}})});
    const temporary = `${html}.route-data`;
    writeFileSync(temporary, text.slice(0, at) + block + text.slice(at));
    renameSync(temporary, html);
    written += 1;
  }
  return written;
}
