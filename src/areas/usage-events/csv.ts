/** Streamed CSV answers (RFC 4180 via csv-stringify), with the shared options (quoting, formula-injection cells neutralised). */
import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { csvOptions, csvAttachment } from '../../http/csv.js';

/** Sends rows as a CSV attachment, streaming: a page of rows is read only when the client takes the previous one. */
export function sendCsv(reply: FastifyReply, filename: string, columns: string[], rows: AsyncIterable<Record<string, unknown>> | Iterable<Record<string, unknown>>) {
  const out = stringify({ ...csvOptions(), header: true, columns });
  const source = Readable.from(
    (async function* () {
      for await (const row of rows) {
        const record: Record<string, unknown> = {};
        for (const c of columns) record[c] = row[c] ?? null;
        yield record;
      }
    })(),
  );
  pipeline(source, out, (err) => {
    if (err) reply.log.error({ err }, 'csv export failed part-way');
  });
  return csvAttachment(reply, `${filename.slice(0, 150)}.csv`).send(out);
}
