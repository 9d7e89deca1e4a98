import type {ReactNode} from 'react';

interface Props {
  /** The page's body as HTML, written by `gen-api` from the page writer's Markdown (scripts/generate-api-docs/release-html.ts). */
  readonly html: string;
}

/**
 * The body of an earlier release's reference page: HTML written while the reference was generated,
 * from the description of the release, which is part of the repository. Drawn as it is, on the
 * server like the rest of the page; the browser keeps the server's markup.
 */
export default function ReleasePageBody({html}: Props): ReactNode {
  return <div dangerouslySetInnerHTML={{__html: html}} />;
}
