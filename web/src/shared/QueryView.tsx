import type { ReactNode } from 'react';
import { LoadFailed } from './LoadFailed';

interface Props<T> {
  query: { isError: boolean; isPending: boolean; data: T | undefined; error: unknown; refetch: () => unknown };
  /** The failure's title ("The incidents could not be loaded"). */
  failed: string;
  /** The loading line's class: `page-loading` where it stands for a page's content, `muted` inside a card. */
  loadingClass?: 'page-loading' | 'muted';
  children: (data: T) => ReactNode;
}

/** A query's data once it has answered; until then "Loading…", and if it failed, the error with Try again. */
export function QueryView<T>({ query, failed, loadingClass = 'page-loading', children }: Props<T>) {
  if (query.isError) return <LoadFailed title={failed} query={query} />;
  if (query.isPending) {
    return (
      <p className={loadingClass} aria-busy="true">
        Loading…
      </p>
    );
  }
  return <>{children(query.data as T)}</>;
}
