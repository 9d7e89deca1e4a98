import {createContext, useContext, type ReactNode} from 'react';
import Heading from '@theme/Heading';

import styles from './styles.module.css';

interface ListTitle {
  readonly title: string;
  readonly description: string;
}

const ListTitleContext = createContext<ListTitle | undefined>(undefined);

/** Makes the title and description of a blog's list page known to the list below it. */
export function BlogListTitleProvider({
  title,
  description,
  children,
}: ListTitle & {readonly children: ReactNode}): ReactNode {
  return <ListTitleContext.Provider value={{title, description}}>{children}</ListTitleContext.Provider>;
}

/**
 * The heading of a blog's list page (the blog, the API changelog): its title as the page's one
 * <h1>, and its description. Renders nothing outside a list page (a tag's or an author's list of
 * posts has its own heading).
 */
export default function BlogListTitle(): ReactNode {
  const list = useContext(ListTitleContext);
  if (list === undefined) return null;
  return (
    <header className={styles.header}>
      <Heading as="h1">{list.title}</Heading>
      <p className={styles.description}>{list.description}</p>
    </header>
  );
}
