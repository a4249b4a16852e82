const INTEGER = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const USD = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' });
const USD_SHORT = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });
const MONTH = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' });
const DAY = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

export const formatInteger = (n: number): string => INTEGER.format(n);
export const formatUsd = (n: number): string => USD.format(n);
/** An amount in USD cents, as dollars: `123456` → `$1,234.56`. */
export const formatCents = (cents: number): string => USD.format(cents / 100);
/** An amount in USD cents, short, for a chart's axis: `123456789` → `$1.2M`. */
export const formatCentsShort = (cents: number): string => USD_SHORT.format(cents / 100);
/** `2026-05` → `May 2026` (a UTC month). */
export const formatMonth = (month: string): string => MONTH.format(new Date(`${month}-01T00:00:00Z`));
/** `2026-05-04` → `May 4` (a UTC day). */
export const formatDay = (day: string): string => DAY.format(new Date(`${day}T00:00:00Z`));
