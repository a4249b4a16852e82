/** A trimmed string, or null when it is missing or blank. */
export function blankToNull(s: string | null | undefined): string | null {
  if (s === undefined || s === null) return null;
  const t = s.trim();
  return t === '' ? null : t;
}
