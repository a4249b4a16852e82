/**
 * Every code sample of the integration guide runs against the service:
 * - each ```bash sample=<name> expect=<status>``` curl command is parsed, its shell
 *   variables are filled in ($BASE_URL, $API_KEY, $INGEST_SECRET, ...) and it is replayed
 *   through app.inject in document order, with one partner; the status must match,
 *   and the documented ```json response=<name>``` must be a sub-shape of the answer
 *   (and equal in its numbers and booleans with check=values);
 * - the ```js sample=...``` blocks are written to a folder where @svc-platform/client is installed
 *   (a link to clients/typescript, built to its dist/) and imported: the delivery handler,
 *   on the client's verifyWebhook, is checked on real deliveries (signed during a secret
 *   rotation, tampered, repeated) and the receiver on a real delivery;
 * - the ```ts client=...``` blocks (each after the `setup` block, as one module) are
 *   type-checked with tsc against the client, so a sample cannot drift from it.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { createHmac } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import matter from 'gray-matter';
import { Lexer, type Tokens } from 'marked';
import { buildTestApp, keyHeaders, PLATFORM_SECRET, type TestApp, type TestPartner } from '../helpers/app.js';
import { runDeliveryPass } from '../../src/areas/webhooks/worker.js';
import { findContentDir } from '../../src/areas/content/content.js';
import { EVENT_SCHEMAS } from '../../src/areas/webhooks/event-schemas.js';

const run = promisify(execFile);
const ROOT = path.dirname(findContentDir());
const CLIENT = path.join(ROOT, 'clients', 'typescript');

interface Block {
  kind: string;
  attrs: Record<string, string>;
  text: string;
}

const guide = matter(readFileSync(path.join(findContentDir(), 'integration-guide.md'), 'utf8')).content;
const blocks: Block[] = new Lexer()
  .lex(guide)
  .filter((t): t is Tokens.Code => t.type === 'code')
  .map((t) => {
    const [kind, ...rest] = (t.lang ?? '').split(/\s+/);
    return { kind, attrs: Object.fromEntries(rest.map((a) => a.split('=') as [string, string])), text: t.text };
  });

/** Splits a shell command into words: quotes, $VAR expansion and line continuations. */
export function shellWords(src: string, env: Record<string, string>): string[] {
  const s = src.replace(/\\\n/g, ' ');
  const words: string[] = [];
  let cur = '';
  let inWord = false;
  const expand = (i: number): [string, number] => {
    const m = /^\$(\{([A-Z_][A-Z0-9_]*)\}|([A-Z_][A-Z0-9_]*))/.exec(s.slice(i));
    if (!m) return ['$', i + 1];
    const name = m[2] ?? m[3];
    if (!(name in env)) throw new Error(`sample uses $${name}, which the guide does not define`);
    return [env[name], i + m[0].length];
  };
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === "'") {
      const end = s.indexOf("'", i + 1);
      if (end < 0) throw new Error('unterminated single quote');
      cur += s.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (c === '"') {
      i++;
      while (i < s.length && s[i] !== '"') {
        if (s[i] === '\\' && (s[i + 1] === '"' || s[i + 1] === '\\' || s[i + 1] === '$')) {
          cur += s[i + 1];
          i += 2;
        } else if (s[i] === '$') {
          const [v, j] = expand(i);
          cur += v;
          i = j;
        } else cur += s[i++];
      }
      if (s[i] !== '"') throw new Error('unterminated double quote');
      i++;
      inWord = true;
    } else if (c === '$') {
      const [v, j] = expand(i);
      cur += v;
      i = j;
      inWord = true;
    } else if (c === '#' && !inWord) {
      while (i < s.length && s[i] !== '\n') i++;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(cur);
      cur = '';
      inWord = false;
      i++;
    } else {
      cur += c;
      inWord = true;
      i++;
    }
  }
  if (inWord) words.push(cur);
  return words;
}

