/**
 * Rotation of SECRETS_KEY (`npm run svc -- rotate-secrets-key`): with SECRETS_KEY new and SECRETS_KEY_PREVIOUS old
 * the service reads everything; the command re-seals every sealed value under the new key while an app serves;
 * afterwards the new key alone opens everything (keys authenticate and reveal, the ingest secret works, webhooks are
 * signed with the same secrets, pseudonyms are unchanged). A run stopped after its first batch finishes when run
 * again; a value that opens under neither key makes it refuse and change nothing.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { ConfigError, loadConfig, type Config } from '../../src/config.js';
import type { Deps } from '../../src/context.js';
import { migrate } from '../../src/db/database.js';
import { createDeps, createLogger } from '../../src/deps.js';
import { createPartner } from '../../src/areas/partners/service.js';
import { setupTotp } from '../../src/areas/mfa/service.js';
import { rotateSecretsKey, SEALED_COLUMNS, surveySealedValues } from '../../src/areas/operations/secrets-rotation.js';
import { runDeliveryPass } from '../../src/areas/webhooks/worker.js';
import { randomBase62, SecretBox, sha256Hex } from '../../src/lib/crypto.js';
import { newId } from '../../src/lib/ids.js';
import { databaseEnv, DIALECT, PLATFORM_SECRET, testConfig } from '../helpers/app.js';
import { runCli, runCliAsync } from '../helpers/process.js';
import { startReceiver, type Receiver } from '../webhooks/receiver.js';

const newKey = () => randomBytes(32).toString('hex');
const hmac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload, 'utf8').digest('hex');

/** The same database and configuration with other sealing keys. */
const withKeys = (config: Config, current: string, previous: string | null): Config => ({ ...config, secretsKey: current, secretsKeyPrevious: previous });

