/**
 * Wraps the OpenAPI theme's ApiExplorer/LiveEditor (the request-body editor) to turn off its
 * live preview, which compiles and runs the body with `new Function` (see below).
 *
 * Why: neither the theme nor react-live, which it renders, has an option to turn the preview
 * off; the portal's Content-Security-Policy has no 'unsafe-eval'.
 * Upgrade: UPGRADING.md#apiexplorerliveeditor.
 */
import type {ReactNode} from 'react';
import LiveEditor, {type LiveEditorProps} from '@theme-original/ApiExplorer/LiveEditor';

/**
 * The request-body editor of the API explorer, without its live preview.
 *
 * The editor comes from a live-coding library that compiles and runs the
 * edited text with `new Function` to preview it, which the portal's
 * Content-Security-Policy (no 'unsafe-eval') refuses. A request body is
 * JSON, not code to preview: handing the library no code to run keeps the
 * editor, its highlighting and its validation, and runs nothing.
 */
const runNothing = (): undefined => undefined;

export default function LiveEditorWithoutPreview(props: LiveEditorProps): ReactNode {
  return <LiveEditor {...props} transformCode={runNothing} />;
}
