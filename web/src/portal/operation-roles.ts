/**
 * The least role of every session operation the portal calls: the server's permission table
 * (src/areas/members/permissions.ts) in the typed client's terms, `METHOD /path/{param}`. The pages take the role a
 * control needs from here (web/src/portal/permissions.ts), never from a role written at the button;
 * test/members/web-permissions.test.ts holds this table equal to the server's and fails on a call of the portal
 * that it does not name. No React here: the test imports it as it is.
 */
// The typed client itself rather than web/src/api/client: the server's tests import this module too.
import type { paths } from '@svc-platform/client';

type Role = paths['/api/auth/partner/me']['get']['responses'][200]['content']['application/json']['role'];

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** `METHOD /path/{param}`: an operation of the typed client (a misspelt one does not compile). */
export type Operation = {
  [P in keyof paths]: { [M in Method]: paths[P][Lowercase<M>] extends { responses: unknown } ? `${M} ${P & string}` : never }[Method];
}[keyof paths];

/** The least role of each session operation the portal calls. */
export const OPERATION_ROLES = {
  'GET /api/auth/partner/me': 'viewer',
  'POST /api/auth/partner/password': 'viewer',
  'GET /api/auth/partner/sessions': 'viewer',
  'DELETE /api/auth/partner/sessions/{session_id}': 'viewer',
  'POST /api/auth/partner/sessions/revoke-others': 'viewer',
  'POST /api/auth/partner/mfa/totp/setup': 'viewer',
  'POST /api/auth/partner/mfa/totp/confirm': 'viewer',
  'DELETE /api/auth/partner/mfa/totp': 'viewer',
  'POST /api/auth/partner/mfa/recovery-codes': 'viewer',
  'POST /api/auth/partner/mfa/passkeys/options': 'viewer',
  'POST /api/auth/partner/mfa/passkeys': 'viewer',
  'GET /api/auth/partner/mfa/passkeys': 'viewer',
  'PATCH /api/auth/partner/mfa/passkeys/{passkey_id}': 'viewer',
  'DELETE /api/auth/partner/mfa/passkeys/{passkey_id}': 'viewer',
  'POST /api/auth/partner/verify-email/resend': 'admin',
  'GET /api/partners/me/usage': 'viewer',
  'GET /api/partners/me/usage/calls': 'viewer',
  'GET /api/partners/me/usage/export': 'viewer',
  'GET /api/partners/me/usage/alerts': 'viewer',
  'GET /api/partners/me/reports/calculations.csv': 'viewer',
  'GET /api/partners/me/reports/usage.csv': 'viewer',
  'GET /api/partners/me/reports/webhooks.csv': 'viewer',
  'GET /api/partners/me/webhooks': 'viewer',
  'GET /api/partners/me/webhooks/deliveries': 'viewer',
  'GET /api/partners/me/webhooks/events': 'viewer',
  'GET /api/partners/me/webhooks/events/{event_id}': 'viewer',
  'GET /api/partners/me/requests': 'viewer',
  'GET /api/partners/me/requests/{request_id}': 'viewer',
  'GET /api/partners/me/members': 'viewer',
  'GET /api/partners/me/security': 'viewer',
  'GET /api/partners/me/api-keys': 'developer',
  'PUT /api/partners/me/api-keys/{environment}': 'developer',
  'POST /api/partners/me/api-keys/{environment}/rotate': 'developer',
  'POST /api/partners/me/api-keys/{environment}/expire-previous': 'developer',
  'DELETE /api/v1/keys/{environment}': 'developer',
  'PUT /api/partners/me/usage/alerts': 'developer',
  'POST /api/partners/me/webhooks': 'developer',
  'DELETE /api/partners/me/webhooks': 'developer',
  'POST /api/partners/me/webhooks/rotate-secret': 'developer',
  'POST /api/partners/me/webhooks/test': 'developer',
  'POST /api/partners/me/webhooks/deliveries/{delivery_id}/resend': 'developer',
  'POST /api/partners/me/webhooks/events/{event_id}/resend': 'developer',
  'POST /api/partners/me/members': 'admin',
  'PATCH /api/partners/me/members/{member_id}': 'admin',
  'DELETE /api/partners/me/members/{member_id}': 'admin',
  'POST /api/partners/me/members/{member_id}/sessions/revoke': 'admin',
  'POST /api/partners/me/ingest-secret/rotate': 'admin',
  'POST /api/partners/me/members/transfer-ownership': 'owner',
  'PATCH /api/partners/me/security': 'owner',
} as const satisfies Partial<Record<Operation, Role>>;

export type PortalOperation = keyof typeof OPERATION_ROLES;
