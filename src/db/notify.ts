/**
 * Cross-process notifications (PostgreSQL LISTEN/NOTIFY). SQLite has no other process to tell:
 * one process owns the file, so notify() does nothing there and nothing needs to listen.
 */
import { sql } from 'kysely';
import type pg from 'pg';
import type { Database } from './database.js';

/** Whether other processes share this database and must be told of changes (PostgreSQL). */
export function sharedWithOtherProcesses(database: Database): boolean {
  return database.dialect === 'postgres';
}

/** Sends `payload` on `channel` to every listening process (PostgreSQL); nothing on SQLite. */
export async function notify(database: Database, channel: string, payload: string): Promise<void> {
  if (database.dialect !== 'postgres') return;
  await sql`select pg_notify(${channel}, ${payload})`.execute(database.db);
}

/** Starts receiving `channel` on a dedicated pool connection (its 'notification' events). */
export async function listen(client: pg.PoolClient, channel: string): Promise<void> {
  await client.query(`LISTEN ${quoteChannel(channel)}`);
}

export async function unlisten(client: pg.PoolClient, channel: string): Promise<void> {
  await client.query(`UNLISTEN ${quoteChannel(channel)}`);
}

/** A channel is an identifier: only plain names are accepted, so nothing else can reach the statement. */
function quoteChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid notification channel: ${channel}`);
  return channel;
}
