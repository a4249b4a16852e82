import { useEffect } from 'react';

/** The document title of a page: `<page> · <app>`. */
export function useTitle(page: string, app = 'Partner portal'): void {
  useEffect(() => {
    document.title = page ? `${page} · ${app}` : app;
  }, [page, app]);
}
