import {readFileSync} from 'node:fs';
import path from 'node:path';

import type {Page} from '@playwright/test';

import {sitemapPaths} from '../../scripts/host-config/routes';

/** The build folder the tests serve (PORTAL_BUILD_DIR, default build/). */
export const buildDir = path.resolve(__dirname, '..', '..', process.env.PORTAL_BUILD_DIR ?? 'build');

/** What scripts/host-config/ wrote for this build. */
export interface HostConfig {
  readonly contentSecurityPolicy: string;
  readonly scriptHashes: readonly string[];
  readonly apiOrigins: readonly string[];
  readonly tagManager: boolean;
  readonly trailingSlashRoutes: readonly string[];
}

/** Paths of every page of the build under test, as its sitemap.xml lists them. */
export function builtSitemapPaths(): string[] {
  return sitemapPaths(readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8'));
}

export function hostConfig(): HostConfig {
  return JSON.parse(readFileSync(path.join(buildDir, '.nginx', 'host-config.json'), 'utf8')) as HostConfig;
}

/**
 * Records every Content-Security-Policy violation of a page, across
 * navigations: a `securitypolicyviolation` listener installed before any
 * script of the page runs, plus the browser's console reports ("Refused to …").
 */
export async function watchPolicyViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportPolicyViolation', (report: string) => {
    violations.push(report);
  });
  await page.addInitScript(() => {
    const report = (window as unknown as {__reportPolicyViolation: (text: string) => void})
      .__reportPolicyViolation;
    document.addEventListener('securitypolicyviolation', (event) => {
      const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
      void report(
        `${event.effectiveDirective} refused ${event.blockedURI || '(inline)'}${where} on ${location.pathname}`,
      );
    });
  });
  const fromConsole = (text: string) => {
    if (/Content Security Policy|Refused to/i.test(text)) violations.push(`console: ${text}`);
  };
  page.on('console', (message) => fromConsole(message.text()));
  page.on('pageerror', (error) => fromConsole(error.message));
  page.on('worker', (worker) => worker.on('console', (message) => fromConsole(message.text())));
  return violations;
}
