/**
 * Wraps the classic theme's DocItem/Content to put the "Try it" request panel
 * (ApiExplorerPanel) beside the text of a generated operation page.
 *
 * Why: reference pages are ordinary docs pages (src/api-reference writes them); the
 * only other way to change their layout is the docs plugin's `docItemComponent`, which replaces
 * the page component of the whole docs instance, guides included.
 * Upgrade: UPGRADING.md#docitemcontent.
 */
import type {ReactNode} from 'react';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';

import ApiExplorerPanel from '@site/src/components/ApiExplorerPanel';

import styles from './styles.module.css';

type Props = WrapperProps<typeof ContentType>;

/** The front matter of a generated operation's page, as the build reads it. */
interface ReferenceFrontMatter {
  /**
   * The operation's file, from the site's base (`assets/operations/<hash>.json`): in place of the
   * generator's `api`, which src/plugins/operation-files takes out of the page.
   */
  readonly api_operation?: string;
}

/**
 * The content of a docs page. A generated reference page of an operation
 * gets the "Try it" request panel beside its text (below it on narrow
 * screens); every other page, webhook events included, is left as it is.
 */
export default function ContentWrapper(props: Props): ReactNode {
  const {frontMatter, metadata} = useDoc();
  // A webhook event's page has no operation's file (src/plugins/operation-files): no panel.
  const {api_operation: operationFile} = frontMatter as ReferenceFrontMatter;
  if (!operationFile) {
    return <Content {...props} />;
  }
  const authGuide = metadata.permalink.startsWith('/api/') ? 'api/introduction' : 'docs/docs/authentication';
  return (
    <div className="row">
      <div className="col col--7">
        <Content {...props} />
      </div>
      <div className={`col col--5 ${styles.aside}`}>
        <ApiExplorerPanel operationFile={operationFile} authGuide={authGuide} />
      </div>
    </div>
  );
}
