/**
 * The OpenAPI document as a product (src/http/openapi.ts): every body and answer is a named schema,
 * every operation states its security, parameters with defaults are optional, the headers are
 * documented (and sent), every partner-API operation has examples that are valid against their
 * schemas and that the server accepts, and the webhooks section matches what a delivery carries.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { buildTestApp, keyHeaders, type TestApp } from '../helpers/app.js';
import { startReceiver, type Receiver } from '../webhooks/receiver.js';
import { runDeliveryPass } from '../../src/areas/webhooks/worker.js';
import { EVENT_TYPES } from '../../src/areas/webhooks/outbox.js';
import { ERROR_CODES } from '../../src/http/error-codes.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON documents are untyped */
type Json = any;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** The names SPEC.md gives to bodies and answers (§2 and §4). */
const SPEC_NAMES = [
  'IngestCalculationBody', 'CalculateResponse', 'CachedCalcRow', 'CachedCalcList', 'IngestEvent', 'IngestBatch', 'ApiKeyOut',
  'ApiKeyUpdate', 'KeyPasteBody', 'KeyPasteResponse', 'KeySyncBody', 'KeySyncBatchBody', 'KeySyncResult', 'ExternalKeyCreate',
  'KeyRotateBody', 'KeyRotateResponse', 'PartnerMetadataUpdateBody', 'PartnerMetadataUpdateResult', 'SecretsResponse',
  'AccountsLinkReq', 'AccountsLinkResp', 'TransactionList', 'TransfersReq', 'TransferResp', 'CashflowResp', 'CashflowPoint',
  'WebhookConfig', 'WebhookConfigBody', 'WebhookConfigCreated', 'WebhookDelivery', 'UsageAlertConfig', 'UsageAlertBody',
  'PartnerRegister', 'LoginPayload', 'DeletionRequestBody', 'DeletionRequestResponse', 'DeletionRequestUpdate', 'ContactBody',
  'ContactResponse', 'IncidentEntry', 'ServiceStatus', 'StatusOverview', 'StatusCheck', 'StatusCheckCreate', 'HTTPValidationError',
  'ValidationError', 'StatusResponse', 'SubmitBody', 'SubmitResult',
];

const SECURITY_SCHEMES = ['apiKey', 'bearerKey', 'ingestSecret', 'platformSecret', 'platformBearer', 'partnerSession', 'partnerSessionCookie', 'adminSession', 'adminSessionCookie'];

interface Op {
  method: string;
  path: string;
  op: Json;
}

function operations(doc: Json): Op[] {
  const out: Op[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const method of METHODS) if (item[method]) out.push({ method, path, op: item[method] });
  }
  return out;
}

const isPartnerApi = (op: Json) => (op.security ?? []).some((s: Json) => 'apiKey' in s);
const pointer = (...parts: string[]) => '#/' + parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Anonymous: an inline object schema (or an array of one) where a named $ref belongs. */
function anonymous(schema: Json): boolean {
  if (!schema || schema.$ref) return false;
  if (schema.type === 'array') return anonymous(schema.items);
  if (Array.isArray(schema.anyOf)) return schema.anyOf.some(anonymous);
  return schema.type === 'object' || schema.properties !== undefined || schema.type === undefined;
}