interface Curl {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export function parseCurl(words: string[]): Curl {
  assert.equal(words[0], 'curl', 'a sample starts with curl');
  const headers: Record<string, string> = {};
  let method: string | null = null;
  let url: string | null = null;
  let body: string | undefined;
  for (let i = 1; i < words.length; i++) {
    const w = words[i];
    if (w === '-s' || w === '-S' || w === '-sS' || w === '--fail') continue;
    if (w === '-X' || w === '--request') method = words[++i];
    else if (w === '-H' || w === '--header') {
      const h = words[++i];
      const k = h.indexOf(':');
      headers[h.slice(0, k).trim().toLowerCase()] = h.slice(k + 1).trim();
    } else if (w === '-d' || w === '--data' || w === '--data-raw') body = words[++i];
    else if (w === '-o' || w === '--output') i++;
    else if (w.startsWith('-')) throw new Error(`unsupported curl option ${w}`);
    else url = w;
  }
  assert.ok(url, 'a sample has a URL');
  return { method: method ?? (body !== undefined ? 'POST' : 'GET'), url, headers, body };
}

/** Every key of the documented shape exists in the actual answer (recursively); with values, numbers and booleans match. */
function assertSubShape(doc: unknown, actual: unknown, values: boolean, at = '$'): void {
  if (doc === null || typeof doc !== 'object') {
    if (values && (typeof doc === 'number' || typeof doc === 'boolean')) assert.equal(actual, doc, `${at}`);
    return;
  }
  if (Array.isArray(doc)) {
    assert.ok(Array.isArray(actual), `${at} is an array`);
    if (doc.length && (actual as unknown[]).length) assertSubShape(doc[0], (actual as unknown[])[0], values, `${at}[0]`);
    return;
  }
  assert.ok(actual !== null && typeof actual === 'object' && !Array.isArray(actual), `${at} is an object`);
  for (const [k, v] of Object.entries(doc)) {
    assert.ok(k in (actual as object), `${at}.${k} is in the answer: ${JSON.stringify(actual).slice(0, 400)}`);
    assertSubShape(v, (actual as Record<string, unknown>)[k], values, `${at}.${k}`);
  }
}

function newestMtime(dir: string): number {
  return Math.max(...readdirSync(dir).map((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs;
  }));
}

let built: Promise<void> | null = null;
/** The client as a package uses it (clients/typescript/dist, built by the root prepare script); rebuilt here when missing or older than its source. */
function clientBuilt(): Promise<void> {
  built ??= (async () => {
    const dist = path.join(CLIENT, 'dist', 'index.js');
    if (existsSync(dist) && statSync(dist).mtimeMs >= newestMtime(path.join(CLIENT, 'src'))) return;
    await run(process.execPath, [path.join(ROOT, 'scripts', 'build-client.mjs')], { cwd: ROOT, timeout: 120_000 });
  })();
  return built;
}

/** A scratch folder (an ES module package) where `import ... from '@svc-platform/client'` finds this repository's client. */
async function folderWithClient(prefix: string): Promise<string> {
  await clientBuilt();
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}');
  mkdirSync(path.join(dir, 'node_modules', '@svc-platform'), { recursive: true });
  symlinkSync(CLIENT, path.join(dir, 'node_modules', '@svc-platform', 'client'), 'dir');
  return dir;
}

