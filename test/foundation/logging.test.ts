/** Logs: one line per request with its request id; keys, secrets, passwords and cookies never appear. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { Deps } from '../../src/context.js';
import { migrate } from '../../src/db/database.js';
import { createDeps, REDACT_PATHS } from '../../src/deps.js';
import { createPartner } from '../../src/areas/partners/service.js';
import { testConfig } from '../helpers/app.js';

describe('request logging', () => {
  const lines: string[] = [];
  let deps: Deps;
  let app: FastifyInstance;
  let cleanup: () => Promise<void>;
  before(async () => {
    const c = await testConfig();
    cleanup = c.cleanup;
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    // The service's own logger settings (redaction), at the most verbose level, into memory.
    const log = pino({ level: 'trace', redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, sink) as unknown as FastifyBaseLogger;
    deps = createDeps(c.config, { log });
    await migrate(deps.database);
    app = await buildApp(deps);
    await app.ready();
  });
  after(async () => {
    await app.close();
    await deps.database.close();
    await cleanup();
  });

  it('writes one line per request with its id, and no key, secret, password or cookie', async () => {
    const p = await deps.database.tx((trx) => createPartner(deps, trx, { email: 'log@example.com', company: 'Log Co', activated: true }));
    const password = 'correct-horse-battery';
    const requests = [
      { method: 'POST' as const, url: '/api/v1/calculate/safe-to-spend', headers: { 'x-api-key': p.testKey! }, payload: { end_user_id: 'u1' } },
      { method: 'POST' as const, url: '/api/v1/ingest', headers: { authorization: `Bearer ${p.liveKey}`, 'x-service-ingest-secret': p.ingestSecret }, payload: { end_user_id: 'u1' } },
      { method: 'GET' as const, url: '/api/v1/secrets', headers: { 'x-api-key': p.testKey!, cookie: 'svc_session=sess_cookievalue123' } },
      { method: 'POST' as const, url: '/api/auth/partner/register', payload: { email: 'new@example.com', password, company_name: 'New Co', contact_name: 'New Person' } },
      { method: 'POST' as const, url: '/api/auth/partner/login', payload: { email: 'new@example.com', password: `${password}-wrong` } },
      { method: 'POST' as const, url: '/api/v1/calculate/safe-to-spend', headers: { 'x-api-key': 'svc_test_notakey00000000000000000000' }, payload: { end_user_id: 'u' } },
    ];
    const ids: string[] = [];
    for (const r of requests) {
      const res = await app.inject(r);
      ids.push(res.headers['x-request-id'] as string);
    }
    const requestLines = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    assert.equal(requestLines.length, requests.length, 'one line per request');
    assert.deepEqual(requestLines.map((l) => l.reqId), ids, 'each line carries the id the answer gave');
    const all = lines.join('\n');
    for (const secret of [p.testKey!, p.liveKey!, p.ingestSecret, password, 'sess_cookievalue123', 'svc_test_notakey00000000000000000000']) {
      assert.ok(!all.includes(secret), `${secret.slice(0, 10)}… appears in the logs`);
    }
  });
});
