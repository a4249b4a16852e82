/**
 * Operator CLI: `npm run svc -- <command>`. Uses the same configuration
 * (DATABASE_URL, DATA_DIR, SECRETS_KEY) as the server and works while it runs.
 *
 *   migrate
 *   partner create --email E --company C [--name N] [--tier T] [--sandbox-only] [--json]
 *   admin create --email E [--password P]      (without --password: read from standard input)
 *   admin set-password --email E                (the new password from standard input, never the command line)
 *   rotate-secrets-key                          (re-seals every sealed value under SECRETS_KEY)
 *   backup <file>                               (SQLite: an online copy of the database)
 *   listen --forward-to URL [--base-url URL] [--api-key K] [--ingest-secret S]   (the test environment's webhook
 *                                               events forwarded to a local URL, through the API: no database needed)
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from './config.js';
import { migrate, openDatabase } from './db/database.js';
import { createDeps, createLogger } from './deps.js';
import { createAdmin } from './bootstrap.js';
import { createPartner } from './areas/partners/service.js';
import { setAdminPassword } from './areas/accounts/passwords.js';
import { passwordViolation } from './domain/password-policy.js';
import { ValidationFailed } from './http/errors.js';
import { backupSqlite, BackupRefused } from './db/backup.js';
import { rotateSecretsKey, RotationRefused, type RotationResult } from './areas/operations/secrets-rotation.js';
import { listenCli } from '../clients/typescript/src/listen.js';

const USAGE = `usage: npm run svc -- <command>

commands:
  migrate                                         apply pending database migrations
  partner create --email E --company C [--name N] [--tier T] [--sandbox-only] [--json]
                                                  create a partner; prints its id, test key, live key
                                                  and ingest secret (--json: one JSON object)
  admin create --email E [--password P]           create an administrator (without --password, the password
                                                  is read from standard input: prefer it, a command line shows in
                                                  the process list and the shell history)
  admin set-password --email E                    set an administrator's password, read from standard input
                                                  (a terminal is asked twice, without echo; a pipe gives one line);
                                                  ends every session of that administrator
  rotate-secrets-key                              re-seal every sealed value (API keys, ingest secrets, webhook
                                                  secrets) under SECRETS_KEY; run it with SECRETS_KEY set to the
                                                  new key and SECRETS_KEY_PREVIOUS to the old one, on every process
                                                  first (docs/operations.md); safe to run again after a stop
  backup <file>                                   SQLite: copy the database to <file> (a new file) while the
                                                  service runs; PostgreSQL: see docs/operations.md
  listen --forward-to URL [--base-url URL] [--api-key KEY] [--ingest-secret SECRET]
                                                  forward the test environment's webhook events to a local URL,
                                                  signed as an endpoint receives them, one line per event; the key
                                                  (a test key) and the secret default to SVC_API_KEY and
                                                  SVC_INGEST_SECRET, the base URL to SVC_BASE_URL or
                                                  http://localhost:8000; reconnects with Last-Event-ID

Passwords follow the service's policy: 8 to 128 characters, not blank, no control
characters, not a common or breached password, not the account's email address.
`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}`);
  process.exit(2);
}

/** One line typed on the terminal, not echoed (raw mode; Enter ends it, Ctrl-C or Ctrl-D gives up). */
function readHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  process.stderr.write(prompt);
  return new Promise((resolve, reject) => {
    let value = '';
    const done = (err: Error | null) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stderr.write('\n');
      if (err) reject(err);
      else resolve(value);
    };
    const onData = (chunk: Buffer) => {
      for (const ch of chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n') return done(null);
        if (ch === '\u0003' || ch === '\u0004') return done(new Error('cancelled'));
        if (ch === '\u007f' || ch === '\b') value = [...value].slice(0, -1).join('');
        else value += ch;
      }
    };
    input.setRawMode(true);
    input.resume();
    input.on('data', onData);
  });
}

/**
 * The new password from standard input: asked twice on a terminal (no echo), otherwise the first line of
 * what is piped in (its line break removed, nothing else: spaces are part of a password).
 */
