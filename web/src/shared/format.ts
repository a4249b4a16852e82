const INTEGER = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const USD = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' });
const MONTH = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' });
const DAY = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

export const formatInteger = (n: number): string => INTEGER.format(n);
export const formatUsd = (n: number): string => USD.format(n);
/** `2026-05` → `May 2026` (a UTC month). */
export const formatMonth = (month: string): string => MONTH.format(new Date(`${month}-01T00:00:00Z`));
/** `2026-05-04` → `May 4` (a UTC day). */
export const formatDay = (day: string): string => DAY.format(new Date(`${day}T00:00:00Z`));
