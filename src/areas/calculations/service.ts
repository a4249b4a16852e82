import type { Deps } from '../../context.js';
import type { Executor } from '../../db/database.js';
import type { Environment } from '../../db/schema/index.js';
import { BillsTotalNotExact, computeSafeToSpend, type SafeToSpendFigures } from '../../domain/safe-to-spend.js';
import { errors } from '../../http/errors.js';
import { decodeCursor, encodeCursor } from '../../http/pagination.js';
import { emailKey } from '../../lib/email.js';
import { newId } from '../../lib/ids.js';
import { iso } from '../../lib/time.js';
import { deleteCalculation, getCalculation, pageCalculations } from './repo.js';
import { ingestWriterFor } from './writer.js';
import type { CalculateResponse, IngestCalculationBody } from './schemas.js';

export interface Caller {
  partnerId: string;
  environment: Environment;
}

/**
 * POST /api/v1/calculate/safe-to-spend: the figures, nothing stored. The end-user counts toward the month's unique
 * users (the bill) unless `metered` is false: the process's own status probe is no partner's end-user.
 */
export function calculateMetered(deps: Pick<Deps, 'clock' | 'usage'>, caller: Caller, body: IngestCalculationBody, metered: boolean): CalculateResponse {
  if (metered) deps.usage.recordEndUser(caller.partnerId, caller.environment, body.end_user_id, deps.clock.now());
  return calculate(deps, caller, body);
}

export function calculate(deps: Pick<Deps, 'clock'>, caller: Caller, body: IngestCalculationBody): CalculateResponse {
  const now = deps.clock.now();
  const figures = figuresOf(body);
  // Every field written out, not `{...figures, …}`: the spread made calculate plus its serialization cost
  // ~18 µs a request inside the server (bench/README.md, foundation), against ~1 µs for this literal.
  return {
    safe_to_spend_today: figures.safe_to_spend_today,
    daily_allowance: figures.daily_allowance,
    monthly_safe_to_spend: figures.monthly_safe_to_spend,
    breakdown: figures.breakdown,
    calculation_id: newId('calc', now),
    calculated_at: iso(now),
    partner_id: caller.partnerId,
    is_sandbox: caller.environment === 'test',
  };
}

function figuresOf(body: IngestCalculationBody): SafeToSpendFigures {
  try {
    return computeSafeToSpend({
      cash_balance: body.cash_balance ?? 0,
      upcoming_bills: body.upcoming_bills ?? [],
      savings_commitments: body.savings_commitments ?? 0,
      debt_commitments: body.debt_commitments ?? 0,
      cash_buffer: body.cash_buffer ?? 0,
    });
  } catch (err) {
    if (err instanceof BillsTotalNotExact) {
      throw errors.invalid(
        ['body', 'upcoming_bills'],
        'The bills add up to more than a JSON number can state exactly to the cent: send fewer or smaller bills',
        `${body.upcoming_bills?.length ?? 0} bills`,
        'value_error',
        { total_cents: String(err.totalCents) },
      );
    }
    throw err;
  }
}

/**
 * Calculates, caches (latest wins) and writes the `calculation.updated` event in
 * the same transaction; answers once that transaction is committed (group commit:
 * concurrent ingests share one). The end-user then counts toward the month's unique users.
 */
export async function ingest(deps: Pick<Deps, 'calculationWriters' | 'clock' | 'usage'>, caller: Caller, body: IngestCalculationBody): Promise<CalculateResponse> {
  const result = calculate(deps, caller, body);
  const at = Date.parse(result.calculated_at);
  await ingestWriterFor(deps, body.end_user_id).write(
    {
      partner_id: caller.partnerId,
      environment: caller.environment,
      end_user_id: body.end_user_id,
      calculation_id: result.calculation_id,
      user_email: body.user_email ?? null,
      user_email_key: body.user_email ? emailKey(body.user_email) : null,
      result: JSON.stringify(result),
      calculated_at: at,
    },
    {
      partnerId: caller.partnerId,
      environment: caller.environment,
      type: 'calculation.updated',
      data: { end_user_id: body.end_user_id, calculation: result },
      orderingKey: body.end_user_id,
      now: at,
    },
  );
  // Counted once stored: a refused or failed ingest is no end-user of the month.
  deps.usage.recordEndUser(caller.partnerId, caller.environment, body.end_user_id, deps.clock.now());
  return result;
}

function toRow(r: { end_user_id: string; user_email: string | null; result: string; calculated_at: number }) {
  return { end_user_id: r.end_user_id, user_email: r.user_email, calculation: JSON.parse(r.result) as CalculateResponse, calculated_at: iso(r.calculated_at) };
}

/**
 * A page of cached calculations as JSON text. The stored result is already the
 * serialized CalculateResponse, so it is spliced in as it is rather than parsed and
 * serialized again (a page is 100 nested objects).
 */
export async function listCalculationsJson(deps: Pick<Deps, 'database'>, caller: Caller, limit: number, cursor: string | undefined): Promise<string> {
  const after = cursor ? decodeCursor(cursor, ['number', 'string']) : null;
  // One extra row tells whether another page exists.
  const rows = await pageCalculations(deps.database.db, caller.partnerId, caller.environment, limit + 1, after as [number, string] | null);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const items = page.map(
    (r) =>
      `{"end_user_id":${JSON.stringify(r.end_user_id)},"user_email":${JSON.stringify(r.user_email)},"calculation":${r.result},"calculated_at":"${iso(r.calculated_at)}"}`,
  );
  const next = rows.length > limit && last ? encodeCursor([last.calculated_at, last.calculation_id]) : null;
  return `{"items":[${items.join(',')}],"next_cursor":${JSON.stringify(next)},"count":${page.length}}`;
}

export async function getCached(deps: Pick<Deps, 'database'>, caller: Caller, endUserId: string) {
  const row = await getCalculation(deps.database.db, caller.partnerId, caller.environment, endUserId);
  if (!row) throw errors.notFound(`No cached calculation for end user '${endUserId}'`);
  return toRow(row);
}

/** Registers this area's eraser: the cached calculation (the webhooks area erases the end-user's events). */
export function registerCalculationErasers(deps: Pick<Deps, 'erasers'>): void {
  deps.erasers.set('calculations', (trx, p, env, u) => deleteCalculation(trx, p, env, u));
}

/** Runs every registered eraser for one end-user inside `trx`; rows removed, by kind of data. */
export async function eraseEndUserRows(deps: Pick<Deps, 'erasers'>, trx: Executor, partnerId: string, environment: Environment, endUserId: string) {
  const erased: Record<string, number> = {};
  for (const [name, eraser] of deps.erasers) erased[name] = await eraser(trx, partnerId, environment, endUserId);
  return erased;
}

/**
 * Erases every stored trace of one end-user (every registered eraser, one transaction). The
 * transaction commits whatever the answer: the erasure it records (usage_erasures) keeps any
 * process's meter from writing the id later, so an erasure answered 404 is not undone either.
 * 404 only when no store held anything, this process's meter included.
 */
export async function eraseEndUser(deps: Pick<Deps, 'database' | 'erasers'>, caller: Caller, endUserId: string) {
  const erased = await deps.database.tx((trx) => eraseEndUserRows(deps, trx, caller.partnerId, caller.environment, endUserId));
  if (Object.values(erased).every((n) => n === 0)) throw errors.notFound(`No stored data for end user '${endUserId}'`);
  return { deleted: true, end_user_id: endUserId, environment: caller.environment, erased };
}
