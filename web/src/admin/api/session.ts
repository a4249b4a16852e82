/** The administrator's session: who is signed in, sign-in and sign-out. */
import { useQuery } from '@tanstack/react-query';
import { api, unwrap, type Body } from '../../api/client';
import type { PasskeySignInCalls } from '../../shared/api/passkeys';
import { meKeys, meQueryOf } from '../../shared/api/session';

export { meKeys };

/** Who is signed in (GET /api/auth/admin/me): 401 is signed out; 403 is a partner's session, not an administrator's. */
export const meQuery = meQueryOf(() => unwrap(api.GET('/api/auth/admin/me')));

export function useMeQuery() {
  return useQuery(meQuery);
}

/**
 * The password sign-in: the session, or `{ mfa_token }` when the account has a second factor (its 401
 * `mfa_required`, with the factors the account has), which `completeMfa` finishes with a code, or
 * `passkeySignIn.mfaFinish` with a passkey.
 */
export const signIn = async (body: { email: string; password: string }) => {
  const r = await api.POST('/api/auth/admin/login', { body });
  const err = r.error as { code?: unknown; mfa_token?: unknown; factors?: unknown } | undefined;
  if (r.response.status === 401 && err?.code === 'mfa_required' && typeof err.mfa_token === 'string') return { mfa_token: err.mfa_token, factors: err.factors };
  return unwrap(Promise.resolve(r));
};
export const completeMfa = (body: { mfa_token: string; code: string }) => unwrap(api.POST('/api/auth/admin/login/mfa', { body }));

/** The passkey sign-ins: the second step after the password, and the password-less one. */
export const passkeySignIn: PasskeySignInCalls = {
  mfaOptions: (mfaToken) => unwrap(api.POST('/api/auth/admin/login/mfa/passkey/options', { body: { mfa_token: mfaToken } })),
  mfaFinish: (body) => unwrap(api.POST('/api/auth/admin/login/mfa/passkey', { body: body as Body<'/api/auth/admin/login/mfa/passkey'> })),
  loginOptions: () => unwrap(api.POST('/api/auth/admin/login/passkey/options')),
  loginFinish: (body) => unwrap(api.POST('/api/auth/admin/login/passkey', { body: body as Body<'/api/auth/admin/login/passkey'> })),
};
export const signOut = () => unwrap(api.POST('/api/auth/admin/logout'));