async function readNewPassword(): Promise<string> {
  if (process.stdin.isTTY) {
    const first = await readHidden('New password: ');
    const again = await readHidden('Repeat it: ');
    if (first !== again) fail('the two passwords differ');
    return first;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text.split(/\r?\n/)[0];
}

/** Refuses a password the policy refuses, with the rule it breaks (exit 2, like every other bad argument). */
function checkPassword(password: string, email: string): void {
  const broken = passwordViolation(password, { email });
  if (broken) fail(`password refused: ${broken.msg}`);
}

/** What the rotation did, per table and column; exit 1 when values are left under the previous key. */
function reportRotation(config: Config, r: RotationResult): void {
  const width = Math.max(...r.columns.map((c) => c.table.length + c.column.length + 1));
  for (const c of r.columns) {
    const meanwhile = c.changedMeanwhile ? `, ${c.changedMeanwhile} changed meanwhile by the service (left to it)` : '';
    process.stdout.write(`${`${c.table}.${c.column}`.padEnd(width)}  re-sealed ${c.resealed}, already under the new key ${c.alreadyCurrent}${meanwhile}\n`);
  }
  const total = r.columns.reduce((n, c) => n + c.resealed, 0);
  if (r.leftUnderPrevious > 0) {
    process.stderr.write(
      `error: ${r.leftUnderPrevious} value(s) are still sealed under SECRETS_KEY_PREVIOUS: a process still seals with the old key. ` +
        'Restart every process with SECRETS_KEY set to the new key, then run rotate-secrets-key again.\n',
    );
    process.exitCode = 1;
    return;
  }
  process.stdout.write(
    `done: ${total} value(s) re-sealed; every sealed value opens under SECRETS_KEY. ` +
      'Remove SECRETS_KEY_PREVIOUS from every process and restart them.\n',
  );
  const keyFile = path.join(config.dataDir, 'secrets.key');
  if (!config.databaseUrl && existsSync(keyFile)) {
    process.stdout.write(`note: ${keyFile} still holds the old key: keep SECRETS_KEY set, or write the new key into that file.\n`);
  }
}

/** `backup <file>`: SQLite only, without migrating or starting anything (the service may be running). */
async function backup(config: Config, file: string): Promise<void> {
  if (config.databaseUrl) {
    process.stderr.write(
      'refused: backup copies the embedded SQLite database; this configuration uses PostgreSQL (DATABASE_URL). ' +
        'Back PostgreSQL up with pg_dump / pg_restore or your provider\'s point-in-time recovery: see docs/operations.md#backups\n',
    );
    process.exit(2);
  }
  const live = path.join(config.dataDir, 'service.sqlite');
  if (!existsSync(live)) {
    process.stderr.write(`refused: there is no database at ${path.resolve(live)} (check DATA_DIR)\n`);
    process.exit(2);
  }
  const database = openDatabase(config, 1);
  try {
    const r = await backupSqlite(database, file);
    process.stdout.write(
      `backed up ${database.location} to ${r.file}: ${r.pages} pages, ${r.bytes} bytes, ${r.ms} ms\n` +
        'The sealed values in it open only with this SECRETS_KEY (or DATA_DIR/secrets.key): keep the key too, apart from the backup.\n',
    );
  } catch (err) {
    if (err instanceof BackupRefused) {
      process.stderr.write(`refused: ${err.message}\n`);
      process.exitCode = 2;
      return;
    }
    throw err;
  } finally {
    await database.close();
  }
}

async function main(argv: string[]): Promise<void> {
  // A client of the API, not of the database: it needs no configuration of the service.
  if (argv[0] === 'listen') {
    process.exitCode = await listenCli(argv.slice(1));
    return;
  }
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      company: { type: 'string' },
      name: { type: 'string' },
      tier: { type: 'string' },
      password: { type: 'string' },
      json: { type: 'boolean', default: false },
      'sandbox-only': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const command = positionals.join(' ');
  if (values.help || command === '') {
    process.stdout.write(USAGE);
    return;
  }
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(`configuration error: ${err.message}`);
    throw err;
  }
  if (positionals[0] === 'backup') {
    if (positionals.length !== 2) fail('backup needs one argument: the file to write');
    await backup(config, positionals[1]);
    return;
  }
  // Logs go to stderr so that --json output stays clean.
  const log = createLogger({ logLevel: values.json ? 'silent' : 'warn' });
  const deps = createDeps({ ...config, seedDemoPartner: false }, { log, poolSize: 2 });
  try {
    const applied = await migrate(deps.database);
    await deps.start();
    switch (command) {
      case 'migrate':
        process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
        return;
      case 'partner create': {
        const email = values.email ?? fail('partner create needs --email');
        const company = values.company ?? fail('partner create needs --company');
        if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) fail(`not an email address: ${email}`);
        if (company.trim().length < 2 || company.length > 120) fail('--company must be 2 to 120 characters');
        const p = await deps.database.tx((trx) =>
          createPartner(deps, trx, { email, company, name: values.name, tier: values.tier, activated: !values['sandbox-only'], signupSource: 'cli' }),
        );
        if (values.json) {
          process.stdout.write(
            JSON.stringify({ partner_id: p.id, email: p.email, company: p.company, test_key: p.testKey, live_key: p.liveKey, ingest_secret: p.ingestSecret }) + '\n',
          );
        } else {
          process.stdout.write(
            `partner id     ${p.id}\nemail          ${p.email}\ncompany        ${p.company}\ntest key       ${p.testKey}\nlive key       ${p.liveKey}\ningest secret  ${p.ingestSecret}\n`,
          );
        }
        return;
      }
      case 'admin create': {
        const email = values.email ?? fail('admin create needs --email');
        if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) fail(`not an email address: ${email}`);
        const password = values.password ?? (await readNewPassword());
        checkPassword(password, email);
        const r = await createAdmin(deps, email, password);
        process.stdout.write(r.created ? `admin created: ${r.id}\n` : `admin already exists: ${r.id}\n`);
        return;
      }
      case 'admin set-password': {
        const email = values.email ?? fail('admin set-password needs --email');
        if (values.password !== undefined) fail('admin set-password reads the password from standard input, never from the command line');
        const password = await readNewPassword();
        checkPassword(password, email);
        const r = await setAdminPassword(deps, email, password);
        process.stdout.write(`password set for ${r.id}; ${r.sessionsEnded} session${r.sessionsEnded === 1 ? '' : 's'} ended\n`);
        return;
      }
      case 'rotate-secrets-key': {
        const r = await rotateSecretsKey(deps);
        reportRotation(config, r);
        return;
      }
      default:
        fail(`unknown command: ${command}`);
    }
  } catch (err) {
    const e = err as { statusCode?: number; detail?: string; message?: string };
    if (err instanceof RotationRefused) {
      process.stderr.write(`refused: ${err.message}\n`);
      process.exitCode = 1;
      return;
    }
    const message = err instanceof ValidationFailed ? err.items.map((i) => i.msg).join('; ') : (e.detail ?? e.message ?? String(err));
    process.stderr.write(`error: ${message}\n`);
    process.exitCode = 1;
  } finally {
    await deps.close();
  }
}

main(process.argv.slice(2)).catch((err) => {
  // e.g. a DATA_DIR that cannot be written, or a database that cannot be reached: one line, not a stack.
  process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
