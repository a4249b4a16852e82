/**
 * The usage meter: counts partner-API calls and unique end-users in memory and
 * writes them in batches, never on a request's path.
 *
 * - recordCall / recordEndUser only touch in-memory state: the slot of their
 *   (partner, environment), found without a map lookup when it is the one of the
 *   call before. recordCall adds one to the slot's count; recordEndUser appends the
 *   id to the slot's list. Counts and lists are folded into the calls and end-users
 *   to write in one pass (at a flush, at a day change, or when a list reaches
 *   LIST_MAX). Looking each id up in a large set on every request cost
 *   ~0.7 µs of cache misses in the server; the same lookups in one pass, with the
 *   set warm in the cache, cost a fraction of that.
 * - flush() swaps the maps out and writes them in one transaction: calls as
 *   additive upserts (`calls = calls + excluded.calls`), end-users as
 *   insert-or-ignore into a table keyed (partner, environment, month, end_user_id),
 *   and the month's counter (usage_end_user_counts) grows by the rows that insert
 *   returned, so several processes flushing into one database count exactly together.
 *   Rows are written in key order so two processes never deadlock.
 * - Concurrent flush() calls are serialised, and the calls made while one runs
 *   share the next one: when a call returns, everything recorded before it was made is written (or, on a database error, put back
 *   into memory for the next flush, and the error is thrown). A value the database
 *   refuses (PostgreSQL refuses NUL in text) is isolated by writing smaller pieces
 *   and dropped with a log line, so it never blocks the other counts.
 * - start() flushes every `usageFlushMs` while there is something to write
 *   (deps.start() starts it; deps.close() flushes once more). A SIGKILL loses
 *   what was recorded since the last flush: at most one interval.
 */
import type { CompiledQuery, Kysely } from 'kysely';
import type { Deps, UsageMeter } from '../../context.js';
import type { DB, Environment } from '../../db/schema/index.js';
import { compareStrings } from '../../lib/order.js';
import { erasedPlaceholder, erasurePseudonym } from './erasure.js';
import { erasedAmongQuery, meterStatements, runStatementPlan, usageLockQuery, type MeterDailyRow as DailyRow, type MeterUserRow as UserRow, type MeterUserCountRow as UserCountRow } from './repo.js';
import type { Metrics } from '../../lib/metrics.js';
import { DAY_MS, utcDay, utcMonth } from '../../lib/time.js';

const SEP = '\u0001';
/** Bound of the "already written" end-user cache (keys), so memory stays flat. */
const SEEN_MAX = 200_000;
const CHUNK = 500;
/** Ids a slot collects before they are folded in at once (bounds memory between flushes). */
const LIST_MAX = 50_000;

export interface ManagedUsageMeter extends UsageMeter {
  /** Starts the periodic flush (idempotent). */
  start(): void;
  /** Stops the periodic flush (does not flush). */
  stop(): void;
  /** What is waiting to be written, for tests and health. */
  pending(): { calls: number; endUsers: number };
  /** Since when the oldest count not yet written has waited (epoch ms, the service clock); null when none waits. */
  pendingSince(): number | null;
}

export function isManaged(meter: UsageMeter): meter is ManagedUsageMeter {
  return typeof (meter as Partial<ManagedUsageMeter>).start === 'function';
}

type MeterDeps = Pick<Deps, 'database' | 'clock' | 'config' | 'log' | 'secrets'> & { metrics?: Pick<Metrics, 'meterFlush' | 'meterRowsDropped'> };

export function createUsageMeter(deps: MeterDeps): ManagedUsageMeter {
  return new Meter(deps);
}

/**
 * The in-memory state of one (partner, environment): the keys of its current day and
 * month are built once per day, not on every call, and the end-users already written
 * this month are looked up without building a key.
 */
interface Slot {
  partnerId: string;
  environment: Environment;
  /** UTC day these keys are for */
  day: string;
  /** partner SEP env SEP day */
  dayKey: string;
  /** partner SEP env SEP month */
  monthKey: string;
  /** calls of dayKey not yet moved into the calls to write */
  calls: number;
  /** end-users of monthKey already written */
  seen: Set<string>;
  /** end-users recorded since the last fold, and when (epoch ms) */
  ids: string[];
  ats: number[];
}

