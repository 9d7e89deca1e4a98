// @ts-check
/**
 * The framework's floor: what the same guide costs a reader on a site that
 * has nothing but Docusaurus. It is a site of one page, built in a temporary
 * folder with the portal's own packages (the same Docusaurus version, bundler
 * and future flags, its classic theme with a docs plugin and a sitemap, and
 * none of the portal's plugins, components or styles), whose page is the
 * guide's text as the build publishes it in Markdown (`<route>.md`). It is
 * served by nginx as the portal is, with the host configuration
 * (scripts/host-config/) written for it, and measured as the portal's
 * guide is.
 *
 * Its Lighthouse figures are what the pages' scores and blocking time are
 * budgeted against (bench/pages/budgets.json, `{"floor": n}`): measured in the same
 * run, they carry the machine's load of the moment, as the pages' do.
 */
import {existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, mkdirSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

import {root} from '../shared/root.mjs';
import {serve} from '../shared/server.mjs';
import {run} from './build.mjs';
import {measurePage} from './pages.mjs';

/** The portal's page whose text the floor site publishes, and the route it gets there. */
export const FLOOR = {guide: '/docs/docs/getting-started', route: '/docs/guide'};

const CONFIG = `// The framework's floor (bench/pages/floor.mjs): Docusaurus and nothing else.
export default {
  title: 'Floor',
  url: 'https://floor.example',
  baseUrl: '/',
  future: {v4: true, faster: true},
  // The guide links to the portal's other pages, which this site does not have.
  onBrokenLinks: 'ignore',
  markdown: {hooks: {onBrokenMarkdownLinks: 'ignore'}},
  plugins: [
    '@docusaurus/plugin-sitemap',
    ['@docusaurus/plugin-content-docs', {path: 'docs', routeBasePath: 'docs'}],
  ],
  themes: ['@docusaurus/theme-classic'],
  themeConfig: {navbar: {title: 'Floor', items: [{type: 'doc', docId: 'guide', label: 'Docs'}]}},
};
`;

/**
 * Builds the floor site from the portal's build in `build` (its Markdown of
 * the guide); returns the folder of the floor's build. The caller removes
 * `site` when done.
 *
 * @param {string} build
 * @param {string} site
 */
async function buildFloor(build, site) {
  const markdown = path.join(build, `${FLOOR.guide}.md`);
  if (!existsSync(markdown)) {
    throw new Error(`bench: ${markdown} is missing: the floor publishes the guide's Markdown from the build`);
  }
  mkdirSync(path.join(site, 'docs'), {recursive: true});
  writeFileSync(path.join(site, 'package.json'), '{"name": "floor", "private": true}\n');
  writeFileSync(path.join(site, 'docusaurus.config.mjs'), CONFIG);
  writeFileSync(path.join(site, 'docs', `${path.basename(FLOOR.route)}.md`), readFileSync(markdown));
  symlinkSync(path.join(root, 'node_modules'), path.join(site, 'node_modules'), 'dir');
  await run([path.join(root, 'node_modules', '.bin', 'docusaurus'), 'build', site]);
  const floorBuild = path.join(site, 'build');
  await run([path.join(root, 'node_modules', '.bin', 'jiti'), 'scripts/host-config/index.ts', floorBuild]);
  return floorBuild;
}

/**
 * The floor's guide, measured as measurePage measures the portal's.
 *
 * @param {import('@playwright/test').Browser} browser
 * @param {{build: string, port: string, runs: number}} options
 */
export async function measureFloor(browser, {build, port, runs}) {
  const site = mkdtempSync(path.join(tmpdir(), 'portal-floor-'));
  try {
    const floorBuild = await buildFloor(build, site);
    const server = await serve(floorBuild, port);
    try {
      return await measurePage(
        browser,
        {origin: server.origin, build: floorBuild, runs},
        {kind: 'framework floor', route: FLOOR.route},
      );
    } finally {
      server.stop();
    }
  } finally {
    rmSync(site, {recursive: true, force: true});
  }
}
