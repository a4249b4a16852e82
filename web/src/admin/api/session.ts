/** The administrator's session: who is signed in, sign-in and sign-out. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

export const meKeys = {
  /** Asked again after a 401 anywhere (shared/queryClient.ts): its first element is no other query's. */
  all: ['me'] as const,
};

/** Who is signed in (GET /api/auth/admin/me): 401 is signed out; 403 is a partner's session, not an administrator's. */
export const meQuery = queryOptions({
  queryKey: meKeys.all,
  queryFn: () => unwrap(api.GET('/api/auth/admin/me')),
  retry: false,
  staleTime: 60_000,
});

export function useMeQuery() {
  return useQuery(meQuery);
}

export const signIn = (body: { email: string; password: string }) => unwrap(api.POST('/api/auth/admin/login', { body }));
export const signOut = () => unwrap(api.POST('/api/auth/admin/logout'));