class Meter implements ManagedUsageMeter {
  /** partner SEP env SEP day → calls */
  private calls = new Map<string, number>();
  /** partner SEP env SEP month → end_user_id → first seen (epoch ms) */
  private users = new Map<string, Map<string, number>>();
  /** partner → environment → slot */
  private slots = new Map<string, Map<Environment, Slot>>();
  /** end-users remembered as written, over every slot (bounded by SEEN_MAX) */
  private seenCount = 0;
  private chain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private flushing = false;
  /** When the oldest count not yet written was recorded (epoch ms); null when nothing waits. */
  private since: number | null = null;
  /** The end-users the flush running now has taken out of `users` and not yet written (null between flushes). */
  private writing: Map<string, Map<string, number>> | null = null;

  constructor(private readonly deps: MeterDeps) {}

  /** The UTC day and month of the last instant seen, reused while `at` stays inside that day. */
  private dayStart = 0;
  private dayEnd = -1;
  private day = '';
  private month = '';

  private dayOf(at: number): string {
    if (at < this.dayStart || at >= this.dayEnd) {
      this.dayStart = at - (((at % DAY_MS) + DAY_MS) % DAY_MS);
      this.dayEnd = this.dayStart + DAY_MS;
      this.day = utcDay(at);
      this.month = utcMonth(at);
    }
    return this.day;
  }

  /** The slot asked for last, for the calls of one key that follow each other (no map lookups). */
  private last: Slot | null = null;

  private slotOf(partnerId: string, environment: Environment, at: number): Slot {
    const last = this.last;
    if (last !== null && partnerId === last.partnerId && environment === last.environment && at >= this.dayStart && at < this.dayEnd && last.day === this.day) return last;
    const day = this.dayOf(at);
    let byEnv = this.slots.get(partnerId);
    if (!byEnv) this.slots.set(partnerId, (byEnv = new Map()));
    let slot = byEnv.get(environment);
    if (!slot) {
      slot = { partnerId, environment, day: '', dayKey: '', monthKey: '', calls: 0, seen: new Set(), ids: [], ats: [] };
      byEnv.set(environment, slot);
    }
    if (slot.day !== day) {
      // The collected ids belong to the month the slot had until now.
      this.fold(slot);
      const monthKey = partnerId + SEP + environment + SEP + this.month;
      if (monthKey !== slot.monthKey) {
        this.seenCount -= slot.seen.size;
        slot.seen = new Set();
        slot.monthKey = monthKey;
      }
      slot.day = day;
      slot.dayKey = partnerId + SEP + environment + SEP + day;
    }
    this.last = slot;
    return slot;
  }

  recordCall(partnerId: string, environment: Environment, at: number): void {
    this.slotOf(partnerId, environment, at).calls++;
    if (this.since === null) this.since = at;
  }

  recordEndUser(partnerId: string, environment: Environment, endUserId: string, at: number): void {
    if (this.since === null) this.since = at;
    const slot = this.slotOf(partnerId, environment, at);
    slot.ids.push(endUserId);
    slot.ats.push(at);
    if (slot.ids.length >= LIST_MAX) this.fold(slot);
  }

