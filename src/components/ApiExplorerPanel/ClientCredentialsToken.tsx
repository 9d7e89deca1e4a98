import {useId, useState, type KeyboardEvent, type ReactNode} from 'react';
import {useDispatch} from 'react-redux';
import {setAuthData} from '@theme/ApiExplorer/Authorization/slice';

import {tokenEndpoint, type SelectedServer, type TokenEndpoint} from './tokenEndpoint';
import styles from './styles.module.css';

interface Props {
  /** The key of the OAuth 2.0 security scheme in the description, such as `OAuth2`. */
  readonly scheme: string;
  /** The client credentials flow's `tokenUrl`. */
  readonly tokenUrl: string;
  /** The scopes the operation asks for, the form's first value. */
  readonly scopes: readonly string[];
  /** The server selected under "Base URL". */
  readonly server: SelectedServer | undefined;
}

/** What the form says under its button: a request under way, an error, or what came (no `kind`). */
interface Status {
  readonly message: string;
  readonly kind?: 'busy' | 'error';
}

/** Basic credentials as RFC 6749 (section 2.3.1) sends them: each part form-encoded first. */
function basicCredentials(id: string, secret: string): string {
  const encode = (value: string) => new URLSearchParams({v: value}).toString().slice(2);
  return `Basic ${btoa(`${encode(id)}:${encode(secret)}`)}`;
}

/** What the token endpoint's error answer says (RFC 6749, section 5.2), in one line. */
function errorMessage(status: number, body: unknown): string {
  const {error, error_description: description} = (body ?? {}) as {
    error?: unknown;
    error_description?: unknown;
  };
  const said = [error, description].filter((part) => typeof part === 'string' && part !== '').join(': ');
  return `The token endpoint answered ${status}${said ? `, ${said}` : ''}. No token was set.`;
}

/** A reachable token endpoint: its address, and whether it is a local mock server. */
type Reachable = Extract<TokenEndpoint, {readonly mock: boolean}>;

/**
 * Asks the token endpoint for a client credentials token (client id and secret as HTTP Basic, the
 * scopes in a form body), gives the token to `take` when one came, and says what to tell the
 * reader either way.
 */
async function askForToken(
  endpoint: Reachable,
  clientId: string,
  secret: string,
  scope: string,
  take: (token: string) => void,
): Promise<Status> {
  let response: Response;
  try {
    response = await fetch(endpoint.url, {
      method: 'POST',
      headers: {
        Authorization: basicCredentials(clientId, secret),
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: new URLSearchParams({grant_type: 'client_credentials', scope}),
    });
  } catch {
    return {
      kind: 'error',
      message: `Could not reach ${endpoint.url}. Check ${endpoint.mock ? 'that the mock server runs at that address' : 'your connection'}.`,
    };
  }
  const body: unknown = await response.json().catch(() => undefined);
  const token = (body as {access_token?: unknown} | undefined)?.access_token;
  if (!response.ok || !token || typeof token !== 'string') {
    return {kind: 'error', message: errorMessage(response.status, body)};
  }
  take(token);
  const {scope: granted, expires_in: expiresIn} = body as {scope?: unknown; expires_in?: unknown};
  return {
    message:
      `Got a token${typeof granted === 'string' && granted ? ` for ${granted}` : ''}` +
      `${typeof expiresIn === 'number' ? `, valid for ${expiresIn} seconds` : ''}. ` +
      'It is in the Bearer Token field, and Send API Request sends it.',
  };
}

/**
 * "Get a token": asks the token endpoint of the selected server for a client
 * credentials token and puts the access token in the panel's Bearer Token
 * field, so the next "Send API Request" carries it. The id and secret live in
 * this form only: nothing keeps them once the panel is gone.
 *
 * It is part of the request form, where a nested form is not allowed, so
 * Enter in its fields asks for the token rather than sending the request.
 */
export default function ClientCredentialsToken({scheme, tokenUrl, scopes, server}: Props): ReactNode {
  const dispatch = useDispatch();
  const id = useId();
  const [clientId, setClientId] = useState('');
  const [secret, setSecret] = useState('');
  const [scope, setScope] = useState(scopes.join(' '));
  const [status, setStatus] = useState<Status>();
  const endpoint = tokenEndpoint(server, tokenUrl);
  const busy = status?.kind === 'busy';

  const request = async () => {
    if (endpoint.url === undefined || busy) return;
    if (clientId.trim() === '' || secret === '') {
      setStatus({kind: 'error', message: 'Enter the client ID and the client secret.'});
      return;
    }
    setStatus({kind: 'busy', message: `Asking ${endpoint.url} for a token…`});
    setStatus(
      await askForToken(endpoint, clientId.trim(), secret, scope.trim(), (token) =>
        dispatch(setAuthData({scheme, key: 'token', value: token})),
      ),
    );
  };

  // What the three fields share: the panel's style, no autofill or spelling check, Enter asks for
  // the token.
  const field = {
    className: 'openapi-explorer__form-item-input',
    autoComplete: 'off',
    spellCheck: false,
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        void request();
      }
    },
  };

  return (
    <fieldset className={styles.token}>
      <legend className={styles.tokenLegend}>Get a token with client credentials</legend>
      {endpoint.url === undefined ? (
        <p className={styles.tokenNote}>{endpoint.reason}</p>
      ) : (
        <>
          <p className={styles.tokenNote}>
            From <code>{endpoint.url}</code>
            {endpoint.mock ? ' (the mock answers with an example token)' : ''}.
          </p>
          <label htmlFor={`${id}-client`}>Client ID</label>
          <input
            id={`${id}-client`}
            {...field}
            value={clientId}
            onChange={(event) => setClientId(event.target.value)}
          />
          <label htmlFor={`${id}-secret`}>Client secret</label>
          <input
            id={`${id}-secret`}
            {...field}
            type="password"
            value={secret}
            onChange={(event) => setSecret(event.target.value)}
          />
          <label htmlFor={`${id}-scope`}>Scopes, separated by spaces</label>
          <input
            id={`${id}-scope`}
            {...field}
            value={scope}
            onChange={(event) => setScope(event.target.value)}
          />
          <button
            type="button"
            className="button button--secondary button--block"
            aria-disabled={busy}
            onClick={request}>
            Get token
          </button>
        </>
      )}
      {/* Always in the page, empty until there is news: a live region announces what is put into it. */}
      <p role="status" className={status?.kind === 'error' ? styles.tokenError : styles.tokenStatus}>
        {status?.message}
      </p>
    </fieldset>
  );
}
