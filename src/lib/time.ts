/** A clock the service reads time from; tests substitute their own. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

let lastIsoMs = NaN;
let lastIso = '';
/** ISO 8601 of an instant (the last one is remembered: many calls share a millisecond). */
export function iso(ms: number): string {
  if (ms !== lastIsoMs) {
    lastIso = new Date(ms).toISOString();
    lastIsoMs = ms;
  }
  return lastIso;
}

export function isoOrNull(ms: number | null | undefined): string | null {
  return ms === null || ms === undefined ? null : iso(ms);
}

/** UTC day `YYYY-MM-DD` of an instant. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** UTC month `YYYY-MM` of an instant. */
export function utcMonth(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses a strict `YYYY-MM-DD` calendar date to UTC midnight epoch ms; null when it is not a real date. */
export function parseDay(value: string): number | null {
  const m = DATE_RE.exec(value);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return utcDay(ms) === value ? ms : null;
}

/** Parses an ISO 8601 date or date-time (with zone, or a bare date as UTC) to epoch ms; null when it does not parse. */
export function parseInstant(value: string): number | null {
  if (DATE_RE.test(value)) return parseDay(value);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

export const DAY_MS = 86_400_000;
