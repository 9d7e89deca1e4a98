import {HOSTS} from '../../constants';

/** A server of an operation as the request panel's store holds it: variables carry their current value as `default`. */
export interface SelectedServer {
  readonly url: string;
  readonly variables?: Readonly<Record<string, {readonly default?: string}>>;
}

/** Where the panel asks for a client credentials token, or why it does not. */
export type TokenEndpoint =
  {readonly url: string; readonly mock: boolean} | {readonly url?: undefined; readonly reason: string};

/** The server's address with each `{variable}` replaced by its value, without a final slash. */
export function serverAddress(server: SelectedServer): string {
  return server.url
    .replace(/\{([^}]+)\}/g, (_, name: string) => server.variables?.[name]?.default ?? '')
    .replace(/\/+$/, '');
}

function isLoopback(address: string): boolean {
  try {
    return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(address).hostname);
  } catch {
    return false;
  }
}

/**
 * The token endpoint that goes with the server selected in the request panel.
 *
 * - A local mock server (an address with a variable, or on this machine)
 *   answers token requests itself: the token URL's path on the mock.
 * - Production: none. A production client secret must stay on the partner's
 *   server, so the browser never asks for a production token.
 * - Any other server (the sandbox): the flow's `tokenUrl`, which the
 *   descriptions set to the sandbox's authorization server.
 */
export function tokenEndpoint(server: SelectedServer | undefined, tokenUrl: string): TokenEndpoint {
  if (server === undefined) {
    return {reason: 'Choose a server under Base URL first.'};
  }
  const address = serverAddress(server);
  if (/\{[^}]+\}/.test(server.url) || isLoopback(address)) {
    let base: URL;
    try {
      base = new URL(address);
    } catch {
      return {
        reason: `The mock server address ${JSON.stringify(address)} is not a URL such as http://127.0.0.1:4010.`,
      };
    }
    return {
      url: `${base.origin}${base.pathname.replace(/\/+$/, '')}${new URL(tokenUrl).pathname}`,
      mock: true,
    };
  }
  if (address === HOSTS.api.production) {
    return {
      reason:
        'Tokens for production are not fetched in the browser: keep the production client secret on your server, get a token there and paste it above.',
    };
  }
  return {url: tokenUrl, mock: false};
}