  /**
   * Moves a slot's calls into the calls to write, and its collected ids into the end-users to write, skipping
   * those already written.
   */
  private fold(slot: Slot): void {
    if (slot.calls > 0) {
      this.calls.set(slot.dayKey, (this.calls.get(slot.dayKey) ?? 0) + slot.calls);
      slot.calls = 0;
    }
    const { ids, ats, seen } = slot;
    if (ids.length === 0) return;
    slot.ids = [];
    slot.ats = [];
    let set: Map<string, number> | undefined;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      if (seen.has(id)) continue;
      if (!set) {
        set = this.users.get(slot.monthKey);
        if (!set) this.users.set(slot.monthKey, (set = new Map()));
      }
      if (!set.has(id)) set.set(id, ats[i]);
    }
    // Mark the day as touched (zero calls) so the alert evaluator sees the change.
    if (set && !this.calls.has(slot.dayKey)) this.calls.set(slot.dayKey, 0);
  }

  private foldAll(): void {
    for (const byEnv of this.slots.values()) for (const slot of byEnv.values()) this.fold(slot);
  }

  /** Remembers end-users as written (only those of a slot's current month: older ones are not asked again). */
  private remember(rows: { partner_id: string; environment: Environment; month: string; end_user_id: string }[]): void {
    if (this.seenCount + rows.length > SEEN_MAX) {
      for (const byEnv of this.slots.values()) for (const slot of byEnv.values()) slot.seen.clear();
      this.seenCount = 0;
    }
    for (const r of rows) {
      const slot = this.slots.get(r.partner_id)?.get(r.environment);
      if (!slot || slot.monthKey !== r.partner_id + SEP + r.environment + SEP + r.month || slot.seen.has(r.end_user_id)) continue;
      slot.seen.add(r.end_user_id);
      this.seenCount++;
    }
  }

  pending() {
    this.foldAll();
    let endUsers = 0;
    for (const s of this.users.values()) endUsers += s.size;
    let calls = 0;
    for (const c of this.calls.values()) calls += c;
    return { calls, endUsers };
  }

  pendingSince(): number | null {
    return this.since;
  }

  /**
   * An erasure of this end-user: a count of it waiting here (recorded and not folded yet, folded, or
   * taken by the flush running now) is stored data too. Waiting counts become the month's erased
   * placeholder at once, so a repeated erasure finds nothing here; returns in how many months the id
   * waited. Called under the (partner, environment) usage lock, so a flush of this process has either
   * committed (the rows are in the table, which the erasure anonymises) or has not checked the
   * erasures yet (it writes the placeholder of what it took). An id already written this month
   * (`seen`) is in the table: converted here, not counted twice.
   */
  erasePending(partnerId: string, environment: Environment, endUserId: string): number {
    const prefix = partnerId + SEP + environment + SEP;
    const slot = this.slots.get(partnerId)?.get(environment);
    if (slot) this.fold(slot);
    const months = new Set<string>();
    for (const [k, set] of this.users) {
      const at = set.get(endUserId);
      if (at === undefined || !k.startsWith(prefix)) continue;
      set.delete(endUserId);
      const placeholder = erasedPlaceholder(this.deps, partnerId, environment, k.slice(prefix.length), endUserId);
      const first = set.get(placeholder);
      if (first === undefined || at < first) set.set(placeholder, at);
      if (!(slot && slot.monthKey === k && slot.seen.has(endUserId))) months.add(k);
    }
    if (this.writing) for (const [k, set] of this.writing) if (k.startsWith(prefix) && set.delete(endUserId)) months.add(k);
    return months.size;
  }

  /** The flush queued behind the one running, not started yet: callers until it starts share it. */
  private next: Promise<void> | null = null;

  flush(): Promise<void> {
    // A flush that has not started yet writes everything recorded before it starts, so it also covers this call.
    // Every usage read flushes first: under load, one write per waiting read (a chain of serial transactions) grew
    // faster than it drained; now the reads waiting together share one.
    if (this.next) return this.next;
    const run = this.chain.then(() => {
      this.next = null;
      return this.flushOnce();
    });
    this.next = run;
    this.chain = run.catch(() => {});
    return run;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.flushing) return;
      this.foldAll();
      if (this.calls.size === 0 && this.users.size === 0) return;
      this.flushing = true;
      this.flush()
        .catch((err) => this.deps.log.warn({ err }, 'usage flush failed; counts kept in memory for the next flush'))
        .finally(() => {
          this.flushing = false;
        });
    }, this.deps.config.usageFlushMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async flushOnce(): Promise<void> {
    this.foldAll();
    const since = this.since;
    if (this.calls.size === 0 && this.users.size === 0) {
      this.since = null;
      return;
    }
    const calls = this.calls;
    const users = this.users;
    this.calls = new Map();
    this.users = new Map();
    this.writing = users;
    // Counts recorded from here on wait from their own time.
    this.since = null;
    const now = this.deps.clock.now();

    const dailyRows = [...calls.entries()]
      .sort((a, b) => compareStrings(a[0], b[0]))
      .map(([k, n]) => {
        const [partner_id, environment, day] = k.split(SEP);
        return { partner_id, environment: environment as Environment, day, calls: n, updated_at: now };
      });
    // In (partner, environment, month, end-user) order: the groups sorted, then the ids within each.
    const userRows: UserRow[] = [];
    for (const k of [...users.keys()].sort(compareStrings)) {
      const set = users.get(k)!;
      const [partner_id, environment, month] = k.split(SEP);
      for (const end_user_id of [...set.keys()].sort(compareStrings)) {
        userRows.push({ partner_id, environment: environment as Environment, month, end_user_id, first_seen_at: set.get(end_user_id)! });
      }
    }

    const done: Written = { daily: new Set(), users: new Set(), budget: SPLIT_BUDGET };
    try {
      await this.write(dailyRows, userRows, done);
      // Written: the rows are in the table now (an erasure finds them there).
      this.writing = null;
    } catch (err) {
      // Put back what was not written: nothing recorded is lost by a failed flush.
      for (const r of dailyRows) {
        if (done.daily.has(r)) continue;
        const k = r.partner_id + SEP + r.environment + SEP + r.day;
        this.calls.set(k, (this.calls.get(k) ?? 0) + r.calls);
      }
      for (const r of userRows) {
        if (done.users.has(r)) continue;
        const k = r.partner_id + SEP + r.environment + SEP + r.month;
        let cur = this.users.get(k);
        if (!cur) this.users.set(k, (cur = new Map()));
        if (!cur.has(r.end_user_id)) cur.set(r.end_user_id, r.first_seen_at);
      }
      // Put back before it stops being in flight: an erasure sees the id in one place or the other.
      this.writing = null;
      this.remember([...done.users]);
      // What was put back has waited since the first of it was recorded.
      if (since !== null && (this.since === null || since < this.since)) this.since = since;
      this.deps.metrics?.meterFlush(false);
      throw err;
    }
    this.remember(userRows);
    this.deps.metrics?.meterFlush(true);
  }

  /**
   * Writes rows in one transaction; when the database refuses a value (a data or constraint error, not
   * an outage), writes each half on its own, down to single rows, so one bad value cannot block every
   * other partner's counts. A row refused on its own, or rows still refused once the budget of retried
   * statements is spent, are dropped and logged. Any other error is thrown with `done` telling what
   * was already written.
   */
  private async write(daily: DailyRow[], users: UserRow[], done: Written): Promise<void> {
    try {
      await writeBatch(this.deps, daily, users);
    } catch (err) {
      if (!isRowError(err)) throw err;
      const n = daily.length + users.length;
      if (n === 1 || done.budget <= 0) {
        this.deps.metrics?.meterRowsDropped(n);
        this.deps.log.error(
          { err, rows: n, sample: daily[0] ?? users[0] },
          'usage rows refused by the database; dropped so the other counts are written',
        );
      } else {
        done.budget -= 2;
        const half = Math.ceil(n / 2);
        const dHalf = Math.min(half, daily.length);
        const uHalf = half - dHalf;
        await this.write(daily.slice(0, dHalf), users.slice(0, uHalf), done);
        await this.write(daily.slice(dHalf), users.slice(uHalf), done);
        return;
      }
    }
    for (const r of daily) done.daily.add(r);
    for (const r of users) done.users.add(r);
  }
}

