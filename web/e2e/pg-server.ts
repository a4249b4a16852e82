/**
 * The browser tests' server on PostgreSQL (playwright.pg.config.ts): creates a fresh schema in
 * DATABASE_URL, runs the built server in it (DATABASE_SCHEMA) and drops the schema once the server
 * has stopped. Playwright ends the run with SIGTERM to the whole process group, so the server
 * receives it too; this process waits for the server to finish before it drops the schema.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('pg-server: DATABASE_URL is not set');
  process.exit(2);
}
const schema = `e2e_${randomBytes(6).toString('hex')}`;

async function run(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

await run(`CREATE SCHEMA ${schema}`);
const server = spawn(process.execPath, ['--heap-growing-percent=50', 'dist/src/server.js'], {
  env: { ...process.env, DATABASE_SCHEMA: schema },
  stdio: 'inherit',
});
let stopping = false;
// Wait for the server to stop before dropping its schema (instead of dying first).
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    stopping = true;
    // Sent to this process alone: pass it on, and do not wait for ever.
    if (server.exitCode === null) server.kill(signal);
    setTimeout(() => server.kill('SIGKILL'), 15_000).unref();
  });
}
const code = await new Promise<number>((resolve) => server.once('exit', (c) => resolve(c ?? 1)));
try {
  await run(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
} catch (err) {
  console.error(`pg-server: could not drop schema ${schema}:`, err);
}
process.exit(stopping ? 0 : code);
