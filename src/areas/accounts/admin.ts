/** Administrator operations on partners (admin session); every one is written to the audit log. */
import type { Deps } from '../../context.js';
import type { Executor } from '../../db/database.js';
import type { ApiKeysTable, PartnersTable } from '../../db/schema/index.js';
import { errors } from '../../http/errors.js';
import { decodeCursor, encodeCursor } from '../../http/pagination.js';
import { iso, isoOrNull } from '../../lib/time.js';
import { previousExpiresAt } from '../api-keys/service.js';
import { listAudit } from '../audit/repo.js';
import { countCalculations } from '../calculations/repo.js';
import { countKeysOfPartner, deletePartnerRow, externalKeys, findPartnerById, keysOfPartners, pagePartners, setPartnerActive, setProductionAccess as setPartnerProductionAccess } from '../partners/repo.js';
import { countEndpointsOfPartner, countEvents } from '../webhooks/repo.js';
import { deletePartnerRequestLog } from '../request-log/repo.js';
import { currentUsageOfPartners, type UsageReadDeps } from '../metering/service.js';
import { audit, toPartnerAccount, type Actor } from './common.js';
import { deletePartnerSessions, deleteSessionsOfSubject } from './repo.js';
import type { AuditQuery } from './schemas.js';

function adminPartner(p: PartnersTable, keys: ApiKeysTable[], usage: Awaited<ReturnType<typeof currentUsageOfPartners>>, now: number) {
  const mine = keys.filter((k) => k.partner_id === p.id);
  // The admin view lists every key slot instead of the two masked fields.
  const { sandbox_key_masked: _test, production_key_masked: _live, ...account } = toPartnerAccount(p, mine);
  return {
    ...account,
    keys: mine.map((k) => ({
      id: k.id,
      environment: k.environment,
      masked: k.masked,
      source: k.source,
      created_at: iso(Number(k.created_at)),
      last_rotated_at: isoOrNull(k.last_rotated_at === null ? null : Number(k.last_rotated_at)),
      previous_expires_at: isoOrNull(previousExpiresAt(k, now)),
    })),
    this_month: usage.get(p.id)!,
  };
}

export async function listPartners(deps: UsageReadDeps, query: { limit: number; cursor?: string; q?: string; status?: 'active' | 'suspended' }) {
  const after = query.cursor ? (decodeCursor(query.cursor, ['number', 'string']) as [number, string]) : null;
  const db = deps.database.db;
  const rows = await pagePartners(db, query.limit + 1, { q: query.q, status: query.status, after });
  const page = rows.slice(0, query.limit);
  const [keys, usage] = await Promise.all([keysOfPartners(db, page.map((p) => p.id)), currentUsageOfPartners(deps, page)]);
  const last = page[page.length - 1];
  return {
    items: page.map((p) => adminPartner(p, keys, usage, deps.clock.now())),
    next_cursor: rows.length > query.limit && last ? encodeCursor([Number(last.created_at), last.id]) : null,
    count: page.length,
  };
}

/** One partner as the list shows it (404 when there is none). */
export async function getPartner(deps: UsageReadDeps, partnerId: string) {
  const p = await mustFind(deps, partnerId);
  const [keys, usage] = await Promise.all([keysOfPartners(deps.database.db, [p.id]), currentUsageOfPartners(deps, [p])]);
  return adminPartner(p, keys, usage, deps.clock.now());
}

async function mustFindIn(db: Executor, partnerId: string) {
  const p = await findPartnerById(db, partnerId);
  if (!p) throw errors.notFound(`No partner with id '${partnerId}'`);
  return p;
}

function mustFind(deps: Pick<Deps, 'database'>, partnerId: string) {
  return mustFindIn(deps.database.db, partnerId);
}

export { mustFind as findPartnerOr404 };

/** The answer of suspend, activate and production access: the partner's state after the change. */
function stateOf(p: PartnersTable, changed: boolean) {
  const activatedAt = p.activated_at === null ? null : Number(p.activated_at);
  return { partner_id: p.id, active: Number(p.active) === 1, production_enabled: activatedAt !== null, activated_at: isoOrNull(activatedAt), changed };
}

/**
 * Suspend: every key of the partner answers 403 from the very next request, and every session
 * of the partner ends (deleted in the same transaction), so activating the partner again brings
 * none back: the partner signs in anew. Production access is left as it is.
 */
export async function suspend(deps: Pick<Deps, 'auth' | 'clock' | 'database'>, actor: Actor, partnerId: string) {
  const now = deps.clock.now();
  const r = await deps.database.tx(async (trx) => {
    await mustFindIn(trx, partnerId);
    const changed = await setPartnerActive(trx, partnerId, false);
    const sessionsEnded = await deleteSessionsOfSubject(trx, 'partner', partnerId);
    await audit(trx, actor, now, 'partner.suspend', 'partner', partnerId, { changed, sessions_ended: sessionsEnded });
    return stateOf(await mustFindIn(trx, partnerId), changed);
  });
  await deps.auth.invalidatePartner(partnerId);
  return r;
}

/**
 * Activate: undoes a suspension, and nothing else. Production access is its own operation
 * (setProductionAccess): reactivating a sandbox-only partner must not start billing it.
 */
