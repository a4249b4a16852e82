/** Rules of the ingest area: platform ingest, dashboards, exports, demo data, erasure. */
import type { Deps } from '../../context.js';
import type { Environment } from '../../db/schema/index.js';
import type { UsageEventsTable } from '../../db/schema/ingest.js';
import type { ExportAnswer } from '../../http/csv.js';
import { yieldToEventLoop } from '../../lib/loop.js';
import { errors, ValidationFailed, type ValidationItem } from '../../http/errors.js';
import { writeAudit } from '../audit/repo.js';
import { DAY_MS, iso, parseInstant, utcDay } from '../../lib/time.js';
import { DEMO_ID_PREFIX, demoDay } from './demo.js';
import { recordUsageEvents, type UsageEventInput } from './events.js';
import { applyPendingRollups } from './rollups.js';
import {
  dailyActive,
  dailyRollup,
  eraseUserEvents,
  pageEvents,
  partnerTotals,
  storedEventKeys,
  windowActiveUsers,
  type PartnerFilter,
} from './repo.js';
import { existingPartnerIds, listPartnerSummaries, partnerSummary } from '../partners/repo.js';
import type { AdminUsage, IngestEvent, PartnerUsage, PartnerUsageRow, UsageCounts, UsageDay } from './schemas.js';

// ---------------------------------------------------------------- ingest

/**
 * Stores platform events (environment `live`): every `occurred_at` must parse (422 at
 * the item), every partner must exist (400 with `missing`, nothing stored), then
 * the whole call is one transaction.
 */
export async function ingestEvents(deps: Pick<Deps, 'clock' | 'database' | 'usageEvents'>, events: IngestEvent[], locPrefix: (string | number)[], itemLoc: (i: number) => (string | number)[]) {
  const receivedAt = deps.clock.now();
  const bad: ValidationItem[] = [];
  const inputs: UsageEventInput[] = events.map((e, i) => {
    let occurredAt = receivedAt;
    if (e.occurred_at != null) {
      const ms = parseInstant(e.occurred_at);
      if (ms === null) {
        bad.push({
          type: 'datetime_from_date_parsing',
          loc: [...locPrefix, ...itemLoc(i), 'occurred_at'],
          msg: 'Input should be a valid datetime or date (ISO 8601)',
          input: e.occurred_at,
        });
      } else occurredAt = ms;
    }
    return {
      partnerId: e.partner_id,
      environment: 'live',
      eventType: e.event_type,
      userId: e.user_id ?? null,
      amountCents: e.amount_cents ?? null,
      category: e.category ?? null,
      institution: e.institution ?? null,
      occurredAt,
      id: e.id ?? null,
    };
  });
  if (bad.length > 0) throw new ValidationFailed(bad);

  const partners = [...new Set(events.map((e) => e.partner_id))];
  try {
    // The foreign key to partners is the check: an unknown partner fails the transaction, so nothing is stored.
    const r = await recordUsageEvents(deps, deps.database.db, inputs);
    return { accepted: r.accepted, partners, duplicates: r.duplicates };
  } catch (err) {
    const found = await existingPartnerIds(deps.database.db, partners);
    const missing = partners.filter((p) => !found.has(p));
    if (missing.length > 0) {
      throw errors.badRequest(`Unknown partner id${missing.length === 1 ? '' : 's'}: ${missing.join(', ')}`, { missing });
    }
    throw err;
  }
}

// ---------------------------------------------------------------- dashboards

export interface Window {
  days: number;
  startDay: string;
  endDay: string;
  /** epoch ms, inclusive */
  from: number;
  /** epoch ms, exclusive (the end of today) */
  to: number;
}

/** The `days` UTC days ending today. */
export function windowOf(now: number, days: number): Window {
  const todayStart = Math.floor(now / DAY_MS) * DAY_MS;
  const from = todayStart - (days - 1) * DAY_MS;
  return { days, startDay: utcDay(from), endDay: utcDay(todayStart), from, to: todayStart + DAY_MS };
}

function zeroCounts(): UsageCounts {
  return { events: 0, user_signup: 0, account_link: 0, transaction: 0, transaction_volume_cents: 0, active_users: 0 };
}

