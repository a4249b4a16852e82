/** SQL of the status area: probes, incidents and their updates, status checks (takes an Executor: the database or a transaction). */
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { IncidentsTable, IncidentUpdatesTable, StatusProbesTable } from '../../db/schema/public.js';

// ---- probes ----

export async function insertProbes(db: Executor, rows: StatusProbesTable[]): Promise<void> {
  if (rows.length) await db.insertInto('status_probes').values(rows).execute();
}

/** Probe counts per (component, UTC day, status) since an instant (day = epoch day number). */
export async function probeDayCounts(db: Executor, since: number) {
  const day = sql<number>`at / 86400000`;
  const rows = await db
    .selectFrom('status_probes')
    .select((eb) => ['component', 'status', day.as('day'), eb.fn.countAll().as('n')])
    .where('at', '>=', since)
    .groupBy(['component', 'status', day])
    .execute();
  return rows.map((r) => ({ component: r.component, status: r.status, day: Number(r.day), n: Number(r.n) }));
}

export function latestProbe(db: Executor, component: string) {
  return db
    .selectFrom('status_probes')
    .select(['at', 'status', 'response_ms', 'response_us', 'detail'])
    .where('component', '=', component)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** When a component was last probed (null: never); one seek of (component, at). */
export async function latestProbeAt(db: Executor, component: string): Promise<number | null> {
  const row = await db.selectFrom('status_probes').select('at').where('component', '=', component).orderBy('at', 'desc').limit(1).executeTakeFirst();
  return row ? Number(row.at) : null;
}

export async function deleteProbesBefore(db: Executor, before: number): Promise<number> {
  const r = await db.deleteFrom('status_probes').where('at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}

// ---- incidents ----

export async function insertIncident(db: Executor, row: IncidentsTable): Promise<void> {
  await db.insertInto('incidents').values(row).execute();
}

export async function updateIncident(db: Executor, id: string, patch: Partial<IncidentsTable>): Promise<void> {
  await db.updateTable('incidents').set(patch).where('id', '=', id).execute();
}

export function getIncident(db: Executor, id: string) {
  return db.selectFrom('incidents').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteIncident(db: Executor, id: string): Promise<number> {
  const r = await db.deleteFrom('incidents').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Open incidents, plus those resolved at or after `resolvedSince`; newest first. */
export function incidentsForStatus(db: Executor, resolvedSince: number, limit: number) {
  return db
    .selectFrom('incidents')
    .selectAll()
    .where((eb) => eb.or([eb('resolved_at', 'is', null), eb('resolved_at', '>=', resolvedSince)]))
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function listIncidents(db: Executor, limit: number, status?: string) {
  let q = db.selectFrom('incidents').selectAll();
  if (status === 'open') q = q.where('resolved_at', 'is', null);
  else if (status) q = q.where('status', '=', status);
  return q.orderBy('started_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function insertIncidentUpdate(db: Executor, row: IncidentUpdatesTable): Promise<void> {
  await db.insertInto('incident_updates').values(row).execute();
}

export function updatesOf(db: Executor, incidentIds: string[]) {
  if (incidentIds.length === 0) return Promise.resolve([] as IncidentUpdatesTable[]);
  return db.selectFrom('incident_updates').selectAll().where('incident_id', 'in', incidentIds).orderBy('at', 'desc').orderBy('id', 'desc').execute();
}

/** The newest incident updates of every incident, with their incident's fields (the incidents feed). */
export function recentIncidentUpdates(db: Executor, limit: number) {
  return db
    .selectFrom('incident_updates as u')
    .innerJoin('incidents as i', 'i.id', 'u.incident_id')
    .select([
      'u.id as id',
      'u.at as at',
      'u.status as status',
      'u.message as message',
      'i.id as incident_id',
      'i.title as title',
      'i.impact as impact',
      'i.components as components',
      'i.started_at as started_at',
      'i.resolved_at as resolved_at',
    ])
    .orderBy('u.at', 'desc')
    .orderBy('u.id', 'desc')
    .limit(limit)
    .execute();
}

// ---- status checks ----

export async function insertStatusCheck(db: Executor, row: { id: string; client_name: string; created_at: number }): Promise<void> {
  await db.insertInto('status_checks').values(row).execute();
}

/** Keeps the newest `keep` status checks and deletes the rest. */
export async function trimStatusChecks(db: Executor, keep: number): Promise<void> {
  const edge = await db.selectFrom('status_checks').select(['created_at', 'id']).orderBy('created_at', 'desc').orderBy('id', 'desc').offset(keep - 1).limit(1).executeTakeFirst();
  if (!edge) return;
  await db
    .deleteFrom('status_checks')
    .where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(edge.created_at, edge.id)))
    .execute();
}

export function listStatusChecks(db: Executor, limit: number) {
  return db.selectFrom('status_checks').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
