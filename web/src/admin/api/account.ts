/** The administrator's password and sessions, for the Account cards both entries share (shared/account.tsx). */
import { api, unwrap, type Body } from '../../api/client';
import type { AccountCalls } from '../../shared/api/account';
import type { MfaCalls } from '../../shared/api/mfa';
import type { PasskeyCalls } from '../../shared/api/passkeys';

export const adminAccount: AccountCalls = {
  changePassword: (body) => unwrap(api.POST('/api/auth/admin/password', { body })),
  listSessions: () => unwrap(api.GET('/api/auth/admin/sessions')),
  revokeSession: (id) => unwrap(api.DELETE('/api/auth/admin/sessions/{session_id}', { params: { path: { session_id: id } } })),
  revokeOthers: () => unwrap(api.POST('/api/auth/admin/sessions/revoke-others')),
};

/** The administrator's second factor, for the Security card both entries share (shared/mfa.tsx). */
export const adminMfa: MfaCalls = {
  setupTotp: () => unwrap(api.POST('/api/auth/admin/mfa/totp/setup')),
  confirmTotp: (code) => unwrap(api.POST('/api/auth/admin/mfa/totp/confirm', { body: { code } })),
  disableTotp: (body) => unwrap(api.DELETE('/api/auth/admin/mfa/totp', { body })),
  regenerateRecoveryCodes: (code) => unwrap(api.POST('/api/auth/admin/mfa/recovery-codes', { body: { code } })),
};

/** The administrator's passkeys, for the Passkeys card both entries share (shared/passkeys.tsx). */
export const adminPasskeys: PasskeyCalls = {
  list: () => unwrap(api.GET('/api/auth/admin/mfa/passkeys')),
  options: () => unwrap(api.POST('/api/auth/admin/mfa/passkeys/options')),
  register: (body) => unwrap(api.POST('/api/auth/admin/mfa/passkeys', { body: body as Body<'/api/auth/admin/mfa/passkeys'> })),
  rename: (id, name) => unwrap(api.PATCH('/api/auth/admin/mfa/passkeys/{passkey_id}', { params: { path: { passkey_id: id } }, body: { name } })),
  remove: (id, body) => unwrap(api.DELETE('/api/auth/admin/mfa/passkeys/{passkey_id}', { params: { path: { passkey_id: id } }, body })),
};
