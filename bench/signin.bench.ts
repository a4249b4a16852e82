/**
 * Sign-in latency with and without a second factor, on SQLite and on PostgreSQL, in the same run:
 *  - password: `POST /api/auth/partner/login` of an account without a second factor (one scrypt);
 *  - password + TOTP: the same login answering 401 `mfa_required`, then `POST …/login/mfa` with the app's code
 *    (one scrypt and the HMACs of the TOTP window), timed from the first request to the session.
 * Alternating rounds of each kind, sequential requests through app.inject (the handler's cost, no network).
 * The test clock moves 30 s per sign-in: a TOTP code works once per step. Run: npm run bench -- signin
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { hashPassword } from '../src/lib/crypto.js';
import { codeAt } from '../src/areas/mfa/totp.js';
import { buildTestApp, TestClock, type TestApp } from '../test/helpers/app.js';
import { fmt, machine, percentile, PG_URL } from './lib/util.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PER_ROUND = Number(process.env.BENCH_PER_ROUND ?? 40);
const PW = 'a bench password 1';

/** One database: the test helper opens the one DATABASE_URL names (a fresh schema) or a fresh SQLite file. */
async function run() {
  const clock = new TestClock(Date.parse('2026-06-01T00:00:05Z'));
  const t: TestApp = await buildTestApp({ clock });
  try {
    const hash = await hashPassword(PW);
    const plain = await t.partner({ passwordHash: hash });
    const withMfa = await t.partner({ passwordHash: hash });
    const token = await t.session('partner', withMfa.id);
    const auth = { authorization: `Bearer ${token}` };
    const secret = (await t.inject({ method: 'POST', url: '/api/auth/partner/mfa/totp/setup', headers: auth })).json().secret as string;
    const ok = await t.inject({ method: 'POST', url: '/api/auth/partner/mfa/totp/confirm', headers: auth, payload: { code: codeAt(secret, clock.now()) } });
    if (ok.statusCode !== 200) throw new Error(ok.body);

    let n = 0;
    const ip = () => `10.${(++n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    const password = async (): Promise<number> => {
      clock.advance(30_000);
      const start = process.hrtime.bigint();
      const r = await t.inject({ method: 'POST', url: '/api/auth/partner/login', payload: { email: plain.email, password: PW }, remoteAddress: ip() });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (r.statusCode !== 200) throw new Error(r.body);
      return ms;
    };
    const twoStep = async (): Promise<number> => {
      clock.advance(30_000);
      const from = ip();
      const start = process.hrtime.bigint();
      const first = await t.inject({ method: 'POST', url: '/api/auth/partner/login', payload: { email: withMfa.email, password: PW }, remoteAddress: from });
      const mfaToken = first.json().mfa_token as string;
      const r = await t.inject({ method: 'POST', url: '/api/auth/partner/login/mfa', payload: { mfa_token: mfaToken, code: codeAt(secret, clock.now()) }, remoteAddress: from });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (r.statusCode !== 200) throw new Error(r.body);
      return ms;
    };
    // Warm-up (the dummy hash, the JIT, the pools).
    for (let i = 0; i < 5; i++) {
      await password();
      await twoStep();
    }
    const a: number[] = [];
    const b: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < PER_ROUND; i++) a.push(await password());
      for (let i = 0; i < PER_ROUND; i++) b.push(await twoStep());
    }
    a.sort((x, y) => x - y);
    b.sort((x, y) => x - y);
    return { a, b };
  } finally {
    await t.close();
  }
}

if (process.argv[2] === 'one') {
  const { a, b } = await run();
  const name = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
  for (const [label, xs] of [
    ['password (no MFA)', a],
    ['password + TOTP', b],
  ] as const) {
    console.log(`${name.padEnd(10)} | ${label.padEnd(23)} | ${fmt(percentile(xs, 50), 1).padStart(6)} | ${fmt(percentile(xs, 99), 1).padStart(6)} | ${fmt(xs[xs.length - 1], 1).padStart(6)}`);
  }
} else {
  console.log(`sign-in latency, ${ROUNDS} alternating rounds of ${PER_ROUND} sign-ins each; ${machine()}`);
  console.log('database   | sign-in                 | p50 ms | p99 ms | max ms');
  for (const url of [undefined, PG_URL]) {
    const env = { ...process.env, DATABASE_URL: url, TEST_LOG_LEVEL: 'silent' };
    const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'one'], { stdio: 'inherit', env });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}
