/** Currency units (a JSON number) to integer cents, rounding half-up at the cent. */
export function toCents(units: number): number {
  return Math.round(Number((units * 100).toPrecision(15)));
}

/** Integer cents to currency units with two decimals, as a JSON number. */
export function fromCents(cents: number): number {
  return Number((cents / 100).toFixed(2));
}