interface Served {
  deps: Deps;
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** An app on an existing database, started as the server starts (migrate, start, build). */
async function serve(config: Config): Promise<Served> {
  const deps = createDeps(config, { log: createLogger(config), poolSize: 3 });
  try {
    await migrate(deps.database);
    await deps.start();
  } catch (err) {
    await deps.close();
    throw err;
  }
  const app = await buildApp(deps);
  await app.ready();
  return {
    deps,
    inject: (opts) => app.inject(opts),
    close: async () => {
      await app.close();
      await deps.close();
    },
  };
}

interface Partner {
  id: string;
  testKey: string;
  liveKey: string;
  ingestSecret: string;
}

async function newPartner(deps: Deps): Promise<Partner> {
  const n = randomBase62(8).toLowerCase();
  const p = await deps.database.tx((trx) => createPartner(deps, trx, { email: `r_${n}@example.com`, company: `Rotation ${n}`, activated: true }));
  return { id: p.id, testKey: p.testKey!, liveKey: p.liveKey!, ingestSecret: p.ingestSecret };
}

async function session(deps: Deps, partnerId: string): Promise<string> {
  const token = `sess_${randomBase62(40)}`;
  const now = Date.now();
  await deps.database.db
    .insertInto('sessions')
    .values({ id: newId('ses', now), token_hash: sha256Hex(token), subject_type: 'partner', subject_id: partnerId, created_at: now, expires_at: now + 3_600_000, method: 'test' })
    .execute();
  return token;
}

/** The ingest secret GET /api/v1/secrets opens for a partner. */
async function openedSecret(s: Served, p: Partner): Promise<string> {
  const r = await s.inject({ method: 'GET', url: '/api/v1/secrets', headers: { 'x-api-key': p.liveKey } });
  assert.equal(r.statusCode, 200, r.body);
  return (r.json() as { ingest_secret: string }).ingest_secret;
}

/** Counts of one column in a survey. */
function countsOf(survey: Awaited<ReturnType<typeof surveySealedValues>>, table: string, column: string) {
  const c = survey.counts.find((x) => x.table === table && x.column === column);
  assert.ok(c, `${table}.${column} surveyed`);
  return { current: c.current, previous: c.previous };
}

describe('SECRETS_KEY_PREVIOUS configuration', () => {
  const A = newKey();
  const B = newKey();
  it('is validated like SECRETS_KEY, needs SECRETS_KEY, and must differ from it', () => {
    const refused = (env: Record<string, string>, pattern: RegExp) =>
      assert.throws(() => loadConfig(env), (e: unknown) => e instanceof ConfigError && e.variable === 'SECRETS_KEY_PREVIOUS' && pattern.test(e.message));
    refused({ SECRETS_KEY: B, SECRETS_KEY_PREVIOUS: 'short' }, /64 hexadecimal characters/);
    refused({ SECRETS_KEY: B, SECRETS_KEY_PREVIOUS: 'z'.repeat(64) }, /64 hexadecimal characters/);
    refused({ SECRETS_KEY_PREVIOUS: A }, /SECRETS_KEY is not/);
    refused({ SECRETS_KEY: B, SECRETS_KEY_PREVIOUS: B.toUpperCase() }, /same key/);
    assert.equal(loadConfig({ SECRETS_KEY: B, SECRETS_KEY_PREVIOUS: A }).secretsKeyPrevious, A);
    assert.equal(loadConfig({ SECRETS_KEY: B }).secretsKeyPrevious, null);
    assert.equal(loadConfig({ SECRETS_KEY: B, SECRETS_KEY_PREVIOUS: '  ' }).secretsKeyPrevious, null);
  });
});

describe('rotate-secrets-key', () => {
  const A = newKey();
  const B = newKey();
  let rx: Receiver;
  before(async () => {
    rx = await startReceiver();
  });
  after(() => rx.close());

  it('every column holding sealed values is re-sealed (the list matches the schema)', async () => {
    const { config, cleanup } = await testConfig({ SECRETS_KEY: A, RATE_LIMIT_PER_SECOND: '100000' });
    const s = await serve(config);
    try {
      const q =
        DIALECT === 'postgres'
          ? sql<{ t: string; c: string }>`select table_name as t, column_name as c from information_schema.columns where table_schema = current_schema()`
          : sql<{ t: string; c: string }>`select m.name as t, p.name as c from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table'`;
      const rows = (await q.execute(s.deps.database.db)).rows;
      const sealed = rows.filter((r) => r.c.endsWith('_enc')).map((r) => `${r.t}.${r.c}`);
      assert.deepEqual(sealed.sort(), SEALED_COLUMNS.map((c) => `${c.table}.${c.column}`).sort());
    } finally {
      await s.close();
      await cleanup();
    }
  });

  it('re-seals everything while the service runs; everything works during and after, and with the new key alone', async () => {
    const { config, cleanup } = await testConfig({ SECRETS_KEY: A, RATE_LIMIT_PER_SECOND: '100000' });
    try {
      // ---- Before: the old key alone.
      const s1 = await serve(config);
      const p1 = await newPartner(s1.deps);
      const p2 = await newPartner(s1.deps);
      const synced = `svc_live_${randomBase62(32)}`;
      const sync = await s1.inject({
        method: 'POST',
        url: '/api/v1/admin/keys/sync',
        headers: { 'x-service-ingest-secret': PLATFORM_SECRET },
        payload: { key: synced, environment: 'live', partner_email: `synced_${randomBase62(6).toLowerCase()}@example.com`, partner_company_name: 'Synced Co' },
      });
      assert.equal(sync.statusCode, 201, sync.body);
      const h1 = { 'x-api-key': p1.testKey, 'x-service-ingest-secret': p1.ingestSecret };
      const created = await s1.inject({ method: 'POST', url: '/api/v1/webhooks', headers: h1, payload: { url: rx.url, events: ['calculation.updated'], enabled: true } });
      assert.equal(created.statusCode, 200, created.body);
      const oldWebhookSecret = (created.json() as { secret: string }).secret;
      // A rotation of the webhook secret leaves a previous secret that also signs for 24 hours (a second sealed column).
      const rotated = await s1.inject({ method: 'POST', url: '/api/v1/webhooks/rotate-secret', headers: h1 });
      assert.equal(rotated.statusCode, 200, rotated.body);
      const webhookSecret = (rotated.json() as { secret: string }).secret;
      // A second factor being set up (its TOTP secret sealed).
      await setupTotp(s1.deps, { sessionId: 'none', subjectType: 'partner', subjectId: p1.id, expiresAt: 0, keyEnvironment: null, lastUsedAt: null, method: 'password', memberId: null });
      const pseudonym = s1.deps.secrets.pseudonym('partner|test|end-user');
      // The pseudonym key the database keeps is the one derived from the key before it was kept: stored pseudonyms stay valid.
      assert.equal(pseudonym, new SecretBox(A).pseudonym('partner|test|end-user'));
      const before = await surveySealedValues(s1.deps);
      assert.equal(before.unreadableCount, 0);
      await s1.close();

      /** Everything a partner does with a sealed value, through HTTP. */
      const works = async (s: Served, label: string) => {
        for (const key of [p1.testKey, p1.liveKey, p2.testKey, p2.liveKey, synced]) {
          const me = await s.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': key } });
          assert.equal(me.statusCode, 200, `${label}: a key authenticates (${me.body})`);
        }
        assert.equal(await openedSecret(s, p1), p1.ingestSecret, `${label}: GET /api/v1/secrets opens the ingest secret`);
        assert.equal(await openedSecret(s, p2), p2.ingestSecret, label);
        const keys = await s.inject({ method: 'GET', url: '/api/partners/me/api-keys', headers: { authorization: `Bearer ${await session(s.deps, p2.id)}` } });
        assert.equal(keys.statusCode, 200, keys.body);
        assert.deepEqual(
          (keys.json() as { environment: string; key: string }[]).map((k) => [k.environment, k.key]).sort(),
          [['live', p2.liveKey], ['test', p2.testKey]],
          `${label}: the portal opens the stored keys`,
        );
        // The ingest secret authenticates, and the webhook it fires is signed with the same secrets as before.
        const seen = rx.received.length;
        const ingest = await s.inject({ method: 'POST', url: '/api/v1/ingest', headers: h1, payload: { end_user_id: `u_${label.replace(/\W/g, '_')}`, cash_balance: 500 } });
        assert.equal(ingest.statusCode, 201, `${label}: ${ingest.body}`);
        const deadline = Date.now() + 10_000;
        while (rx.received.length === seen) {
          assert.ok(Date.now() < deadline, `${label}: the webhook is delivered`);
          await runDeliveryPass(s.deps);
          await new Promise((r) => setTimeout(r, 10));
        }
        const got = rx.received[rx.received.length - 1];
        assert.equal(got.headers['x-service-signature'], hmac(webhookSecret, got.body), `${label}: signed with the current webhook secret`);
        assert.equal(got.headers['x-service-signature-previous'], hmac(oldWebhookSecret, got.body), `${label}: and with the previous one during its overlap`);
        const [t, ...v1] = String(got.headers['service-signature']).split(',');
        assert.ok(v1.includes(`v1=${hmac(webhookSecret, `${t.slice(2)}.${got.body}`)}`), label);
      };

      // ---- The new key alone cannot start yet: it would open nothing.
      await assert.rejects(serve(withKeys(config, B, null)), /sealed under another key than SECRETS_KEY/);

      // ---- Every process restarted with SECRETS_KEY=new, SECRETS_KEY_PREVIOUS=old: everything still works.
      const during = withKeys(config, B, A);
      const s2 = await serve(during);
      try {
        await works(s2, 'both keys, before the rotation');

        // The command runs beside the serving app, which keeps answering.
        const cli = runCliAsync(['rotate-secrets-key'], { ...databaseEnv(during), LOG_LEVEL: 'silent' });
        let finished = false;
        void cli.then(() => (finished = true));
        let served = 0;
        while (!finished) {
          const me = await s2.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': p1.liveKey } });
          assert.equal(me.statusCode, 200, me.body);
          assert.equal(await openedSecret(s2, p2), p2.ingestSecret);
          served++;
          await new Promise((r) => setTimeout(r, 20));
        }
        const r = await cli;
        assert.equal(r.status, 0, r.stderr + r.stdout);
        assert.ok(served > 0);
        for (const c of SEALED_COLUMNS) {
          const n = countsOf(before, c.table, c.column).current;
          assert.ok(n > 0, `${c.table}.${c.column} has values to re-seal`);
          assert.match(r.stdout, new RegExp(`${c.table}\\.${c.column}\\s+re-sealed ${n}, already under the new key 0\\n`), r.stdout);
        }
        assert.match(r.stdout, /done: \d+ value\(s\) re-sealed/);
        assert.match(r.stdout, /Remove SECRETS_KEY_PREVIOUS/);

        // The new key alone opens every value now.
        const onlyNew = await surveySealedValues({ database: s2.deps.database, secrets: new SecretBox(B) });
        assert.equal(onlyNew.unreadableCount, 0, onlyNew.unreadable.join('\n'));
        for (const c of SEALED_COLUMNS) assert.deepEqual(countsOf(onlyNew, c.table, c.column), { current: countsOf(before, c.table, c.column).current, previous: 0 });

        await works(s2, 'both keys, after the rotation');
        // Run again: nothing left to do.
        const again = await rotateSecretsKey(s2.deps);
        assert.deepEqual(
          again.columns.map((c) => c.resealed),
          SEALED_COLUMNS.map(() => 0),
        );
        assert.equal(again.leftUnderPrevious, 0);
      } finally {
        await s2.close();
      }

      // ---- SECRETS_KEY_PREVIOUS removed: the new key alone.
      const s3 = await serve(withKeys(config, B, null));
      try {
        await works(s3, 'new key alone');
        assert.equal(s3.deps.secrets.pseudonym('partner|test|end-user'), pseudonym, 'pseudonyms survive the rotation');
      } finally {
        await s3.close();
      }
    } finally {
      await cleanup();
    }
  });

  it('a run stopped after its first batch finishes when run again', async () => {
    const { config, cleanup } = await testConfig({ SECRETS_KEY: A, RATE_LIMIT_PER_SECOND: '100000' });
    try {
      const s1 = await serve(config);
      const partners: Partner[] = [];
      for (let i = 0; i < 5; i++) partners.push(await newPartner(s1.deps));
      await s1.close();

      const s2 = await serve(withKeys(config, B, A));
      try {
        await assert.rejects(
          rotateSecretsKey(s2.deps, {
            batchSize: 2,
            afterBatch: () => {
              throw new Error('stopped after the first batch');
            },
          }),
          /stopped after the first batch/,
        );
        const half = await surveySealedValues(s2.deps);
        assert.deepEqual(countsOf(half, 'partners', 'ingest_secret_enc'), { current: 2, previous: 3 }, 'the first batch is committed, the rest untouched');
        assert.deepEqual(countsOf(half, 'api_keys', 'key_enc'), { current: 0, previous: 10 });
        // Half-way, both keys still open everything, and the new key alone is not enough.
        for (const p of partners) assert.equal(await openedSecret(s2, p), p.ingestSecret);
        await assert.rejects(serve(withKeys(config, B, null)), /sealed under another key than SECRETS_KEY/);

        const r = await rotateSecretsKey(s2.deps, { batchSize: 2 });
        const col = (table: string, column: string) => r.columns.find((c) => c.table === table && c.column === column);
        assert.deepEqual(col('partners', 'ingest_secret_enc'), { table: 'partners', column: 'ingest_secret_enc', resealed: 3, alreadyCurrent: 2, changedMeanwhile: 0 });
        assert.deepEqual(col('api_keys', 'key_enc'), { table: 'api_keys', column: 'key_enc', resealed: 10, alreadyCurrent: 0, changedMeanwhile: 0 });
        assert.equal(col('service_keys', 'value_enc')?.resealed, 1);
        assert.equal(r.leftUnderPrevious, 0);
      } finally {
        await s2.close();
      }

      const s3 = await serve(withKeys(config, B, null));
      try {
        for (const p of partners) {
          for (const key of [p.testKey, p.liveKey]) assert.equal((await s3.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': key } })).statusCode, 200);
          assert.equal(await openedSecret(s3, p), p.ingestSecret);
        }
      } finally {
        await s3.close();
      }
    } finally {
      await cleanup();
    }
  });

  it('refuses, changing nothing, when a value opens under neither key, and when SECRETS_KEY_PREVIOUS is not set', async () => {
    const { config, cleanup } = await testConfig({ SECRETS_KEY: A, RATE_LIMIT_PER_SECOND: '100000' });
    try {
      const s1 = await serve(config);
      const good = await newPartner(s1.deps);
      const bad = await newPartner(s1.deps);
      // Sealed under a third key: neither the old nor the new one opens it.
      await s1.deps.database.db.updateTable('partners').set({ ingest_secret_enc: new SecretBox(newKey()).seal(bad.ingestSecret) }).where('id', '=', bad.id).execute();
      await s1.close();

      const r = runCli(['rotate-secrets-key'], { ...databaseEnv(withKeys(config, B, A)), LOG_LEVEL: 'silent' });
      assert.equal(r.status, 1, r.stdout + r.stderr);
      assert.match(r.stderr, /refused: 1 sealed value opens under neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS; nothing was changed/);
      assert.ok(r.stderr.includes(`partners.ingest_secret_enc of ${bad.id}`), r.stderr);
      assert.doesNotMatch(r.stdout, /re-sealed/);
      const s = await serve(config);
      try {
        const survey = await surveySealedValues(s.deps);
        assert.equal(survey.unreadableCount, 1);
        assert.deepEqual(countsOf(survey, 'partners', 'ingest_secret_enc'), { current: 1, previous: 0 }, 'still under the old key');
        assert.deepEqual(countsOf(survey, 'api_keys', 'key_enc'), { current: 4, previous: 0 });
        assert.equal(await openedSecret(s, good), good.ingestSecret);
      } finally {
        await s.close();
      }

      const unset = runCli(['rotate-secrets-key'], { ...databaseEnv(config), LOG_LEVEL: 'silent' });
      assert.equal(unset.status, 1);
      assert.match(unset.stderr, /refused: SECRETS_KEY_PREVIOUS is not set/);
    } finally {
      await cleanup();
    }
  });
});
