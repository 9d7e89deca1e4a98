// A small OAuth 2.0 client credentials token client for Gerai
// (Node.js 20 or later, no dependencies).
//
//   GERAI_CLIENT_ID=... GERAI_CLIENT_SECRET=... \
//   node client-credentials.mjs "partner:outlet:read food:order:read"
//
// It posts to {GERAI_AUTH_BASE}/oauth2/token with HTTP Basic client
// authentication, caches the access token and fetches a new one
// RENEW_BEFORE_SECONDS before the current one expires.
import {pathToFileURL} from 'node:url';

export const SANDBOX_AUTH_BASE = 'https://auth.sandbox.gerai.example';

/** Fetch a new token when the cached one has less than this many seconds left. */
export const RENEW_BEFORE_SECONDS = 60;

/** An answer from the OAuth server that is not a usable token. */
export class TokenError extends Error {
  constructor(message, {status, code, cause} = {}) {
    super(message, cause === undefined ? undefined : {cause});
    this.name = 'TokenError';
    this.status = status;
    this.code = code;
  }
}

// RFC 6749, section 2.3.1: the client id and secret are form-encoded before
// they are joined with ":" and base64-encoded.
const formEncode = (value) => encodeURIComponent(value);

export class TokenClient {
  /**
   * @param {object} [options]
   * @param {string | string[]} [options.scope] the scopes to ask for; GERAI_SCOPES by default
   * @param {string} [options.clientId] GERAI_CLIENT_ID by default
   * @param {string} [options.clientSecret] GERAI_CLIENT_SECRET by default
   * @param {string} [options.authBase] GERAI_AUTH_BASE, else the sandbox OAuth host
   * @param {number} [options.renewBeforeSeconds] renew this long before expiry (RENEW_BEFORE_SECONDS)
   * @param {number} [options.timeoutMs] give up on the token request after this long
   * @param {Record<string, string | undefined>} [options.env] where to read the variables (process.env)
   * @param {() => number} [options.now] the clock in milliseconds (Date.now)
   */
  constructor({
    scope,
    clientId,
    clientSecret,
    authBase,
    renewBeforeSeconds = RENEW_BEFORE_SECONDS,
    timeoutMs = 10_000,
    env = process.env,
    now = Date.now,
  } = {}) {
    this.clientId = clientId ?? env.GERAI_CLIENT_ID;
    this.clientSecret = clientSecret ?? env.GERAI_CLIENT_SECRET;
    const missing = [
      ['GERAI_CLIENT_ID', this.clientId],
      ['GERAI_CLIENT_SECRET', this.clientSecret],
    ]
      .filter(([, value]) => !value)
      .map(([name]) => name);
    if (missing.length > 0) {
      throw new Error(
        `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set: export the client id and ` +
          'secret of your Gerai app (sandbox credentials for the sandbox) before you request a token.',
      );
    }

    const scopes = scope ?? env.GERAI_SCOPES ?? '';
    this.scope = (Array.isArray(scopes) ? scopes : scopes.split(/\s+/)).filter(Boolean).join(' ');
    if (this.scope === '') {
      throw new Error('No scope given: pass scope (for example "food:order:read") or set GERAI_SCOPES.');
    }

    this.tokenUrl = `${(authBase ?? env.GERAI_AUTH_BASE ?? SANDBOX_AUTH_BASE).replace(/\/+$/, '')}/oauth2/token`;
    this.renewBeforeMs = renewBeforeSeconds * 1000;
    this.timeoutMs = timeoutMs;
    this.now = now;
    this.cached = null; // {accessToken, expiresAt, scope}
    this.inFlight = null;
  }

  /** A valid access token, from the cache when it has more than renewBeforeSeconds left. */
  async getAccessToken() {
    if (this.cached && this.now() < this.cached.expiresAt - this.renewBeforeMs) {
      return this.cached.accessToken;
    }
    // Calls made while a request is running share it: one request, one token.
    this.inFlight ??= this.requestToken().finally(() => {
      this.inFlight = null;
    });
    return (await this.inFlight).accessToken;
  }

  /** The value for the Authorization header of an API call. */
  async authorizationHeader() {
    return `Bearer ${await this.getAccessToken()}`;
  }

  /** Forget the cached token, for example after an API call answered 401. */
  clear() {
    this.cached = null;
  }

  async requestToken() {
    const basic = Buffer.from(`${formEncode(this.clientId)}:${formEncode(this.clientSecret)}`).toString(
      'base64',
    );
    let response;
    try {
      response = await fetch(this.tokenUrl, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${basic}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: new URLSearchParams({grant_type: 'client_credentials', scope: this.scope}).toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const why = error.cause?.message ?? error.message;
      throw new TokenError(`Could not reach ${this.tokenUrl}: ${why}`, {cause: error});
    }

    const text = await response.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // handled below
    }

    if (!response.ok) {
      const code = json?.error;
      const detail = json?.error_description ? `: ${json.error_description}` : '';
      const hint =
        response.status === 401 || code === 'invalid_client'
          ? ' Check GERAI_CLIENT_ID and GERAI_CLIENT_SECRET, and that they belong to this environment ' +
            `(${this.tokenUrl}).`
          : code === 'invalid_scope'
            ? ` Ask only for scopes your app has been granted (asked for: ${this.scope}).`
            : '';
      throw new TokenError(
        `The token request failed with HTTP ${response.status}${code ? ` ${code}` : ''}${detail}.${hint}`,
        {status: response.status, code},
      );
    }
    if (!json || typeof json.access_token !== 'string' || typeof json.expires_in !== 'number') {
      throw new TokenError(
        `The token endpoint answered HTTP ${response.status} without an access_token and expires_in.`,
        {
          status: response.status,
        },
      );
    }

    this.cached = {
      accessToken: json.access_token,
      expiresAt: this.now() + json.expires_in * 1000,
      scope: json.scope ?? this.scope,
    };
    return this.cached;
  }
}

/** The same as `new TokenClient(options)`. */
export function createTokenClient(options) {
  return new TokenClient(options);
}

// Run as a program: prints the granted scopes and expiry, never the token.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const client = new TokenClient({scope: process.argv[2]});
    await client.getAccessToken();
    const seconds = Math.round((client.cached.expiresAt - Date.now()) / 1000);
    console.log(`Got a token from ${client.tokenUrl} for "${client.cached.scope}", valid for ${seconds} s.`);
  } catch (error) {
    console.error(error.message);
    process.exitCode = 1;
  }
}
