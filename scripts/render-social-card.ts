/**
 * Draws the social card (static/img/social-card.png, 1200x630), the image
 * link previews show for every page (`themeConfig.image`). It is drawn once
 * and committed, so the build needs no browser: run
 * `npx jiti scripts/render-social-card.ts` again after changing the product
 * name, the tagline or the logo. It renders an HTML card with the system's
 * Chromium (CHROMIUM_PATH, as the browser tests use).
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';

import {chromium} from '@playwright/test';

import {PORTAL_TITLE, TAGLINE} from '../src/constants';
import {CHROMIUM_ARGS, chromiumPath} from '../tests/support/browser';

const SOCIAL_CARD = path.join('static', 'img', 'social-card.png');
const SOCIAL_CARD_SIZE = {width: 1200, height: 630} as const;

const root = path.resolve(__dirname, '..');

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function cardHtml(): string {
  const logo = readFileSync(path.join(root, 'static', 'img', 'logo.svg'), 'utf8');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><style>
  html, body { margin: 0; width: 1200px; height: 630px; }
  body {
    box-sizing: border-box; padding: 80px 96px; display: flex; flex-direction: column;
    justify-content: space-between; color: #fff;
    background: #0b7a5b;
    font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
  }
  .brand { display: flex; align-items: center; gap: 28px; }
  .brand svg { width: 112px; height: 112px; border-radius: 24px; box-shadow: 0 0 0 4px rgba(255,255,255,.85); }
  h1 { margin: 0; font-size: 64px; white-space: nowrap; line-height: 1.1; font-weight: 800; letter-spacing: -1px; }
  p { margin: 0; font-size: 44px; line-height: 1.3; max-width: 960px; }
  .topics { font-size: 30px; opacity: .9; }
</style></head><body>
  <div class="brand">${logo}<h1>${escapeHtml(PORTAL_TITLE)}</h1></div>
  <p>${escapeHtml(TAGLINE)}.</p>
  <div class="topics">Guides · API reference · Webhooks · OAuth 2.0</div>
</body></html>`;
}

async function main(): Promise<void> {
  const browser = await chromium.launch({executablePath: chromiumPath(), args: CHROMIUM_ARGS});
  try {
    const page = await browser.newPage({viewport: SOCIAL_CARD_SIZE, deviceScaleFactor: 1});
    await page.setContent(cardHtml());
    await page.screenshot({path: path.join(root, SOCIAL_CARD), type: 'png'});
  } finally {
    await browser.close();
  }
  console.log(`✔ ${SOCIAL_CARD} written (${SOCIAL_CARD_SIZE.width}x${SOCIAL_CARD_SIZE.height})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
