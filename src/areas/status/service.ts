/** Status page, platform metrics, status checks and incidents (rules; SQL in repo.ts). */
import type { Deps } from '../../context.js';
import type { IncidentsTable, IncidentUpdatesTable } from '../../db/schema/public.js';
import { DAY_MS, dayHistory, overallStatus, statusFromImpact, uptimePercent, worst, type ComponentStatus, type DayCount } from '../../domain/status.js';
import { writeAudit } from '../audit/repo.js';
import { errors } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { iso, isoOrNull, parseInstant, utcMonth } from '../../lib/time.js';
import { COMPONENTS, probedHere, runProbes, wholeMs, type ProbeDeps } from './probes.js';
import { countCalculations } from '../calculations/repo.js';
import { countUsageEvents } from '../usage-events/repo.js';
import { countActivePartners, countPartners } from '../partners/repo.js';
import { countCallsServed, countEndUsersThisMonth } from '../metering/repo.js';
import { countDeliveredEvents } from '../webhooks/repo.js';
import * as repo from './repo.js';
import type { IncidentCreate, IncidentPatch } from './schemas.js';
import type { FeedUpdate } from './incident-feed.js';

export const HISTORY_DAYS = 30;
/** When a component this process can probe has no probe younger than this, the status page probes on demand before answering. */
export const STALE_PROBE_MS = 5 * 60_000;
const RESOLVED_SHOWN_MS = 7 * DAY_MS;

let inFlight: Promise<unknown> | null = null;

/**
 * Runs the probes now unless each component this process can probe has a recent result (one run at a
 * time per process). Per component: a server beside a standalone worker (which probes everything but
 * the partner API) still probes its partner API when it is read.
 */
async function ensureFreshProbes(deps: ProbeDeps): Promise<void> {
  const now = deps.clock.now();
  const latest = await Promise.all(probedHere(deps).map((c) => repo.latestProbeAt(deps.database.db, c.id)));
  if (latest.every((at) => at !== null && now - at < STALE_PROBE_MS)) return;
  if (!inFlight) inFlight = runProbes(deps).finally(() => (inFlight = null));
  await inFlight;
}

type IncidentRow = IncidentsTable;

function incidentOut(row: IncidentRow, updates: IncidentUpdatesTable[]) {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    impact: row.impact as 'none' | 'minor' | 'major' | 'critical',
    status: row.status as 'investigating' | 'identified' | 'monitoring' | 'resolved',
    started_at: iso(row.started_at),
    resolved_at: isoOrNull(row.resolved_at),
    components: JSON.parse(row.components) as string[],
    updated_at: iso(row.updated_at),
    updates: updates
      .filter((u) => u.incident_id === row.id)
      .map((u) => ({ id: u.id, at: iso(u.at), status: u.status as 'resolved', message: u.message })),
  };
}

async function withUpdates(deps: Pick<Deps, 'database'>, rows: IncidentRow[]) {
  const updates = await repo.updatesOf(deps.database.db, rows.map((r) => r.id));
  return rows.map((r) => incidentOut(r, updates));
}

export async function componentStatuses(deps: ProbeDeps, openIncidents: IncidentRow[]) {
  await ensureFreshProbes(deps);
  const now = deps.clock.now();
  const today = Math.floor(now / DAY_MS);
  const counts = await repo.probeDayCounts(deps.database.db, (today - HISTORY_DAYS + 1) * DAY_MS);
  return Promise.all(
    COMPONENTS.map(async (c) => {
      const rows: DayCount[] = counts.filter((r) => r.component === c.id).map((r) => ({ day: r.day, status: r.status as ComponentStatus, n: r.n }));
      const latest = await repo.latestProbe(deps.database.db, c.id);
      let status: ComponentStatus = (latest?.status as ComponentStatus) ?? 'operational';
      for (const inc of openIncidents) {
        if ((JSON.parse(inc.components) as string[]).includes(c.id)) status = worst(status, statusFromImpact(inc.impact));
      }
      return {
        id: c.id,
        name: c.name,
        description: c.description,
        status,
        uptime_30d: uptimePercent(rows),
        // Whole milliseconds stay an integer (SPEC), at least 1: a sub-millisecond probe is not "0 ms".
        response_ms: latest ? (latest.response_us === null ? Math.max(1, Number(latest.response_ms)) : wholeMs(Number(latest.response_us))) : 0,
        response_us: latest?.response_us === null || latest?.response_us === undefined ? null : Number(latest.response_us),
        history: dayHistory(rows, now, HISTORY_DAYS),
        checked_at: latest ? iso(Number(latest.at)) : null,
        detail: latest?.detail ?? null,
      };
    }),
  );
}

