/**
 * Which stretches of an end-user's ledger already have their `transaction` usage events.
 *
 * A page is a contiguous run of the user's ledger in sort order, so what was recorded is
 * a few runs (first and last sort key) per user, not one entry per transaction: the
 * database keeps them in one row per user (sandbox_recorded_runs), read under its lock
 * while a page records its events, so every process sees the same runs. A page of 500
 * past transactions then writes its 500 events and one row, instead of one idempotency
 * key per transaction as well.
 *
 * Only transactions dated before the day of the recording are remembered: past days of
 * the ledger never change (transfers are dated the day they are made), today's still can.
 * Today's transactions are counted once through their event ids, as ingested events are.
 * A run is trusted for the ingest's idempotency window, like an event id.
 */
import { IDEMPOTENCY_WINDOW_MS } from '../usage-events/events.js';

export interface Run {
  /** The run starts after this sort key (open) or at it (closed). */
  lo: string;
  open: boolean;
  hi: string;
  /** When its events were last recorded (epoch ms). */
  at: number;
}

/**
 * Disjoint runs kept per user: a page that would make more is recorded through its event ids
 * instead (exact, only dearer), so the row stays small however a client pages.
 */
export const MAX_RUNS_PER_USER = 16;

function covers(r: Run, key: string): boolean {
  return (r.open ? key > r.lo : key >= r.lo) && key <= r.hi;
}

function isRun(x: unknown): x is Run {
  const r = x as Run;
  return typeof r === 'object' && r !== null && typeof r.lo === 'string' && typeof r.open === 'boolean' && typeof r.hi === 'string' && typeof r.at === 'number';
}

/** The runs of a stored row (none when there is no row). */
export function parseRuns(text: string | null): Run[] {
  if (text === null) return [];
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed) || !parsed.every(isRun)) throw new Error('sandbox_recorded_runs holds something other than runs');
  return parsed;
}

/** True when the transaction with this sort key is in a run recorded within the window. */
export function isRecorded(runs: Run[], sortKey: string, now: number, windowMs = IDEMPOTENCY_WINDOW_MS): boolean {
  for (const r of runs) if (now - r.at < windowMs && covers(r, sortKey)) return true;
  return false;
}

/**
 * The runs once every transaction of the ledger from `lo` (exclusive when `open`) to `hi` is
 * recorded at `now`: runs that overlap or continue each other are merged into one, and expired
 * runs dropped. A merged run takes the newest time of its parts, so nothing in it is counted
 * twice within the window. null when that would keep more than MAX_RUNS_PER_USER runs.
 */
export function withRun(runs: Run[], lo: string, open: boolean, hi: string, now: number, windowMs = IDEMPOTENCY_WINDOW_MS): Run[] | null {
  const live = runs.filter((r) => now - r.at < windowMs);
  if (hi < lo || (open && hi === lo)) return live;
  live.push({ lo, open, hi, at: now });
  // By start, a closed start before an open one at the same key.
  live.sort((a, b) => (a.lo < b.lo ? -1 : a.lo > b.lo ? 1 : Number(a.open) - Number(b.open)));
  const merged: Run[] = [];
  for (const r of live) {
    const cur = merged[merged.length - 1];
    // Same start, or starting inside (or right after the end of) the run before: one contiguous run.
    if (cur && (r.lo === cur.lo || covers(cur, r.lo))) {
      if (r.hi > cur.hi) cur.hi = r.hi;
      cur.at = Math.max(cur.at, r.at);
    } else merged.push({ ...r });
  }
  return merged.length > MAX_RUNS_PER_USER ? null : merged;
}
