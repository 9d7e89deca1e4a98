import {readdirSync} from 'node:fs';
import path from 'node:path';

/** A page of a build: its HTML file and its route, as the sitemap writes it. */
export interface BuiltPage {
  readonly file: string;
  readonly route: string;
}

/** Every HTML file of a build folder: not the hidden host configuration, not the scripts and styles. */
function htmlFiles(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    if (entry.name.startsWith('.') || entry.name === 'assets') return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

/**
 * Every page of the build in `buildDir`, each with its route: `docs/docs/intro/index.html` is
 * `/docs/docs/intro`, or `/food/` where the sitemap (`sitemapRoutes`) gives the route its
 * trailing slash; `404.html` is `/404.html`.
 */
export function builtPages(buildDir: string, sitemapRoutes: readonly string[]): BuiltPage[] {
  const canonical = new Set(sitemapRoutes);
  return htmlFiles(buildDir).map((file) => {
    const relative = path.relative(buildDir, file).split(path.sep).join('/');
    const bare = `/${relative.replace(/(^|\/)index\.html$/, '')}`.replace(/\/$/, '') || '/';
    const route = relative.endsWith('index.html') && canonical.has(`${bare}/`) ? `${bare}/` : bare;
    return {file, route};
  });
}
