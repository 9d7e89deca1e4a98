import {readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, type Locator, type Page} from '@playwright/test';

import {verifySignature} from '../../samples/webhooks/node/verify-signature.mjs';
import {test} from '../support/fixtures';
import {waitForHydration} from '../support/pages';
import {deliveryOf} from '../support/test-delivery.mjs';

/**
 * The test delivery of a webhook event page once its script runs: signed in the
 * browser for the current time, to the address the reader enters. (Without
 * JavaScript, tests/build/test-delivery.test.mjs checks the command of every event.)
 */

// npm test runs Playwright from the repository root.
const vectors = JSON.parse(
  readFileSync(path.resolve(process.cwd(), 'samples/webhooks/test-vectors.json'), 'utf8'),
) as {
  secret: string;
};

// The command is read as a reader gets it: with the code block's copy button.
test.use({permissions: ['clipboard-read', 'clipboard-write']});

async function copiedCommand(page: Page, region: Locator): Promise<string> {
  await region.locator('pre').hover();
  await region.getByRole('button', {name: 'Copy code to clipboard'}).click();
  return page.evaluate(() => navigator.clipboard.readText());
}

/** The time a copied delivery is signed for (seconds), once its signature verifies with the secret. */
function verifiedSignatureTime(delivery: ReturnType<typeof deliveryOf>): number {
  const header = delivery.headers['X-Gerai-Signature'];
  expect(verifySignature({rawBody: delivery.body, header, secret: vectors.secret})).toEqual({
    valid: true,
    reason: 'ok',
  });
  return Number(/^t=(\d+),/.exec(header)?.[1]);
}

test('the command is signed for now, verifies, posts to the address typed, and is signed again a minute later', async ({
  page,
}) => {
  // The page's clock runs as the real one, until the test moves it on.
  await page.clock.install();
  await page.goto('/docs/api/webhooks/events/food-order-placed');
  await waitForHydration(page);
  const region = page.getByRole('region', {name: 'Test delivery'});
  const field = region.getByLabel('Receiver URL');
  const code = region.locator('pre');
  await expect(region.getByText(/by your clock: a receiver accepts it until/)).toBeVisible();

  const signed = verifiedSignatureTime(deliveryOf(await copiedCommand(page, region)));
  expect(Math.abs(Date.now() / 1000 - signed)).toBeLessThan(60);

  // The reader's address, typed with the keyboard, goes into the command as it is.
  await field.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type("https://hooks.example/gerai's-hook");
  await expect(code).toContainText(`curl -i -X POST 'https://hooks.example/gerai'\\''s-hook'`);
  expect(deliveryOf(await copiedCommand(page, region)).url).toBe("https://hooks.example/gerai's-hook");
  await expect(region.getByRole('status')).toHaveText(
    "The command now posts to https://hooks.example/gerai's-hook.",
  );

  // Text that is no address is named, and the command keeps the last address.
  await field.fill('hooks.example/gerai');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(/“hooks\.example\/gerai” is not a full address/);
  expect(deliveryOf(await copiedCommand(page, region)).url).toBe("https://hooks.example/gerai's-hook");
  await expect(region.getByRole('status')).toHaveText(
    "Not an address yet: the command still posts to https://hooks.example/gerai's-hook.",
  );

  // A reader who comes back a minute later gets a command signed for the new time, and is told.
  await page.mouse.move(0, 0);
  await page.clock.fastForward('01:05');
  await region.hover();
  await expect(region.getByRole('status')).toHaveText(/^Signed again for \d\d:\d\d:\d\d UTC\.$/);
  const signedAgain = verifiedSignatureTime(deliveryOf(await copiedCommand(page, region)));
  expect(signedAgain - signed).toBeGreaterThanOrEqual(65);
});
