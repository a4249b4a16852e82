/**
 * Input that must be a 4xx, never a 5xx, the same on both databases: missing bodies, deep JSON,
 * control characters, huge invalid bodies, Fastify's and Node's own errors, bodies on bodyless routes;
 * and a usage meter that one refused value cannot poison.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { sql } from 'kysely';
import { isManaged } from '../../src/areas/metering/meter.js';
import type { AddressInfo } from 'node:net';
import { buildTestApp, keyHeaders, PLATFORM_SECRET, type TestApp, type TestPartner } from '../helpers/app.js';

const CALC = '/api/v1/calculate/safe-to-spend';
const MISSING = { detail: [{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }], code: 'validation_failed' };
const CONTROL_MSG = 'String should not contain control characters (U+0000 to U+001F other than tab, CR and LF)';

/** Path parameters that must be well-formed for the body to be looked at. */
const PARAM_VALUES: Record<string, string> = { email: 'nobody@example.com', environment: 'test' };

interface Operation {
  method: string;
  path: string;
  hasBody: boolean;
  /** The body may not be left out (an operation with an optional body takes none as `{}`). */
  bodyRequired: boolean;
}

async function operations(t: TestApp): Promise<Operation[]> {
  const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, { requestBody?: { required?: boolean } }>> };
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      ops.push({ method: method.toUpperCase(), path: path.replace(/\{([^}]+)\}/g, (_, name: string) => PARAM_VALUES[name] ?? 'x'), hasBody: Boolean(op.requestBody), bodyRequired: Boolean(op.requestBody?.required) });
    }
  }
  return ops;
}

