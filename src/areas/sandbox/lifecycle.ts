/**
 * A sandbox transfer's life after its answer (test keys only): its status and history, and outcomes played out
 * on demand. pending/submitted → settled | failed; settled → returned. Each change writes its webhook event
 * (`transfer.settled`, `transfer.failed`, `transfer.returned`) in the transaction that makes it (outbox);
 * the settlement worker (settlement.ts) settles the transfers left pending at their settlement date.
 * A failed or returned transfer moves no money: its movements leave the transactions and balances.
 * Also: any event type fired on demand at the test endpoint, with made-up data.
 */
import type { Deps } from '../../context.js';
import { errors } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { DAY_MS, iso, utcMonth } from '../../lib/time.js';
import { enqueueEvent, type EventType } from '../webhooks/outbox.js';
import { queueFiredEvent } from '../webhooks/service.js';
import { REASONS, type ReasonCode, type SandboxSimulateBody, type SandboxTransfer } from './lifecycle-schemas.js';
import { findTransfer, moveTransfer } from './lifecycle-repo.js';
import { UNSETTLED_STATUSES, type Scope } from './repo.js';
import { transferData, transferEvent } from './settlement.js';
import type { SandboxTransfersTable } from '../../db/schema/sandbox.js';

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

function reason(code: string | null) {
  if (code === null) return null;
  return { code, description: REASONS[code as ReasonCode] ?? code };
}

type Status = SandboxTransfer['status'];

/** The transfer as the sandbox shows it, with every status it took. */
export function transferView(row: SandboxTransfersTable): SandboxTransfer {
  const createdAt = Number(row.created_at);
  const settledAt = num(row.settled_at);
  const failedAt = num(row.failed_at);
  const returnedAt = num(row.returned_at);
  const history: SandboxTransfer['history'] = [];
  if (row.status === 'failed' && failedAt === null) {
    // Refused at its creation: it was never pending.
    history.push({ status: 'failed', at: iso(createdAt), ...(row.failure_code ? { reason: row.failure_code } : {}) });
  } else {
    history.push({ status: row.shape === 'B' ? 'submitted' : 'pending', at: iso(createdAt) });
    if (settledAt !== null) history.push({ status: 'settled', at: iso(settledAt) });
    if (failedAt !== null) history.push({ status: 'failed', at: iso(failedAt), ...(row.failure_code ? { reason: row.failure_code } : {}) });
    if (returnedAt !== null) history.push({ status: 'returned', at: iso(returnedAt), ...(row.return_code ? { reason: row.return_code } : {}) });
  }
  return {
    transfer_id: row.transfer_id,
    status: row.status as Status,
    account_id: row.account_id,
    to_account_id: row.to_account_id,
    amount_cents: Number(row.amount_cents),
    direction: row.direction,
    description: row.description,
    rail: row.rail,
    created_at: iso(createdAt),
    expected_settlement: row.settlement_day,
    failure_reason: row.status === 'failed' ? reason(row.failure_code) : null,
    return_reason: row.status === 'returned' ? reason(row.return_code) : null,
    history,
  };
}

function notFound(transferId: string) {
  return errors.notFound(`No sandbox transfer '${transferId}' for this key: use transfer_id (or id) from POST /api/v1/transfers made with this test key`);
}

export async function getSandboxTransfer(deps: Pick<Deps, 'database'>, caller: Scope, transferId: string): Promise<SandboxTransfer> {
  const row = await findTransfer(deps.database.db, caller, transferId);
  if (!row) throw notFound(transferId);
  return transferView(row);
}

/** The statuses each outcome may follow. */
const FROM: Record<SandboxSimulateBody['outcome'], readonly string[]> = {
  settled: UNSETTLED_STATUSES,
  failed: UNSETTLED_STATUSES,
  returned: ['settled'],
};

function impossible(status: string, outcome: string) {
  const why =
    status === 'failed' || status === 'returned'
      ? `a ${status} transfer changes no more`
      : outcome === 'returned'
        ? 'only a settled transfer can be returned'
        : `it is already ${status}`;
  return errors.conflict(`This transfer is ${status}: it cannot become ${outcome} (${why})`, { status, outcome });
}

