// The local search's results page, which src/theme/SearchPage wraps; the plugin ships no declaration of it.
declare module '@theme/SearchPage' {
  import type {ReactNode} from 'react';

  export default function SearchPage(): ReactNode;
}
