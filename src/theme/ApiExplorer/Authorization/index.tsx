/**
 * Wraps the OpenAPI theme's ApiExplorer/Authorization (the request panel's authorization fields):
 * for an OAuth 2.0 scheme with a client credentials flow, adds "Get a token with client
 * credentials" under them (ClientCredentialsToken), which asks the selected server's token
 * endpoint and puts the token in the Bearer Token field.
 *
 * Why: the theme shows an OAuth 2.0 scheme as a Bearer Token field to fill by hand; no option
 * makes it fetch a token.
 * Upgrade: UPGRADING.md#apiexplorerauthorization.
 */
import type {ReactNode} from 'react';
import {useSelector} from 'react-redux';
import Authorization from '@theme-original/ApiExplorer/Authorization';

import ClientCredentialsToken from '@site/src/components/ApiExplorerPanel/ClientCredentialsToken';
import type {SelectedServer} from '@site/src/components/ApiExplorerPanel/tokenEndpoint';

/** The part of the request panel's store this reads. */
interface PanelState {
  readonly auth: {
    readonly selected?: string;
    readonly options: Record<
      string,
      readonly {
        readonly key: string;
        readonly type: string;
        readonly scopes?: readonly string[];
        readonly flows?: {readonly clientCredentials?: {readonly tokenUrl?: string}};
      }[]
    >;
  };
  readonly server: {readonly value?: SelectedServer};
}

/**
 * The request panel's authorization fields (part of its own chunk, loaded
 * with the panel), followed, for an OAuth 2.0 scheme with a client
 * credentials flow, by a form that gets a token from the selected server.
 */
export default function AuthorizationWrapper(): ReactNode {
  const auth = useSelector((state: PanelState) => state.auth);
  const schemes = auth.selected === undefined ? [] : (auth.options[auth.selected] ?? []);
  const server = useSelector((state: PanelState) => state.server.value);
  return (
    <>
      <Authorization />
      {schemes.map((scheme) => {
        const tokenUrl = scheme.type === 'oauth2' ? scheme.flows?.clientCredentials?.tokenUrl : undefined;
        return tokenUrl === undefined ? null : (
          <ClientCredentialsToken
            key={scheme.key}
            scheme={scheme.key}
            tokenUrl={tokenUrl}
            scopes={scheme.scopes ?? []}
            server={server}
          />
        );
      })}
    </>
  );
}