/** Moves the transfer to `outcome` at once and writes its event, in one transaction; 404 for another's, 409 for an impossible move. */
export async function simulateTransfer(deps: Pick<Deps, 'database' | 'clock' | 'webhooks'>, caller: Scope, transferId: string, body: SandboxSimulateBody): Promise<SandboxTransfer> {
  if (body.outcome === 'settled' && body.failure_reason !== undefined) {
    throw errors.invalid(['body', 'failure_reason'], 'failure_reason goes with the outcomes failed and returned only', body.failure_reason, 'value_error');
  }
  const code: ReasonCode = body.failure_reason ?? 'insufficient_funds';
  return deps.database.tx(async (trx) => {
    const row = await findTransfer(trx, caller, transferId);
    if (!row) throw notFound(transferId);
    const from = FROM[body.outcome];
    if (!from.includes(row.status)) throw impossible(row.status, body.outcome);
    const now = deps.clock.now();
    const set =
      body.outcome === 'settled'
        ? { status: 'settled', settled_at: now }
        : body.outcome === 'failed'
          ? { status: 'failed', failed_at: now, failure_code: code }
          : { status: 'returned', returned_at: now, return_code: code };
    const moved = await moveTransfer(trx, caller, transferId, from, set);
    // Another call moved it between the read and the write.
    if (!moved) {
      const current = await findTransfer(trx, caller, transferId);
      throw impossible(current?.status ?? row.status, body.outcome);
    }
    const facts = {
      transfer_id: moved.transfer_id,
      partner_id: moved.partner_id,
      environment: moved.environment,
      user_id: moved.user_id,
      account_id: moved.account_id,
      to_account_id: moved.to_account_id,
      direction: moved.direction,
      amount_cents: Number(moved.amount_cents),
    };
    const data =
      body.outcome === 'settled'
        ? { ...transferData(facts), status: 'settled', settled_at: iso(now) }
        : body.outcome === 'failed'
          ? { ...transferData(facts), status: 'failed', failed_at: iso(now), failure_reason: reason(code) }
          : { ...transferData(facts), status: 'returned', settled_at: iso(Number(moved.settled_at)), returned_at: iso(now), return_reason: reason(code) };
    await enqueueEvent(deps, trx, transferEvent(facts, `transfer.${body.outcome}`, data, now));
    return transferView(moved);
  });
}

/** Made-up but well-formed data of each event type (the document's schema of the type), fresh ids, the clock's time. */
function sampleData(type: EventType, caller: Scope, now: number, url: string): Record<string, unknown> {
  const transfer = {
    transfer_id: newId('tr', now),
    account_id: newId('acc', now),
    to_account_id: null,
    amount_cents: 2500,
    direction: 'debit',
  };
  switch (type) {
    case 'calculation.updated':
      return {
        end_user_id: 'user_fired_test',
        calculation: {
          safe_to_spend_today: 18.03,
          daily_allowance: 18.03,
          monthly_safe_to_spend: 540.9,
          breakdown: { cash_after_buffer: 1640.75, upcoming_bills_total: 950, savings_commitments: 150, debt_commitments: 0, discretionary_pool: 540.75, days_in_period: 30 },
          calculation_id: newId('calc', now),
          calculated_at: iso(now),
          partner_id: caller.partnerId,
          is_sandbox: caller.environment === 'test',
        },
      };
    case 'usage.threshold_reached':
      return { threshold: 'calls_threshold', level: 'warning', limit: 100_000, value: 80_000, percent: 80, month: utcMonth(now), environment: caller.environment };
    case 'webhook.test':
      return { message: 'A test event fired from the sandbox', url, environment: caller.environment };
    case 'transfer.settled':
      return { ...transfer, status: 'settled', settled_at: iso(now) };
    case 'transfer.failed':
      return { ...transfer, status: 'failed', failed_at: iso(now), failure_reason: reason('insufficient_funds') };
    case 'transfer.returned':
      return { ...transfer, status: 'returned', settled_at: iso(now - DAY_MS), returned_at: iso(now), return_reason: reason('account_closed') };
  }
}

/** Queues an event of `type` with made-up data to the caller's endpoint, marked `"fired": true`, whatever it subscribes to. */
export async function fireEvent(deps: Pick<Deps, 'clock' | 'database' | 'webhooks'>, caller: Scope, type: EventType) {
  return queueFiredEvent(deps, caller, type, (now, url) => sampleData(type, caller, now, url));
}
