/**
 * What a start does to an empty or new database: the first admin, and a demo partner. Several
 * processes may start together on one new database (and the CLI may run beside them): each step
 * is written so that racing copies of it all succeed and leave one row.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Deps } from './context.js';
import { hashPassword } from './lib/crypto.js';
import { newId } from './lib/ids.js';
import { adminIdByEmailLower, anyAdminExists, insertAdminIfMissing } from './areas/accounts/repo.js';
import { anyPartnerExists } from './areas/partners/repo.js';
import { createPartner, type CreatedPartner } from './areas/partners/service.js';

export async function createAdmin(deps: Pick<Deps, 'database' | 'clock'>, email: string, password: string): Promise<{ id: string; created: boolean }> {
  const db = deps.database.db;
  const existing = await adminIdByEmailLower(db, email.toLowerCase());
  if (existing) return { id: existing.id, created: false };
  const id = newId('adm', deps.clock.now());
  const row = { id, email, email_lower: email.toLowerCase(), password_hash: await hashPassword(password), created_at: deps.clock.now() };
  // Another process may have created it while the password was hashed: its row stays, and this one answers with it.
  if (await insertAdminIfMissing(db, row)) return { id, created: true };
  const winner = await adminIdByEmailLower(db, email.toLowerCase());
  if (!winner) throw new Error(`the administrator ${email} could be neither created nor found`);
  return { id: winner.id, created: false };
}

/** The admin named by ADMIN_EMAIL / ADMIN_PASSWORD, created at start when missing. */
export async function ensureConfiguredAdmin(deps: Deps): Promise<void> {
  const { adminEmail, adminPassword } = deps.config;
  if (!adminEmail || !adminPassword) return;
  const r = await createAdmin(deps, adminEmail, adminPassword);
  if (r.created) deps.log.info({ admin: adminEmail }, 'created the first admin from ADMIN_EMAIL');
}

/** How to sign in to the admin console, for the line the server prints at start. */
export async function adminSignInHint(deps: Deps): Promise<string> {
  if (deps.config.adminEmail) return `sign in as ${deps.config.adminEmail}`;
  if (await anyAdminExists(deps.database.db)) return 'sign in as an administrator';
  return 'no administrator yet: npm run svc -- admin create --email you@example.com';
}

/** How long a start waits for another process's demo seed to commit: 50 × 100 ms. */
const SEED_ATTEMPTS = 50;
const SEED_RETRY_MS = 100;

/** On the very first start of an empty database: one demo partner, production-enabled. */
export async function seedDemoPartnerIfEmpty(deps: Deps): Promise<CreatedPartner | null> {
  if (!deps.config.seedDemoPartner) return null;
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.database.tx(async (trx) => {
        if (await anyPartnerExists(trx)) return null;
        return createPartner(deps, trx, { email: 'demo@example.com', company: 'Demo Partner', name: 'Demo', activated: true, signupSource: 'first-start' });
      });
    } catch (err) {
      // Another process starting at the same time is seeding (PostgreSQL: its insert holds the email; SQLite: its
      // write lock refused this transaction's). Once its partner is committed there is nothing left to do; while its
      // transaction is still open nothing is visible yet, so wait for it rather than fail the start.
      if (await anyPartnerExists(deps.database.db)) return null;
      if (attempt >= SEED_ATTEMPTS) throw err;
      await sleep(SEED_RETRY_MS);
    }
  }
}
