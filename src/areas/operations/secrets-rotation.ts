/**
 * Rotation of SECRETS_KEY (`npm run svc -- rotate-secrets-key`): every sealed value is opened and
 * sealed again under the current key, one transaction per batch of one column, while the service
 * keeps running with both keys (SECRETS_KEY new, SECRETS_KEY_PREVIOUS old).
 *
 * Resumable without any record of progress: a value that already opens under the current key is
 * left as it is, so a run stopped half-way and run again finishes the job. A value is replaced only
 * if it is still the one read (compare-and-set): a process that rotated that secret meanwhile sealed
 * its new value under SECRETS_KEY itself, and wins. Before writing anything, every value is opened
 * once: if one opens under neither key, the command refuses and changes nothing.
 */
import type { Deps } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { UnreadableSealedValue, type SealingKey } from '../../lib/crypto.js';
import { resealIngestSecret, resealKey, sealedIngestSecretsPage, sealedKeysPage } from '../partners/repo.js';
import { resealEndpointSecret, sealedEndpointSecretsPage } from '../webhooks/repo.js';
import { resealServiceKey, sealedServiceKeysPage } from './repo.js';
import { resealFactorSecret, sealedFactorSecretsPage } from '../mfa/repo.js';

/** One column of sealed values: read in pages by row id, replaced only if unchanged since read. */
export interface SealedColumn {
  table: string;
  column: string;
  page(db: Executor, afterId: string | null, limit: number): Promise<{ id: string; sealed: string }[]>;
  replace(db: Executor, id: string, from: string, to: string): Promise<boolean>;
}

/** Every column of the database that holds values sealed under SECRETS_KEY (a test holds this list to the schema). */
export const SEALED_COLUMNS: readonly SealedColumn[] = [
  { table: 'partners', column: 'ingest_secret_enc', page: sealedIngestSecretsPage, replace: resealIngestSecret },
  { table: 'api_keys', column: 'key_enc', page: sealedKeysPage, replace: resealKey },
  {
    table: 'webhook_endpoints',
    column: 'secret_enc',
    page: (db, after, limit) => sealedEndpointSecretsPage(db, 'current', after, limit),
    replace: (db, id, from, to) => resealEndpointSecret(db, 'current', id, from, to),
  },
  {
    table: 'webhook_endpoints',
    column: 'previous_secret_enc',
    page: (db, after, limit) => sealedEndpointSecretsPage(db, 'previous', after, limit),
    replace: (db, id, from, to) => resealEndpointSecret(db, 'previous', id, from, to),
  },
  { table: 'service_keys', column: 'value_enc', page: sealedServiceKeysPage, replace: resealServiceKey },
  { table: 'mfa_factors', column: 'secret_enc', page: sealedFactorSecretsPage, replace: resealFactorSecret },
];

/** What the rotation did to one column. */
export interface ColumnResult {
  table: string;
  column: string;
  /** Values opened under the previous key and sealed under the current one. */
  resealed: number;
  /** Values that already opened under the current key (sealed since the restart, or by an earlier run). */
  alreadyCurrent: number;
  /** Values a running process replaced between the read and the write (left to it). */
  changedMeanwhile: number;
}

export interface RotationResult {
  columns: ColumnResult[];
  /** Values still sealed under the previous key after the pass (written by a process still sealing with it). */
  leftUnderPrevious: number;
}

/** The rotation cannot (or must not) run: nothing was changed by the step that refused. */
export class RotationRefused extends Error {}

export interface RotationOptions {
  /** Rows per batch (one transaction each). */
  batchSize?: number;
  /** Called after each committed batch (progress; tests stop a run here). */
  afterBatch?: (column: SealedColumn, resealed: number) => Promise<void> | void;
  columns?: readonly SealedColumn[];
}

type RotationDeps = Pick<Deps, 'database' | 'secrets'>;

const UNREADABLE_LISTED = 20;

/** Which key opens a value; null when neither does. */
function keyOf(deps: RotationDeps, sealed: string): { value: string; key: SealingKey } | null {
  try {
    return deps.secrets.openWithKey(sealed);
  } catch (err) {
    if (err instanceof UnreadableSealedValue) return null;
    throw err;
  }
}

