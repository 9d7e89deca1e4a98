import {readdirSync} from 'node:fs';
import path from 'node:path';

import {expect} from '@playwright/test';

import {test} from '../support/fixtures';
import {navbarSearch, waitForHydration, watchErrors} from '../support/pages';

/** The releases of the merchant API, newest first (their files' names are their dates). */
const releases = readdirSync(path.join(__dirname, '..', '..', 'openapi', 'releases'))
  .filter((file) => /^\d{4}-\d{2}-\d{2}\.yaml$/.test(file))
  .map((file) => file.slice(0, -'.yaml'.length))
  .sort()
  .reverse();
const oldest = releases.at(-1) ?? '';

const CURRENT_PAGE = '/docs/api/outlet-information/get-all-outlets';
const OTHER_CURRENT_PAGE = '/docs/api/outlet-information/get-outlet-information';

test.describe('earlier releases of the API reference', () => {
  test('the switcher opens the same operation in a release, and the choice is offered on the next page', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await page.goto(CURRENT_PAGE);
    await waitForHydration(page);
    await page.getByText('API release:').click();
    await page
      .getByRole('list', {name: 'Releases of this page'})
      .getByRole('link', {name: `Release ${oldest}`})
      .click();

    await expect(page).toHaveURL(`/docs/api/releases/${oldest}/get-all-outlets`);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Get all outlets');
    await expect(page.locator('.theme-admonition').first()).toContainText(`release ${oldest}`);
    await expect(page.getByRole('link', {name: 'Read this page in the current reference'})).toHaveAttribute(
      'href',
      CURRENT_PAGE,
    );
    // Docusaurus gives the site's storage keys a suffix of their own.
    expect(
      await page.evaluate(() =>
        Object.keys(localStorage)
          .filter((key) => key.startsWith('gerai-api-release'))
          .map((key) => localStorage.getItem(key)),
      ),
    ).toEqual([oldest]);

    await page.goto(OTHER_CURRENT_PAGE);
    await waitForHydration(page);
    await expect(page.getByText(`You chose release ${oldest}`)).toBeVisible();
    await expect(page.getByRole('link', {name: 'read this page in it'})).toHaveAttribute(
      'href',
      `/docs/api/releases/${oldest}/get-outlet-information`,
    );
    expect(errors).toEqual([]);
  });

  test('the search box on a release page answers from the current reference', async ({page}) => {
    await page.goto(`/docs/api/releases/${oldest}/get-all-outlets`);
    await waitForHydration(page);
    await navbarSearch(page).fill('outlet');
    const first = page.locator('.navbar').getByRole('listbox').getByRole('option').first();
    await expect(first).toBeVisible();
    await first.click();
    await expect(page).toHaveURL(
      (url) => !url.pathname.startsWith('/docs/api/releases/') && url.pathname !== '/search',
    );
  });

  test('the search page searches the release a reader picks, from the version in its address', async ({
    page,
  }) => {
    await page.goto(`/search?q=outlet&version=docs/api/releases/${oldest}/`);
    await waitForHydration(page);
    const picker = page.getByLabel('Search in');
    await expect(picker).toHaveValue(`docs/api/releases/${oldest}/`);
    const results = page.locator('article h2 a');
    await expect(results.first()).toBeVisible();
    for (const href of await results.evaluateAll((anchors) =>
      anchors.map((a) => a.getAttribute('href') ?? ''),
    )) {
      expect(href).toMatch(new RegExp(`^/docs/api/releases/${oldest}([/?#]|$)`));
    }

    await picker.selectOption('');
    await expect(page).toHaveURL(
      (url) => url.searchParams.get('version') === null && url.searchParams.get('q') === 'outlet',
    );
    await expect(results.first()).toBeVisible();
    await expect(page.locator('article h2 a[href^="/docs/api/releases/"]')).toHaveCount(0);
  });

  test('a version that names no release is taken out, said, and the current pages answer', async ({page}) => {
    await page.goto('/search?q=outlet&version=docs/api/releases/1999-01-01/');
    await waitForHydration(page);
    await expect(page.getByRole('status').filter({hasText: 'There is no release at'})).toContainText(
      '1999-01-01',
    );
    await expect(page).toHaveURL((url) => url.searchParams.get('version') === null);
    await expect(page.locator('article h2 a').first()).toBeVisible();
    await expect(page.getByText('Search is unavailable')).toHaveCount(0);
  });
});
