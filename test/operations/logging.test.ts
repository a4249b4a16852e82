/** Logs: one line per request with its request id; keys, secrets, passwords and cookies never appear. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { Deps } from '../../src/context.js';
import { migrate } from '../../src/db/database.js';
import { createDeps, loggerOptions } from '../../src/deps.js';
import { CENSOR } from '../../src/lib/log-redact.js';
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
    const log = pino(loggerOptions('trace'), sink) as unknown as FastifyBaseLogger;
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
    // Each line: the route pattern, the partner the credential named (null without one), the status and the duration.
    assert.deepEqual(
      requestLines.map((l) => [l.method, l.route, l.partnerId, l.statusCode]),
      [
        ['POST', '/api/v1/calculate/safe-to-spend', p.id, 200],
        ['POST', '/api/v1/ingest', p.id, 201],
        ['GET', '/api/v1/secrets', p.id, 200],
        ['POST', '/api/auth/partner/register', null, 200],
        ['POST', '/api/auth/partner/login', null, 401],
        ['POST', '/api/v1/calculate/safe-to-spend', null, 401],
      ],
    );
    for (const l of requestLines) assert.ok(typeof l.ms === 'number' && l.ms >= 0, 'the duration in ms');
    const all = lines.join('\n');
    for (const secret of [p.testKey!, p.liveKey!, p.ingestSecret, password, 'sess_cookievalue123', 'svc_test_notakey00000000000000000000']) {
      assert.ok(!all.includes(secret), `${secret.slice(0, 10)}… appears in the logs`);
    }
  });

  it('hides credentials in logged objects, errors and child bindings, without changing the caller\'s objects', () => {
    const out: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        out.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const log = pino(loggerOptions('info'), sink);
    const req = { method: 'POST', headers: { 'x-api-key': 'svc_live_K1', authorization: 'Bearer svc_test_K2', cookie: 'svc_session=S3', 'x-service-ingest-secret': 'svc_ingest_S4', accept: 'application/json' } };
    const res = { statusCode: 200, headers: { 'set-cookie': 'svc_session=S5', 'content-type': 'application/json' } };
    const body = { email: 'a@example.com', password: 'P6', token: 'T7' };
    const partner = { id: 'ptr_1', testKey: 'svc_test_K8', liveKey: 'svc_live_K9', ingestSecret: 'svc_ingest_S10' };
    const err = Object.assign(new Error('boom'), { secret: 'S11', code: 'E_X' });
    log.info({ req, res, body, partner, n: 1, s: 'plain' }, 'objects');
    log.error({ err }, 'failed');
    log.child({ keys: { key: 'K12', new_key: 'K13', ingest_secret: 'S14' }, reqId: 'req_1' }).info('child');
    log.info({ method: 'GET', url: '/x', statusCode: 200, ms: 1.5 }, 'request');

    const all = out.join('\n');
    for (const secret of ['svc_live_K1', 'svc_test_K2', 'S3', 'svc_ingest_S4', 'S5', 'P6', 'T7', 'svc_test_K8', 'svc_live_K9', 'svc_ingest_S10', 'S11', 'K12', 'K13', 'S14']) {
      assert.ok(!all.includes(secret), `${secret} appears in the logs`);
    }
    const [objects, failed, child, request] = out.map((l) => JSON.parse(l));
    assert.equal(objects.req.headers['x-api-key'], CENSOR);
    assert.equal(objects.req.headers.accept, 'application/json', 'other headers stay');
    assert.equal(objects.res.headers['set-cookie'], CENSOR);
    assert.equal(objects.res.headers['content-type'], 'application/json');
    assert.deepEqual(objects.body, { email: 'a@example.com', password: CENSOR, token: CENSOR });
    assert.equal(objects.partner.id, 'ptr_1');
    assert.equal(objects.n, 1);
    assert.equal(objects.s, 'plain');
    assert.equal(failed.err.message, 'boom', 'the error is still written as an error');
    assert.equal(failed.err.code, 'E_X');
    assert.equal(failed.err.secret, CENSOR);
    assert.match(failed.err.stack, /boom/);
    assert.deepEqual(child.keys, { key: CENSOR, new_key: CENSOR, ingest_secret: CENSOR });
    assert.equal(child.reqId, 'req_1');
    assert.deepEqual([request.method, request.url, request.statusCode, request.ms], ['GET', '/x', 200, 1.5]);
    // The caller's objects are untouched.
    assert.equal(req.headers['x-api-key'], 'svc_live_K1');
    assert.equal(body.password, 'P6');
    assert.equal(err.secret, 'S11');
  });
});