/** Statements a flush may retry in smaller pieces after a refused value (each bad row costs ~2·log2(rows)). */
const SPLIT_BUDGET = 256;

interface Written {
  daily: Set<DailyRow>;
  users: Set<UserRow>;
  budget: number;
}

/**
 * Whether the database refused the rows themselves (PostgreSQL classes 22 data exception and
 * 23 integrity violation, e.g. NUL in text; SQLite constraint, type or size errors), as opposed to
 * an outage or a busy database, which the next flush retries as a whole.
 */
export function isRowError(err: unknown): boolean {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let i = 0; e && i < 5; i++, e = e.cause as typeof e) {
    const code = e.code;
    if (typeof code === 'string' && (/^2[23][0-9A-Z]{3}$/.test(code) || /^SQLITE_(CONSTRAINT|MISMATCH|TOOBIG)/.test(code))) return true;
  }
  return false;
}

/**
 * The statements of one batch, as a generator (each `yield` runs one statement and
 * gets its rows back: runStatementPlan in repo.ts). Rows of partners deleted meanwhile
 * are dropped (their usage went with them by cascade).
 */
function* plan(deps: Pick<Deps, 'database' | 'secrets'>, db: Kysely<DB>, daily: DailyRow[], users: UserRow[]): Generator<CompiledQuery, void, unknown[]> {
  const st = meterStatements(db);
  const ids = [...new Set(daily.map((r) => r.partner_id).concat(users.map((r) => r.partner_id)))];
  const existing = new Set<string>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = (yield st.existingPartners(ids.slice(i, i + CHUNK))) as { id: string }[];
    for (const r of rows) existing.add(r.id);
  }
  const d = daily.filter((r) => existing.has(r.partner_id));
  let u = users.filter((r) => existing.has(r.partner_id));
  if (u.length > 0) {
    // Hold each (partner, environment) against its erasures, in key order (no lock to take on
    // SQLite: one writer at a time), then write the ids erased meanwhile (here or in any other
    // process) as their placeholders.
    const pairs = [...new Set(u.map((r) => r.partner_id + SEP + r.environment))].sort(compareStrings);
    for (const pair of pairs) {
      const [partnerId, environment] = pair.split(SEP);
      const lock = usageLockQuery(deps.database, db, partnerId, environment as Environment);
      if (lock) yield lock;
    }
    u = yield* withErasedAsPlaceholders(deps, db, u);
  }
  for (let i = 0; i < d.length; i += CHUNK) yield st.addDaily(d.slice(i, i + CHUNK));
  // The month counters grow by the rows actually inserted (insert-or-ignore returns only those), so
  // they stay equal to the rows whichever process inserted an id first; written after the rows, in
  // key order, under the same (partner, environment) locks.
  const added = new Map<string, number>();
  for (let i = 0; i < u.length; i += CHUNK) {
    const inserted = (yield st.addEndUsers(u.slice(i, i + CHUNK))) as { partner_id: string; environment: string; month: string }[];
    for (const r of inserted) {
      const k = r.partner_id + SEP + r.environment + SEP + r.month;
      added.set(k, (added.get(k) ?? 0) + 1);
    }
  }
  const counts: UserCountRow[] = [...added.keys()].sort(compareStrings).map((k) => {
    const [partner_id, environment, month] = k.split(SEP);
    return { partner_id, environment: environment as Environment, month, users: added.get(k)! };
  });
  for (let i = 0; i < counts.length; i += CHUNK) yield st.addEndUserCounts(counts.slice(i, i + CHUNK));
}

