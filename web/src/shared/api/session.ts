/** Who is signed in: the same query in both entries, each asking its own role's operation. */
import { queryOptions } from '@tanstack/react-query';

export const meKeys = {
  /** Asked again after a 401 anywhere (shared/queryClient.ts): its first element is no other query's. */
  all: ['me'] as const,
};

/** The entry's "who is signed in" query: a 401 is the signed-out state, not a failure, so it is not retried. */
export const meQueryOf = <T>(fetchMe: () => Promise<T>) => queryOptions({ queryKey: meKeys.all, queryFn: fetchMe, retry: false, staleTime: 60_000 });
