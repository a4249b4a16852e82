/** Opaque keyset cursors: base64url of the last row's sort key. */
import { errors } from './errors.js';

export function encodeCursor(key: (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/**
 * Decodes a cursor made by encodeCursor with the given element kinds; a cursor
 * that does not decode is a 422 on `["query", "cursor"]`.
 */
export function decodeCursor<K extends ('string' | 'number')[]>(cursor: string, kinds: K): { [I in keyof K]: K[I] extends 'string' ? string : number } {
  const fail = () => errors.invalid(['query', 'cursor'], 'Invalid cursor: pass next_cursor from a previous page unchanged', cursor, 'value_error');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw fail();
  }
  if (!Array.isArray(parsed) || parsed.length !== kinds.length) throw fail();
  parsed.forEach((v, i) => {
    if (typeof v !== kinds[i] || (typeof v === 'number' && !Number.isSafeInteger(v))) throw fail();
  });
  return parsed as never;
}
