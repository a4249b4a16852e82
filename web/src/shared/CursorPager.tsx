import { useState } from 'react';
import { Button } from './Button';
import { formatInteger } from './format';

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
