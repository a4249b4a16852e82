/** Single sign-on of the console: whether it is on, with which provider, and whether password sign-in is (no session needed). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

export const ssoKeys = {
  all: ['admin-sso'] as const,
};

export const ssoStatusQuery = queryOptions({
  queryKey: ssoKeys.all,
  queryFn: () => unwrap(api.GET('/api/auth/admin/oidc')),
  staleTime: 5 * 60_000,
});

export function useSsoStatus() {
  return useQuery(ssoStatusQuery);
}
