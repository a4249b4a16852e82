/**
 * The signed-in account's second factor (TOTP and recovery codes): the same resource for a partner and an
 * administrator, under each role's paths. Each entry brings its own calls (`MfaCalls`,
 * web/src/<entry>/api/account.ts): this module names no path. Whether the factor is on is read from the
 * entry's "who is signed in" query (`mfa_enabled`), which every change here asks again.
 */
import type { Answer } from '../../api/client';
import { useApiMutation, type MutationOptions } from '../../api/mutation';
import { meKeys } from './session';

export type TotpSetup = Answer<'/api/auth/partner/mfa/totp/setup', 'post'>;
export type RecoveryCodes = Answer<'/api/auth/partner/mfa/totp/confirm', 'post'>;
export type MfaDisabled = Answer<'/api/auth/partner/mfa/totp', 'delete'>;
export type MfaDisable = { password?: string; code?: string };

export interface MfaCalls {
  setupTotp: () => Promise<TotpSetup>;
  confirmTotp: (code: string) => Promise<RecoveryCodes>;
  disableTotp: (body: MfaDisable) => Promise<MfaDisabled>;
  regenerateRecoveryCodes: (code: string) => Promise<RecoveryCodes>;
}

/** The second step of a password sign-in: the token of its 401 `mfa_required` and a code. */
export type CompleteMfa = (body: { mfa_token: string; code: string }) => Promise<unknown>;

/** A set-up changes nothing the pages show until it is confirmed. */
export function useSetupTotp(calls: MfaCalls, options?: MutationOptions<TotpSetup>) {
  return useApiMutation(calls.setupTotp, null, options);
}

/** Turning the factor on or off changes `mfa_enabled` (and, for an administrator, what the console opens). */
export function useConfirmTotp(calls: MfaCalls, options?: MutationOptions<RecoveryCodes, string>) {
  return useApiMutation(calls.confirmTotp, (client) => void client.invalidateQueries({ queryKey: meKeys.all }), options);
}

export function useDisableTotp(calls: MfaCalls, options?: MutationOptions<MfaDisabled, MfaDisable>) {
  return useApiMutation(calls.disableTotp, (client) => void client.invalidateQueries({ queryKey: meKeys.all }), options);
}

export function useRegenerateRecoveryCodes(calls: MfaCalls, options?: MutationOptions<RecoveryCodes, string>) {
  return useApiMutation(calls.regenerateRecoveryCodes, null, options);
}