export async function statusOverview(deps: ProbeDeps) {
  const now = deps.clock.now();
  const incidents = await repo.incidentsForStatus(deps.database.db, now - RESOLVED_SHOWN_MS, 50);
  const open = incidents.filter((i) => i.resolved_at === null);
  const components = await componentStatuses(deps, open);
  return {
    // Open incidents count whether or not they name a component: one of impact minor or worse is never "operational".
    status: overallStatus(
      components.map((c) => c.status),
      open.map((i) => i.impact),
    ),
    updated_at: iso(now),
    components,
    incidents: await withUpdates(deps, incidents),
  };
}

/** How many updates the incidents feed carries (newest first). */
export const INCIDENT_FEED_ENTRIES = 50;

/** The newest incident updates for the incidents feed, each with its incident and the names of the components it affects. */
export async function incidentFeedUpdates(deps: Pick<Deps, 'database'>): Promise<FeedUpdate[]> {
  const rows = await repo.recentIncidentUpdates(deps.database.db, INCIDENT_FEED_ENTRIES);
  const names = new Map<string, string>(COMPONENTS.map((c) => [c.id, c.name]));
  return rows.map((r) => ({
    id: r.id,
    at: Number(r.at),
    status: r.status,
    message: r.message,
    incident_id: r.incident_id,
    title: r.title,
    impact: r.impact,
    components: (JSON.parse(r.components) as string[]).map((id) => names.get(id) ?? id),
    started_at: Number(r.started_at),
    resolved_at: r.resolved_at === null ? null : Number(r.resolved_at),
  }));
}

/** Public aggregates: counts only, nothing that identifies a partner or an end user. */
export async function platformMetrics(deps: ProbeDeps) {
  const db = deps.database.db;
  const components = await componentStatuses(deps, []);
  const per: Record<string, number> = {};
  for (const c of components) per[c.id] = c.uptime_30d;
  const now = deps.clock.now();
  const [total, active, cached, monthUsers, delivered, served, ingested] = await Promise.all([
    countPartners(db),
    countActivePartners(db),
    countCalculations(db),
    countEndUsersThisMonth(db, utcMonth(now)),
    countDeliveredEvents(db),
    countCallsServed(db),
    countUsageEvents(db),
  ]);
  return {
    generated_at: iso(now),
    partners: { total, active },
    calls_served: served,
    calculations: { end_users_cached: cached, end_users_this_month: monthUsers },
    events_ingested: ingested,
    webhooks_delivered: delivered,
    uptime_30d: Math.min(...components.map((c) => c.uptime_30d)),
    components: per,
  };
}

// ---- status checks ----

/** How many status checks are kept (the newest); GET /api/status lists at most this many. */
export const STATUS_CHECKS_KEPT = 1000;

export async function createStatusCheck(deps: Pick<Deps, 'clock' | 'database'>, clientName: string) {
  const now = deps.clock.now();
  const row = { id: newId('chk', now), client_name: clientName.trim() || clientName, created_at: now };
  await deps.database.tx(async (trx) => {
    await repo.insertStatusCheck(trx, row);
    await repo.trimStatusChecks(trx, STATUS_CHECKS_KEPT);
  });
  return { id: row.id, client_name: row.client_name, timestamp: iso(now) };
}

export async function listStatusChecks(deps: Pick<Deps, 'database'>, limit: number) {
  const rows = await repo.listStatusChecks(deps.database.db, limit);
  return rows.map((r) => ({ id: r.id, client_name: r.client_name, timestamp: iso(r.created_at) }));
}

// ---- incidents (admin) ----

export interface Actor {
  adminId: string;
}

