/** The audit log: who did what to what, and when. Rows are never updated. */
import { sql } from 'kysely';
import { inIndexOrder, type Executor } from '../../db/database.js';
import { newId } from '../../lib/ids.js';

export interface AuditEntry {
  at: number;
  actorType: 'admin' | 'partner' | 'member' | 'system' | 'server' | 'oidc';
  actorId: string | null;
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  details?: Record<string, unknown>;
}

/** Writes one audit row (call it inside the transaction of the action it records). */
export async function writeAudit(db: Executor, e: AuditEntry): Promise<string> {
  const id = newId('aud', e.at);
  await db
    .insertInto('audit_log')
    .values({
      id,
      at: e.at,
      actor_type: e.actorType,
      actor_id: e.actorId,
      action: e.action,
      target_type: e.targetType ?? null,
      target_id: e.targetId ?? null,
      details: JSON.stringify(e.details ?? {}),
    })
    .execute();
  return id;
}

export interface AuditFilter {
  actorType?: AuditEntry['actorType'];
  actorId?: string;
  targetId?: string;
  /** An action name (exact), or a prefix ending in a dot (`partner.`: every partner action). */
  action?: string;
  /** The id of the last row of the previous page. */
  before?: string;
}

/** Newest first, every filter given must match. */
export function listAudit(db: Executor, limit: number, filter: AuditFilter = {}) {
  return inIndexOrder(db, (db) => listAuditQuery(db, limit, filter).execute());
}

/** The page query itself (its plan is checked by a test). */
export function listAuditQuery(db: Executor, limit: number, filter: AuditFilter = {}) {
  let q = db.selectFrom('audit_log').selectAll();
  if (filter.actorType) q = q.where('actor_type', '=', filter.actorType);
  if (filter.actorId) q = q.where('actor_id', '=', filter.actorId);
  if (filter.targetId) q = q.where('target_id', '=', filter.targetId);
  if (filter.action?.endsWith('.')) {
    // `%` and `_` in the prefix are matched as themselves; ESCAPE '\\' is read the same way by SQLite and PostgreSQL.
    const like = `${filter.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where(sql<boolean>`action like ${like} escape '\\'`);
  } else if (filter.action) q = q.where('action', '=', filter.action);
  if (filter.before) q = q.where('id', '<', filter.before);
  return q.orderBy('id', 'desc').limit(limit);
}
