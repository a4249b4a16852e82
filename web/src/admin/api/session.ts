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

/**
 * The password sign-in: the session, or `{ mfa_token }` when the account has a second factor (its 401
 * `mfa_required`), which `completeMfa` finishes with a code.
 */
export const signIn = async (body: { email: string; password: string }) => {
  const r = await api.POST('/api/auth/admin/login', { body });
  const err = r.error as { code?: unknown; mfa_token?: unknown } | undefined;
  if (r.response.status === 401 && err?.code === 'mfa_required' && typeof err.mfa_token === 'string') return { mfa_token: err.mfa_token };
  return unwrap(Promise.resolve(r));
};
export const completeMfa = (body: { mfa_token: string; code: string }) => unwrap(api.POST('/api/auth/admin/login/mfa', { body }));
export const signOut = () => unwrap(api.POST('/api/auth/admin/logout'));
