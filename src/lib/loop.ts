/** The periodic loop the background workers share, and turns of the event loop for long tasks. */

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

/** Long tasks waiting for their next turn, oldest first; a turn of the event loop resumes one of them. */
const waiting: (() => void)[] = [];
let turnScheduled = false;

function nextTurn(): void {
  const resume = waiting.shift();
  if (waiting.length > 0) setImmediate(nextTurn);
  else turnScheduled = false;
  resume?.();
}

/**
 * Gives the event loop a turn between two steps of a long task (the batches of an export, the
 * generation and the writes of a large sandbox page). A synchronous database (better-sqlite3)
 * and a socket that takes every chunk at once would otherwise run a whole export without
 * letting any other request in. The tasks running at once take turns: one of them resumes per
 * turn of the loop (oldest waiter first), so a request arriving meanwhile waits behind one
 * step, not behind one step of every task running. Exports take their turn
 * right after each read, before turning its rows into text: on PostgreSQL the answer of a read
 * arrives with the loop's other I/O, where several exports' rows would otherwise be turned into
 * text in one go.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!turnScheduled) {
      turnScheduled = true;
      setImmediate(nextTurn);
    }
  });
}
