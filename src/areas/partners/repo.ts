import type { Executor } from '../../db/database.js';
import type { ApiKeysTable, Environment, PartnersTable } from '../../db/schema/index.js';

export function findPartnerById(db: Executor, id: string) {
  return db.selectFrom('partners').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findPartnerByEmail(db: Executor, email: string) {
  return db.selectFrom('partners').selectAll().where('email_lower', '=', email.toLowerCase()).executeTakeFirst();
}

export async function insertPartner(db: Executor, row: PartnersTable): Promise<void> {
  await db.insertInto('partners').values(row).execute();
}

export function keysOfPartner(db: Executor, partnerId: string) {
  return db.selectFrom('api_keys').selectAll().where('partner_id', '=', partnerId).orderBy('environment', 'asc').execute();
}

export async function insertKey(db: Executor, row: ApiKeysTable): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

export function keySlot(db: Executor, partnerId: string, environment: Environment) {
  return db.selectFrom('api_keys').selectAll().where('partner_id', '=', partnerId).where('environment', '=', environment).executeTakeFirst();
}
