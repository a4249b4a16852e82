/**
 * Mail (issue 5 implements it: nodemailer over SMTP_URL, or the mail outbox table
 * when SMTP is not configured).
 */
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { Mailer } from '../context.js';

export function createMailer(_config: Config, _database: Database): Mailer {
  return {
    async send() {},
  };
}
