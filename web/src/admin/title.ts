import { useTitle as useSharedTitle } from '../shared';

/** The document title of a console page: "<page> · Admin console" (the shared hook's default names the portal). */
export function useTitle(page: string): void {
  useSharedTitle(page, 'Admin console');
}