export async function activate(deps: Pick<Deps, 'auth' | 'clock' | 'database'>, actor: Actor, partnerId: string) {
  const now = deps.clock.now();
  const r = await deps.database.tx(async (trx) => {
    await mustFindIn(trx, partnerId);
    const changed = await setPartnerActive(trx, partnerId, true);
    await audit(trx, actor, now, 'partner.activate', 'partner', partnerId, { changed });
    return stateOf(await mustFindIn(trx, partnerId), changed);
  });
  await deps.auth.invalidatePartner(partnerId);
  return r;
}

/**
 * Production access on or off: the partner's live key works (is billed) from its next request,
 * or answers 403 production_not_enabled from it. Enabling sets `activated_at` (kept when it is
 * already enabled); disabling clears it. A suspended partner stays suspended either way.
 */
export async function setProductionAccess(deps: Pick<Deps, 'auth' | 'clock' | 'database'>, actor: Actor, partnerId: string, enabled: boolean) {
  const now = deps.clock.now();
  const r = await deps.database.tx(async (trx) => {
    await mustFindIn(trx, partnerId);
    const changed = await setPartnerProductionAccess(trx, partnerId, enabled, now);
    await audit(trx, actor, now, enabled ? 'partner.production_access.enable' : 'partner.production_access.disable', 'partner', partnerId, { changed });
    return stateOf(await mustFindIn(trx, partnerId), changed);
  });
  await deps.auth.invalidatePartner(partnerId);
  return r;
}

/**
 * Hard delete in one transaction: the partner row (its keys, cached calculations,
 * webhooks, events and every other area's rows go with it through ON DELETE CASCADE)
 * and its sessions (no foreign key: deleted here). The audit row stays.
 */
export async function deletePartner(deps: Pick<Deps, 'auth' | 'clock' | 'database' | 'requestLog'>, actor: Actor, partnerId: string) {
  const now = deps.clock.now();
  const removed = await deps.database.tx(async (trx) => {
    const p = await findPartnerById(trx, partnerId);
    if (!p) throw errors.notFound(`No partner with id '${partnerId}'`);
    const counts: Record<string, number> = {};
    counts.api_keys = await countKeysOfPartner(trx, partnerId);
    counts.calculations = await countCalculations(trx, partnerId);
    counts.webhook_endpoints = await countEndpointsOfPartner(trx, partnerId);
    counts.webhook_events = await countEvents(trx, partnerId);
    counts.sessions = await deletePartnerSessions(trx, partnerId);
    counts.request_log = await deletePartnerRequestLog(trx, partnerId);
    counts.partners = await deletePartnerRow(trx, partnerId);
    await audit(trx, actor, now, 'partner.delete', 'partner', partnerId, { email: p.email, company: p.company, removed: counts });
    return counts;
  });
  await deps.auth.invalidatePartner(partnerId);
  // Rows of the partner's last requests still queued are not written after it is gone.
  deps.requestLog.forget(partnerId);
  return { deleted: true, partner_id: partnerId, removed };
}

export async function listExternalKeys(deps: Pick<Deps, 'database'>) {
  const rows = await externalKeys(deps.database.db);
  return {
    items: rows.map((r) => ({
      id: r.id,
      partner_id: r.partner_id,
      email: r.email,
      company_name: r.company,
      environment: r.environment,
      key_masked: r.masked ?? '',
      source: r.source,
      created_at: iso(Number(r.created_at)),
      last_rotated_at: isoOrNull(r.last_rotated_at === null ? null : Number(r.last_rotated_at)),
    })),
    count: rows.length,
  };
}

export async function platformIngestSecret(deps: Pick<Deps, 'clock' | 'config' | 'database'>, actor: Actor) {
  const configured = deps.config.ingestSecret;
  await audit(deps.database.db, actor, deps.clock.now(), 'ingest_secret.read', 'platform', null, { configured: !!configured });
  return {
    configured: !!configured,
    ingest_secret: configured,
    header_name: 'X-Service-Ingest-Secret',
    scope: '/api/ingest/*, /api/v1/admin/* (also accepted as Authorization: Bearer)',
  };
}

export async function auditLog(deps: Pick<Deps, 'database'>, query: AuditQuery) {
  const before = query.cursor ? decodeCursor(query.cursor, ['string'])[0] : undefined;
  const rows = await listAudit(deps.database.db, query.limit + 1, {
    actorType: query.actor_type,
    actorId: query.actor_id,
    targetId: query.target_id,
    // Every action is named in lower case; so is the filter, the same on both databases (SQLite's LIKE ignores ASCII case).
    action: query.action?.toLowerCase(),
    before,
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({
      id: r.id,
      at: iso(Number(r.at)),
      actor_type: r.actor_type,
      actor_id: r.actor_id,
      action: r.action,
      target_type: r.target_type,
      target_id: r.target_id,
      details: safeJson(r.details),
    })),
    next_cursor: rows.length > query.limit && last ? encodeCursor([last.id]) : null,
    count: page.length,
  };
}

function safeJson(text: string): Record<string, unknown> {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
