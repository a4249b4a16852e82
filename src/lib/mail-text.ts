/**
 * Text someone else wrote (a partner's company name, a visitor's name) inside a mail the
 * platform sends. Such text never goes where the platform speaks (subject, greeting): it is
 * shown as data, on its own labelled line, quoted, on one line and bounded, so that it can
 * neither start a paragraph of its own nor pass for the platform's words.
 */

// C0 and C1 controls, DEL, the Unicode line and paragraph separators, and the bidirectional
// overrides and isolates (which can make quoted text read as something else).
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]+/g;

/** One line: every control or separator character becomes a space, runs of spaces one, bounded to `max` characters (… when cut). */
export function oneLine(s: string, max = 120): string {
  const flat = s.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length <= max ? flat : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/** `oneLine` in double quotes, with quotes and backslashes escaped: data, not prose (`"Acme \"Bank\""`). */
export function quoted(s: string, max = 80): string {
  return JSON.stringify(oneLine(s, max));
}
