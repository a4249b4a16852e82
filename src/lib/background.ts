/**
 * Work a request starts but does not wait for, because its duration must not show in the answer: a
 * password-reset request answers the same, in the same time, whether or not the account exists, and the
 * look-up, the token and the mail (an SMTP round trip) happen after the answer has left.
 *
 * A task starts on the next turn of the event loop (after the answer is written, even on the synchronous
 * SQLite driver). Its failure is logged, never thrown. idle() resolves once nothing runs; the container's
 * close() waits for it before it closes the mailer and the database, so a stop does not cut a task off.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: { warn(obj: object, msg: string): void }) {}

  run(name: string, task: () => Promise<void>): void {
    const p = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((err: unknown) => this.log.warn({ task: name, err: err instanceof Error ? err.message : String(err) }, 'background task failed'))
      .finally(() => this.running.delete(p));
    this.running.add(p);
  }

  /** How many tasks are running now. */
  get size(): number {
    return this.running.size;
  }

  /** Resolves once every task (including those started meanwhile) has ended. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
