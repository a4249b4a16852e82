import { useState, type ReactNode } from 'react';
import { Banner } from './Banner';
import { Button } from './Button';
import { formatInteger } from './format';
import { formErrors } from './forms';

export interface CursorPages {
  /** The cursor of the page shown (undefined: the first page). */
  cursor: string | undefined;
  /** 1 for the first page. */
  page: number;
  back(): void;
  forward(next: string): void;
  /** Back to the first page (a filter changed). */
  reset(): void;
}

/** Pages of a list answered with `next_cursor`: the cursors of the pages before this one, so Previous goes back one. */
export function useCursorPages(): CursorPages {
  const [cursors, setCursors] = useState<string[]>([]);
  return {
    cursor: cursors[cursors.length - 1],
    page: cursors.length + 1,
    back: () => setCursors((c) => c.slice(0, -1)),
    forward: (next) => setCursors((c) => [...c, next]),
    reset: () => setCursors([]),
  };
}

/** Previous, the page number and how many rows it holds, Next. */
export function CursorPager({ pages, next, count }: { pages: CursorPages; next: string | null; count: number }) {
  return (
    <div className="pager">
      <Button disabled={pages.page === 1} onClick={pages.back}>
        Previous
      </Button>
      <span className="muted">
        Page {pages.page}
        {count ? ` · ${formatInteger(count)} on this page` : ''}
      </span>
      <Button disabled={!next} onClick={() => next && pages.forward(next)}>
        Next
      </Button>
    </div>
  );
}

interface PageProps<T> {
  query: { isError: boolean; isPending: boolean; data: T | undefined; error: Error | null; refetch: () => unknown };
  pages: CursorPages;
  /** The failure's title ("The audit log could not be loaded"). */
  failed: string;
  /** The labels of the filters the server checks, by field name: a refused one is named as the form names it ("Since: …"). */
  fieldLabels?: Record<string, string>;
  /** How many rows the page holds, for the pager. */
  count: (data: T) => number;
  /** The page's rows (a table). */
  children: (data: T) => ReactNode;
}

/**
 * One page of a list answered with `next_cursor`: Loading…, or the failure (what the server said, with Try
 * again), else the rows and the pager under them.
 */
export function CursorPage<T extends { next_cursor: string | null }>({ query, pages, failed, fieldLabels = {}, count, children }: PageProps<T>) {
  if (query.isError) {
    const errors = formErrors(query.error, Object.keys(fieldLabels));
    const refused = Object.entries(fieldLabels).find(([name]) => errors.field(name));
    return (
      <Banner tone="error" title={failed} action={<Button onClick={() => void query.refetch()}>Try again</Button>}>
        {refused ? `${refused[1]}: ${errors.field(refused[0])}` : (errors.form ?? query.error?.message)}
      </Banner>
    );
  }
  if (query.isPending || query.data === undefined) {
    return (
      <p className="page-loading" aria-busy="true">
        Loading…
      </p>
    );
  }
  return (
    <>
      {children(query.data)}
      <CursorPager pages={pages} next={query.data.next_cursor} count={count(query.data)} />
    </>
  );
}