const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Json;
  let ajv: Ajv2020;
  let receiver: Receiver;
  before(async () => {
    t = await buildTestApp();
    receiver = await startReceiver();
    const res = await t.inject({ method: 'GET', url: '/api/openapi.json' });
    assert.equal(res.statusCode, 200);
    doc = res.json();
    ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    ajv.addSchema(doc, 'openapi.json');
  });
  after(async () => {
    await receiver?.close();
    await t?.close();
  });

  /** Validates `value` against the schema at `ref` (a JSON pointer into the document). */
  function check(ref: string, value: unknown, what: string): void {
    const validate = ajv.compile({ $ref: `openapi.json${ref}` });
    assert.ok(validate(value), `${what}: ${ajv.errorsText(validate.errors)}`);
  }

  it('is OpenAPI 3.1, version 1.1.0, with a relative server', () => {
    assert.equal(doc.openapi, '3.1.0');
    assert.equal(doc.info.version, '1.1.0');
    assert.deepEqual(doc.servers.map((s: Json) => s.url), ['/']);
  });

  it('names every body and answer: a $ref to components.schemas, never an anonymous object', () => {
    const problems: string[] = [];
    const refs = new Set<string>();
    const visit = (v: Json) => {
      if (Array.isArray(v)) v.forEach(visit);
      else if (v && typeof v === 'object') {
        if (typeof v.$ref === 'string') refs.add(v.$ref);
        Object.values(v).forEach(visit);
      }
    };
    visit(doc);
    for (const ref of refs) {
      const m = /^#\/components\/(schemas|headers)\/(.+)$/.exec(ref);
      assert.ok(m && doc.components[m[1]][m[2]], `unresolved ${ref}`);
    }
    for (const { method, path, op } of operations(doc)) {
      for (const [type, media] of Object.entries<Json>(op.requestBody?.content ?? {})) {
        if (anonymous(media.schema)) problems.push(`${method.toUpperCase()} ${path} body (${type})`);
      }
      for (const [status, r] of Object.entries<Json>(op.responses)) {
        for (const [type, media] of Object.entries<Json>(r.content ?? {})) {
          if (type.includes('json') && anonymous(media.schema)) problems.push(`${method.toUpperCase()} ${path} ${status} (${type})`);
        }
      }
    }
    assert.deepEqual(problems, [], 'give these schemas a title (TypeBox option) in the area schemas.ts');
    for (const name of Object.keys(doc.components.schemas)) assert.match(name, /^[A-Z][A-Za-z0-9]*$/, `PascalCase component name ${name}`);
    const missing = SPEC_NAMES.filter((n) => !doc.components.schemas[n]);
    assert.deepEqual(missing, [], 'the names SPEC.md gives');
  });

  it('declares the closed error-code enum once, on ErrorDetail', () => {
    const s = doc.components.schemas;
    assert.deepEqual(s.ErrorCode.enum, ERROR_CODES);
    assert.deepEqual(s.ErrorDetail.properties.code, { $ref: '#/components/schemas/ErrorCode' });
    assert.deepEqual(s.ErrorDetail.required.sort(), ['code', 'detail']);
    for (const { op } of operations(doc)) {
      for (const [status, r] of Object.entries<Json>(op.responses)) {
        if (!/^[45]/.test(status)) continue;
        const ref = r.content?.['application/json']?.schema?.$ref;
        // A probe's 503 is its own report (the 200 body, degraded); every other error is an ErrorDetail.
        const probe = status === '503' && ref === op.responses['200']?.content?.['application/json']?.schema?.$ref;
        assert.ok(probe || ref === '#/components/schemas/ErrorDetail' || (status === '422' && ref === '#/components/schemas/HTTPValidationError'), `${op.operationId} ${status}: ${ref}`);
      }
    }
  });

  it('states security on every operation, with known schemes; public ones say []', () => {
    assert.deepEqual(Object.keys(doc.components.securitySchemes).sort(), [...SECURITY_SCHEMES].sort());
    for (const { method, path, op } of operations(doc)) {
      assert.ok(Array.isArray(op.security), `${method.toUpperCase()} ${path} states no security`);
      for (const alt of op.security) for (const scheme of Object.keys(alt)) assert.ok(SECURITY_SCHEMES.includes(scheme), `${op.operationId}: ${scheme}`);
    }
    const byId = Object.fromEntries(operations(doc).map((o) => [o.op.operationId, o.op]));
    assert.deepEqual(byId.health.security, []);
    assert.deepEqual(byId.contact.security, []);
    assert.deepEqual(byId.getMe.security, [{ apiKey: [] }, { bearerKey: [] }]);
    assert.deepEqual(byId.listMyApiKeys.security, [{ partnerSession: [] }, { partnerSessionCookie: [] }]);
    assert.deepEqual(byId.adminListPartners.security, [{ adminSession: [] }, { adminSessionCookie: [] }]);
    assert.deepEqual(byId.ingestUsageEvent.security, [{ platformSecret: [] }, { platformBearer: [] }]);
  });

  it('does not require a query parameter that has a default', () => {
    let seen = 0;
    for (const { op } of operations(doc)) {
      for (const p of op.parameters ?? []) {
        if (p.in === 'query' && p.schema && 'default' in p.schema) {
          seen++;
          assert.notEqual(p.required, true, `${op.operationId} ?${p.name}`);
        }
      }
    }
    assert.ok(seen > 5);
  });

  it('documents X-Request-Id on every answer, rate-limit headers on the limited ones, Retry-After on 429 and 503, and they are sent', async () => {
    for (const { op } of operations(doc)) {
      for (const [status, r] of Object.entries<Json>(op.responses)) {
        const h = Object.keys(r.headers ?? {});
        assert.ok(h.includes('X-Request-Id'), `${op.operationId} ${status}`);
        if (status === '429' || status === '503') assert.ok(h.includes('Retry-After'), `${op.operationId} ${status}`);
        if (isPartnerApi(op) && status !== '401') {
          for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'RateLimit-Policy', 'RateLimit']) assert.ok(h.includes(name), `${op.operationId} ${status} ${name}`);
        }
      }
    }
    const p = await t.partner();
    const me = await t.inject({ method: 'GET', url: '/api/v1/me', headers: keyHeaders(p) });
    for (const name of ['x-request-id', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'ratelimit-policy', 'ratelimit']) assert.ok(me.headers[name], name);
    const contact = doc.paths['/api/contact'].post.responses['201'].headers;
    assert.ok(contact['X-RateLimit-Limit'], 'the public writes are limited per address');
    assert.equal(doc.paths['/api/v1/health'].get.responses['200'].headers['X-RateLimit-Limit'], undefined);
  });

  it('has request and answer examples on every partner-API operation, each valid against its schema', () => {
    let count = 0;
    for (const { method, path, op } of operations(doc)) {
      const base = ['paths', path, method];
      for (const [type, media] of Object.entries<Json>(op.requestBody?.content ?? {})) {
        if (media.example !== undefined) {
          check(pointer(...base, 'requestBody', 'content', type, 'schema'), media.example, `${op.operationId} request example`);
          count++;
        } else if (isPartnerApi(op)) assert.fail(`${op.operationId}: no request example (src/http/openapi-examples.ts)`);
      }
      let answered = false;
      for (const [status, r] of Object.entries<Json>(op.responses)) {
        for (const [type, media] of Object.entries<Json>(r.content ?? {})) {
          if (media.example === undefined) continue;
          check(pointer(...base, 'responses', status, 'content', type, 'schema'), media.example, `${op.operationId} ${status} example`);
          if (status.startsWith('2')) answered = true;
          count++;
        }
      }
      if (isPartnerApi(op)) assert.ok(answered, `${op.operationId}: no answer example (src/http/openapi-examples.ts)`);
    }
    for (const [type, item] of Object.entries<Json>(doc.webhooks)) {
      check(pointer('webhooks', type, 'post', 'requestBody', 'content', 'application/json', 'schema'), item.post.requestBody.content['application/json'].example, `webhook ${type}`);
      count++;
    }
    assert.ok(count > 30);
  });

  it('every request example is accepted by its operation with the documented status', async () => {
    for (const { method, path, op } of operations(doc)) {
      const media = op.requestBody?.content?.['application/json'];
      if (media?.example === undefined) continue;
      const expected = Number(Object.keys(op.responses).find((s) => s.startsWith('2') && op.responses[s].content?.['application/json']?.example !== undefined));
      // A partner of its own per operation (rotating a key, for one, changes the partner).
      const p = await t.partner();
      // Rotating the ingest secret takes the live key (the secret guards production too); an
      // administrator's operation takes an administrator's session and acts on that partner.
      const asAdmin = (op.security ?? []).some((s: Json) => 'adminSession' in s);
      const headers = asAdmin ? { authorization: `Bearer ${(await t.admin()).token}` } : keyHeaders(p, { secret: true, env: op.operationId === 'rotateIngestSecret' ? 'live' : 'test' });
      let url = path.replace('{partner_id}', p.id);
      let body = structuredClone(media.example);
      // The example's receiver and account are the guide's: here they are this test's receiver and
      // an account the sandbox linked for this partner.
      if (op.operationId === 'setWebhookConfig') body = { ...body, url: receiver.url };
      if (op.operationId === 'createTransfer') {
        const acc = await t.inject({ method: 'GET', url: '/api/v1/accounts?user_id=user_123', headers });
        body = { ...body, account_id: acc.json().accounts[0].account_id };
      }
      // The sandbox's controls act on a transfer of this partner, and fire at its endpoint.
      if (op.operationId === 'simulateSandboxTransfer') {
        const acc = await t.inject({ method: 'GET', url: '/api/v1/accounts?user_id=user_123', headers });
        const made = await t.inject({ method: 'POST', url: '/api/v1/transfers', headers, payload: { account_id: acc.json().accounts[0].account_id, amount_cents: 1, direction: 'credit' } });
        url = url.replace('{transfer_id}', made.json().transfer_id);
      }
      if (op.operationId === 'fireSandboxWebhook') {
        const set = await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers, payload: { url: receiver.url, events: ['calculation.updated'], enabled: true } });
        assert.equal(set.statusCode, 200, set.body);
      }
      const res = await t.inject({ method: method.toUpperCase() as 'POST', url, headers, payload: body });
      assert.equal(res.statusCode, expected, `${op.operationId}: ${res.body}`);
      // The fired event is not for this test's receiver: without an endpoint it is never sent.
      if (op.operationId === 'fireSandboxWebhook') assert.equal((await t.inject({ method: 'DELETE', url: '/api/v1/webhooks', headers })).statusCode, 200);
      const answer = /json/.test(String(res.headers['content-type'])) ? res.json() : res.body;
      check(pointer('paths', path, method, 'responses', String(expected), 'content', 'application/json', 'schema'), answer, `${op.operationId} real answer`);
    }
  });

  it('describes every webhook event with its payload and the three signature forms, as a real delivery carries them', async () => {
    assert.deepEqual(Object.keys(doc.webhooks).sort(), [...EVENT_TYPES].sort());
    for (const [type, item] of Object.entries<Json>(doc.webhooks)) {
      const names = item.post.parameters.map((p: Json) => p.name);
      for (const h of ['Service-Signature', 'X-Service-Signature', 'webhook-id', 'webhook-timestamp', 'webhook-signature']) assert.ok(names.includes(h), `${type} ${h}`);
      assert.deepEqual(item.post.security, []);
    }
    const p = await t.partner();
    const headers = keyHeaders(p, { secret: true });
    const set = await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers, payload: { url: receiver.url, events: ['calculation.updated'], enabled: true } });
    assert.equal(set.statusCode, 200, set.body);
    assert.equal((await t.inject({ method: 'POST', url: '/api/v1/ingest', headers, payload: { end_user_id: 'webhook_user', cash_balance: 100 } })).statusCode, 201);
    assert.equal((await t.inject({ method: 'POST', url: '/api/v1/webhooks/test', headers })).statusCode, 202);
    const before = receiver.received.length;
    for (let i = 0; i < 50 && receiver.received.length < before + 2; i++) await runDeliveryPass(t.deps);
    const got = receiver.received.slice(before);
    assert.equal(got.length, 2);
    for (const r of got) {
      const event = JSON.parse(r.body);
      check(pointer('webhooks', event.type, 'post', 'requestBody', 'content', 'application/json', 'schema'), event, `delivered ${event.type}`);
      for (const param of doc.webhooks[event.type].post.parameters) {
        if (param.required) assert.ok(r.headers[param.name.toLowerCase()], `${event.type} delivery carries ${param.name}`);
      }
    }
  });
});
