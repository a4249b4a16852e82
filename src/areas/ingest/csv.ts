/** Streamed CSV answers (RFC 4180 via csv-stringify), with formula-injection cells neutralised. */
import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell that a spreadsheet would read as a formula gets a leading `'`. Numbers are left alone. */
export function safeCell(v: unknown): unknown {
  return typeof v === 'string' && FORMULA_START.test(v) ? `'${v}` : v;
}

function safeName(s: string): string {
  return s.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 150);
}

/** Sends rows as a CSV attachment, streaming: a page of rows is read only when the client takes the previous one. */
export function sendCsv(reply: FastifyReply, filename: string, columns: string[], rows: AsyncIterable<Record<string, unknown>> | Iterable<Record<string, unknown>>) {
  const out = stringify({ header: true, columns, cast: { boolean: (b) => (b ? 'true' : 'false') } });
  const source = Readable.from(
    (async function* () {
      for await (const row of rows) {
        const safe: Record<string, unknown> = {};
        for (const c of columns) safe[c] = safeCell(row[c] ?? null);
        yield safe;
      }
    })(),
  );
  pipeline(source, out, (err) => {
    if (err) reply.log.error({ err }, 'csv export failed part-way');
  });
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${safeName(filename)}.csv"`)
    .header('Cache-Control', 'no-store')
    .send(out);
}
