/**
 * Online backup of the embedded SQLite database through SQLite's backup API (better-sqlite3's
 * `backup()`): a consistent copy while the service keeps reading and writing the file.
 */
import { closeSync, existsSync, fsyncSync, linkSync, openSync, statSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Database } from './database.js';
import { PRIVATE_FILE_MODE } from './database.js';

export interface BackupResult {
  file: string;
  bytes: number;
  pages: number;
  ms: number;
}

/** The backup cannot be made where asked (nothing was written there). */
export class BackupRefused extends Error {}

/** Largest step better-sqlite3 accepts: the whole database in one step. */
const ALL_PAGES = 0x7fffffff;

function fsyncPath(p: string): void {
  const fd = openSync(p, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Copies the database to `destination` (a new file, owner-only), checks the copy (`quick_check`) and
 * only then gives it its name, so a file at `destination` is always a whole, checked backup.
 */
export async function backupSqlite(database: Pick<Database, 'sqlite'>, destination: string): Promise<BackupResult> {
  const handle = database.sqlite;
  if (!handle) throw new BackupRefused('the backup command copies the embedded SQLite database; this process uses PostgreSQL');
  const file = path.resolve(destination);
  if (existsSync(file)) throw new BackupRefused(`${file} already exists: give a new file name (a backup never overwrites)`);
  const dir = path.dirname(file);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new BackupRefused(`the folder ${dir} does not exist`);
  const partial = path.join(dir, `.${path.basename(file)}.partial-${process.pid}`);
  const started = performance.now();
  // Owner-only like the database itself (SQLite keeps the mode of a file that exists).
  closeSync(openSync(partial, 'wx', PRIVATE_FILE_MODE));
  try {
    // One step copies every page under one read transaction: a consistent snapshot (the service's writers go on,
    // WAL readers never block them), and no restart, which a smaller step suffers each time another
    // connection writes between two steps (every few milliseconds on a busy service).
    await handle.backup(partial, { progress: () => ALL_PAGES });
    const copy = new SQLite(partial);
    let pages: number;
    try {
      const check = copy.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new Error(`the copy fails SQLite's quick_check: ${String(check)}`);
      pages = Number(copy.pragma('page_count', { simple: true }));
    } finally {
      copy.close();
    }
    fsyncPath(partial);
    try {
      // A link, unlike a rename, never replaces a file that appeared at `destination` meanwhile.
      linkSync(partial, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new BackupRefused(`${file} already exists: give a new file name (a backup never overwrites)`);
      throw err;
    }
    unlinkSync(partial);
    fsyncPath(dir);
    return { file, bytes: statSync(file).size, pages, ms: Math.round(performance.now() - started) };
  } catch (err) {
    for (const f of [partial, `${partial}-wal`, `${partial}-shm`]) {
      try {
        unlinkSync(f);
      } catch {
        // not there
      }
    }
    throw err;
  }
}
