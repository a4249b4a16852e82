/** Calendar-day arithmetic on `YYYY-MM-DD` strings (UTC), for the sandbox generators. */

const DAY_MS = 86_400_000;

export function dayToMs(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
}

export function msToDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  return msToDay(dayToMs(day) + n * DAY_MS);
}

/** Whole days from a to b (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((dayToMs(b) - dayToMs(a)) / DAY_MS);
}

/** Month index: year × 12 + (month − 1). */
export function monthIndexOf(day: string): number {
  return Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
}

export function monthLabel(mi: number): string {
  return `${Math.floor(mi / 12)}-${String((mi % 12) + 1).padStart(2, '0')}`;
}

export function daysInMonth(mi: number): number {
  return new Date(Date.UTC(Math.floor(mi / 12), (mi % 12) + 1, 0)).getUTCDate();
}

export function dayOfMonth(mi: number, d: number): string {
  return `${monthLabel(mi)}-${String(d).padStart(2, '0')}`;
}

/** 0 = Sunday … 6 = Saturday */
export function weekday(day: string): number {
  return new Date(dayToMs(day)).getUTCDay();
}

/** The day itself when it is a weekday, else the following Monday. */
export function onOrAfterBusinessDay(day: string): string {
  const w = weekday(day);
  return w === 6 ? addDays(day, 2) : w === 0 ? addDays(day, 1) : day;
}

/** The next business day strictly after `day` (ACH settlement; weekends only, no holiday calendar). */
export function nextBusinessDay(day: string): string {
  return onOrAfterBusinessDay(addDays(day, 1));
}
