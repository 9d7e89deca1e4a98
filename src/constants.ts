/**
 * The one place for the product name and the hosts the documentation talks
 * about. Pages never repeat these values: MDX prose and code blocks write a
 * token such as `@@API_SANDBOX@@`, which the remark plugin in
 * `src/remark/substitute-tokens.ts` replaces at build time.
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

/** Tokens a page may write; each is replaced by its value when the site builds. */
export const CONTENT_TOKENS: Readonly<Record<string, string>> = {
  PRODUCT: PRODUCT_NAME,
  AUTH_SANDBOX: HOSTS.auth.sandbox,
  AUTH_PRODUCTION: HOSTS.auth.production,
  API_SANDBOX: HOSTS.api.sandbox,
  API_PRODUCTION: HOSTS.api.production,
  SUPPORT_EMAIL,
  TOKEN_RENEW_BEFORE_SECONDS: String(TOKEN_RENEW_BEFORE_SECONDS),
};
