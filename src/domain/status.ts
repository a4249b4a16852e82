/**
 * Component status from recorded self-probes: pure functions, no I/O.
 *
 * - A component's current status is the worse of its latest probe and what its open
 *   incidents imply (minor → degraded, major/critical → outage).
 * - The overall status is the worst of every component's and of what every open incident
 *   implies, whether or not it names a component: an open incident of impact minor or worse
 *   never leaves the overall status operational.
 * - uptime_30d is the share of probes over the last 30 days that were not an outage
 *   (degraded counts as up, as status pages do), a percentage with 3 decimals.
 * - history is one status per UTC day, oldest first, the worst probe of that day;
 *   `no_data` for a day without probes.
 */
export type ComponentStatus = 'operational' | 'degraded' | 'outage' | 'maintenance';
export type DayStatus = ComponentStatus | 'no_data';

const RANK: Record<ComponentStatus, number> = { operational: 0, maintenance: 1, degraded: 2, outage: 3 };

export function worst(a: ComponentStatus, b: ComponentStatus): ComponentStatus {
  return RANK[b] > RANK[a] ? b : a;
}

export function worstOf(list: ComponentStatus[]): ComponentStatus {
  return list.reduce<ComponentStatus>((acc, s) => worst(acc, s), 'operational');
}

/** What an open incident of this impact does to the components it names. */
export function statusFromImpact(impact: string): ComponentStatus {
  if (impact === 'critical' || impact === 'major') return 'outage';
  if (impact === 'minor') return 'degraded';
  return 'operational';
}

/** The overall status: the worst component, and the worst open incident (by what its impact implies). */
export function overallStatus(components: ComponentStatus[], openImpacts: string[]): ComponentStatus {
  return worstOf([...components, ...openImpacts.map(statusFromImpact)]);
}

/** Probe counts of one component for one UTC day (day = epoch day number) and status. */
export interface DayCount {
  day: number;
  status: ComponentStatus;
  n: number;
}

export const DAY_MS = 86_400_000;

/** One status per UTC day, oldest first, ending today: the worst probe of the day, `no_data` without probes. */
export function dayHistory(rows: DayCount[], now: number, days: number): DayStatus[] {
  const today = Math.floor(now / DAY_MS);
  const first = today - days + 1;
  const out: DayStatus[] = new Array(days).fill('no_data');
  for (const r of rows) {
    const d = r.day - first;
    if (d < 0 || d >= days || r.n <= 0) continue;
    const cur = out[d];
    out[d] = cur === 'no_data' ? r.status : worst(cur, r.status);
  }
  return out;
}

/**
 * Share of probes that were not an outage (degraded and maintenance count as up),
 * in percent with 3 decimals; probes run at a fixed interval, so this is the share
 * of time. 100 when nothing was recorded yet.
 */
export function uptimePercent(rows: DayCount[]): number {
  let total = 0;
  let up = 0;
  for (const r of rows) {
    total += r.n;
    if (r.status !== 'outage') up += r.n;
  }
  if (total === 0) return 100;
  return Math.round((up / total) * 100_000) / 1000;
}
