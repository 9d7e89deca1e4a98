import {lazy, Suspense, type ReactNode} from 'react';
import DocItem from '@theme/DocItem';
import type {Props} from '@theme/DocItem';

/**
 * The API explorer (request builder, code samples, "Send API Request") is by far
 * the heaviest JavaScript on the site. Loading it lazily keeps it off every page
 * that is not a generated reference page: guides render with the classic
 * DocItem and never fetch the explorer's chunk. Server rendering waits for the
 * lazy component, so reference pages still ship complete HTML.
 */
const ApiItem = lazy(() => import('@theme/ApiItem'));

/** True for pages generated from an OpenAPI operation or schema. */
function isGeneratedReference(frontMatter: Props['content']['frontMatter']): boolean {
  return 'api' in frontMatter || 'schema' in frontMatter;
}

export default function DocItemOrApi(props: Props): ReactNode {
  if (!isGeneratedReference(props.content.frontMatter)) {
    return <DocItem {...props} />;
  }
  return (
    <Suspense fallback={null}>
      <ApiItem {...props} />
    </Suspense>
  );
}
