/**
 * Loaded into a benchmark's server process (spawnServer's `imports`): on SIGWINCH (ignored by default and
 * heard by nothing else in the server; close-with-grace takes SIGUSR2 as a shutdown) it writes the process's
 * own `process.cpuUsage()` (user and system, µs, every thread of the process) and how many signals it has
 * answered to BENCH_CPU_FILE. The benchmark reads it with `serverCpu` (below): microsecond figures, where /proc's
 * utime and stime come in 10 ms ticks, too coarse for requests of a millisecond.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';

const file = process.env.BENCH_CPU_FILE;
if (file && process.env.BENCH_CPU_PROBE === '1') {
  let answered = 0;
  process.on('SIGWINCH', () => {
    const u = process.cpuUsage();
    answered++;
    writeFileSync(file, JSON.stringify({ answered, user: u.user, system: u.system }));
  });
}

const asked = new WeakMap<ChildProcess, number>();

/** The server's CPU time so far (ms, user + system), asked of the process itself; waits at most 10 s for its answer. */
export async function serverCpu(child: ChildProcess, cpuFile: string): Promise<number> {
  const n = (asked.get(child) ?? 0) + 1;
  asked.set(child, n);
  child.kill('SIGWINCH');
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const r = JSON.parse(readFileSync(cpuFile, 'utf8')) as { answered: number; user: number; system: number };
      if (r.answered >= n) return (r.user + r.system) / 1000;
    } catch {
      // not written yet, or being written
    }
    if (Date.now() > deadline) throw new Error('the server did not report its CPU time');
    await new Promise((r) => setTimeout(r, 1));
  }
}
