/**
 * The one place for the product name, the hosts and the platform facts the
 * documentation talks about. Pages never repeat these values: MDX prose and
 * code blocks write a token such as `@@API_SANDBOX@@`, which the remark plugin
 * in `src/remark/substitute-tokens.ts` replaces at build time.
 */

export const PRODUCT_NAME = 'Gerai';

export const PORTAL_TITLE = `${PRODUCT_NAME} Developer Portal`;

export const TAGLINE = 'Simplify the daily operation of every outlet you serve';

export const HOSTS = {
  auth: {
    sandbox: 'https://auth.sandbox.gerai.example',
    production: 'https://auth.gerai.example',
  },
  api: {
    sandbox: 'https://api.sandbox.gerai.example',
    production: 'https://api.gerai.example',
  },
} as const;

export const SUPPORT_EMAIL = 'partner-support@gerai.example';

/**
 * The public repository of this portal. "Edit this page" opens a page's
 * source file there, on the `main` branch.
 */
export const REPOSITORY_URL = 'https://github.com/gerai/developer-portal';

/**
 * How many seconds before an access token expires a client fetches a new one.
 * The authentication guide states the rule once, with the token
 * `@@TOKEN_RENEW_BEFORE_SECONDS@@`; other pages link to it, and the sample
 * token clients default to this value.
 */
export const TOKEN_RENEW_BEFORE_SECONDS = 60;

/**
 * How many seconds a webhook receiver has to answer a delivery with a 2xx
 * status; a later answer counts as a failed attempt. Pages write
 * `@@WEBHOOK_ANSWER_SECONDS@@`.
 */
export const WEBHOOK_ANSWER_SECONDS = 15;

/**
 * The answer time a receiver should aim for, well inside the limit, so that a
 * slow moment does not push it over. Pages write
 * `@@WEBHOOK_ANSWER_TARGET_SECONDS@@`.
 */
export const WEBHOOK_ANSWER_TARGET_SECONDS = 5;

/**
 * How long the platform waits before each retry of a failed delivery, counted
 * from the previous attempt. After the last one fails, the notification is
 * `dead`. Pages write the whole schedule as `@@WEBHOOK_RETRY_SCHEDULE@@`.
 */
export const WEBHOOK_RETRY_DELAYS: readonly string[] = [
  '2 minutes',
  '10 minutes',
  '30 minutes',
  '1.5 hours',
  '3.5 hours',
];

/** The retry delays as a sentence lists them: "2 minutes, 10 minutes, ... and 3.5 hours". */
export const WEBHOOK_RETRY_SCHEDULE = `${WEBHOOK_RETRY_DELAYS.slice(0, -1).join(', ')} and ${
  WEBHOOK_RETRY_DELAYS[WEBHOOK_RETRY_DELAYS.length - 1]
}`;

/**
 * How many seconds an access token lives: the `expires_in` of every token
 * response. Pages write `@@TOKEN_LIFETIME_SECONDS@@`.
 */
export const TOKEN_LIFETIME_SECONDS = 3600;

/**
 * How many requests a client may send in a minute for one outlet, the value
 * of `X-RateLimit-Limit`. Pages write `@@RATE_LIMIT_PER_MINUTE@@`.
 */
export const RATE_LIMIT_PER_MINUTE = 600;

/** Tokens a page may write; each is replaced by its value when the site builds. */
export const CONTENT_TOKENS: Readonly<Record<string, string>> = {
  PRODUCT: PRODUCT_NAME,
  AUTH_SANDBOX: HOSTS.auth.sandbox,
  AUTH_PRODUCTION: HOSTS.auth.production,
  API_SANDBOX: HOSTS.api.sandbox,
  API_PRODUCTION: HOSTS.api.production,
  SUPPORT_EMAIL,
  TOKEN_RENEW_BEFORE_SECONDS: String(TOKEN_RENEW_BEFORE_SECONDS),
  WEBHOOK_ANSWER_SECONDS: String(WEBHOOK_ANSWER_SECONDS),
  WEBHOOK_ANSWER_TARGET_SECONDS: String(WEBHOOK_ANSWER_TARGET_SECONDS),
  WEBHOOK_RETRY_SCHEDULE,
  TOKEN_LIFETIME_SECONDS: String(TOKEN_LIFETIME_SECONDS),
  RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT_PER_MINUTE),
};
