/**
 * CSV answers: RFC 4180 text comes from csv-stringify in each report; this module
 * holds what every report shares: formula-injection neutralisation of text cells
 * and the headers of an attachment.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell a spreadsheet would run as a formula gets a leading `'`; null is an empty cell. */
export function neutralise(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** neutralise() for a cell of any type: only strings change; numbers, booleans and nulls are left alone. */
export function safeCell(value: unknown): unknown {
  return typeof value === 'string' ? neutralise(value) : value;
}

/** Sets the headers of a CSV download; characters outside [A-Za-z0-9._-] in the file name become `_`. */
export function csvAttachment<R extends { header(name: string, value: string): unknown }>(reply: R, filename: string): R {
  reply.header('Content-Type', 'text/csv; charset=utf-8');
  reply.header('Content-Disposition', `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
  reply.header('Cache-Control', 'no-store');
  return reply;
}
