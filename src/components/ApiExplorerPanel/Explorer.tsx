import {useMemo, type ReactNode} from 'react';
import {Provider} from 'react-redux';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import ApiExplorer from '@theme/ApiExplorer';
import {createAuth} from '@theme/ApiExplorer/Authorization/slice';
import {createPersistenceMiddleware} from '@theme/ApiExplorer/persistenceMiddleware';
import {createStorage} from '@theme/ApiExplorer/storage-utils';
import {createStoreWithState} from '@theme/ApiItem/store';
// The theme's stylesheet, in a CSS file that loads with this chunk (src/plugins/openapi-theme).
import '@gerai/api-explorer-stylesheet';
// The site's Prism languages (Java, PHP...), for the code samples: pages do not load Prism.
import '@site/src/theme/CodeBlock/Content/prism';

/**
 * The OpenAPI theme's request panel (authorization, server, parameters, body,
 * code samples in six languages, "Send API Request" and the response), with
 * the state store it reads. This module and everything it imports form a
 * chunk of their own, which the page fetches only when the reader asks for
 * the panel (see ./index.tsx).
 */

/** The operation as the generator stores it (src/plugins/operation-files writes it into a file of its own). */
export interface Operation {
  readonly [key: string]: unknown;
  readonly parameters?: readonly {
    in: string;
    example?: unknown;
    examples?: object;
    schema?: {default?: unknown; example?: unknown};
  }[];
  readonly requestBody?: {content?: Record<string, unknown>};
  readonly responses?: Record<string, {content?: Record<string, unknown>}>;
  readonly servers?: readonly {url: string; variables?: object}[];
  readonly security?: readonly Record<string, string[]>[];
  readonly securitySchemes?: Record<string, unknown>;
}

/**
 * The value a parameter's field starts with: its default, else its first example, as the text a
 * reader would type (the code samples leave a path parameter given as a number out, `:petId`).
 */
function prefill(parameter: NonNullable<Operation['parameters']>[number]): unknown {
  const firstExample = Object.values((parameter.examples ?? {}) as Record<string, {value?: unknown}>)[0]
    ?.value;
  const value = parameter.schema?.default ?? parameter.example ?? parameter.schema?.example ?? firstExample;
  const text = (item: unknown) =>
    typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item);
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.map(text) : text(value);
}

type ThemeOptions = Parameters<typeof createPersistenceMiddleware>[0];

function createStore(operation: Operation, options: ThemeOptions) {
  const accepted = Object.entries(operation.responses ?? {})
    .filter(([status]) => /^2\d\d$/.test(status))
    .flatMap(([, response]) => Object.keys(response.content ?? {}));
  const contentTypes = Object.keys(operation.requestBody?.content ?? {});
  const params: Record<'path' | 'query' | 'header' | 'cookie', unknown[]> = {
    path: [],
    query: [],
    header: [],
    cookie: [],
  };
  for (const parameter of operation.parameters ?? []) {
    const value = prefill(parameter);
    params[parameter.in as keyof typeof params]?.push(
      value === undefined ? parameter : {...parameter, value},
    );
  }
  const storage = createStorage(options?.authPersistence ?? 'sessionStorage');
  const savedServer = storage.getItem('server');
  const server = savedServer ? (JSON.parse(savedServer) as {url?: string}) : undefined;
  return createStoreWithState(
    {
      accept: {value: accepted[0], options: accepted},
      contentType: {value: contentTypes[0], options: contentTypes},
      server: {value: server?.url ? server : undefined, options: operation.servers ?? []},
      response: {value: undefined},
      body: {type: 'empty'},
      params,
      auth: createAuth({security: operation.security, securitySchemes: operation.securitySchemes, options}),
      schemaSelection: {selections: {}},
      encodingSelection: {},
    },
    [createPersistenceMiddleware(options)],
  );
}

interface Props {
  readonly operation: Operation;
  /** The page whose "authentication" section the panel's authorization links to, without a leading slash. */
  readonly authGuide: string;
}

export default function Explorer({operation, authGuide}: Props): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const options = (siteConfig.themeConfig as {api?: ThemeOptions}).api;
  const store = useMemo(() => createStore(operation, options), [operation, options]);
  return (
    <Provider store={store}>
      <ApiExplorer item={operation} infoPath={authGuide} />
    </Provider>
  );
}
