/**
 * The lifecycle of a sandbox transfer after its answer (test keys; live transfers are the aggregator's):
 * it settles at the start of its settlement date (the next business day, the `expected_settlement` /
 * `estimated_settlement` it was answered with), when its movements post in the transactions. The
 * settlement worker marks it `settled` and writes its `transfer.settled` event in the same transaction
 * (outbox), once whatever the number of processes (settleDueTransfers changes a row only while it is
 * unsettled; PostgreSQL skips the rows another process holds). A transfer refused for insufficient funds
 * is `failed` from its creation, with a `transfer.failed` event written with it; it never settles.
 *
 *   runSettlementPass(deps)   one pass (tests move the clock and call it)
 *   startSettlementWorker     the periodic loop (SETTLEMENT_INTERVAL_MS)
 */
import type { Deps } from '../../context.js';
import type { Executor } from '../../db/database.js';
import type { Environment } from '../../db/schema/index.js';
import { startLoop, yieldToEventLoop, type WorkerHandle } from '../../lib/loop.js';
import { iso, utcDay } from '../../lib/time.js';
import { enqueueEvent, enqueueEvents, type OutboxEvent } from '../webhooks/outbox.js';
import { settleDueTransfers } from './repo.js';

/** How often a worker looks for transfers to settle: a settlement date starts at 00:00 UTC, its events follow within this. */
export const SETTLEMENT_INTERVAL_MS = 30_000;
/** Transfers settled per transaction, and the transactions of one pass at most (the rest wait for the next pass). */
export const SETTLE_BATCH = 500;
const MAX_BATCHES = 20;

type SettlementDeps = Pick<Deps, 'database' | 'clock' | 'webhooks'>;

export interface TransferFacts {
  transfer_id: string;
  partner_id: string;
  environment: Environment;
  user_id: string;
  account_id: string;
  to_account_id: string | null;
  direction: 'debit' | 'credit';
  amount_cents: number;
}

export function transferData(t: TransferFacts) {
  return { transfer_id: t.transfer_id, account_id: t.account_id, to_account_id: t.to_account_id, amount_cents: t.amount_cents, direction: t.direction };
}

/** Events about one end-user's transfers keep their order, and go with the end-user's erasure (ordering key). */
export function transferEvent(t: TransferFacts, type: 'transfer.settled' | 'transfer.failed' | 'transfer.returned', data: Record<string, unknown>, now: number): OutboxEvent {
  return { partnerId: t.partner_id, environment: t.environment, type, data, orderingKey: t.user_id, now };
}

/** Writes the `transfer.failed` event of a transfer refused at its creation, in the transaction that records it. */
export async function recordTransferFailed(deps: Pick<Deps, 'webhooks'>, trx: Executor, t: TransferFacts, failure: { code: string; description: string }, at: number): Promise<void> {
  await enqueueEvent(deps, trx, transferEvent(t, 'transfer.failed', { ...transferData(t), status: 'failed', failed_at: iso(at), failure_reason: failure }, at));
}

/** Settles every sandbox transfer whose settlement date has come (up to MAX_BATCHES × SETTLE_BATCH), each with its event. */
export async function runSettlementPass(deps: SettlementDeps): Promise<{ settled: number }> {
  let settled = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const now = deps.clock.now();
    const n = await deps.database.tx(async (trx) => {
      const rows = await settleDueTransfers(trx, deps.database, utcDay(now), SETTLE_BATCH);
      await enqueueEvents(
        deps,
        trx,
        rows.map((r) => transferEvent(r, 'transfer.settled', { ...transferData(r), status: 'settled', settled_at: iso(r.settled_at) }, now)),
      );
      return rows.length;
    });
    settled += n;
    if (n < SETTLE_BATCH) break;
    await yieldToEventLoop();
  }
  return { settled };
}

export function startSettlementWorker(deps: SettlementDeps & Pick<Deps, 'log'>): WorkerHandle {
  return startLoop('sandbox-settlement', SETTLEMENT_INTERVAL_MS, async () => {
    try {
      await runSettlementPass(deps);
    } catch (err) {
      // Nothing was marked (the transaction rolled back): the next pass settles them.
      deps.log.warn({ err }, 'sandbox settlement pass failed');
    }
  });
}
