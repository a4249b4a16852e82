/**
 * Code-unit order of two strings (what `<` compares), for sorting keys before
 * writing them: rows written in one order by every process take their locks alike.
 */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
