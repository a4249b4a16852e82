/**
 * The one permission table of the portal: every route of the partner-session scope (method and path template as
 * registered) and the least member role that may call it. The portal scope checks it in one onRequest hook, before
 * the body is read or validated (src/routes/portal/roles.ts), and refuses to start with a route the table does not
 * name. docs/accounts.md shows the same table (test/members/permissions.test.ts holds the two equal).
 *
 * A session opened by pasting an API key has no member: it acts as `developer` (in its key's environment only).
 */
import type { MemberRole } from '../../db/schema/index.js';

export const ROLES = ['viewer', 'developer', 'admin', 'owner'] as const satisfies readonly MemberRole[];

const RANK: Record<MemberRole, number> = { viewer: 0, developer: 1, admin: 2, owner: 3 };

/** Whether `role` is at least `needed`. */
export function roleAtLeast(role: MemberRole, needed: MemberRole): boolean {
  return RANK[role] >= RANK[needed];
}

/** The role a session opened with an API key acts as. */
export const KEY_SESSION_ROLE: MemberRole = 'developer';

export const PERMISSIONS = {
  // The signed-in member's own account: everyone.
  'GET /api/auth/partner/me': 'viewer',
  'POST /api/auth/partner/password': 'viewer',
  'GET /api/auth/partner/sessions': 'viewer',
  'DELETE /api/auth/partner/sessions/:session_id': 'viewer',
  'POST /api/auth/partner/sessions/revoke-others': 'viewer',
  // The signed-in member's own second factor: everyone.
  'POST /api/auth/partner/mfa/totp/setup': 'viewer',
  'POST /api/auth/partner/mfa/totp/confirm': 'viewer',
  'DELETE /api/auth/partner/mfa/totp': 'viewer',
  'POST /api/auth/partner/mfa/recovery-codes': 'viewer',
  'POST /api/auth/partner/mfa/passkeys/options': 'viewer',
  'POST /api/auth/partner/mfa/passkeys': 'viewer',
  'GET /api/auth/partner/mfa/passkeys': 'viewer',
  'PATCH /api/auth/partner/mfa/passkeys/:passkey_id': 'viewer',
  'DELETE /api/auth/partner/mfa/passkeys/:passkey_id': 'viewer',
  'POST /api/auth/partner/verify-email/resend': 'admin',
  // Reads: usage, reports, webhook configuration and deliveries, cached calculations, members.
  'GET /api/partners/me/usage': 'viewer',
  'GET /api/partners/me/usage/calls': 'viewer',
  'GET /api/partners/me/usage/current': 'viewer',
  'GET /api/partners/me/usage/export': 'viewer',
  'GET /api/partners/me/usage/alerts': 'viewer',
  'GET /api/partners/me/reports/calculations.csv': 'viewer',
  'GET /api/partners/me/reports/usage.csv': 'viewer',
  'GET /api/partners/me/reports/webhooks.csv': 'viewer',
  'GET /api/partners/me/webhooks': 'viewer',
  'GET /api/partners/me/webhooks/deliveries': 'viewer',
  'GET /api/partners/me/webhooks/events': 'viewer',
  'GET /api/partners/me/webhooks/events/:event_id': 'viewer',
  'GET /api/partners/me/requests': 'viewer',
  'GET /api/partners/me/requests/:request_id': 'viewer',
  'GET /api/partners/me/calculations': 'viewer',
  'GET /api/partners/me/members': 'viewer',
  'GET /api/partners/me/security': 'viewer',
  // Keys (their values included), webhooks, alerts, test events.
  'GET /api/partners/me/api-keys': 'developer',
  'PUT /api/partners/me/api-keys/:environment': 'developer',
  'POST /api/partners/me/api-keys/:environment/rotate': 'developer',
  'POST /api/partners/me/api-keys/:environment/expire-previous': 'developer',
  'PUT /api/v1/keys': 'developer',
  'PUT /v1/keys': 'developer',
  'DELETE /api/v1/keys/:environment': 'developer',
  'DELETE /v1/keys/:environment': 'developer',
  'PUT /api/partners/me/usage/alerts': 'developer',
  'DELETE /api/partners/me/usage/alerts': 'developer',
  'POST /api/partners/me/webhooks': 'developer',
  'DELETE /api/partners/me/webhooks': 'developer',
  'POST /api/partners/me/webhooks/rotate-secret': 'developer',
  'POST /api/partners/me/webhooks/test': 'developer',
  'POST /api/partners/me/webhooks/deliveries/:delivery_id/resend': 'developer',
  'POST /api/partners/me/webhooks/events/:event_id/resend': 'developer',
  // Members (owners excepted: the service refuses an admin's change to an owner), the ingest secret.
  'POST /api/partners/me/members': 'admin',
  'PATCH /api/partners/me/members/:member_id': 'admin',
  'DELETE /api/partners/me/members/:member_id': 'admin',
  'POST /api/partners/me/members/:member_id/sessions/revoke': 'admin',
  'POST /api/partners/me/ingest-secret/rotate': 'admin',
  // Ownership, and the account's sign-in rules.
  'POST /api/partners/me/members/transfer-ownership': 'owner',
  'PATCH /api/partners/me/security': 'owner',
} as const satisfies Record<string, MemberRole>;

export type PermissionKey = keyof typeof PERMISSIONS;

/** The table's key of a route: `METHOD /path/:param` (HEAD is GET's). */
export function permissionKey(method: string, url: string): string {
  return `${method === 'HEAD' ? 'GET' : method} ${url}`;
}

/** The least role of a route, or undefined when the table does not name it. */
export function neededRole(method: string, url: string): MemberRole | undefined {
  return (PERMISSIONS as Record<string, MemberRole | undefined>)[permissionKey(method, url)];
}

/** The refusal's wording: "… needs the developer role". */
export function refusal(needed: MemberRole, role: MemberRole): string {
  return `This operation needs the ${needed} role; you are signed in as ${role === 'admin' || role === 'owner' ? 'an' : 'a'} ${role}`;
}