async function windowUsage(deps: Pick<Deps, 'database'>, f: PartnerFilter, environment: Environment, w: Window) {
  const db = deps.database.db;
  // Fold in every delta acknowledged so far (waiting for any the worker is applying right now).
  await applyPendingRollups(deps.database, db, { environment, ...(f.partnerId !== null ? { partnerId: f.partnerId } : {}) });
  const [rollup, active, distinct] = await Promise.all([
    dailyRollup(db, f, environment, w.startDay, w.endDay),
    dailyActive(db, f, environment, w.startDay, w.endDay),
    windowActiveUsers(db, f, environment, w.startDay, w.endDay),
  ]);
  const byDay = new Map<string, UsageDay>();
  const daily: UsageDay[] = [];
  for (let t = w.from; t < w.to; t += DAY_MS) {
    const d = { date: utcDay(t), ...zeroCounts() };
    byDay.set(d.date, d);
    daily.push(d);
  }
  const totals = zeroCounts();
  const cats = new Map<string, { category: string | null; transactions: number; volume_cents: number }>();
  for (const r of rollup) {
    const d = byDay.get(r.day);
    if (!d) continue;
    d[r.event_type] += r.events;
    d.events += r.events;
    totals[r.event_type] += r.events;
    totals.events += r.events;
    if (r.event_type === 'transaction') {
      d.transaction_volume_cents += r.amount_cents;
      totals.transaction_volume_cents += r.amount_cents;
      const c = cats.get(r.category) ?? { category: r.category === '' ? null : r.category, transactions: 0, volume_cents: 0 };
      c.transactions += r.events;
      c.volume_cents += r.amount_cents;
      cats.set(r.category, c);
    }
  }
  for (const a of active) {
    const d = byDay.get(a.day);
    if (d) d.active_users = a.active_users;
  }
  totals.active_users = [...distinct.values()].reduce((a, b) => a + b, 0);
  const by_category = [...cats.values()].sort(
    (a, b) => b.volume_cents - a.volume_cents || b.transactions - a.transactions || String(a.category).localeCompare(String(b.category)),
  );
  return { environment, days: w.days, start_date: w.startDay, end_date: w.endDay, daily, by_category, totals, distinct };
}

export async function partnerUsage(deps: Pick<Deps, 'clock' | 'database'>, partnerId: string, days: number, environment: Environment): Promise<PartnerUsage> {
  const { distinct: _d, ...u } = await windowUsage(deps, { partnerId }, environment, windowOf(deps.clock.now(), days));
  return { partner_id: partnerId, ...u };
}

/** Admin view of one partner: 404 when it does not exist. */
export async function adminPartnerUsage(deps: Pick<Deps, 'clock' | 'database'>, partnerId: string, days: number, environment: Environment): Promise<PartnerUsage> {
  if (!(await partnerSummary(deps.database.db, partnerId))) throw errors.notFound(`Partner '${partnerId}' not found`);
  return partnerUsage(deps, partnerId, days, environment);
}

async function partnerRows(deps: Pick<Deps, 'database'>, w: Window, environment: Environment, distinct: Map<string, number>): Promise<PartnerUsageRow[]> {
  const db = deps.database.db;
  const [partners, totals] = await Promise.all([listPartnerSummaries(db), partnerTotals(db, environment, w.startDay, w.endDay)]);
  const rows = new Map<string, PartnerUsageRow>();
  for (const p of partners) {
    rows.set(p.id, {
      partner_id: p.id,
      company: p.company,
      email: p.email,
      active: Number(p.active) === 1,
      ...zeroCounts(),
      active_users: distinct.get(p.id) ?? 0,
    });
  }
  for (const t of totals) {
    const r = rows.get(t.partner_id);
    if (!r) continue;
    r[t.event_type] += t.events;
    r.events += t.events;
    if (t.event_type === 'transaction') r.transaction_volume_cents += t.amount_cents;
  }
  return [...rows.values()].sort((a, b) => b.events - a.events || a.partner_id.localeCompare(b.partner_id));
}

export async function adminUsage(deps: Pick<Deps, 'clock' | 'database'>, days: number, environment: Environment): Promise<AdminUsage> {
  const w = windowOf(deps.clock.now(), days);
  const { distinct, ...u } = await windowUsage(deps, { partnerId: null }, environment, w);
  return { ...u, partners: await partnerRows(deps, w, environment, distinct) };
}

// ---------------------------------------------------------------- exports

export const SUMMARY_COLUMNS = ['date', 'events', 'user_signup', 'account_link', 'transaction', 'transaction_volume_cents', 'active_users'];
export const EVENT_COLUMNS = [
  'id',
  'partner_id',
  'environment',
  'event_type',
  'occurred_at',
  'user_id',
  'amount_cents',
  'category',
  'institution',
  'client_event_id',
  'received_at',
];
export const PARTNER_COLUMNS = ['partner_id', 'company', 'email', 'active', ...SUMMARY_COLUMNS.slice(1)];

const PAGE = 2000;

function eventRow(e: UsageEventsTable) {
  return {
    id: e.id,
    partner_id: e.partner_id,
    environment: e.environment,
    event_type: e.event_type,
    occurred_at: iso(e.occurred_at),
    user_id: e.user_id,
    amount_cents: e.amount_cents,
    category: e.category,
    institution: e.institution,
    client_event_id: e.event_key,
    received_at: iso(e.received_at),
  };
}

