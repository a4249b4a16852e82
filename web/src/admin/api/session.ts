/** The administrator's session: who is signed in, sign-in and sign-out. */
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { meKeys, meQueryOf } from '../../shared/api/session';

export { meKeys };

/** Who is signed in (GET /api/auth/admin/me): 401 is signed out; 403 is a partner's session, not an administrator's. */
export const meQuery = meQueryOf(() => unwrap(api.GET('/api/auth/admin/me')));

export function useMeQuery() {
  return useQuery(meQuery);
}

export const signIn = (body: { email: string; password: string }) => unwrap(api.POST('/api/auth/admin/login', { body }));
export const signOut = () => unwrap(api.POST('/api/auth/admin/logout'));
