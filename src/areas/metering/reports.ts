/** Streamed CSV reports (RFC 4180 via csv-stringify), scoped to the key's environment. */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import type { Deps } from '../../context.js';
import { csvOptions, type ExportAnswer } from '../../http/csv.js';
import { yieldToEventLoop } from '../../lib/loop.js';
import { errors } from '../../http/errors.js';
import { fromCents } from '../../lib/money.js';
import { iso, utcDay, utcMonth } from '../../lib/time.js';
import { calculationsBatch } from '../calculations/repo.js';
import { getPartnerBilling } from '../partners/repo.js';
import { callsByMonth, endUsersByMonth } from './repo.js';
import { billCents, flushQuietly, ratePerUser, type Caller, type UsageReadDeps } from './service.js';

const BATCH = 250;
const CHUNK_ROWS = 200;

export function envName(environment: string): string {
  return environment === 'live' ? 'production' : 'sandbox';
}

export const CALCULATION_COLUMNS = [
  'calculation_id',
  'end_user_id',
  'user_email',
  'calculated_at',
  'environment',
  'safe_to_spend_today',
  'daily_allowance',
  'monthly_safe_to_spend',
  'cash_after_buffer',
  'upcoming_bills_total',
  'savings_commitments',
  'debt_commitments',
  'discretionary_pool',
  'days_in_period',
] as const;

interface StoredResult {
  safe_to_spend_today: number;
  daily_allowance: number;
  monthly_safe_to_spend: number;
  breakdown: Record<string, number>;
}

/**
 * Every cached calculation of the caller's environment in the range, oldest first.
 * Read in keyset batches; each batch is turned into CSV text at once (csv-stringify),
 * so row objects die young and only about one batch of text is held at a time:
 * memory stays flat whatever the size of the export, and the stream honours the
 * client's pace (the next batch is read only when the previous one was taken).
 */
export function calculationsCsv(deps: Pick<Deps, 'database' | 'log'>, caller: Caller, range: { since: number | null; until: number | null }): Readable {
  async function* chunks() {
    let after: [number, string] | null = null;
    let header = true;
    for (;;) {
      const batch = await calculationsBatch(deps.database, caller.partnerId, caller.environment, range, after, BATCH);
      // The export's turn comes after the read: on PostgreSQL the answer arrives with the other I/O of the loop.
      await yieldToEventLoop();
      const records = batch.map((r) => {
        const c = JSON.parse(r.result) as StoredResult;
        const b = c.breakdown ?? {};
        return [
          r.calculation_id,
          r.end_user_id,
          r.user_email,
          iso(Number(r.calculated_at)),
          envName(caller.environment),
          c.safe_to_spend_today,
          c.daily_allowance,
          c.monthly_safe_to_spend,
          b.cash_after_buffer,
          b.upcoming_bills_total,
          b.savings_commitments,
          b.debt_commitments,
          b.discretionary_pool,
          b.days_in_period,
        ];
      });
      // Chunks of ~30 KB: strings over ~128 KB would go straight to V8's large-object space, freed only by full collections.
      for (let i = 0; i < records.length || header; i += CHUNK_ROWS) {
        yield stringifySync(records.slice(i, i + CHUNK_ROWS), { ...csvOptions(), header, columns: [...CALCULATION_COLUMNS] });
        header = false;
      }
      if (batch.length < BATCH) return;
      const last = batch[batch.length - 1];
      after = [Number(last.calculated_at), last.calculation_id];
    }
  }
  const stream = Readable.from(chunks(), { objectMode: false, highWaterMark: 1 });
  stream.on('error', (err) => deps.log.warn({ err }, 'calculations.csv stream failed'));
  return stream;
}

export const USAGE_COLUMNS = ['month', 'environment', 'calls', 'unique_end_users', 'estimated_bill_usd', 'rate_per_user_usd'] as const;

/** The last `months` months up to the current one (UTC), oldest first, as `YYYY-MM`. */
export function lastMonths(now: number, months: number): string[] {
  const d = new Date(now);
  const out: string[] = [];
  for (let i = months - 1; i >= 0; i--) out.push(utcMonth(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - i, 1)));
  return out;
}

export async function usageCsv(deps: Pick<Deps, 'clock' | 'config' | 'database'>, caller: Caller, months: number): Promise<Readable> {
  const db = deps.database.db;
  const p = await getPartnerBilling(db, caller.partnerId);
  if (!p) throw errors.unauthorized('Invalid API key');
  const rate = ratePerUser(deps, p);
  const list = lastMonths(deps.clock.now(), months);
  const [calls, users] = await Promise.all([
    callsByMonth(db, caller.partnerId, caller.environment, list[0], list[list.length - 1]),
    endUsersByMonth(db, caller.partnerId, caller.environment, list[0], list[list.length - 1]),
  ]);
  const live = caller.environment === 'live';
  const rows = list.map((m) => {
    const u = users.get(m) ?? 0;
    return [m, envName(caller.environment), calls.get(m) ?? 0, u, live ? fromCents(billCents(u, rate)) : '', live ? rate : ''];
  });
  return Readable.from(rows).pipe(stringify({ ...csvOptions(), header: true, columns: [...USAGE_COLUMNS] }));
}

export function today(deps: Pick<Deps, 'clock'>): string {
  return utcDay(deps.clock.now());
}

/** A CSV report: its file name and its rows, streamed. */
export interface Report {
  filename: string;
  stream: Readable;
}

/**
 * GET …/reports/calculations.csv: holds the caller's one export slot until `answer` closes (429 while another of the
 * partner's exports in that environment runs), then streams every cached calculation in the range.
 */
export function calculationsReport(deps: Pick<Deps, 'clock' | 'database' | 'exports' | 'log'>, caller: Caller, range: { since: number | null; until: number | null }, answer: ExportAnswer): Report {
  deps.exports.hold(answer, `${caller.partnerId}|${caller.environment}`);
  return { filename: `calculations-${envName(caller.environment)}-${today(deps)}.csv`, stream: calculationsCsv(deps, caller, range) };
}

/** GET …/reports/usage.csv: what this process has counted is written first, so the current month has the partner's latest calls. */
export async function usageReport(deps: UsageReadDeps, caller: Caller, months: number): Promise<Report> {
  await flushQuietly(deps);
  return { filename: `usage-${envName(caller.environment)}-${today(deps)}.csv`, stream: await usageCsv(deps, caller, months) };
}
