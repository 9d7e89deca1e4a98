const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** The options of the date a docs page says it was last updated on: a short date, in UTC. */
export const SHORT_DATE_OPTIONS: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
};

/**
 * `Nov 24, 2026`: the day in UTC of a time, written as English writes a
 * short date, the same text `Intl.DateTimeFormat('en', SHORT_DATE_OPTIONS)`
 * gives. For another locale, Intl writes it.
 *
 * English is written here without Intl because a page's first use of
 * `Intl.DateTimeFormat` loads the browser's date data, on a phone's main
 * thread in the middle of the page's start.
 */
export function shortDate(time: number | Date, locale: string): string {
  const date = new Date(time);
  if (locale !== 'en') return new Intl.DateTimeFormat(locale, SHORT_DATE_OPTIONS).format(date);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
