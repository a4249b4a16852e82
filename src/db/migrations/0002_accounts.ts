import type { Kysely } from 'kysely';

// Reserved for this area's tables; portable DDL only (SQLite and PostgreSQL).
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
