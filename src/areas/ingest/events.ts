/**
 * Recording usage events (user_signup, account_link, transaction). Used by the
 * platform ingest routes and by the sandbox layer (§6.2). Implemented by the
 * ingest area (issue 6).
 */
import type { Deps } from '../../context.js';
import type { Executor } from '../../db/database.js';
import type { Environment } from '../../db/schema/index.js';

export type UsageEventType = 'user_signup' | 'account_link' | 'transaction';

export interface UsageEventInput {
  partnerId: string;
  environment: Environment;
  eventType: UsageEventType;
  userId?: string | null;
  amountCents?: number | null;
  category?: string | null;
  institution?: string | null;
  /** epoch ms */
  occurredAt: number;
  /** Optional idempotency id: the same id from the same partner within 32 days is stored once. */
  id?: string | null;
}

/** Stores the events in one multi-row statement; returns how many were new and how many duplicates. */
export async function recordUsageEvents(
  _deps: Pick<Deps, 'clock'>,
  _db: Executor,
  _events: UsageEventInput[],
): Promise<{ accepted: number; duplicates: number }> {
  throw new Error('recordUsageEvents: not implemented yet (issue 6)');
}