/** The raw events of the window, one keyset page at a time (partner by partner when several). */
export async function* eventRows(deps: Pick<Deps, 'database'>, partnerIds: string[], environment: Environment, w: Window) {
  for (const partnerId of partnerIds) {
    let after: [number, string] | null = null;
    for (;;) {
      const page = await pageEvents(deps.database.db, partnerId, environment, w.from, w.to, after, PAGE);
      await yieldToEventLoop();
      for (const e of page) yield eventRow(e);
      if (page.length < PAGE) break;
      const last = page[page.length - 1];
      after = [last.occurred_at, last.id];
    }
  }
}

export async function summaryRows(deps: Pick<Deps, 'database'>, f: PartnerFilter, environment: Environment, w: Window) {
  return (await windowUsage(deps, f, environment, w)).daily;
}

export async function partnerExportRows(deps: Pick<Deps, 'database'>, environment: Environment, w: Window) {
  const { distinct } = await windowUsage(deps, { partnerId: null }, environment, w);
  return partnerRows(deps, w, environment, distinct);
}

export async function requirePartner(deps: Pick<Deps, 'database'>, partnerId: string) {
  const p = await partnerSummary(deps.database.db, partnerId);
  if (!p) throw errors.notFound(`Partner '${partnerId}' not found`);
  return p;
}

export async function allPartnerIds(deps: Pick<Deps, 'database'>): Promise<string[]> {
  return (await listPartnerSummaries(deps.database.db)).map((p) => p.id);
}

/** A usage export's file name (without .csv), its columns and its rows (streamed where they are many). */
export interface UsageExport {
  name: string;
  columns: string[];
  rows: AsyncIterable<Record<string, unknown>> | Iterable<Record<string, unknown>>;
}

/**
 * A usage export (the portal's /api/partners/me/usage/export, the console's /api/admin/usage/export) of one partner
 * (`partnerId`) or, null, of every partner. Holds `owner`'s one export slot until `answer` closes (429 while another
 * of its exports runs): an export reads the whole window.
 */
export async function usageExport(
  deps: Pick<Deps, 'clock' | 'database' | 'exports'>,
  q: { partnerId: string | null; environment: Environment; days: number; format: 'summary' | 'events' | 'partners' },
  owner: string,
  answer: ExportAnswer,
): Promise<UsageExport> {
  const w = windowOf(deps.clock.now(), q.days);
  const name = `usage-${q.format}-${q.partnerId ?? 'all'}-${w.startDay}-${w.endDay}`;
  deps.exports.hold(answer, owner);
  if (q.format === 'events') {
    const ids = q.partnerId !== null ? [q.partnerId] : await allPartnerIds(deps);
    return { name, columns: EVENT_COLUMNS, rows: eventRows(deps, ids, q.environment, w) };
  }
  if (q.format === 'summary') return { name, columns: SUMMARY_COLUMNS, rows: await summaryRows(deps, { partnerId: q.partnerId }, q.environment, w) };
  const rows = await partnerExportRows(deps, q.environment, w);
  return { name, columns: PARTNER_COLUMNS, rows: q.partnerId !== null ? rows.filter((x) => x.partner_id === q.partnerId) : rows };
}

// ---------------------------------------------------------------- demo data

/**
 * Seeds deterministic demo events (environment `live`) for the `days` days ending
 * today; events of today are only those already in the past. Idempotent: events
 * whose deterministic id is already stored in the window are skipped, whatever
 * their age.
 */
export async function seedDemo(deps: Pick<Deps, 'clock' | 'database' | 'usageEvents'>, partnerId: string, days: number, adminId: string) {
  await requirePartner(deps, partnerId);
  const now = deps.clock.now();
  const w = windowOf(now, days);
  const all: UsageEventInput[] = [];
  for (let t = w.from; t < w.to; t += DAY_MS) {
    for (const e of demoDay(partnerId, utcDay(t), t)) {
      if (e.occurredAt <= now) all.push({ ...e, partnerId, environment: 'live' });
    }
  }
  const inserted = await deps.database.tx(async (trx) => {
    const stored = await storedEventKeys(trx, partnerId, 'live', w.from, w.to, DEMO_ID_PREFIX);
    const fresh = all.filter((e) => !stored.has(e.id!));
    const r = await recordUsageEvents(deps, trx, fresh);
    await writeAudit(trx, {
      at: now,
      actorType: 'admin',
      actorId: adminId,
      action: 'partner.seed_demo',
      targetType: 'partner',
      targetId: partnerId,
      details: { days, generated: all.length, inserted: r.accepted },
    });
    return r.accepted;
  });
  return { partner_id: partnerId, days, start_date: w.startDay, end_date: w.endDay, generated: all.length, inserted };
}

// ---------------------------------------------------------------- erasure

export function registerIngestErasers(deps: Pick<Deps, 'database' | 'erasers'>): void {
  deps.erasers.set('usage_events', async (trx, p, env, u) => {
    // The user's (user, day) pairs must be in the rollups before they can be taken out again.
    await applyPendingRollups(deps.database, trx, { partnerId: p, environment: env });
    return eraseUserEvents(trx, p, env, u);
  });
}
