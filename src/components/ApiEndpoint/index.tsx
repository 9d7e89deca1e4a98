import type {ReactNode} from 'react';
import clsx from 'clsx';

import styles from './styles.module.css';

/** Infima badge colors of the sidebar's method labels, so a method looks the same everywhere. */
const BADGE: Record<string, string> = {
  get: 'primary',
  post: 'success',
  put: 'info',
  patch: 'warning',
  delete: 'danger',
  head: 'secondary',
  event: 'secondary',
};

interface Props {
  /** The HTTP method in lower case, or `event` for a webhook event. */
  readonly method: string;
  /** The path as the OpenAPI description writes it (`{outlet_id}`), or the event's name. */
  readonly path: string;
}

/**
 * The method and path of an operation at the top of its reference page, as
 * text a reader can select and copy. Rendered on the server like the rest of
 * the page.
 */
export default function ApiEndpoint({method, path}: Props): ReactNode {
  const label = method === 'event' ? 'Webhook' : method.toUpperCase();
  return (
    <p className={clsx('api-endpoint', styles.endpoint)}>
      <span className={clsx('badge', `badge--${BADGE[method] ?? 'secondary'}`, styles.method)}>{label}</span>{' '}
      <code className={styles.path}>{path}</code>
    </p>
  );
}
