import {useId, type ReactNode} from 'react';
import {useHistory, useLocation} from '@docusaurus/router';

import {apiReleases, droppedVersion, VERSION_PARAM} from '@site/src/api-reference/client';

import styles from './styles.module.css';

/**
 * "Search in" on the search page: the current API and the guides (the default), or the pages of
 * one earlier release of the API reference, as the address's `version` parameter (the local
 * search's). When the address had a `version` that names no release, taken out before the app
 * started (src/clientModules/limitSearchAddress.ts), a line says so. Drawn in the browser only.
 */
export default function ReleasePicker(): ReactNode {
  const id = useId();
  const location = useLocation();
  const history = useHistory();
  const releases = apiReleases();
  const version = new URLSearchParams(location.search).get(VERSION_PARAM) ?? '';
  const unknown = droppedVersion();

  if (releases.length === 0) return null;
  const choose = (value: string) => {
    const next = new URLSearchParams(location.search);
    if (value) next.set(VERSION_PARAM, value);
    else next.delete(VERSION_PARAM);
    history.replace({...location, search: next.toString()});
  };
  return (
    <div className={styles.picker}>
      <label htmlFor={id}>Search in</label>{' '}
      <select id={id} value={version} onChange={(event) => choose(event.target.value)}>
        <option value="">The current API and the guides</option>
        {releases.map((release) => (
          <option key={release.name} value={release.version}>
            Release {release.name} of the API reference
          </option>
        ))}
      </select>
      {unknown !== null && version === '' ? (
        <p className={styles.note} role="status">
          There is no release at “{unknown.slice(0, 80)}”: the results come from the current API and the
          guides.
        </p>
      ) : null}
    </div>
  );
}