/** A local webhook target that just answers 204. */
function sink() {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  return {
    listen: () => new Promise<number>((r) => server.listen(0, '127.0.0.1', () => r((server.address() as AddressInfo).port))),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const curlSamples = blocks.filter((b) => b.kind === 'bash' && b.attrs.sample);
const clientSamples = blocks.filter((b) => b.kind === 'ts' && b.attrs.client);
const results = new Map<string, 'passed' | 'failed'>();

describe('integration guide samples', () => {
  it('every curl command and Node.js block in the guide is a runnable sample', () => {
    for (const b of blocks) {
      if (b.kind === 'bash' && !b.text.includes('curl ')) assert.match(b.text, /^export [A-Z_]+=/m, 'a bash block without curl only sets variables');
      if (b.kind === 'bash' && b.text.includes('curl ')) assert.ok(b.attrs.sample && b.attrs.expect, `curl block without sample/expect: ${b.text.slice(0, 80)}`);
      if (b.kind === 'js') assert.ok(b.attrs.sample, `js block without sample=: ${b.text.slice(0, 80)}`);
      if (b.kind === 'ts') assert.ok(b.attrs.client, `ts block without client=: ${b.text.slice(0, 80)}`);
      if (b.kind === 'json' && b.attrs.response) assert.ok(curlSamples.some((s) => s.attrs.sample === b.attrs.response), `response=${b.attrs.response} has a sample`);
    }
    assert.ok(curlSamples.length >= 25, `${curlSamples.length} curl samples`);
    const names = curlSamples.map((b) => b.attrs.sample);
    assert.equal(new Set(names).size, names.length, 'sample names are unique');
    const clients = clientSamples.map((b) => b.attrs.client);
    assert.equal(new Set(clients).size, clients.length, 'client sample names are unique');
    // The client is shown next to curl for every family of operations.
    for (const family of ['setup', 'calculate', 'ingest', 'list', 'webhooks', 'usage', 'sandbox']) assert.ok(clients.includes(family), `a client sample ${family}`);
    assert.match(clientSamples.find((b) => b.attrs.client === 'list')!.text, /paginate\(client, '\/api\/v1\/ingest\/calculations'/);
    // The usage-event ingest's idempotent id: a retry, and an id reused with other content, each run below.
    for (const sample of ['usage-event', 'usage-event-retry', 'usage-event-same-id']) assert.ok(names.includes(sample), `a sample ${sample}`);
  });

  it('every event body the guide shows is an event the service sends, with fields its schema has', () => {
    const shown = blocks.filter((b) => b.kind === 'json' && b.attrs.event);
    assert.ok(shown.some((b) => b.attrs.event === 'transfer.settled'), 'the guide shows transfer.settled');
    for (const b of shown) {
      const type = b.attrs.event as keyof typeof EVENT_SCHEMAS;
      const schema = EVENT_SCHEMAS[type];
      assert.ok(schema, `${type} is an event type`);
      const body = JSON.parse(b.text) as { type: string; data: Record<string, unknown> };
      assert.equal(body.type, type);
      for (const k of Object.keys(body)) assert.ok(k in schema.properties, `${type}: ${k}`);
      for (const k of Object.keys(body.data)) assert.ok(k in schema.properties.data.properties, `${type}: data.${k}`);
    }
  });

  describe('curl samples replayed in order', () => {
    let t: TestApp;
    let p: TestPartner;
    const s = sink();
    const env: Record<string, string> = {};
    let replaceUrl: [string, string];
    before(async () => {
      const port = await s.listen();
      replaceUrl = ['https://example.com/webhooks/svc', `http://127.0.0.1:${port}/webhooks/svc`];
      // The replay sends the whole guide within about a second, and its costlier samples (sandbox pages, exports)
      // weigh several requests each (src/routes/partner-api/weights.ts): more than the default 60 a second.
      t = await buildTestApp({ env: { PUBLIC_BASE_URL: 'https://api.svc.example', RATE_LIMIT_PER_SECOND: '1000' } });
      p = await t.partner({ email: 'dev@acme.example', company: 'Acme Credit Union' });
      env.BASE_URL = 'https://api.svc.example';
      env.API_KEY = p.testKey;
      env.LIVE_API_KEY = p.liveKey;
      env.INGEST_SECRET = 'set-by-the-secrets-sample';
      env.ACCOUNT_ID = 'set-by-the-accounts-sample';
      env.PLATFORM_INGEST_SECRET = PLATFORM_SECRET;
      env.PARTNER_ID = p.id;
    });
    after(async () => {
      await t.close();
      await s.close();
      const passed = [...results].filter(([, r]) => r === 'passed').map(([n]) => n);
      const failed = [...results].filter(([, r]) => r === 'failed').map(([n]) => n);
      console.log(`guide samples: ${passed.length} passed (${passed.join(', ')}); ${failed.length} failed (${failed.join(', ') || 'none'})`);
    });

    for (const block of curlSamples) {
      const name = block.attrs.sample;
      it(`${name}: answers ${block.attrs.expect}`, async () => {
        results.set(name, 'failed');
        const curl = parseCurl(shellWords(block.text, env));
        const u = new URL(curl.url);
        assert.equal(u.origin, env.BASE_URL);
        const payload = curl.body?.split(replaceUrl[0]).join(replaceUrl[1]);
        const oldKey = env.API_KEY;
        const res = await t.inject({ method: curl.method as 'GET', url: u.pathname + u.search, headers: curl.headers, payload });
        assert.equal(res.statusCode, Number(block.attrs.expect), `${name}: ${res.body.slice(0, 500)}`);
        const doc = blocks.find((b) => b.kind === 'json' && b.attrs.response === name);
        if (doc) assertSubShape(JSON.parse(doc.text), res.json(), doc.attrs.check === 'values');
        if (u.pathname.startsWith('/api/v1/') && u.pathname !== '/api/v1/health' && res.statusCode !== 401) {
          // The limits section promises these headers on every partner-API answer.
          for (const h of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) assert.ok(res.headers[h] !== undefined, `${name}: ${h}`);
        }
        if (name === 'usage-event-same-id') {
          // What the guide says of the id: the first event kept is the one stored, once.
          const stored = await t.deps.database.db
            .selectFrom('usage_events')
            .select(['event_type', 'user_id', 'amount_cents'])
            .where('partner_id', '=', p.id)
            .where('event_key', '=', 'signup-user_123')
            .execute();
          assert.deepEqual(stored, [{ event_type: 'user_signup', user_id: 'user_123', amount_cents: null }]);
        }
        if (name === 'webhook-delete') {
          const gone = await t.inject({ method: 'GET', url: '/api/v1/webhooks', headers: curl.headers });
          assert.equal(gone.statusCode, 404);
        }
        if (curl.url.endsWith('.csv') || /\.csv\?/.test(curl.url)) assert.match(res.headers['content-type'] as string, /^text\/csv/);
        // What the guide tells the reader to keep from an answer, the replay keeps too.
        if (name === 'secrets') {
          env.INGEST_SECRET = res.json().ingest_secret;
          assert.equal(env.INGEST_SECRET, p.ingestSecret);
        }
        if (name === 'accounts') {
          // The guide tells the reader to keep the checking account's id as $ACCOUNT_ID.
          const checking = res.json().accounts.find((a: { subtype: string }) => a.subtype === 'checking');
          assert.ok(checking, 'the sandbox links a checking account');
          env.ACCOUNT_ID = checking.account_id;
        }
        if (name === 'rotate-secret') {
          // The guide's steps: the new secret works at once and the previous one until the overlap ends.
          const previous = env.INGEST_SECRET;
          env.INGEST_SECRET = res.json().ingest_secret;
          assert.notEqual(env.INGEST_SECRET, previous);
          const hooks = (secret: string) => t.inject({ method: 'GET', url: '/api/v1/webhooks/deliveries', headers: { 'x-api-key': env.API_KEY, 'x-service-ingest-secret': secret } });
          assert.equal((await hooks(env.INGEST_SECRET)).statusCode, 200);
          assert.equal((await hooks(previous)).statusCode, 200);
          assert.equal((await t.inject({ method: 'GET', url: '/api/v1/secrets', headers: { 'x-api-key': env.API_KEY } })).json().ingest_secret, env.INGEST_SECRET);
        }
        if (name === 'rotate') {
          env.API_KEY = res.json().new_key;
          assert.match(env.API_KEY, /^svc_test_/);
          // The guide's roll keeps the old key working for its overlap.
          assert.ok(res.json().previous_expires_at, 'the sample rolls with an overlap');
          assert.equal((await t.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': oldKey } })).statusCode, 200);
          assert.equal((await t.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-api-key': env.API_KEY } })).statusCode, 200);
        }
        results.set(name, 'passed');
      });
    }
  });

  describe('Node.js samples', () => {
    type Answer = { status: number; reason?: string; event: Record<string, unknown> | null };
    let dir: string;
    let verify: { receiveDelivery: (raw: Buffer | string, headers: Record<string, unknown>, secret: string | string[]) => Answer };
    let receiver: { startReceiver: (secret: string, onEvent: (e: Record<string, unknown>) => void, port?: number) => Promise<http.Server> };
    before(async () => {
      dir = await folderWithClient('svc-guide-js-');
      for (const b of blocks.filter((x) => x.kind === 'js')) writeFileSync(path.join(dir, `${b.attrs.sample}.js`), b.text);
      verify = await import(pathToFileURL(path.join(dir, 'verify-webhook.js')).href);
      receiver = await import(pathToFileURL(path.join(dir, 'webhook-receiver.js')).href);
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('the verification sample is the client: it imports verifyWebhook from @svc-platform/client', () => {
      const sample = blocks.find((b) => b.kind === 'js' && b.attrs.sample === 'verify-webhook');
      assert.ok(sample);
      assert.match(sample.text, /import \{[^}]*\bverifyWebhook\b[^}]*\} from '@svc-platform\/client'/);
      assert.doesNotMatch(sample.text, /createHmac|timingSafeEqual/, 'no hand-written HMAC beside the client');
    });

    it('the delivery handler verifies a real delivery signed during a secret rotation, and refuses tampered, replayed and unsigned ones', async () => {
      const t = await buildTestApp();
      const sink = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          received.push({ body: Buffer.concat(chunks), headers: req.headers });
          res.writeHead(204).end();
        });
      });
      const received: { body: Buffer; headers: http.IncomingHttpHeaders }[] = [];
      await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r));
      try {
        const p = await t.partner();
        const url = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/hook`;
        const set = await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: keyHeaders(p, { secret: true }), payload: { url, events: ['calculation.updated'], enabled: true } });
        assert.equal(set.statusCode, 200, set.body);
        const oldSecret = set.json().secret as string;
        const rotated = await t.inject({ method: 'POST', url: '/api/v1/webhooks/rotate-secret', headers: keyHeaders(p, { secret: true }) });
        assert.equal(rotated.statusCode, 200, rotated.body);
        const newSecret = rotated.json().secret as string;
        assert.notEqual(newSecret, oldSecret);
        const ing = await t.inject({ method: 'POST', url: '/api/v1/ingest', headers: keyHeaders(p, { secret: true }), payload: { end_user_id: 'rot_1', cash_balance: 10 } });
        assert.equal(ing.statusCode, 201);
        for (let i = 0; i < 50 && received.length === 0; i++) await runDeliveryPass(t.deps);
        assert.equal(received.length, 1, 'one delivery');
        const { body, headers } = received[0];
        const header = headers['service-signature'] as string;
        assert.equal(header.match(/v1=/g)?.length, 2, 'both secrets sign during the overlap');

        // Either secret verifies it, and so does the pair a receiver holds while it deploys the new one.
        const byOld = verify.receiveDelivery(body, headers, oldSecret);
        assert.equal(byOld.status, 204);
        assert.equal(byOld.event?.type, 'calculation.updated');
        assert.equal((byOld.event?.data as { end_user_id: string }).end_user_id, 'rot_1');
        // The same event again (at-least-once): acknowledged, not handed on twice.
        assert.deepEqual(verify.receiveDelivery(body, headers, newSecret), { status: 204, event: null });
        assert.deepEqual(verify.receiveDelivery(body, headers, [newSecret, oldSecret]), { status: 204, event: null });

        // Tampered: the body, the signature, or a secret that is neither.
        const tampered = Buffer.from(body.toString('utf8').replace('"rot_1"', '"rot_2"'));
        assert.deepEqual(verify.receiveDelivery(tampered, headers, newSecret), { status: 400, reason: 'mismatch', event: null });
        const flipped = header.replace(/v1=([0-9a-f])/g, (_m, c: string) => `v1=${c === '0' ? '1' : '0'}`);
        assert.equal(verify.receiveDelivery(body, { ...headers, 'service-signature': flipped }, newSecret).reason, 'mismatch');
        assert.equal(verify.receiveDelivery(body, headers, 'whsec_bm90dGhlc2VjcmV0bm90dGhlc2VjcmV0bm90dGhl').reason, 'mismatch');
        // Replayed later: the signed time is outside the tolerance.
        const later = verify.receiveDelivery(body, { 'service-signature': header.replace(/t=\d+/, `t=${Math.floor(Date.now() / 1000) - 3600}`) }, newSecret);
        assert.equal(later.reason, 'timestamp');
        assert.equal(verify.receiveDelivery(body, {}, newSecret).reason, 'no_signature');
        assert.equal(verify.receiveDelivery(body, { 'service-signature': 'nonsense' }, newSecret).reason, 'malformed');

        // X-Service-Signature alone (and -Previous for the old secret) verifies too; it signs no
        // time, so an old event is refused on its created_at.
        const event = JSON.parse(body.toString('utf8')) as { id: string; created_at: string };
        const fresh = Buffer.from(JSON.stringify({ ...event, id: `${event.id}_simple` }));
        const simple = (raw: Buffer, secret: string) => createHmac('sha256', secret).update(raw).digest('hex');
        assert.equal(verify.receiveDelivery(fresh, { 'x-service-signature': simple(fresh, newSecret) }, newSecret).event?.type, 'calculation.updated');
        assert.equal(verify.receiveDelivery(body, { 'x-service-signature': simple(tampered, newSecret) }, newSecret).reason, 'mismatch');
        const stale = Buffer.from(JSON.stringify({ ...event, id: `${event.id}_stale`, created_at: new Date(Date.now() - 3_600_000).toISOString() }));
        assert.deepEqual(verify.receiveDelivery(stale, { 'x-service-signature-previous': simple(stale, oldSecret) }, oldSecret), { status: 400, reason: 'timestamp', event: null });
        // The real delivery's own X-Service-Signature pair, by each secret.
        const copy = { 'x-service-signature': headers['x-service-signature'], 'x-service-signature-previous': headers['x-service-signature-previous'] };
        // (verified, then recognised as the event already processed)
        for (const secret of [newSecret, oldSecret]) assert.deepEqual(verify.receiveDelivery(body, copy, secret), { status: 204, event: null });
      } finally {
        await new Promise<void>((r) => sink.close(() => r()));
        await t.close();
      }
    });

    it('the guide receiver verifies real deliveries from the service', async () => {
      results.set('webhook-delivery', 'failed');
      const t = await buildTestApp();
      let server: http.Server | null = null;
      try {
        const p = await t.partner();
        const events: Record<string, unknown>[] = [];
        // The configuration sample gives the signing secret; the receiver listens with it, then the URL is set.
        const set = await t.inject({
          method: 'POST',
          url: '/api/v1/webhooks',
          headers: keyHeaders(p, { secret: true }),
          payload: { url: 'http://127.0.0.1:1/placeholder', events: ['calculation.updated'], enabled: true },
        });
        assert.equal(set.statusCode, 200, set.body);
        const secret = set.json().secret as string;
        assert.match(secret, /^whsec_/);
        server = await receiver.startReceiver(secret, (e) => events.push(e), 0);
        const port = (server.address() as AddressInfo).port;
        const again = await t.inject({
          method: 'POST',
          url: '/api/v1/webhooks',
          headers: keyHeaders(p, { secret: true }),
          payload: { url: `http://127.0.0.1:${port}/webhooks/svc`, events: ['calculation.updated'], enabled: true },
        });
        assert.equal(again.statusCode, 200, again.body);
        const current = (again.json().secret as string | null | undefined) ?? secret;
        if (current !== secret) {
          server.close();
          server = await receiver.startReceiver(current, (e) => events.push(e), port);
        }
        const ing = await t.inject({
          method: 'POST',
          url: '/api/v1/ingest',
          headers: keyHeaders(p, { secret: true }),
          payload: { end_user_id: 'user_123', cash_balance: 1840.75, upcoming_bills: [{ name: 'Rent', amount: 950, due_date: '2026-12-01' }], savings_commitments: 150, cash_buffer: 200 },
        });
        assert.equal(ing.statusCode, 201);
        for (let i = 0; i < 50 && events.length === 0; i++) {
          await runDeliveryPass(t.deps);
          await new Promise((r) => setTimeout(r, 10));
        }
        assert.equal(events.length, 1, 'the receiver got and verified one delivery');
        const doc = blocks.find((b) => b.kind === 'json' && b.attrs.event === 'calculation.updated');
        assert.ok(doc, 'the guide documents the event body');
        assertSubShape(JSON.parse(doc.text), events[0], false);
        assert.equal(events[0].type, 'calculation.updated');
        assert.equal((events[0].data as { calculation: { daily_allowance: number } }).calculation.daily_allowance, 18.03);
        // A request that is not a signed delivery is refused.
        const forged = await fetch(`http://127.0.0.1:${port}/webhooks/svc`, { method: 'POST', body: JSON.stringify({ id: 'evt_x', type: 'calculation.updated' }) });
        assert.equal(forged.status, 400);
        assert.equal(events.length, 1);
        results.set('webhook-delivery', 'passed');
      } finally {
        server?.close();
        await t.close();
      }
    });
  });

  describe('TypeScript client samples', () => {
    const require = createRequire(import.meta.url);
    const TSC = require.resolve('typescript/bin/tsc');
    const OPTIONS = ['--noEmit', '--strict', '--target', 'ES2022', '--module', 'NodeNext', '--moduleResolution', 'NodeNext', '--types', 'node', '--skipLibCheck'];
    let dir: string;
    before(async () => {
      dir = await folderWithClient('svc-guide-ts-');
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('type-check against @svc-platform/client, and a call the client does not have is refused', async () => {
      const setup = clientSamples.find((b) => b.attrs.client === 'setup');
      assert.ok(setup, 'a setup sample creates the client');
      assert.match(setup.text, /import \{ createClient \} from '@svc-platform\/client'/);
      const files = clientSamples.filter((b) => b !== setup).map((b) => {
        const file = path.join(dir, `${b.attrs.client}.ts`);
        writeFileSync(file, `${setup.text}\n${b.text}\n`);
        return file;
      });
      // The control: a sample that drifted from the client (a path it does not have, a field of the wrong type).
      const control = path.join(dir, 'drifted.ts');
      writeFileSync(
        control,
        `${setup.text}\nawait client.POST('/api/v1/calculate/safe-to-spendd', { body: {} });\nawait client.POST('/api/v1/calculate/safe-to-spend', { body: { end_user_id: 'u', cash_balance: '2500' } });\n`,
      );
      let out = '';
      try {
        await run(process.execPath, [TSC, ...OPTIONS, '--typeRoots', path.join(ROOT, 'node_modules', '@types'), ...files, control], {
          cwd: dir,
          timeout: 170_000,
          maxBuffer: 16 * 1024 * 1024,
        });
      } catch (err) {
        out = (err as { stdout?: string }).stdout ?? String(err);
      }
      const failing = new Set([...out.matchAll(/^(.+?\.ts)\(\d+,\d+\): error/gm)].map((m) => path.basename(m[1])));
      assert.deepEqual([...failing], ['drifted.ts'], out);
      assert.equal([...out.matchAll(/drifted\.ts\((\d+),/g)].map((m) => m[1]).filter((l, i, a) => a.indexOf(l) === i).length, 2, out);
    });
  });
});