describe('hostile input', () => {
  let t: TestApp;
  let p: TestPartner;
  let other: TestPartner;
  let partnerSession: string;
  let admin: { id: string; token: string };
  /** Two sets of credentials: every operation is authorized by one of them. */
  let creds: Record<string, string>[];
  before(async () => {
    // Every operation is called with a wrong credential set too: the failed-credential budget has its own tests.
    // Every operation is called many times within a second with one key, costly ones weighing several requests
    // (src/routes/partner-api/weights.ts): the key's rate limit has its own tests.
    t = await buildTestApp({ env: { USAGE_FLUSH_MS: '60000', CREDENTIAL_FAILURE_LIMIT: '100000', RATE_LIMIT_PER_SECOND: '1000000' } });
    p = await t.partner();
    other = await t.partner();
    partnerSession = await t.session('partner', p.id);
    admin = await t.admin();
    creds = [
      { ...keyHeaders(p, { secret: true }), authorization: `Bearer ${partnerSession}` },
      { authorization: `Bearer ${admin.token}`, 'x-service-ingest-secret': PLATFORM_SECRET },
    ];
  });
  after(() => t.close());

  it('answers a body route sent no body (no Content-Type) with 422 missing at ["body"], on every body operation', async () => {
    const res = await t.inject({ method: 'POST', url: CALC, headers: keyHeaders(p) });
    assert.equal(res.statusCode, 422);
    assert.deepEqual(res.json(), MISSING);
    for (const url of ['/api/contact', '/api/auth/request-deletion', '/api/auth/partner/register', '/api/status', '/api/auth/partner/login']) {
      const r = await t.inject({ method: 'POST', url });
      assert.equal(r.statusCode, 422, url);
      assert.deepEqual(r.json(), MISSING, url);
    }
    const emptyJson = await t.inject({ method: 'POST', url: CALC, headers: { ...keyHeaders(p), 'content-type': 'application/json' }, payload: '' });
    assert.deepEqual(emptyJson.json(), MISSING);
    const nullJson = await t.inject({ method: 'POST', url: CALC, headers: { ...keyHeaders(p), 'content-type': 'application/json' }, payload: 'null' });
    assert.deepEqual(nullJson.json(), MISSING);
    // Without credentials a key route still answers 401 first.
    const anon = await t.inject({ method: 'POST', url: CALC });
    assert.equal(anon.statusCode, 401);

    const ops = (await operations(t)).filter((o) => o.bodyRequired);
    assert.ok(ops.length > 20, `only ${ops.length} body operations found`);
    const unmet: string[] = [];
    for (const op of ops) {
      const answers = [];
      for (const headers of creds) {
        const r = await t.inject({ method: op.method, url: op.path, headers });
        assert.ok(r.statusCode < 500, `${op.method} ${op.path}: ${r.statusCode} ${r.body}`);
        assert.ok(r.json().detail !== undefined, `${op.method} ${op.path}: ${r.body}`);
        answers.push(r);
      }
      if (!answers.some((r) => r.statusCode === 422 && JSON.stringify(r.json()) === JSON.stringify(MISSING))) unmet.push(`${op.method} ${op.path} ${answers.map((r) => r.body).join(' ')}`);
    }
    assert.deepEqual(unmet, []);
  });

  it('refuses JSON nested deeper than 64 levels with a 422 json_invalid, on every JSON route, before any other work', async () => {
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    const headers = { ...keyHeaders(p), 'content-type': 'application/json' };
    const res = await t.inject({ method: 'POST', url: CALC, headers, payload: `{"end_user_id":"u","upcoming_bills":${deep(20_000)}}` });
    assert.equal(res.statusCode, 422);
    const item = res.json().detail[0];
    assert.equal(item.type, 'json_invalid');
    assert.deepEqual(item.ctx, { error: 'Nesting deeper than 64 levels' });
    assert.deepEqual(item.loc, ['body', 36 + 63]);
    // 64 levels (the outer object is one) are parsed and validated as usual.
    const ok = await t.inject({ method: 'POST', url: CALC, headers, payload: `{"end_user_id":"u","upcoming_bills":[{"amount":1,"x":${deep(61)}}]}` });
    assert.equal(ok.statusCode, 200, ok.body);
    const tooDeep = await t.inject({ method: 'POST', url: CALC, headers, payload: `{"end_user_id":"u","upcoming_bills":[{"amount":1,"x":${deep(62)}}]}` });
    assert.equal(tooDeep.json().detail[0].type, 'json_invalid');
    // Brackets inside strings do not count.
    const inString = await t.inject({ method: 'POST', url: CALC, headers, payload: JSON.stringify({ end_user_id: '['.repeat(100) }) });
    assert.equal(inString.statusCode, 200);
    // Without credentials, on a public route, and on every operation.
    const pub = await t.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: deep(100_000) });
    assert.equal(pub.statusCode, 422);
    assert.equal(pub.json().detail[0].type, 'json_invalid');
    for (const op of (await operations(t)).filter((o) => o.hasBody)) {
      for (const h of creds) {
        const r = await t.inject({ method: op.method, url: op.path, headers: { ...h, 'content-type': 'application/json' }, payload: deep(5000) });
        assert.ok([401, 403, 404, 422].includes(r.statusCode), `${op.method} ${op.path}: ${r.statusCode} ${r.body.slice(0, 200)}`);
        if (r.statusCode === 422) assert.equal(r.json().detail[0].type, 'json_invalid', `${op.method} ${op.path}`);
      }
    }
  });

  it('refuses NUL and other C0 controls in every string of a body, query and path with a 422 at its loc', async () => {
    const headers = keyHeaders(p);
    const body = await t.inject({ method: 'POST', url: CALC, headers, payload: { end_user_id: 'a\u0000b', cash_balance: 1 } });
    assert.equal(body.statusCode, 422);
    assert.deepEqual(body.json(), { detail: [{ type: 'string_control_character', loc: ['body', 'end_user_id'], msg: CONTROL_MSG, input: 'a\u0000b' }], code: 'validation_failed' });

    const nested = await t.inject({ method: 'POST', url: CALC, headers, payload: { end_user_id: 'u', upcoming_bills: [{ amount: 1 }, { amount: 2, name: 'x\u001fy' }] } });
    assert.deepEqual(nested.json().detail[0].loc, ['body', 'upcoming_bills', 1, 'name']);
    // Keys of free-form objects count too.
    const key = await t.inject({ method: 'POST', url: CALC, headers, payload: { end_user_id: 'u', upcoming_bills: [{ amount: 1, 'memo\u0000': 'x' }] } });
    assert.equal(key.statusCode, 422);
    assert.deepEqual(key.json().detail[0].loc, ['body', 'upcoming_bills', 0, 'memo\u0000']);
    assert.equal(key.json().detail[0].type, 'string_control_character');
    for (const c of ['\u0001', '\u0008', '\u000b', '\u000c', '\u001b']) {
      const r = await t.inject({ method: 'POST', url: CALC, headers, payload: { end_user_id: `a${c}` } });
      assert.equal(r.statusCode, 422, JSON.stringify(c));
    }
    // Tab, CR and LF are text; an escaped backslash before "u0000" is not a NUL.
    for (const id of ['a\tb', 'a\r\nb', 'a\\u0000b']) {
      const r = await t.inject({ method: 'POST', url: CALC, headers, payload: { end_user_id: id } });
      assert.equal(r.statusCode, 200, JSON.stringify(id));
    }

    const path = await t.inject({ method: 'GET', url: '/api/v1/ingest/calculation/a%00b', headers: keyHeaders(p, { secret: true }) });
    assert.equal(path.statusCode, 422);
    assert.deepEqual(path.json().detail, [{ type: 'string_control_character', loc: ['path', 'user_id'], msg: CONTROL_MSG, input: 'a\u0000b' }]);
    const del = await t.inject({ method: 'DELETE', url: '/api/v1/ingest/user/%00', headers: keyHeaders(p, { secret: true }) });
    assert.deepEqual(del.json().detail[0].loc, ['path', 'user_id']);
    const query = await t.inject({ method: 'GET', url: '/api/v1/ingest/calculations?cursor=a%00b', headers: keyHeaders(p, { secret: true }) });
    assert.equal(query.statusCode, 422);
    assert.deepEqual(query.json().detail[0].loc, ['query', 'cursor']);

    // The operations open to anyone.
    const anon: [string, Record<string, unknown>, string[]][] = [
      ['/api/contact', { name: 'N\u0000', email: 'a@example.com', message: 'hello there, a long enough message' }, ['body', 'name']],
      ['/api/auth/request-deletion', { email: 'a\u0000@example.com' }, ['body', 'email']],
      ['/api/auth/partner/register', { email: 'x@example.com', password: 'pass\u0000word-long-enough', company_name: 'Co' }, ['body', 'password']],
      ['/api/status', { status: 'x\u0000' }, ['body', 'status']],
    ];
    for (const [url, payload, loc] of anon) {
      const r = await t.inject({ method: 'POST', url, payload });
      assert.equal(r.statusCode, 422, `${url}: ${r.body}`);
      assert.deepEqual(r.json().detail[0].loc, loc, url);
    }

    // Every operation with a body refuses a NUL wherever it is, before its handler.
    for (const op of (await operations(t)).filter((o) => o.hasBody)) {
      const codes = [];
      for (const h of creds) {
        const r = await t.inject({ method: op.method, url: op.path, headers: h, payload: { ['k\u0000']: 1, x: 'a\u0000' } });
        assert.ok(r.statusCode < 500, `${op.method} ${op.path}: ${r.statusCode}`);
        codes.push(r.statusCode === 422 ? r.json().detail[0].type : r.statusCode);
      }
      assert.ok(codes.includes('string_control_character'), `${op.method} ${op.path}: ${codes.join(',')}`);
    }
  });

  it('keeps the meter counting for everyone when the database refuses one recorded value', async () => {
    const usage = t.deps.usage;
    const now = t.deps.clock.now();
    await usage.flush();
    const before = async (id: string) =>
      (await t.deps.database.db.selectFrom('usage_end_users').select('end_user_id').where('partner_id', '=', id).execute()).map((r) => r.end_user_id).sort();
    const calls = async (id: string) =>
      (await t.deps.database.db.selectFrom('usage_daily').select('calls').where('partner_id', '=', id).where('environment', '=', 'live').execute()).reduce((s, r) => s + Number(r.calls), 0);
    const callsBefore = await calls(other.id);
    usage.recordCall(p.id, 'live', now);
    usage.recordEndUser(p.id, 'live', 'a\u0000b', now);
    for (let i = 0; i < 30; i++) {
      usage.recordCall(other.id, 'live', now);
      usage.recordEndUser(other.id, 'live', `meter-user-${i}`, now);
    }
    usage.recordEndUser(p.id, 'live', 'meter-ok', now);
    await usage.flush(); // does not throw: the refused row is dropped and logged
    assert.equal(await calls(other.id), callsBefore + 30);
    const otherUsers = await before(other.id);
    assert.equal(otherUsers.filter((u) => u.startsWith('meter-user-')).length, 30);
    const mine = await before(p.id);
    assert.ok(mine.includes('meter-ok'));
    // Later flushes keep working.
    usage.recordEndUser(other.id, 'live', 'meter-later', now);
    await usage.flush();
    assert.ok((await before(other.id)).includes('meter-later'));

    // Through HTTP the value never reaches the meter.
    const r = await t.inject({ method: 'POST', url: CALC, headers: keyHeaders(other, { env: 'live' }), payload: { end_user_id: 'x\u0000' } });
    assert.equal(r.statusCode, 422);
    await usage.flush();
  });

  it('isolates and drops only the rows the database refuses, on both databases, and keeps the rest', async () => {
    const db = t.deps.database.db;
    const usage = t.deps.usage;
    const now = t.deps.clock.now();
    await usage.flush();
    // A trigger refuses one end-user id the way a constraint would (SQLite: SQLITE_CONSTRAINT_TRIGGER, PostgreSQL: 23514).
    if (t.deps.database.dialect === 'sqlite') {
      await sql`create trigger refuse_poison before insert on usage_end_users when new.end_user_id like 'poison%' begin select raise(abort, 'refused'); end`.execute(db);
    } else {
      await sql`create function refuse_poison() returns trigger language plpgsql as $$ begin if new.end_user_id like 'poison%' then raise exception 'refused' using errcode = 'check_violation'; end if; return new; end $$`.execute(db);
      await sql`create trigger refuse_poison before insert on usage_end_users for each row execute function refuse_poison()`.execute(db);
    }
    try {
      const a = await t.partner();
      for (let i = 0; i < 1200; i++) usage.recordEndUser(a.id, 'test', `fine-${i}`, now);
      usage.recordEndUser(a.id, 'test', 'poison-1', now);
      usage.recordEndUser(a.id, 'live', 'poison-2', now);
      for (let i = 0; i < 7; i++) usage.recordCall(a.id, 'live', now);
      await usage.flush();
      const users = await db.selectFrom('usage_end_users').select(['environment', 'end_user_id']).where('partner_id', '=', a.id).execute();
      assert.equal(users.length, 1200);
      assert.ok(users.every((u) => u.end_user_id.startsWith('fine-')));
      const calls = await db.selectFrom('usage_daily').select('calls').where('partner_id', '=', a.id).where('environment', '=', 'live').execute();
      assert.deepEqual(calls.map((c) => Number(c.calls)), [7]);
      assert.ok(isManaged(usage));
      assert.deepEqual(usage.pending(), { calls: 0, endUsers: 0 });
    } finally {
      await sql`drop trigger refuse_poison${sql.raw(t.deps.database.dialect === 'sqlite' ? '' : ' on usage_end_users')}`.execute(db);
      if (t.deps.database.dialect !== 'sqlite') await sql`drop function refuse_poison()`.execute(db);
    }
  });

  it('bounds the work and the answer of a huge invalid body', async () => {
    const bills = '[' + Array.from({ length: 200_000 }, () => '{}').join(',') + ']';
    const payload = `{"end_user_id":"u","upcoming_bills":${bills}}`;
    const cpu = process.cpuUsage();
    const res = await t.inject({ method: 'POST', url: CALC, headers: { ...keyHeaders(p), 'content-type': 'application/json' }, payload });
    const used = process.cpuUsage(cpu);
    assert.equal(res.statusCode, 422);
    assert.ok(res.body.length < 2000, `answer of ${res.body.length} bytes`);
    assert.ok(res.json().detail.length <= 50);
    assert.deepEqual(res.json().detail[0].loc, ['body', 'upcoming_bills']);
    assert.equal(res.json().detail[0].type, 'too_long');
    assert.match(res.json().detail[0].input.at(-1), /^… 199980 more items$/);
    t.deps.log.info({ cpuMs: (used.user + used.system) / 1000, answerBytes: res.body.length, requestBytes: payload.length }, 'amplification figures');

    // A small body still lists every error, exactly as before.
    const few = await t.inject({ method: 'POST', url: CALC, headers: keyHeaders(p), payload: { end_user_id: '', upcoming_bills: [{ amount: -1 }, { amount: 'x' }] } });
    assert.deepEqual(
      few.json().detail.map((d: { loc: unknown[] }) => d.loc),
      [['body', 'end_user_id'], ['body', 'upcoming_bills', 0, 'amount'], ['body', 'upcoming_bills', 1, 'amount']],
    );
    // At most 50 items, each input bounded.
    const many = Array.from({ length: 300 }, () => ({ amount: -1, name: 'n'.repeat(150) }));
    const capped = await t.inject({ method: 'POST', url: CALC, headers: keyHeaders(p), payload: { end_user_id: 'u', upcoming_bills: many } });
    assert.equal(capped.json().detail.length, 50);
    const long = await t.inject({ method: 'POST', url: CALC, headers: keyHeaders(p), payload: { end_user_id: 'x'.repeat(5000) } });
    const echo = long.json().detail[0].input as string;
    assert.equal(echo.length, 257);
    assert.ok(echo.endsWith('…'));
  });

  it("answers Fastify's and Node's own errors with {detail}", async () => {
    const badUrl = await t.inject({ method: 'GET', url: '/api/v1/me%ZZ', headers: keyHeaders(p) });
    assert.equal(badUrl.statusCode, 400);
    assert.deepEqual(badUrl.json(), { detail: 'Invalid URL encoding', code: 'bad_request' });
    assert.match(badUrl.headers['x-request-id'] as string, /^req_/);
    const longParam = await t.inject({ method: 'GET', url: `/api/v1/ingest/calculation/${'a'.repeat(600)}`, headers: keyHeaders(p, { secret: true }) });
    assert.equal(longParam.statusCode, 414);
    assert.deepEqual(longParam.json(), { detail: 'A path parameter is too long', code: 'uri_too_long' });

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const s = net.connect(port, '127.0.0.1', () => s.write(request));
        let data = '';
        s.on('data', (d) => (data += d.toString()));
        s.on('close', () => resolve(data));
        s.on('error', reject);
      });
    const big = await raw(`GET /api/status HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    assert.match(big, /^HTTP\/1\.1 431 /);
    assert.equal(JSON.parse(big.slice(big.indexOf('\r\n\r\n') + 4)).detail, 'Request headers too large');
    const garbage = await raw('NOT HTTP AT ALL\r\n\r\n');
    assert.match(garbage, /^HTTP\/1\.1 400 /);
    assert.deepEqual(JSON.parse(garbage.slice(garbage.indexOf('\r\n\r\n') + 4)), { detail: 'Bad Request', code: 'bad_request' });
  });

  it('refuses a body on an operation that takes none, and keeps empty bodies working', async () => {
    const target = await t.partner();
    const adminH = { authorization: `Bearer ${admin.token}` };
    const url = `/api/admin/partners/${target.id}/suspend`;
    const text = await t.inject({ method: 'POST', url, headers: { ...adminH, 'content-type': 'text/plain' }, payload: 'a=b' });
    assert.equal(text.statusCode, 415);
    assert.deepEqual(text.json(), { detail: 'This operation takes no request body', code: 'unsupported_media_type' });
    const emptyText = await t.inject({ method: 'POST', url, headers: { ...adminH, 'content-type': 'text/plain' }, payload: '' });
    assert.equal(emptyText.statusCode, 415);
    const json = await t.inject({ method: 'POST', url, headers: adminH, payload: { a: 1 } });
    assert.equal(json.statusCode, 422);
    assert.deepEqual(json.json().detail[0].loc, ['body']);
    const me = await t.inject({ method: 'GET', url: `/api/admin/partners/${target.id}`, headers: adminH });
    assert.notEqual(me.json().status, 'suspended');
    // Nothing was changed by the refused requests; an empty body or {} does the work.
    const none = await t.inject({ method: 'POST', url, headers: adminH });
    assert.equal(none.statusCode, 200, none.body);
    const emptyJson = await t.inject({ method: 'POST', url: `/api/admin/partners/${target.id}/activate`, headers: { ...adminH, 'content-type': 'application/json' }, payload: '' });
    assert.equal(emptyJson.statusCode, 200, emptyJson.body);
    const emptyObject = await t.inject({ method: 'POST', url: `/api/admin/partners/${target.id}/activate`, headers: adminH, payload: {} });
    assert.equal(emptyObject.statusCode, 200, emptyObject.body);

    const rotate = await t.inject({ method: 'POST', url: '/api/v1/webhooks/rotate-secret', headers: { ...keyHeaders(p, { secret: true }), 'content-type': 'text/plain' }, payload: 'x' });
    assert.equal(rotate.statusCode, 415);
    const logout = await t.inject({ method: 'POST', url: '/api/auth/partner/logout', headers: { authorization: `Bearer ${partnerSession}`, 'content-type': 'text/plain' }, payload: 'x' });
    assert.equal(logout.statusCode, 415);
    const logoutOk = await t.inject({ method: 'POST', url: '/api/auth/partner/logout', headers: { authorization: `Bearer ${await t.session('partner', p.id)}` } });
    assert.ok(logoutOk.statusCode < 300, logoutOk.body);
  });
});

describe('query strings that do not decode', () => {
  it('a query value with malformed percent-encoding answers 422 at its name, not a search for its raw text', async () => {
    const t = await buildTestApp();
    try {
      const p = await t.partner();
      const res = await t.inject({ method: 'GET', url: '/api/v1/transactions?user_id=%00%ED%A0%80', headers: { 'x-api-key': p.testKey } });
      assert.equal(res.statusCode, 422);
      assert.deepEqual(res.json().detail[0].loc, ['query', 'user_id']);
      assert.match(res.json().detail[0].msg, /invalid percent-encoding/);
      const ok = await t.inject({ method: 'GET', url: '/api/v1/transactions?user_id=caf%C3%A9', headers: { 'x-api-key': p.testKey } });
      assert.equal(ok.statusCode, 200, ok.body);
    } finally {
      await t.close();
    }
  });
});
