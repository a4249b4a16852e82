/**
 * Every operation of the partner-session scope, read from the OpenAPI document: its credentials
 * (401 without a session, 403 for an admin, 403 csrf_rejected for a cross-site cookie write) and
 * that no answer, to any session, carries the partner's ingest secret.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, keyHeaders, type TestApp, type TestPartner } from '../helpers/app.js';
import { sha256Hex } from '../../src/lib/crypto.js';
import { ingestSecretOf } from '../../src/areas/partners/ingest-secret.js';
import { runDeliveryPass } from '../../src/areas/webhooks/worker.js';
import { startReceiver, type Receiver } from '../webhooks/receiver.js';
import { bearer, cookie, CROSS_SITE, keySession } from './helpers.js';

interface DocOp {
  operationId: string;
  parameters?: { name: string; in: string }[];
  security: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema: { title?: string; type?: string; items?: { title?: string } } }> }>;
}
interface Op extends DocOp {
  method: string;
  path: string;
  params: { name: string; in: string }[];
}

const SESSION_FORMS = [
  'getMyWebhookConfig',
  'setMyWebhookConfig',
  'deleteMyWebhookConfig',
  'rotateMyWebhookSecret',
  'sendMyWebhookTestEvent',
  'listMyWebhookDeliveries',
  'resendMyWebhookDelivery',
  'exportMyWebhookDeliveriesCsv',
  'getMyUsage',
  'getMyUsageAlerts',
  'putMyUsageAlerts',
  'deleteMyUsageAlerts',
  'listMyCachedCalculations',
  'reportMyCalculationsCsv',
  'reportMyUsageCsv',
];
const ORDER: Record<string, number> = { GET: 0, PUT: 1, POST: 1, DELETE: 2 };

describe('the partner-session operations never answer the ingest secret', () => {
  let t: TestApp;
  let rx: Receiver;
  let p: TestPartner;
  let ops: Op[];
  let deliveryId: string;
  let eventId: string;
  let requestId: string;
  before(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_PER_SECOND: '100000' } });
    rx = await startReceiver();
    p = await t.partner();
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, DocOp>> };
    ops = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/partners/me') || path === '/api/auth/partner/me' || path.startsWith('/api/v1/keys'))
      .flatMap(([path, byMethod]) => Object.entries(byMethod).map(([method, op]) => ({ ...op, params: op.parameters ?? [], method: method.toUpperCase(), path })))
      .sort((a, b) => ORDER[a.method] - ORDER[b.method]);
  });
  after(async () => {
    await t.close();
    await rx.close();
  });

  /** A test-environment webhook, one calculation, one delivery: every operation has something to answer. */
  async function prepare(): Promise<void> {
    const cfg = await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: keyHeaders(p, { secret: true }), payload: { url: rx.url, events: ['calculation.updated'] } });
    assert.equal(cfg.statusCode, 200, cfg.body);
    const ing = await t.inject({ method: 'POST', url: '/api/v1/ingest', headers: keyHeaders(p, { secret: true }), payload: { end_user_id: 'scan_user', cash_balance: 900 } });
    assert.equal(ing.statusCode, 201, ing.body);
    await runDeliveryPass(t.deps);
    const list = await t.inject({ method: 'GET', url: '/api/v1/webhooks/deliveries?limit=1', headers: keyHeaders(p, { secret: true }) });
    deliveryId = list.json()[0].id;
    const events = await t.inject({ method: 'GET', url: '/api/v1/webhooks/events?limit=1', headers: keyHeaders(p, { secret: true }) });
    eventId = events.json().data[0].id;
    requestId = String(list.headers['x-request-id']);
    await t.deps.requestLog.flush();
  }

  const BODIES: Record<string, () => unknown> = {
    setMyWebhookConfig: () => ({ url: rx.url, events: ['calculation.updated'] }),
    putMyUsageAlerts: () => ({ calls_threshold: 10, notify_email: 'scan@example.com' }),
    pasteMyApiKey: () => ({ key: p.testKey }),
    pasteKey: () => ({ key: p.testKey }),
    // Turning the rule off needs no factor of the owner's own (turning it on would).
    changeAccountSecurity: () => ({ require_mfa: false }),
  };

  function url(op: Op, environment: 'test' | 'live' | null): string {
    let path = op.path.replace('{delivery_id}', deliveryId).replace('{event_id}', eventId).replace('{request_id}', requestId).replace('{environment}', 'test');
    if (environment && op.params.some((x) => x.in === 'query' && x.name === 'environment')) path += `?environment=${environment}`;
    return path;
  }

  function assertClean(what: string, res: { body: string; headers: Record<string, unknown> }): void {
    const text = res.body + JSON.stringify(res.headers);
    assert.ok(!text.includes(p.ingestSecret), `${what} answered the ingest secret`);
    assert.ok(!text.includes(sha256Hex(p.ingestSecret)), `${what} answered the ingest secret's hash`);
  }

  it('the document lists every session form, each with the partner-session scheme and a named response', async () => {
    const ids = ops.map((o) => o.operationId);
    for (const id of SESSION_FORMS) assert.ok(ids.includes(id), `${id} is documented`);
    for (const op of ops) assert.deepEqual(op.security, [{ partnerSession: [] }, { partnerSessionCookie: [] }], op.operationId);
    for (const op of ops.filter((o) => SESSION_FORMS.includes(o.operationId))) {
      const ok = op.responses['200'] ?? op.responses['202'];
      const json = ok.content?.['application/json']?.schema;
      if (!json) {
        assert.ok(ok.content?.['text/csv'], `${op.operationId}: JSON or CSV`);
        continue;
      }
      const named = (x: { $ref?: string; title?: string } | undefined) => x?.$ref ?? x?.title;
      const name = json.type === 'array' ? named(json.items) : named(json);
      assert.ok(name, `${op.operationId}: its answer is a named schema`);
      assert.ok(op.responses['401'] && op.responses['403'], `${op.operationId}: documents 401 and 403`);
    }
  });

  it('every operation: 401 without a session, 403 with an admin session, 403 csrf_rejected for a cross-site cookie write', async () => {
    const adm = await t.admin();
    const token = await t.session('partner', p.id);
    await prepare();
    for (const op of ops) {
      const target = url(op, 'test');
      const payload = BODIES[op.operationId]?.() as object | undefined;
      const none = await t.inject({ method: op.method as 'GET', url: target, payload });
      assert.equal(none.statusCode, 401, `${op.method} ${target}: ${none.body}`);
      assert.equal(none.json().code, 'session_required');
      const admin = await t.inject({ method: op.method as 'GET', url: target, payload, headers: bearer(adm.token) });
      assert.equal(admin.statusCode, 403, `${op.method} ${target}: ${admin.body}`);
      assert.equal(admin.json().code, 'forbidden');
      const key = await t.inject({ method: op.method as 'GET', url: target, payload, headers: keyHeaders(p, { secret: true }) });
      assert.equal(key.statusCode, 401, `${op.method} ${target}: the key + secret is not a session`);
      if (op.method !== 'GET') {
        const cross = await t.inject({ method: op.method as 'POST', url: target, payload, headers: { ...cookie(token), ...CROSS_SITE } });
        assert.equal(cross.statusCode, 403, `${op.method} ${target}: ${cross.body}`);
        assert.equal(cross.json().code, 'csrf_rejected');
      }
    }
  });

  it('no answer to a full session, a test-key session or a live-key session contains the ingest secret', async () => {
    const passes: { label: string; headers: () => Promise<Record<string, string>>; environment: 'test' | 'live' | null; all2xx: boolean }[] = [
      { label: 'full session, test', headers: async () => bearer(await t.session('partner', p.id)), environment: 'test', all2xx: true },
      { label: 'test-key session, its default', headers: async () => bearer(await keySession(t, p.testKey)), environment: null, all2xx: true },
      { label: 'full session, its default (live)', headers: async () => bearer(await t.session('partner', p.id)), environment: null, all2xx: false },
      { label: 'live-key session, cookie', headers: async () => cookie(await keySession(t, p.liveKey)), environment: null, all2xx: false },
    ];
    let answered = 0;
    for (const pass of passes) {
      await prepare();
      const headers = await pass.headers();
      for (const op of ops) {
        // Blanking a key slot would end the key it tests with; it answers no secret (covered by the credential pass above).
        if (op.operationId === 'clearKey') continue;
        // So would rotating or pasting a key: a key-opened session ends with its key (sessions.test covers it).
        if (op.method !== 'GET' && /api-keys|\/api\/v1\/keys/.test(op.path) && pass.label.includes('key session')) continue;
        const target = url(op, pass.environment);
        const res = await t.inject({ method: op.method as 'GET', url: target, headers, payload: BODIES[op.operationId]?.() as object | undefined });
        assert.ok(res.statusCode < 500, `${pass.label}: ${op.method} ${target}: ${res.statusCode} ${res.body}`);
        // A key alone must not rotate the ingest secret: a key-opened session is refused by design.
        const refused = op.operationId === 'portalRotateIngestSecret' && pass.label.includes('key session');
        if (refused) assert.equal(res.statusCode, 403, `${pass.label}: ${op.method} ${target}: ${res.body}`);
        // Member operations name a member by id or need a role a key-opened session lacks, as does the owner's sign-in
        // rule (a key-opened session acts as a developer): held to no secret and no 5xx, not to 2xx.
        else if (pass.all2xx && !/\/members|\/me\/security$/.test(op.path)) assert.ok(res.statusCode >= 200 && res.statusCode < 300, `${pass.label}: ${op.method} ${target}: ${res.statusCode} ${res.body}`);
        assertClean(`${pass.label}: ${op.method} ${target}`, res);
        if (op.operationId === 'portalRotateIngestSecret' && res.statusCode === 200) {
          // The rotation answered no secret; the partner's server reads the new one with its key, and the
          // sweep goes on checking for that one.
          p = { ...p, ingestSecret: (await ingestSecretOf(t.deps, p.id)).ingest_secret };
        }
        answered++;
      }
    }
    assert.ok(answered >= 4 * SESSION_FORMS.length);
    // The secret is still the partner's: the key + secret API accepts it.
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/webhooks', headers: keyHeaders(p, { secret: true }) })).statusCode, 200);
  });
});
