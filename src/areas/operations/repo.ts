/** SQL of the service's own tables (service_keys). Every function takes an Executor (the database or a transaction). */
import type { Executor } from '../../db/database.js';
import type { ServiceKeysTable } from '../../db/schema/operations.js';

export function serviceKey(db: Executor, name: string) {
  return db.selectFrom('service_keys').select(['name', 'value_enc']).where('name', '=', name).executeTakeFirst();
}

/** Stores a service key unless one of that name exists (processes starting together store one). */
export async function insertServiceKeyIfMissing(db: Executor, row: ServiceKeysTable): Promise<void> {
  await db
    .insertInto('service_keys')
    .values(row)
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/** Sealed service keys after `afterName`, by name (rotation of SECRETS_KEY). */
export async function sealedServiceKeysPage(db: Executor, afterName: string | null, limit: number): Promise<{ id: string; sealed: string }[]> {
  let q = db.selectFrom('service_keys').select(['name', 'value_enc']);
  if (afterName !== null) q = q.where('name', '>', afterName);
  const rows = await q.orderBy('name').limit(limit).execute();
  return rows.map((r) => ({ id: r.name, sealed: r.value_enc }));
}

/** Replaces a sealed service key if it is still `from`; whether it did. */
export async function resealServiceKey(db: Executor, name: string, from: string, to: string): Promise<boolean> {
  const r = await db.updateTable('service_keys').set({ value_enc: to }).where('name', '=', name).where('value_enc', '=', from).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