export async function listIncidents(deps: Pick<Deps, 'database'>, limit: number, status?: string) {
  const rows = await repo.listIncidents(deps.database.db, limit, status);
  const items = await withUpdates(deps, rows);
  return { items, count: items.length };
}

async function loadIncident(deps: Pick<Deps, 'database'>, id: string) {
  const row = await repo.getIncident(deps.database.db, id);
  if (!row) throw errors.notFound(`No incident '${id}'`);
  return (await withUpdates(deps, [row]))[0];
}

export async function createIncident(deps: Pick<Deps, 'clock' | 'database'>, actor: Actor, body: IncidentCreate) {
  const now = deps.clock.now();
  let startedAt = now;
  if (body.started_at !== undefined) {
    const t = parseInstant(body.started_at);
    if (t === null) throw errors.invalid(['body', 'started_at'], 'Input should be a valid datetime', body.started_at, 'datetime_parsing');
    if (t > now) throw errors.invalid(['body', 'started_at'], 'started_at cannot be in the future', body.started_at);
    startedAt = t;
  }
  const status = body.status ?? 'investigating';
  const id = newId('inc', now);
  await deps.database.tx(async (trx) => {
    await repo.insertIncident(trx, {
      id,
      title: body.title.trim(),
      summary: body.summary.trim(),
      impact: body.impact,
      status,
      components: JSON.stringify(body.components ?? []),
      started_at: startedAt,
      resolved_at: status === 'resolved' ? now : null,
      created_at: now,
      updated_at: now,
    });
    await repo.insertIncidentUpdate(trx, { id: newId('incu', now), incident_id: id, at: now, status, message: body.summary.trim() });
    await writeAudit(trx, {
      at: now,
      actorType: 'admin',
      actorId: actor.adminId,
      action: 'incident.created',
      targetType: 'incident',
      targetId: id,
      details: { impact: body.impact, status, components: body.components ?? [] },
    });
  });
  return loadIncident(deps, id);
}

export async function updateIncident(deps: Pick<Deps, 'clock' | 'database'>, actor: Actor, id: string, body: IncidentPatch) {
  const now = deps.clock.now();
  await deps.database.tx(async (trx) => {
    const row = await repo.getIncident(trx, id);
    if (!row) throw errors.notFound(`No incident '${id}'`);
    const patch: Partial<IncidentsTable> = { updated_at: now };
    if (body.title !== undefined) patch.title = body.title.trim();
    if (body.summary !== undefined) patch.summary = body.summary.trim();
    if (body.impact !== undefined) patch.impact = body.impact;
    if (body.components !== undefined) patch.components = JSON.stringify(body.components);
    const status = body.status ?? row.status;
    if (body.status !== undefined && body.status !== row.status) {
      patch.status = body.status;
      // Resolving stamps resolved_at; moving a resolved incident back re-opens it.
      patch.resolved_at = body.status === 'resolved' ? now : null;
    }
    await repo.updateIncident(trx, id, patch);
    if (body.message !== undefined || patch.status !== undefined) {
      await repo.insertIncidentUpdate(trx, {
        id: newId('incu', now),
        incident_id: id,
        at: now,
        status,
        message: body.message?.trim() ?? `Status changed to ${status}.`,
      });
    }
    await writeAudit(trx, {
      at: now,
      actorType: 'admin',
      actorId: actor.adminId,
      action: status === 'resolved' && row.status !== 'resolved' ? 'incident.resolved' : 'incident.updated',
      targetType: 'incident',
      targetId: id,
      details: { changed: Object.keys(body), from_status: row.status, to_status: status },
    });
  });
  return loadIncident(deps, id);
}

export async function deleteIncident(deps: Pick<Deps, 'clock' | 'database'>, actor: Actor, id: string) {
  const now = deps.clock.now();
  await deps.database.tx(async (trx) => {
    const row = await repo.getIncident(trx, id);
    if (!row) throw errors.notFound(`No incident '${id}'`);
    await repo.deleteIncident(trx, id);
    await writeAudit(trx, { at: now, actorType: 'admin', actorId: actor.adminId, action: 'incident.deleted', targetType: 'incident', targetId: id, details: { title: row.title } });
  });
  return { deleted: true, id };
}
