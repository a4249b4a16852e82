/** The webhook event streams open in this process, per key (deps.webhooks.streams; stream.ts runs them). */

export interface StreamHolder {
  stop(): void;
}

export class StreamRegistry {
  private readonly byKey = new Map<string, Set<StreamHolder>>();

  /** Takes a slot for `keyId`; false when it holds `max` already. */
  take(keyId: string, max: number, holder: StreamHolder): boolean {
    const set = this.byKey.get(keyId) ?? new Set();
    if (set.size >= max) return false;
    set.add(holder);
    this.byKey.set(keyId, set);
    return true;
  }

  release(keyId: string, holder: StreamHolder): void {
    const set = this.byKey.get(keyId);
    if (!set) return;
    set.delete(holder);
    if (set.size === 0) this.byKey.delete(keyId);
  }

  count(keyId: string): number {
    return this.byKey.get(keyId)?.size ?? 0;
  }

  /** Ends every stream (the process stops). */
  closeAll(): void {
    for (const set of [...this.byKey.values()]) for (const h of [...set]) h.stop();
    this.byKey.clear();
  }
}
