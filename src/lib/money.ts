/** Currency units (a JSON number) to integer cents, rounding half-up at the cent. */
export function toCents(units: number): number {
  const c = units * 100;
  const r = Math.round(c);
  // Amounts with at most two decimals land within float noise of an integer: the fast path.
  if (Math.abs(c - r) < 1e-6) return r;
  // Otherwise round the decimal value, not its binary approximation (1.005 → 101 cents, not 100).
  return Math.round(Number(c.toPrecision(15)));
}

/**
 * Integer cents to currency units, as a JSON number. An integer divided by 100 is
 * the double nearest the two-decimal value, so it prints with at most two decimals.
 */
export function fromCents(cents: number): number {
  return cents / 100;
}

/**
 * Whether a JSON number can state `cents` exactly: the shortest decimal form of
 * `cents / 100` reads back as those cents. Every figure of at most 15 significant
 * digits can; beyond 2^53 cents, or past 15 digits where the nearest double prints
 * another decimal, it cannot.
 */
export function statesExactly(cents: number): boolean {
  if (!Number.isSafeInteger(cents)) return false;
  if (Math.abs(cents) < 1e15) return true;
  const text = (cents / 100).toString();
  if (text.includes('e')) return false;
  const [whole, fraction = ''] = text.split('.');
  return fraction.length <= 2 && BigInt(whole + fraction.padEnd(2, '0')) === BigInt(cents);
}
