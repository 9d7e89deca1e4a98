import {readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, type Locator, type Page} from '@playwright/test';
import {test} from '../support/fixtures';

/**
 * The interactive checker on the "Receiving notifications" page must give the
 * same verdicts as the samples in samples/webhooks/, for the same vectors.
 */

type Reason = 'ok' | 'malformed_header' | 'signature_mismatch' | 'timestamp_out_of_tolerance';

interface SignatureVector {
  readonly name: string;
  readonly description: string;
  readonly header: string;
  readonly body?: string;
  readonly secret?: string;
  readonly expected: {readonly valid: boolean; readonly reason: Reason};
}

interface SignatureVectors {
  readonly secret: string;
  readonly now: number;
  readonly tolerance_seconds: number;
  readonly body: string;
  readonly cases: readonly SignatureVector[];
}

// npm test runs Playwright from the repository root.
const vectors = JSON.parse(
  readFileSync(path.resolve(process.cwd(), 'samples/webhooks/test-vectors.json'), 'utf8'),
) as SignatureVectors;

const PAGE = '/docs/api/webhooks/receiving-notifications';

function timestampOf(vector: SignatureVector): number {
  const match = /(?:^|,)\s*t=(\d+)/.exec(vector.header);
  if (match === null) throw new Error(`vector ${vector.name} has no t`);
  return Number(match[1]);
}

/** The visible sentence the checker shows for a reason. */
function verdictFor(reason: Reason, vector: SignatureVector, now: number): RegExp {
  switch (reason) {
    case 'ok':
      return /^Valid signature/;
    case 'signature_mismatch':
      return /^The signature does not match: the payload, the secret or the header differs/;
    case 'malformed_header':
      return /^The header is malformed: /;
    case 'timestamp_out_of_tolerance':
      return timestampOf(vector) < now
        ? /^The timestamp is .+ old: more than 5 minutes, refuse it as a replay/
        : /^The timestamp is in the future/;
  }
}

/** Opens the page and waits until React has hydrated the checker (its buttons are disabled before). */
async function openChecker(page: Page) {
  await page.goto(PAGE);
  const form = checker(page);
  await expect(form.check).toBeEnabled();
  return form;
}

function checker(page: Page) {
  const region = page.getByRole('region', {name: 'Webhook signature checker'});
  return {
    region,
    payload: region.getByLabel('Raw payload'),
    secret: region.getByLabel('Signing secret'),
    header: region.getByLabel('X-Gerai-Signature header value'),
    window: region.getByLabel('Check the 5-minute window'),
    check: region.getByRole('button', {name: 'Check signature'}),
    example: region.getByRole('button', {name: 'Fill with an example'}),
    status: region.getByRole('status'),
  };
}

async function fillVector(form: ReturnType<typeof checker>, vector: SignatureVector, checkWindow: boolean) {
  // Clearing the payload first always counts as an edit, which clears the
  // previous verdict, so the next assertion cannot see a stale one.
  await form.payload.fill('');
  await form.payload.fill(vector.body ?? vectors.body);
  await form.secret.fill(vector.secret ?? vectors.secret);
  await form.header.fill(vector.header);
  await form.window.setChecked(checkWindow);
  await expect(form.status).toBeEmpty();
}

async function expectVerdict(status: Locator, reason: Reason, text: RegExp) {
  const verdict = status.locator('[data-reason]');
  await expect(verdict).toHaveAttribute('data-reason', reason);
  await expect(verdict.locator('p').first()).toHaveText(text);
}

test.describe('signature checker', () => {
  test('the page shows the checker under "Check a signature"', async ({page}) => {
    await page.goto(PAGE);
    await expect(page.getByRole('heading', {name: 'Check a signature'})).toBeVisible();
    const form = checker(page);
    await expect(form.payload).toBeVisible();
    await expect(form.secret).toBeVisible();
    await expect(form.header).toBeVisible();
    await expect(form.window).toBeChecked();
    await expect(form.status).toHaveAttribute('aria-live', 'polite');
  });

  test('with the clock at the vectors\' "now", every vector gets the samples\' verdict', async ({page}) => {
    await page.clock.setFixedTime(vectors.now * 1000);
    const form = await openChecker(page);

    for (const vector of vectors.cases) {
      await test.step(vector.name, async () => {
        await fillVector(form, vector, true);
        await form.check.click();
        await expectVerdict(
          form.status,
          vector.expected.reason,
          verdictFor(vector.expected.reason, vector, vectors.now),
        );
      });
    }
  });

  test('with the real clock: window off for the fixed vectors, on for the stale one', async ({page}) => {
    const form = await openChecker(page);
    const now = Date.now() / 1000;

    for (const vector of vectors.cases) {
      // The vectors were signed at a fixed time in the past, so with the
      // window on every one of them would be stale. Only the stale case keeps
      // it on; the others test the signature alone.
      const keepWindow = vector.name === 'stale_timestamp';
      const reason: Reason =
        !keepWindow && vector.expected.reason === 'timestamp_out_of_tolerance'
          ? 'ok'
          : vector.expected.reason;

      await test.step(`${vector.name} (window ${keepWindow ? 'on' : 'off'})`, async () => {
        await fillVector(form, vector, keepWindow);
        await form.check.click();
        await expectVerdict(form.status, reason, verdictFor(reason, vector, now));
        if (reason === 'ok') await expect(form.status).toContainText('was not checked');
      });
    }
  });

  test('"Fill with an example" fills a delivery that is valid now, and one changed character breaks it', async ({
    page,
  }) => {
    const form = await openChecker(page);

    await form.example.click();
    await expect(form.payload).not.toHaveValue('');
    await expect(form.window).toBeChecked();
    await form.check.click();
    await expectVerdict(form.status, 'ok', /^Valid signature/);

    const payload = await form.payload.inputValue();
    await form.payload.fill(payload.replace('"quantity":1', '"quantity":2'));
    await form.check.click();
    await expectVerdict(
      form.status,
      'signature_mismatch',
      verdictFor('signature_mismatch', vectors.cases[0], 0),
    );
  });

  test('the checker shows the expected signature and sends nothing', async ({page}) => {
    const leaks: string[] = [];
    page.on('request', (request) => {
      const sent = `${request.url()} ${request.postData() ?? ''}`;
      if (sent.includes(vectors.secret) || sent.includes('food.order.merchant_accepted'))
        leaks.push(request.url());
    });

    const form = await openChecker(page);
    const wrongSecret = vectors.cases.find((vector) => vector.name === 'wrong_secret');
    if (wrongSecret === undefined) throw new Error('the vectors have no wrong_secret case');

    await fillVector(form, wrongSecret, false);
    await form.check.click();
    const validHeader = vectors.cases.find((vector) => vector.name === 'valid')?.header ?? '';
    const expectedSignature = validHeader.split('v1=')[1] ?? '';
    expect(expectedSignature).toMatch(/^[0-9a-f]{64}$/);
    // Checked with the right secret, the expected v1 is the one of the valid vector.
    await expect(form.status).toContainText(expectedSignature);
    expect(leaks).toEqual([]);
  });
});
