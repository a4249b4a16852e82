/** The partner's password and sessions, for the Account cards both entries share (shared/account.tsx). */
import { api, unwrap, type Body } from '../../api/client';
import type { AccountCalls } from '../../shared/api/account';
import type { MfaCalls } from '../../shared/api/mfa';
import type { PasskeyCalls } from '../../shared/api/passkeys';

export const partnerAccount: AccountCalls = {
  changePassword: (body) => unwrap(api.POST('/api/auth/partner/password', { body })),
  listSessions: () => unwrap(api.GET('/api/auth/partner/sessions')),
  revokeSession: (id) => unwrap(api.DELETE('/api/auth/partner/sessions/{session_id}', { params: { path: { session_id: id } } })),
  revokeOthers: () => unwrap(api.POST('/api/auth/partner/sessions/revoke-others')),
};

/** The partner's second factor, for the Security card both entries share (shared/mfa.tsx). */
export const partnerMfa: MfaCalls = {
  setupTotp: () => unwrap(api.POST('/api/auth/partner/mfa/totp/setup')),
  confirmTotp: (code) => unwrap(api.POST('/api/auth/partner/mfa/totp/confirm', { body: { code } })),
  disableTotp: (body) => unwrap(api.DELETE('/api/auth/partner/mfa/totp', { body })),
  regenerateRecoveryCodes: (code) => unwrap(api.POST('/api/auth/partner/mfa/recovery-codes', { body: { code } })),
};

/** The member's passkeys, for the Passkeys card both entries share (shared/passkeys.tsx). */
export const partnerPasskeys: PasskeyCalls = {
  list: () => unwrap(api.GET('/api/auth/partner/mfa/passkeys')),
  options: () => unwrap(api.POST('/api/auth/partner/mfa/passkeys/options')),
  register: (body) => unwrap(api.POST('/api/auth/partner/mfa/passkeys', { body: body as Body<'/api/auth/partner/mfa/passkeys'> })),
  rename: (id, name) => unwrap(api.PATCH('/api/auth/partner/mfa/passkeys/{passkey_id}', { params: { path: { passkey_id: id } }, body: { name } })),
  remove: (id, body) => unwrap(api.DELETE('/api/auth/partner/mfa/passkeys/{passkey_id}', { params: { path: { passkey_id: id } }, body })),
};