async function* pages(deps: RotationDeps, column: SealedColumn, batchSize: number) {
  let after: string | null = null;
  for (;;) {
    const rows = await column.page(deps.database.db, after, batchSize);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1].id;
    if (rows.length < batchSize) return;
  }
}

/** Opens every sealed value once: how many each key opens, and which open under neither. */
export async function surveySealedValues(deps: RotationDeps, opts: Pick<RotationOptions, 'batchSize' | 'columns'> = {}) {
  const batchSize = opts.batchSize ?? 500;
  const counts: { table: string; column: string; current: number; previous: number }[] = [];
  const unreadable: string[] = [];
  let unreadableCount = 0;
  for (const column of opts.columns ?? SEALED_COLUMNS) {
    const c = { table: column.table, column: column.column, current: 0, previous: 0 };
    for await (const rows of pages(deps, column, batchSize)) {
      for (const row of rows) {
        const opened = keyOf(deps, row.sealed);
        if (opened) c[opened.key]++;
        else {
          unreadableCount++;
          if (unreadable.length < UNREADABLE_LISTED) unreadable.push(`${column.table}.${column.column} of ${row.id}`);
        }
      }
    }
    counts.push(c);
  }
  return { counts, unreadable, unreadableCount };
}

function unreadableMessage(list: string[], total: number): string {
  const more = total > list.length ? `\n  … and ${total - list.length} more` : '';
  return (
    `${total} sealed value${total === 1 ? '' : 's'} open${total === 1 ? 's' : ''} under neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS; nothing was changed:\n` +
    list.map((l) => `  ${l}`).join('\n') +
    more +
    '\nCheck that SECRETS_KEY_PREVIOUS is the key the database was sealed with (a value sealed under a third key, ' +
    'or damaged, must be replaced: rotate that secret or key, or clear the slot, then run the command again).'
  );
}

/** Re-seals every value sealed under SECRETS_KEY_PREVIOUS under SECRETS_KEY (see the top of this file). */
export async function rotateSecretsKey(deps: RotationDeps, opts: RotationOptions = {}): Promise<RotationResult> {
  if (!deps.secrets.hasPreviousKey) {
    throw new RotationRefused(
      'SECRETS_KEY_PREVIOUS is not set. To rotate: set SECRETS_KEY to the new key and SECRETS_KEY_PREVIOUS to the old one ' +
        'on every process and restart them, then run this command (docs/operations.md)',
    );
  }
  const batchSize = opts.batchSize ?? 500;
  const columns = opts.columns ?? SEALED_COLUMNS;
  const survey = await surveySealedValues(deps, { batchSize, columns });
  if (survey.unreadableCount > 0) throw new RotationRefused(unreadableMessage(survey.unreadable, survey.unreadableCount));

  const results: ColumnResult[] = [];
  for (const column of columns) {
    const r: ColumnResult = { table: column.table, column: column.column, resealed: 0, alreadyCurrent: 0, changedMeanwhile: 0 };
    for await (const rows of pages(deps, column, batchSize)) {
      const writes: { id: string; from: string; to: string }[] = [];
      for (const row of rows) {
        const opened = keyOf(deps, row.sealed);
        // Written by something else since the survey: refuse before this batch changes anything.
        if (!opened) throw new RotationRefused(unreadableMessage([`${column.table}.${column.column} of ${row.id}`], 1));
        if (opened.key === 'current') r.alreadyCurrent++;
        else writes.push({ id: row.id, from: row.sealed, to: deps.secrets.seal(opened.value) });
      }
      if (writes.length === 0) continue;
      // Reads above, only writes in the transaction: on SQLite it takes the write lock at its first statement
      // (waiting for the service's writers), never upgrading a read snapshot another process moved past.
      const done = await deps.database.tx(async (trx) => {
        let n = 0;
        for (const w of writes) if (await column.replace(trx, w.id, w.from, w.to)) n++;
        return n;
      });
      r.resealed += done;
      r.changedMeanwhile += writes.length - done;
      await opts.afterBatch?.(column, done);
    }
    results.push(r);
  }
  // A process not restarted with the new key would still seal under the old one: say so, a rerun finishes.
  const after = await surveySealedValues(deps, { batchSize, columns });
  const leftUnderPrevious = after.counts.reduce((n, c) => n + c.previous, 0);
  return { columns: results, leftUnderPrevious };
}
