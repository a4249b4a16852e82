/**
 * Group commit: concurrent writes share one transaction, so one commit (one fsync)
 * serves many requests. A write is answered only after the commit that holds it,
 * so nothing acknowledged can be lost.
 *
 * While a commit is in flight, new writes queue up and go together in the next
 * one. An idle queue starts its next group after `gatherMs` (0: on the next turn
 * of the event loop, so every request already read in this turn joins), or at once
 * when the queued weight reaches `maxWeight`.
 *
 * `commit` writes a group and says, per write, whether it was stored (a write
 * that cannot be stored must fail alone); when it throws, the whole group fails.
 */
export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

export interface GroupCommitOptions<T> {
  /** Writes per transaction. */
  maxGroup: number;
  /** How long the first write of a group waits for others (ms); 0: the next turn of the event loop. */
  gatherMs?: number;
  /** The weight of a write (e.g. its rows) and the queued weight that starts a group at once. */
  weight?: (item: T) => number;
  maxWeight?: number;
  /** Told the size of every group as it goes to commit (the batch-size metric). */
  onGroup?: (size: number) => void;
}

interface Queued<T, R> {
  item: T;
  resolve: (r: R) => void;
  reject: (err: unknown) => void;
}

export class GroupCommit<T, R> {
  private queue: Queued<T, R>[] = [];
  private queuedWeight = 0;
  private flushing = false;
  /** A group start is scheduled (timer, or the next turn of the event loop). */
  private scheduled = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly commit: (group: T[]) => Promise<Outcome<R>[]>,
    private readonly opts: GroupCommitOptions<T>,
  ) {}

  /** Resolves once the write is committed. */
  write(item: T): Promise<R> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.queuedWeight += this.opts.weight?.(item) ?? 1;
      if (this.flushing) return; // the running flush takes it next
      if (this.opts.maxWeight !== undefined && this.queuedWeight >= this.opts.maxWeight) {
        if (this.timer) clearTimeout(this.timer);
        this.timer = null;
        this.scheduled = false;
        this.startFlush();
      } else if (!this.scheduled) {
        this.scheduled = true;
        const go = () => {
          this.scheduled = false;
          this.timer = null;
          this.startFlush();
        };
        if (this.opts.gatherMs) this.timer = setTimeout(go, this.opts.gatherMs);
        else setImmediate(go);
      }
    });
  }

  private startFlush(): void {
    if (this.flushing) return;
    this.flushing = true;
    void this.flush();
  }

  private async flush(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const group = this.queue.splice(0, this.opts.maxGroup);
        for (const q of group) this.queuedWeight -= this.opts.weight?.(q.item) ?? 1;
        this.opts.onGroup?.(group.length);
        let outcomes: Outcome<R>[];
        try {
          outcomes = await this.commit(group.map((q) => q.item));
        } catch (error) {
          for (const q of group) q.reject(error);
          continue;
        }
        group.forEach((q, i) => {
          const o = outcomes[i];
          if (o.ok) q.resolve(o.value);
          else q.reject(o.error);
        });
      }
    } finally {
      this.flushing = false;
    }
  }
}
