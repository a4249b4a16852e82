/** Small pieces shared by the accounts services. */
import type { Executor } from '../../db/database.js';
import type { ApiKeysTable, PartnersTable } from '../../db/schema/index.js';
import { isoOrNull, iso } from '../../lib/time.js';
import { writeAudit } from '../audit/repo.js';
import type { PartnerAccount } from './schemas.js';

/** Who is acting: an admin (session), a partner (session or key), or another system (platform secret). */
export type Actor =
  /** `oidc`: single sign-on creating an administrator at their first sign-in (id: the issuer). */
  | { type: 'admin' | 'partner' | 'server' | 'oidc'; id: string | null }
  /** A member of a partner account (a session it opened): its entries name it, its email and its account. */
  | { type: 'member'; id: string; email: string; partnerId: string };

/** The details of an entry with who acted in them: a member's email and account. */
export function actorDetails(actor: Actor, details: Record<string, unknown> = {}): Record<string, unknown> {
  return actor.type === 'member' ? { ...details, member_email: actor.email, partner_id: actor.partnerId } : details;
}

export function audit(db: Executor, actor: Actor, at: number, action: string, targetType: string | null, targetId: string | null, details: Record<string, unknown> = {}) {
  return writeAudit(db, { at, actorType: actor.type, actorId: actor.id, action, targetType, targetId, details: actorDetails(actor, details) });
}

/** A unique-constraint violation on either database (a race the service's own check lost). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  if (!e) return false;
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export function toPartnerAccount(p: PartnersTable, keys: Pick<ApiKeysTable, 'environment' | 'masked'>[]): PartnerAccount {
  return {
    id: p.id,
    email: p.email,
    email_verified: p.email_verified_at !== null,
    company_name: p.company,
    contact_name: p.name,
    tier: p.tier,
    active: Number(p.active) === 1,
    production_enabled: p.activated_at !== null,
    created_at: iso(Number(p.created_at)),
    activated_at: isoOrNull(p.activated_at === null ? null : Number(p.activated_at)),
    signup_source: p.signup_source,
    sandbox_key_masked: keys.find((k) => k.environment === 'test')?.masked ?? null,
    production_key_masked: keys.find((k) => k.environment === 'live')?.masked ?? null,
  };
}

/** The session token presented the same way the session guards read it. */
export { presentedSessionToken } from '../../http/auth.js';
