/** The contact form (public) and its administration. */
import type { Deps } from '../../context.js';
import { newId } from '../../lib/ids.js';
import { quoted } from '../../lib/mail-text.js';
import { iso } from '../../lib/time.js';
import * as repo from './repo.js';
import type { ContactBody } from './schemas.js';
import { blankToNull } from '../../lib/text.js';
import { notifyOperator } from '../mail/service.js';

export async function submitContact(deps: Pick<Deps, 'clock' | 'config' | 'database' | 'log' | 'mailer'>, body: ContactBody, clientIp: string | null) {
  const now = deps.clock.now();
  const id = newId('lead', now);
  const spam = blankToNull(body.website) !== null;
  const email = body.email.trim();
  const row = {
    id,
    name: body.name.trim(),
    email,
    email_lower: email.toLowerCase(),
    company: blankToNull(body.company),
    topic: blankToNull(body.topic) ?? 'general',
    message: body.message,
    website: blankToNull(body.website),
    spam: spam ? 1 : 0,
    client_ip: clientIp,
    notified: 0,
    created_at: now,
  };
  await repo.insertLead(deps.database.db, row);
  // The answer is the same for spam, so the trap does not teach bots anything.
  if (!spam) {
    // What the visitor wrote is data: never in the subject's words (the topic only as a bare slug tag), each
    // field quoted on its own line, the message below a rule.
    const tag = /^[a-z0-9_-]{1,40}$/i.test(row.topic) ? `[contact:${row.topic.toLowerCase()}]` : '[contact]';
    const sent = await notifyOperator(
      deps,
      `${tag} New message from the contact form (${id})`,
      [
        `New message from the contact form (lead ${id}).`,
        '',
        `Name:    ${quoted(row.name, 120)}`,
        `Email:   ${quoted(row.email, 320)}`,
        `Company: ${row.company ? quoted(row.company, 160) : '-'}`,
        `Topic:   ${quoted(row.topic, 40)}`,
        `Sent:    ${iso(now)}`,
        '',
        'Message, as written by the visitor:',
        '----',
        row.message,
      ].join('\n'),
      'contact',
    );
    if (sent) await repo.markLeadNotified(deps.database.db, id);
  }
  return { received: true, lead_id: id, message: 'Thanks: we received your message and will reply by email, usually within one business day.' };
}

export async function listLeads(deps: Pick<Deps, 'database'>, limit: number, includeSpam: boolean) {
  const rows = await repo.listLeads(deps.database.db, limit, includeSpam);
  const items = rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    company: r.company,
    topic: r.topic,
    message: r.message,
    spam: Number(r.spam) === 1,
    notified: Number(r.notified) === 1,
    created_at: iso(r.created_at),
  }));
  return { items, count: items.length };
}
