import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, PLATFORM_SECRET, type TestApp, type TestPartner } from '../helpers/app.js';

const S = { 'x-service-ingest-secret': PLATFORM_SECRET };

describe('server-to-server key administration (/api/v1/admin, platform secret)', () => {
  let t: TestApp;
  let p: TestPartner;
  let q: TestPartner;
  before(async () => {
    t = await buildTestApp();
    p = await t.partner({ email: 'Ops@Alpha.example', company: 'Alpha' });
    q = await t.partner();
  });
  after(() => t.close());

  const me = (key: string) => t.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': key } });

  it('keys/sync creates the partner when nothing matches (201, production-enabled, only that slot filled)', async () => {
    const r = await t.inject({
      method: 'POST',
      url: '/api/v1/admin/keys/sync',
      headers: S,
      payload: { key: 'svc_live_syncedFromCrm000000001', environment: 'live', partner_email: 'New@Omega.example', partner_company_name: 'Omega', partner_contact_name: 'Om Ega' },
    });
    assert.equal(r.statusCode, 201, r.body);
    const b = r.json();
    assert.deepEqual(Object.keys(b).sort(), ['company_name', 'created_partner', 'email', 'environment', 'key_masked', 'partner_id', 'rotated_at', 'source']);
    assert.equal(b.created_partner, true);
    assert.equal(b.email, 'New@Omega.example');
    assert.equal(b.company_name, 'Omega');
    assert.equal(b.source, 'external-sync');
    assert.equal(b.key_masked, 'svc_live_****0001');
    const m = await me('svc_live_syncedFromCrm000000001');
    assert.equal(m.statusCode, 200);
    assert.equal(m.json().id, b.partner_id);
    assert.equal(m.json().name, 'Om Ega');
    assert.ok(m.json().activated_at);
    assert.equal(m.json().sandbox_key_masked, null);
  });

  it('keys/sync matches partner_id first, then partner_email case-insensitively; replaces the slot; the old key fails at once', async () => {
    assert.equal((await me(p.testKey)).statusCode, 200);
    const byEmail = await t.inject({ method: 'POST', url: '/api/v1/admin/keys/sync', headers: { authorization: `Bearer ${PLATFORM_SECRET}` }, payload: { key: 'crm-test-key-alpha-0001', environment: 'test', partner_email: 'ops@ALPHA.example', source: 'crm' } });
    assert.equal(byEmail.statusCode, 201, byEmail.body);
    assert.equal(byEmail.json().partner_id, p.id);
    assert.equal(byEmail.json().created_partner, false);
    assert.equal(byEmail.json().source, 'crm');
    assert.equal((await me(p.testKey)).statusCode, 401);
    assert.equal((await me('crm-test-key-alpha-0001')).json().id, p.id);
    const byId = await t.inject({ method: 'POST', url: '/api/v1/admin/keys/sync', headers: S, payload: { key: 'crm-test-key-alpha-0002', environment: 'test', partner_id: p.id, partner_email: 'someone@else.example' } });
    assert.equal(byId.json().partner_id, p.id);
    assert.equal((await me('crm-test-key-alpha-0001')).statusCode, 401);
    // The same key again: idempotent, nothing changes.
    const same = await t.inject({ method: 'POST', url: '/api/v1/admin/keys/sync', headers: S, payload: { key: 'crm-test-key-alpha-0002', environment: 'test', partner_id: p.id } });
    assert.equal(same.statusCode, 201);
    assert.equal(same.json().rotated_at, byId.json().rotated_at);
  });

  it("keys/sync of a key another partner holds is 409 and changes nothing", async () => {
    const before = await t.deps.database.db.selectFrom('partners').select('id').execute();
    for (const payload of [
      { key: q.testKey, environment: 'test', partner_id: p.id },
      { key: q.testKey, environment: 'test', partner_email: 'fresh@new.example', partner_company_name: 'Fresh' },
      { key: 'crm-test-key-alpha-0002', environment: 'live', partner_id: p.id },
    ]) {
      const r = await t.inject({ method: 'POST', url: '/api/v1/admin/keys/sync', headers: S, payload });
      assert.equal(r.statusCode, 409, JSON.stringify(payload));
    }
    assert.equal((await t.deps.database.db.selectFrom('partners').select('id').execute()).length, before.length);
    assert.equal((await me(q.testKey)).json().id, q.id);
  });

  it('keys/sync errors: unknown partner_id 404; missing identification or company 422; bounds 422', async () => {
    const r404 = await t.inject({ method: 'POST', url: '/api/v1/admin/keys/sync', headers: S, payload: { key: 'some-key-value-1', environment: 'test', partner_id: 'ptr_unknown' } });
    assert.equal(r404.statusCode, 404);
    const cases: [Record<string, unknown>, (string | number)[]][] = [
      [{ key: 'some-key-value-1', environment: 'test' }, ['body', 'partner_email']],
      [{ key: 'some-key-value-1', environment: 'test', partner_email: 'n@new.example' }, ['body', 'partner_company_name']],
      [{ key: 'short', environment: 'test', partner_id: p.id }, ['body', 'key']],
      [{ key: 'k'.repeat(201), environment: 'test', partner_id: p.id }, ['body', 'key']],
      [{ key: 'some-key-value-1', partner_id: p.id }, ['body', 'environment']],
      [{ key: 'some-key-value-1', environment: 'test', partner_id: 'x'.repeat(121) }, ['body', 'partner_id']],
      [{ key: 'some-key-value-1', environment: 'test', partner_email: 'nope' }, ['body', 'partner_email']],
      [{ key: 'some-key-value-1', environment: 'test', partner_id: p.id, tier: 't'.repeat(41) }, ['body', 'tier']],
      [{ key: 'some-key-value-1', environment: 'test', partner_id: p.id, source: 's'.repeat(41) }, ['body', 'source']],
      [{ key: 'some-key-value-1', environment: 'test', partner_id: p.id, partner_contact_name: 'c'.repeat(161) }, ['body', 'partner_contact_name']],
      [{ key: 'svc_live_inTheTestSlot0001', environment: 'test', partner_id: p.id }, ['body', 'key']],
    ];
    for (const [payload, loc] of cases) {
      const r = await t.inject({ method: 'POST', url: '/api/v1/admin/keys/sync', headers: S, payload });
      assert.equal(r.statusCode, 422, `${JSON.stringify(payload)} ${r.body}`);
      assert.ok(r.json().detail.some((d: { loc: unknown[] }) => JSON.stringify(d.loc) === JSON.stringify(loc)), `${JSON.stringify(loc)} in ${r.body}`);
    }
  });

  it('keys/bulk-sync: all in one transaction with a result per item', async () => {
    const keys = Array.from({ length: 3 }, (_, i) => ({ key: `bulk-live-key-${i}-xxxxx`, environment: 'live', partner_email: `bulk${i}@bulk.example`, partner_company_name: `Bulk ${i}` }));
    keys.push({ key: 'bulk-live-key-alpha-x', environment: 'live', partner_email: 'OPS@alpha.example', partner_company_name: 'ignored' });
    const r = await t.inject({ method: 'POST', url: '/api/v1/admin/keys/bulk-sync', headers: S, payload: { keys } });
    assert.equal(r.statusCode, 200, r.body);
    const b = r.json();
    assert.equal(b.synced, 4);
    assert.equal(b.created_partners, 3);
    assert.equal(b.results.length, 4);
    assert.equal(b.results[3].partner_id, p.id);
    for (const k of keys) assert.equal((await me(k.key)).statusCode, 200);
  });

  it('keys/bulk-sync is all or nothing: one bad item keeps nothing and names its index', async () => {
    const before = await t.deps.database.db.selectFrom('api_keys').selectAll().orderBy('id').execute();
    const keys = [
      { key: 'bulk2-live-key-0-xxxx', environment: 'live', partner_email: 'b2@bulk.example', partner_company_name: 'B2' },
      { key: 'bulk2-test-key-1-xxxx', environment: 'test', partner_id: p.id },
      { key: q.liveKey, environment: 'live', partner_id: p.id },
    ];
    const r = await t.inject({ method: 'POST', url: '/api/v1/admin/keys/bulk-sync', headers: S, payload: { keys } });
    assert.equal(r.statusCode, 409);
    assert.equal(r.json().index, 2);
    const after = await t.deps.database.db.selectFrom('api_keys').selectAll().orderBy('id').execute();
    assert.deepEqual(after, before);
    assert.equal((await t.deps.database.db.selectFrom('partners').select('id').where('email_lower', '=', 'b2@bulk.example').execute()).length, 0);
    assert.equal((await me('bulk2-test-key-1-xxxx')).statusCode, 401);
    // A duplicate key inside the batch for two partners: 409 too.
    const dup = await t.inject({
      method: 'POST',
      url: '/api/v1/admin/keys/bulk-sync',
      headers: S,
      payload: { keys: [{ key: 'dup-key-in-batch-1', environment: 'test', partner_id: p.id }, { key: 'dup-key-in-batch-1', environment: 'test', partner_id: q.id }] },
    });
    assert.equal(dup.statusCode, 409);
    assert.equal(dup.json().index, 1);
    // A semantic 422 names the item in loc.
    const bad = await t.inject({ method: 'POST', url: '/api/v1/admin/keys/bulk-sync', headers: S, payload: { keys: [{ key: 'ok-key-value-1', environment: 'test', partner_id: p.id }, { key: 'some-key-value-2', environment: 'test' }] } });
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(bad.json().detail[0].loc, ['body', 'keys', 1, 'partner_email']);
    assert.equal((await me('ok-key-value-1')).statusCode, 401);
  });

  it('keys/bulk-sync bounds: 1 to 500 items (422)', async () => {
    const empty = await t.inject({ method: 'POST', url: '/api/v1/admin/keys/bulk-sync', headers: S, payload: { keys: [] } });
    assert.equal(empty.statusCode, 422);
    assert.deepEqual(empty.json().detail[0].loc, ['body', 'keys']);
    assert.equal(empty.json().detail[0].type, 'too_short');
    const many = Array.from({ length: 501 }, (_, i) => ({ key: `k-${i}-xxxxxxxx`, environment: 'test', partner_id: p.id }));
    const big = await t.inject({ method: 'POST', url: '/api/v1/admin/keys/bulk-sync', headers: S, payload: { keys: many } });
    assert.equal(big.statusCode, 422);
    assert.equal(big.json().detail[0].type, 'too_long');
    const item = await t.inject({ method: 'POST', url: '/api/v1/admin/keys/bulk-sync', headers: S, payload: { keys: [{ key: 'x', environment: 'test' }] } });
    assert.equal(item.statusCode, 422);
    assert.deepEqual(item.json().detail[0].loc, ['body', 'keys', 0, 'key']);
    const missing = await t.inject({ method: 'POST', url: '/api/v1/admin/keys/bulk-sync', headers: S, payload: {} });
    assert.deepEqual(missing.json().detail[0].loc, ['body', 'keys']);
  });

  it('keys/bulk-sync handles 500 keys in one go', async () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ key: `svc_test_mass${String(i).padStart(6, '0')}xxxxxxxx`, environment: 'test', partner_email: `m${i}@mass.example`, partner_company_name: `Mass ${i}` }));
    const r = await t.inject({ method: 'POST', url: '/api/v1/admin/keys/bulk-sync', headers: S, payload: { keys: many } });
    assert.equal(r.statusCode, 200, r.body.slice(0, 300));
    assert.equal(r.json().synced, 500);
    assert.equal(r.json().created_partners, 500);
  });

  it('DELETE /api/v1/admin/keys/{key_value} blanks the slot that holds the key; 404 when none', async () => {
    const key = 'crm-test-key-alpha-0002';
    assert.equal((await me(key)).statusCode, 200);
    const r = await t.inject({ method: 'DELETE', url: `/api/v1/admin/keys/${encodeURIComponent(key)}`, headers: S });
    assert.equal(r.statusCode, 200, r.body);
    assert.deepEqual(r.json(), { deleted: true, partner_id: p.id, environment: 'test', key_masked: 'crm-****0002' });
    assert.equal((await me(key)).statusCode, 401);
    const slot = await t.deps.database.db.selectFrom('api_keys').selectAll().where('partner_id', '=', p.id).where('environment', '=', 'test').executeTakeFirst();
    assert.ok(slot, 'the row is kept');
    assert.equal(slot.key_hash, null);
    assert.equal((await t.inject({ method: 'DELETE', url: `/api/v1/admin/keys/${key}`, headers: S })).statusCode, 404);
    const short = await t.inject({ method: 'DELETE', url: '/api/v1/admin/keys/abc', headers: S });
    assert.equal(short.statusCode, 422);
    assert.deepEqual(short.json().detail[0].loc, ['path', 'key_value']);
  });

  it('PUT /api/v1/admin/partners/by-email/{email} updates company and contact (case-insensitive); 404; 422', async () => {
    const r = await t.inject({ method: 'PUT', url: '/api/v1/admin/partners/by-email/OPS@alpha.EXAMPLE', headers: S, payload: { partner_company_name: 'Alpha Holdings', partner_contact_name: 'Al Pha' } });
    assert.equal(r.statusCode, 200, r.body);
    assert.deepEqual(r.json(), { partner_id: p.id, email: 'Ops@Alpha.example', company_name: 'Alpha Holdings', contact_name: 'Al Pha', updated: true });
    const same = await t.inject({ method: 'PUT', url: '/api/v1/admin/partners/by-email/ops@alpha.example', headers: S, payload: { partner_company_name: 'Alpha Holdings' } });
    assert.equal(same.json().updated, false);
    const none = await t.inject({ method: 'PUT', url: '/api/v1/admin/partners/by-email/ops@alpha.example', headers: S, payload: {} });
    assert.equal(none.statusCode, 200);
    assert.equal(none.json().updated, false);
    const missing = await t.inject({ method: 'PUT', url: '/api/v1/admin/partners/by-email/nobody@x.example', headers: S, payload: { partner_company_name: 'X' } });
    assert.equal(missing.statusCode, 404);
    const badEmail = await t.inject({ method: 'PUT', url: '/api/v1/admin/partners/by-email/not-an-email', headers: S, payload: {} });
    assert.equal(badEmail.statusCode, 422);
    assert.deepEqual(badEmail.json().detail[0].loc, ['path', 'email']);
    const long = await t.inject({ method: 'PUT', url: '/api/v1/admin/partners/by-email/ops@alpha.example', headers: S, payload: { partner_contact_name: 'x'.repeat(161) } });
    assert.equal(long.statusCode, 422);
    assert.deepEqual(long.json().detail[0].loc, ['body', 'partner_contact_name']);
    const typ = await t.inject({ method: 'PUT', url: '/api/v1/admin/partners/by-email/ops@alpha.example', headers: S, payload: { partner_company_name: 5 } });
    assert.equal(typ.statusCode, 422);
  });

  it('writes server actions to the audit log (actor server), keys masked', async () => {
    const rows = await t.deps.database.db.selectFrom('audit_log').selectAll().where('actor_type', '=', 'server').execute();
    const actions = new Set(rows.map((r) => r.action));
    for (const a of ['partner.create', 'key.sync', 'key.delete', 'partner.metadata']) assert.ok(actions.has(a), a);
    assert.ok(!JSON.stringify(rows).includes('crm-test-key-alpha-0002'));
  });
});

