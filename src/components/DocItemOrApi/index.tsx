import {lazy, Suspense, useRef, type ReactNode} from 'react';
import DocItem from '@theme/DocItem';
import type {Props} from '@theme/DocItem';

import {useMarkupFix} from '@site/src/hooks/useMarkupFix';

import styles from './styles.module.css';

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

/** Parameters and schema properties that the OpenAPI theme draws as <div>s straight inside a <ul>. */
const UNMARKED_LIST_ITEMS =
  ':is(ul, ol) > div:is(.openapi-params__list-item, .openapi-schema__list-item):not([role])';

/**
 * Gives those <div>s the list item role, so the lists of parameters and
 * properties are lists that assistive technologies can count and navigate
 * (WCAG 1.3.1). The theme renders them on the client and again on every tab
 * change, so new ones are marked as they appear (see useMarkupFix).
 */
function markListItems(root: HTMLElement): void {
  root.querySelectorAll(UNMARKED_LIST_ITEMS).forEach((item) => item.setAttribute('role', 'listitem'));
}

export default function DocItemOrApi(props: Props): ReactNode {
  const reference = useRef<HTMLDivElement>(null);
  const generated = isGeneratedReference(props.content.frontMatter);
  useMarkupFix(reference, markListItems, generated);
  if (!generated) {
    return <DocItem {...props} />;
  }
  return (
    <div ref={reference} className={styles.contents}>
      <Suspense fallback={null}>
        <ApiItem {...props} />
      </Suspense>
    </div>
  );
}
