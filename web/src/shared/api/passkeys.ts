/**
 * The signed-in account's passkeys and the passkey sign-ins: the same resources for a partner and an administrator,
 * under each role's paths. Each entry brings its own calls (`PasskeyCalls`, `PasskeySignInCalls`,
 * web/src/<entry>/api/): this module names no path. The browser's part (navigator.credentials) goes through
 * @simplewebauthn/browser, which turns the service's JSON options into the browser's and its answers back.
 */
import { useQuery } from '@tanstack/react-query';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type { Answer } from '../../api/client';
import { useApiMutation, type MutationOptions } from '../../api/mutation';
import { meKeys } from './session';

export type PasskeyList = Answer<'/api/auth/partner/mfa/passkeys', 'get'>;
export type Passkey = PasskeyList['items'][number];
export type CreationOptions = Answer<'/api/auth/partner/mfa/passkeys/options', 'post'>;
export type RequestOptions = Answer<'/api/auth/partner/login/passkey/options', 'post'>;
export type PasskeyRemoved = Answer<'/api/auth/partner/mfa/passkeys/{passkey_id}', 'delete'>;
export type PasskeyRemove = { password?: string; code?: string };
type RegistrationJSON = Awaited<ReturnType<typeof startRegistration>>;
type AuthenticationJSON = Awaited<ReturnType<typeof startAuthentication>>;

export interface PasskeyCalls {
  list: () => Promise<PasskeyList>;
  options: () => Promise<CreationOptions>;
  register: (body: { response: RegistrationJSON; name?: string }) => Promise<Passkey>;
  rename: (id: string, name: string) => Promise<Passkey>;
  remove: (id: string, body: PasskeyRemove) => Promise<PasskeyRemoved>;
}

/** The sign-ins: the second step after a password (with its `mfa_token`), and the password-less one. */
export interface PasskeySignInCalls {
  mfaOptions: (mfaToken: string) => Promise<RequestOptions>;
  mfaFinish: (body: { mfa_token: string; response: AuthenticationJSON }) => Promise<unknown>;
  loginOptions: () => Promise<RequestOptions>;
  loginFinish: (body: { response: AuthenticationJSON }) => Promise<unknown>;
}

/** Whether this browser can use passkeys at all. */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

export const passkeyKeys = {
  all: ['passkeys'] as const,
  list: () => [...passkeyKeys.all, 'list'] as const,
};

export function usePasskeys(calls: PasskeyCalls) {
  return useQuery({ queryKey: passkeyKeys.list(), queryFn: calls.list });
}

/** Options from the service, the browser's ceremony, the answer back: a new passkey (the list and `mfa_enabled` change). */
export function useAddPasskey(calls: PasskeyCalls, options?: MutationOptions<Passkey, string>) {
  return useApiMutation(
    async (name: string) => {
      const optionsJSON = (await calls.options()) as Parameters<typeof startRegistration>[0]['optionsJSON'];
      const response = await startRegistration({ optionsJSON });
      return calls.register({ response, ...(name.trim() ? { name: name.trim() } : {}) });
    },
    (client) => {
      void client.invalidateQueries({ queryKey: passkeyKeys.all });
      void client.invalidateQueries({ queryKey: meKeys.all });
    },
    options,
  );
}

export function useRenamePasskey(calls: PasskeyCalls, options?: MutationOptions<Passkey, { id: string; name: string }>) {
  return useApiMutation(({ id, name }: { id: string; name: string }) => calls.rename(id, name), (client) => void client.invalidateQueries({ queryKey: passkeyKeys.all }), options);
}

export function useRemovePasskey(calls: PasskeyCalls, options?: MutationOptions<PasskeyRemoved, { id: string; body: PasskeyRemove }>) {
  return useApiMutation(
    ({ id, body }: { id: string; body: PasskeyRemove }) => calls.remove(id, body),
    (client) => {
      void client.invalidateQueries({ queryKey: passkeyKeys.all });
      void client.invalidateQueries({ queryKey: meKeys.all });
    },
    options,
  );
}

/** The second step with a passkey: the options for this `mfa_token`, the browser's ceremony, the answer. */
export async function finishWithPasskey(calls: PasskeySignInCalls, mfaToken: string): Promise<unknown> {
  const optionsJSON = (await calls.mfaOptions(mfaToken)) as Parameters<typeof startAuthentication>[0]['optionsJSON'];
  const response = await startAuthentication({ optionsJSON });
  return calls.mfaFinish({ mfa_token: mfaToken, response });
}

/** A password-less sign-in: options naming no account, the browser offers its passkeys for this site. */
export async function signInWithPasskey(calls: PasskeySignInCalls): Promise<unknown> {
  const optionsJSON = (await calls.loginOptions()) as Parameters<typeof startAuthentication>[0]['optionsJSON'];
  const response = await startAuthentication({ optionsJSON });
  return calls.loginFinish({ response });
}
