/**
 * Which stretches of an end-user's ledger this process has already recorded
 * `transaction` usage events for, so that paging over them again writes nothing.
 *
 * The database stays the authority: a transaction's event id is its transaction id,
 * and the ingest's event keys store it once per partner and environment within the
 * 32-day window (src/areas/usage-events/events.ts), whatever process served the page. This is
 * only a per-process shortcut in front of it: a page is a contiguous run of the user's
 * ledger in sort order, so what was recorded is a few runs (first and last sort key)
 * per user, not one entry per transaction. Only transactions dated before the day of
 * the recording are remembered: past days of the ledger never change (transfers are
 * dated the day they are made), today's still can.
 */
import { IDEMPOTENCY_WINDOW_MS } from '../usage-events/events.js';

interface Run {
  /** The run starts after this sort key (open) or at it (closed). */
  lo: string;
  open: boolean;
  hi: string;
  /** When its events were recorded (epoch ms): a run is trusted for the ingest's idempotency window only. */
  at: number;
}

const MAX_USERS = 10_000;
const MAX_RUNS_PER_USER = 16;

function covers(r: Run, key: string): boolean {
  return (r.open ? key > r.lo : key >= r.lo) && key <= r.hi;
}

export class RecordedRuns {
  private readonly users = new Map<string, Run[]>();

  constructor(private readonly windowMs = IDEMPOTENCY_WINDOW_MS) {}

  /** True when the transaction with this sort key was recorded by this process within the window. */
  has(user: string, sortKey: string, now: number): boolean {
    const runs = this.users.get(user);
    if (!runs) return false;
    for (const r of runs) if (now - r.at < this.windowMs && covers(r, sortKey)) return true;
    return false;
  }

  /**
   * Remembers that every transaction of the ledger from `lo` (exclusive when `open`) to `hi`
   * was recorded at `now`. Runs that overlap or touch are merged into one.
   */
  add(user: string, lo: string, open: boolean, hi: string, now: number): void {
    if (hi < lo || (open && hi === lo)) return;
    let runs = this.users.get(user);
    if (runs) this.users.delete(user);
    else {
      runs = [];
      if (this.users.size >= MAX_USERS) this.users.delete(this.users.keys().next().value as string);
    }
    let run: Run = { lo, open, hi, at: now };
    const kept: Run[] = [];
    for (const r of runs) {
      if (now - r.at >= this.windowMs) continue;
      // Overlapping, or one starting right after the other ends: together still one contiguous run.
      if (covers(r, run.lo) || covers(run, r.lo)) {
        const lower = r.lo < run.lo || (r.lo === run.lo && !r.open) ? r : run;
        run = { lo: lower.lo, open: lower.open, hi: r.hi > run.hi ? r.hi : run.hi, at: Math.min(r.at, run.at) };
      } else kept.push(r);
    }
    kept.push(run);
    if (kept.length > MAX_RUNS_PER_USER) kept.splice(0, kept.length - MAX_RUNS_PER_USER);
    this.users.set(user, kept);
  }
}
