// @ts-check
import assert from 'node:assert/strict';
import {test} from 'node:test';

import createJiti from 'jiti';

import {root} from '../support/openapi.mjs';

const jiti = createJiti(root + '/');
const {shortDate, SHORT_DATE_OPTIONS} = jiti('./src/theme/LastUpdated/shortDate.ts');

test("a page's last-updated date reads as Intl writes an English short date, in UTC", () => {
  assert.equal(shortDate(Date.UTC(2026, 10, 24, 7, 48, 53), 'en'), 'Nov 24, 2026');
  const intl = new Intl.DateTimeFormat('en', SHORT_DATE_OPTIONS);
  // Every day from 2020 to 2031, at the first and the last second of the day in UTC.
  for (let day = Date.UTC(2020, 0, 1); day < Date.UTC(2032, 0, 1); day += 86_400_000) {
    for (const time of [day, day + 86_399_000]) {
      assert.equal(shortDate(time, 'en'), intl.format(new Date(time)), new Date(time).toISOString());
    }
  }
});

test('another locale gets its date from Intl', () => {
  const time = Date.UTC(2026, 10, 24);
  assert.equal(shortDate(time, 'fr'), new Intl.DateTimeFormat('fr', SHORT_DATE_OPTIONS).format(time));
  assert.notEqual(shortDate(time, 'fr'), 'Nov 24, 2026');
});
