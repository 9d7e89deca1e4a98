// The OpenAPI theme types its request-body editor as `any`; this states what the
// portal's wrapper (src/theme/ApiExplorer/LiveEditor) relies on.
declare module '@theme-original/ApiExplorer/LiveEditor' {
  import type {ComponentType} from 'react';

  export interface LiveEditorProps {
    readonly children: string;
    readonly action: (code: string) => void;
    readonly language?: string;
    readonly required?: boolean;
    /** What the live-coding library compiles and runs; a non-string result runs nothing. */
    readonly transformCode?: (code: string) => unknown;
    readonly [prop: string]: unknown;
  }

  const LiveEditor: ComponentType<LiveEditorProps>;
  export default LiveEditor;
}
