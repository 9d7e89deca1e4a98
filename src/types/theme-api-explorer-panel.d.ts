// The OpenAPI theme ships these modules of its request panel without declarations that reach
// this project; this states the part src/components/ApiExplorerPanel uses.
declare module '@theme/ApiExplorer' {
  import type {ReactNode} from 'react';

  export default function ApiExplorer(props: {item: unknown; infoPath: string}): ReactNode;
}

declare module '@theme/ApiItem/store' {
  import type {Store} from 'redux';

  export function createStoreWithState(
    preloadedState: Record<string, unknown>,
    middlewares: unknown[],
  ): Store;
}

declare module '@theme/ApiExplorer/persistenceMiddleware' {
  /** The theme's `api` options of themeConfig. */
  export interface ApiThemeOptions {
    readonly authPersistence?: false | 'sessionStorage' | 'localStorage';
    readonly [option: string]: unknown;
  }

  export function createPersistenceMiddleware(options: ApiThemeOptions | undefined): unknown;
}

declare module '@theme/ApiExplorer/Authorization/slice' {
  import type {ApiThemeOptions} from '@theme/ApiExplorer/persistenceMiddleware';

  export function createAuth(args: {
    security?: readonly Record<string, string[]>[];
    securitySchemes?: Record<string, unknown>;
    options?: ApiThemeOptions;
  }): unknown;
}

declare module '@theme/ApiExplorer/storage-utils' {
  export function createStorage(persistence: false | 'sessionStorage' | 'localStorage'): Storage;
}

declare module '@theme/ApiExplorer/Authorization/slice' {
  /** Sets one field (`token`, `username`, …) of a security scheme in the request panel. */
  export function setAuthData(payload: {scheme: string; key: string; value: string | undefined}): {
    type: string;
    payload: unknown;
  };
}

declare module '@theme-original/ApiExplorer/Authorization' {
  import type {ReactNode} from 'react';

  export default function Authorization(): ReactNode;
}

// The OpenAPI theme's stylesheet, which only the request panel loads (src/plugins/openapi-theme).
declare module '@gerai/api-explorer-stylesheet';