describe('/api/v1/admin/* platform secret', () => {
  it('401 on a missing or wrong secret (and on a partner key); 503 when unconfigured', async () => {
    const t = await buildTestApp();
    const u = await buildTestApp({ env: { INGEST_SECRET: undefined } });
    try {
      const p = await t.partner();
      const calls = [
        { method: 'POST', url: '/api/v1/admin/keys/sync', payload: { key: 'abcdefgh1', environment: 'test', partner_id: p.id } },
        { method: 'POST', url: '/api/v1/admin/keys/bulk-sync', payload: { keys: [{ key: 'abcdefgh1', environment: 'test', partner_id: p.id }] } },
        { method: 'DELETE', url: `/api/v1/admin/keys/${p.testKey}` },
        { method: 'PUT', url: `/api/v1/admin/partners/by-email/${p.email}`, payload: { partner_company_name: 'Hacked' } },
      ] as const;
      for (const c of calls) {
        for (const headers of [{}, { 'x-service-ingest-secret': 'wrong-secret-wrong-secret' }, { authorization: 'Bearer wrong-secret-wrong' }, { 'x-api-key': p.testKey }, { 'x-service-ingest-secret': p.ingestSecret }]) {
          const r = await t.inject({ ...c, headers });
          assert.equal(r.statusCode, 401, `${c.method} ${c.url} ${JSON.stringify(headers)}`);
        }
        const r = await u.inject({ ...c, headers: S });
        assert.equal(r.statusCode, 503, `${c.method} ${c.url}`);
        assert.equal(r.json().detail, 'Ingest secret not configured on the server');
      }
      const admin = await t.admin();
      const r = await t.inject({ ...calls[0], headers: { authorization: `Bearer ${admin.token}` } });
      assert.equal(r.statusCode, 401, 'an admin session is not the platform secret');
      assert.notEqual((await t.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': p.testKey } })).json().company, 'Hacked');
    } finally {
      await t.close();
      await u.close();
    }
  });
});
