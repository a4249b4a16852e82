/**
 * The partner's session: who is signed in, and the operations that open, finish or end one
 * (sign-in by password or key, sign-up and its mailed link, password reset, email verification).
 */
import { useQuery } from '@tanstack/react-query';
import { api, unwrap, type Body } from '../../api/client';
import type { PasskeySignInCalls } from '../../shared/api/passkeys';
import { useApiMutation, type OptionsOf } from '../../api/mutation';
import { meKeys, meQueryOf } from '../../shared/api/session';

export { meKeys };

/** Who is signed in (GET /api/auth/partner/me); a 401 is the signed-out state, not a failure. */
export const meQuery = meQueryOf(() => unwrap(api.GET('/api/auth/partner/me')));

export function useMeQuery() {
  return useQuery(meQuery);
}

/**
 * The password sign-in: the session, or `{ mfa_token }` when the account has a second factor (its 401
 * `mfa_required`, with the factors the account has), which `completeMfa` finishes with a code, or
 * `passkeySignIn.mfaFinish` with a passkey.
 */
export const signIn = async (body: { email: string; password: string }) => {
  const r = await api.POST('/api/auth/partner/login', { body });
  const err = r.error as { code?: unknown; mfa_token?: unknown; factors?: unknown } | undefined;
  if (r.response.status === 401 && err?.code === 'mfa_required' && typeof err.mfa_token === 'string') return { mfa_token: err.mfa_token, factors: err.factors };
  return unwrap(Promise.resolve(r));
};
export const completeMfa = (body: { mfa_token: string; code: string }) => unwrap(api.POST('/api/auth/partner/login/mfa', { body }));

/** The passkey sign-ins: the second step after the password, and the password-less one. */
export const passkeySignIn: PasskeySignInCalls = {
  mfaOptions: (mfaToken) => unwrap(api.POST('/api/auth/partner/login/mfa/passkey/options', { body: { mfa_token: mfaToken } })),
  mfaFinish: (body) => unwrap(api.POST('/api/auth/partner/login/mfa/passkey', { body: body as Body<'/api/auth/partner/login/mfa/passkey'> })),
  loginOptions: () => unwrap(api.POST('/api/auth/partner/login/passkey/options')),
  loginFinish: (body) => unwrap(api.POST('/api/auth/partner/login/passkey', { body: body as Body<'/api/auth/partner/login/passkey'> })),
};
export const signOut = () => unwrap(api.POST('/api/auth/partner/logout'));

const keyLogin = (key: string) => unwrap(api.POST('/api/auth/partner/key-login', { body: { key } }));
export function useKeySignIn(options?: OptionsOf<typeof keyLogin>) {
  return useApiMutation(keyLogin, null, options);
}

type Registration = { company_name: string; contact_name: string; email: string; password: string };
const register = (body: Registration) => unwrap(api.POST('/api/auth/partner/register', { body }));
export function useRegister() {
  return useApiMutation(register, null);
}

const confirmSignUp = (body: { token: string; password: string }) => unwrap(api.POST('/api/auth/partner/register/confirm', { body }));
export function useConfirmSignUp(options?: OptionsOf<typeof confirmSignUp>) {
  return useApiMutation(confirmSignUp, null, options);
}

const askPasswordReset = (email: string) => unwrap(api.POST('/api/auth/partner/password-reset', { body: { email } }));
export function useAskPasswordReset() {
  return useApiMutation(askPasswordReset, null);
}

const resetPassword = (body: { token: string; new_password: string }) => unwrap(api.POST('/api/auth/partner/password-reset/confirm', { body }));
export function useResetPassword() {
  return useApiMutation(resetPassword, null);
}

const verifyEmail = (token: string) => unwrap(api.POST('/api/auth/partner/verify-email', { body: { token } }));
export function useVerifyEmail() {
  return useApiMutation(verifyEmail, null);
}

const resendVerification = () => unwrap(api.POST('/api/auth/partner/verify-email/resend'));
export function useResendVerification() {
  return useApiMutation(resendVerification, null);
}
