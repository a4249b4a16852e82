/** The public forms as tests send them: each request from a new client address, and the mails they queue. */
import type { InjectOptions } from 'fastify';
import type { TestApp } from './app.js';

let ipCounter = 1;
/** A distinct client address per request, so the public-write rate limit (per address) stays out of the way. */
export function fromNewAddress(req: InjectOptions): InjectOptions {
  ipCounter++;
  return { ...req, remoteAddress: `10.1.${Math.floor(ipCounter / 250)}.${ipCounter % 250}` };
}

/** The mails of one kind in the outbox, oldest first. */
export async function mails(t: TestApp, kind: string) {
  return t.deps.database.db.selectFrom('mail_outbox').selectAll().where('kind', '=', kind).orderBy('created_at').execute();
}

/** A valid contact-form message. */
export const CONTACT = { name: 'Ada Lovelace', email: 'ada@bank.example', company: 'Analytical Bank', topic: 'sales', message: 'We would like to pilot safe-to-spend for 20k members.' };
