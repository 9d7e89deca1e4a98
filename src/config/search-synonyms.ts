/**
 * Words that a reader may type for what the pages say in other words. Each
 * line is a group of single words that mean the same thing here: a query
 * with one of them also finds pages with the others (a little below the
 * pages with the word itself). Add a group when a reader's word finds
 * nothing or the wrong page; keep words lower case, one word each.
 */
export const SEARCH_SYNONYMS: readonly (readonly string[])[] = [
  ['cancel', 'reject', 'decline', 'refuse'],
  ['accept', 'confirm', 'approve'],
  ['webhook', 'callback', 'notification', 'event'],
  ['signature', 'hmac', 'sign', 'verify'],
  ['token', 'bearer', 'jwt'],
  ['login', 'authenticate', 'authentication', 'oauth', 'authorize'],
  ['credentials', 'secret', 'client_secret'],
  ['error', 'failure', 'problem', 'troubleshoot', 'troubleshooting'],
  ['limit', 'throttle', 'throttling', 'ratelimit'],
  ['stock', 'inventory', 'availability', 'sold'],
  ['menu', 'catalog', 'catalogue'],
  ['promo', 'promotion', 'discount', 'deal'],
  ['outlet', 'store', 'restaurant', 'shop', 'branch', 'merchant'],
  ['payment', 'pay', 'qris', 'transaction'],
  ['pos', 'mokapos', 'cashier'],
  ['link', 'connect', 'onboard', 'onboarding'],
  ['unlink', 'disconnect'],
  ['ready', 'prepared', 'pickup'],
  ['driver', 'courier', 'rider'],
  ['sandbox', 'test', 'testing', 'staging'],
  ['production', 'live', 'prod'],
  ['retry', 'redeliver', 'redelivery', 'resend'],
  ['idempotency', 'idempotent', 'duplicate', 'deduplicate', 'dedupe'],
  ['subscribe', 'subscription', 'register'],
  ['invoice', 'receipt', 'bill'],
  ['tax', 'taxes', 'vat'],
  ['gratuity', 'tip', 'service_charge'],
  ['difference', 'differ', 'compared', 'versus', 'vs'],
];
