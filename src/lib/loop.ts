/** The periodic loop the background workers share. */

/** A running background worker: its name and how to stop it. */
export interface WorkerHandle {
  name: string;
  stop(): Promise<void>;
}

/**
 * A periodic worker: runs `tick` now (or after one interval when `delayFirst`), then
 * `intervalMs` after each run ends (runs never overlap); stop() waits for a run in progress.
 * `tick` handles its own errors.
 */
export function startLoop(name: string, intervalMs: number, tick: () => Promise<void>, delayFirst = false): WorkerHandle {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const schedule = () => {
    timer = setTimeout(loop, intervalMs);
    timer.unref();
  };
  const loop = () => {
    if (stopped) return;
    running = tick().finally(() => {
      running = null;
      if (!stopped) schedule();
    });
  };
  if (delayFirst) schedule();
  else loop();
  return {
    name,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (running) await running;
    },
  };
}
