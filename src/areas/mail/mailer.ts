/**
 * Mail: nodemailer over SMTP_URL when it is set; otherwise (and whenever the SMTP
 * server refuses a message) the message is kept in the `mail_outbox` table, which
 * an administrator can list (GET /api/admin/mail-outbox). A message is therefore
 * never lost silently, and send() never throws because of the mail server.
 */
import nodemailer from 'nodemailer';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { Mailer, MailMessage } from '../../context.js';
import { insertMail } from './repo.js';
import { newId } from '../../lib/ids.js';

async function keep(database: Database, message: MailMessage, status: 'outbox' | 'failed', error: string | null): Promise<void> {
  const now = Date.now();
  await insertMail(database.db, {
    id: newId('mail', now),
    kind: message.kind,
    to_address: message.to,
    subject: message.subject,
    text_body: message.text,
    html_body: message.html ?? null,
    status,
    error,
    created_at: now,
  });
}

export function createMailer(config: Config, database: Database): Mailer {
  if (!config.smtpUrl) {
    return {
      transport: 'outbox',
      send: (message) => keep(database, message, 'outbox', null),
      close() {},
    };
  }
  // Short timeouts: an unreachable mail server must not hold a worker for minutes.
  const transporter = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    transport: 'smtp',
    async send(message) {
      try {
        await transporter.sendMail({ from: config.mailFrom, to: message.to, subject: message.subject, text: message.text, html: message.html });
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        await keep(database, message, 'failed', reason.slice(0, 500));
      }
    },
    close() {
      transporter.close();
    },
  };
}
