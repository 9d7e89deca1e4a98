// The OpenAPI theme declares `@theme/ApiItem` inside a module file, where it does not
// reach this project; this ambient declaration states the part the portal uses.
declare module '@theme/ApiItem' {
  import type {ReactNode} from 'react';
  import type {Props} from '@theme/DocItem';

  export default function ApiItem(props: Props): ReactNode;
}
