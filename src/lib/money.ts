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
