/**
 * Operator CLI: `npm run svc -- <command>`. Uses the same configuration
 * (DATABASE_URL, DATA_DIR, SECRETS_KEY) as the server and works while it runs.
 *
 *   migrate
 *   partner create --email E --company C [--name N] [--tier T] [--sandbox-only] [--json]
 *   admin create --email E --password P
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.js';
import { migrate } from './db/database.js';
import { createDeps, createLogger } from './deps.js';
import { createAdmin } from './bootstrap.js';
import { createPartner } from './areas/partners/service.js';

const USAGE = `usage: npm run svc -- <command>

commands:
  migrate                                         apply pending database migrations
  partner create --email E --company C [--name N] [--tier T] [--sandbox-only] [--json]
                                                  create a partner; prints its id, test key, live key
                                                  and ingest secret (--json: one JSON object)
  admin create --email E --password P             create an administrator
`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}`);
  process.exit(2);
}

async function main(argv: string[]): Promise<void> {
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
        const password = values.password ?? fail('admin create needs --password');
        if (password.length < 8 || password.length > 128) fail('--password must be 8 to 128 characters');
        const r = await createAdmin(deps, email, password);
        process.stdout.write(r.created ? `admin created: ${r.id}\n` : `admin already exists: ${r.id}\n`);
        return;
      }
      default:
        fail(`unknown command: ${command}`);
    }
  } catch (err) {
    const e = err as { statusCode?: number; detail?: string; message?: string };
    process.stderr.write(`error: ${e.detail ?? e.message ?? String(err)}\n`);
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
