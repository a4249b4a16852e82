/**
 * CSV answers: RFC 4180 text comes from csv-stringify in each report; this module
 * holds what every report shares: the stringify options (quoting, formula-injection
 * neutralisation of text cells) and the headers of an attachment.
 */
import type { Options } from 'csv-stringify';
import { errors } from './errors.js';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell a spreadsheet would run as a formula gets a leading `'`; null is an empty cell. */
export function neutralise(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * csv-stringify options every report passes. A cell holding a bare CR or LF is
 * quoted whatever the record delimiter (csv-stringify quotes only the delimiter
 * itself once one is set, and a spreadsheet ends a row at any line break outside
 * quotes, which would let the rest of the cell escape the formula check); every
 * string cell goes through neutralise(), so no report can forget a column.
 * A new object each call: csv-stringify writes into the options it is given.
 */
export function csvOptions() {
  return {
    record_delimiter: '\r\n',
    quote_record_delimiter: true,
    cast: {
      string: (value: string) => neutralise(value),
      boolean: (value: boolean) => (value ? 'true' : 'false'),
    },
  } satisfies Options;
}

/** Sets the headers of a CSV download; characters outside [A-Za-z0-9._-] in the file name become `_`. */
export function csvAttachment<R extends { header(name: string, value: string): unknown }>(reply: R, filename: string): R {
  reply.header('Content-Type', 'text/csv; charset=utf-8');
  reply.header('Content-Disposition', `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
  reply.header('Cache-Control', 'no-store');
  return reply;
}

/** The answer an export is streamed into (a FastifyReply): its slot is free again once the connection closes. */
export interface ExportAnswer {
  raw: { once(event: 'close', listener: () => void): unknown };
}

/**
 * One export at a time per owner (a partner and environment, an administrator), in this
 * process: a second one answers 429 until the first is done, so one partner's exports
 * cannot take the database and the event loop from everyone else.
 */
export class ExportGate {
  private readonly running = new Set<string>();

  /** Holds `owner`'s slot until the answer is finished or its connection closes; 429 when it is taken. */
  hold(answer: ExportAnswer, owner: string): void {
    if (this.running.has(owner)) {
      throw errors.exportInProgress('An export of yours is still running: one export at a time, try again when it is done');
    }
    this.running.add(owner);
    answer.raw.once('close', () => this.running.delete(owner));
  }

  /** Exports running now (tests, metrics). */
  get size(): number {
    return this.running.size;
  }
}
