import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';

import {apiReleases} from '@site/src/api-reference/client';

/** The list of releases on `/docs/api/releases`, newest first: each release's pages, and its changelog entry. */
export default function ApiReleaseList(): ReactNode {
  const releases = apiReleases();
  if (releases.length === 0) {
    return <p>No release has been published yet: the current reference is the only one.</p>;
  }
  return (
    <ul>
      {releases.map((release) => (
        <li key={release.name}>
          <Link to={release.path}>Release {release.name}</Link>:{' '}
          <Link to={`/changelog/release-${release.name}`}>what it changed</Link>
        </li>
      ))}
    </ul>
  );
}
