import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isApiError } from '../api/client';

/**
 * The query client of an entry. A 401 anywhere means the session is gone: the "who is signed in"
 * query (`meKey`) is asked again, and the pages behind it send the reader to sign in.
 */
export function makeQueryClient(meKey: readonly unknown[]): QueryClient {
  const handle = (err: unknown, queryKey?: readonly unknown[]) => {
    if (isApiError(err, 401) && queryKey?.[0] !== meKey[0]) void client.invalidateQueries({ queryKey: meKey });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (err, query) => handle(err, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (err) => handle(err) }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        // A 4xx will answer the same again; a lost connection or a 5xx may not.
        retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      },
    },
  });
  return client;
}