/** The rows with every end-user erased in its (partner, environment) replaced by its month's placeholder. */
function* withErasedAsPlaceholders(deps: Pick<Deps, 'secrets'>, db: Kysely<DB>, rows: UserRow[]): Generator<CompiledQuery, UserRow[], unknown[]> {
  const out: UserRow[] = [];
  // Rows come in (partner, environment, …) order: one group of consecutive rows per pair.
  for (let start = 0; start < rows.length; ) {
    const { partner_id, environment } = rows[start];
    let end = start;
    while (end < rows.length && rows[end].partner_id === partner_id && rows[end].environment === environment) end++;
    for (let i = start; i < end; i += CHUNK) {
      const chunk = rows.slice(i, Math.min(end, i + CHUNK));
      const names = chunk.map((r) => erasurePseudonym(deps, partner_id, environment, r.end_user_id));
      const erased = new Set(((yield erasedAmongQuery(db, partner_id, environment, [...new Set(names)])) as { id_pseudonym: string }[]).map((r) => r.id_pseudonym));
      chunk.forEach((r, j) => {
        out.push(erased.has(names[j]) ? { ...r, end_user_id: erasedPlaceholder(deps, partner_id, environment, r.month, r.end_user_id) } : r);
      });
    }
    start = end;
  }
  return out;
}

/** One transaction per flush, rows in key order: no deadlock between processes (runStatementPlan in repo.ts). */
async function writeBatch(deps: Pick<Deps, 'database' | 'secrets'>, daily: DailyRow[], users: UserRow[]): Promise<void> {
  await runStatementPlan(deps.database, (db) => plan(deps, db, daily, users));
}
