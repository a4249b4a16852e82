/**
 * The form of an email address that erasure matches on: padding trimmed, compatibility
 * forms unified (NFKC), and case folded over all of Unicode. JavaScript has no case-fold
 * function; upper-casing and then lower-casing folds what a single lower-casing leaves
 * apart (`ß` and `SS`, final and medial sigma) the same way on every database, which
 * SQL's lower() does not (SQLite lowers ASCII only).
 */
export function emailKey(email: string): string {
  return email.trim().normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
}
