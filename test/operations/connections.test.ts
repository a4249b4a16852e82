/** Slow and idle connections cannot exhaust the server: timeouts, a cap and a per-address share. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';

function connect(port: number, localAddress = '127.0.0.1'): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const s = net.connect({ port, host: '127.0.0.1', localAddress });
    s.once('connect', () => resolve(s));
    s.once('error', reject);
  });
}

/** Everything the server writes to the socket until it closes it (or the deadline). */
function readUntilClosed(s: net.Socket, deadlineMs: number): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    let text = '';
    s.on('data', (d) => (text += d));
    s.on('error', () => {});
    const timer = setTimeout(() => resolve({ text, closed: false }), deadlineMs);
    s.once('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
  });
}

/** A calculate call over a fresh connection from `localAddress`; resolves with the status code. */
async function calculate(port: number, key: string, localAddress: string): Promise<number> {
  const s = await connect(port, localAddress);
  const body = JSON.stringify({ end_user_id: 'u1' });
  s.write(
    `POST /api/v1/calculate/safe-to-spend HTTP/1.1\r\nHost: x\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
  );
  const { text } = await readUntilClosed(s, 5000);
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
}

async function listening(env: Record<string, string>) {
  const t = await buildTestApp({ env });
  const p = await t.partner();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, p, port: (t.app.server.address() as net.AddressInfo).port };
}

describe('request timeouts', () => {
  let t: TestApp;
  let p: TestPartner;
  let port: number;
  before(async () => {
    ({ t, p, port } = await listening({ REQUEST_TIMEOUT_MS: '800', HEADERS_TIMEOUT_MS: '800', CONNECTION_IDLE_TIMEOUT_MS: '3000' }));
  });
  after(() => t.close());

  it('a stalled body is answered 408 in the {"detail"} shape once the request timeout passes', async () => {
    const s = await connect(port);
    s.write(`POST /api/v1/calculate/safe-to-spend HTTP/1.1\r\nHost: x\r\nX-API-Key: ${p.testKey}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"end`);
    const { text, closed } = await readUntilClosed(s, 5000);
    assert.ok(closed, 'the server closed the stalled connection');
    assert.match(text, /^HTTP\/1\.1 408/);
    assert.deepEqual(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)), { detail: 'Request timeout: the request did not arrive in time', code: 'request_timeout' });
  });

  it('a client that ignores its 408 and keeps dripping bytes loses the socket within a bounded time', async () => {
    const s = await connect(port);
    s.on('error', () => {});
    // It never reads what the server answers, and sends one more byte of its body now and then.
    s.pause();
    s.write(`POST /api/v1/calculate/safe-to-spend HTTP/1.1\r\nHost: x\r\nX-API-Key: ${p.testKey}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"end`);
    const open = () => new Promise<number>((resolve, reject) => t.app.server.getConnections((err, n) => (err ? reject(err) : resolve(n))));
    const started = Date.now();
    // The request timeout (800 ms) plus the linger after the answer (2 s) with room for a busy machine; without
    // the bound the dripping client keeps it for ever.
    const bound = 20_000;
    while (Date.now() - started < bound && (await open()) > 0) {
      if (!s.destroyed) s.write('1');
      await new Promise((r) => setTimeout(r, 200));
    }
    const held = await open();
    s.destroy();
    assert.equal(held, 0, `the server still holds the socket ${bound} ms after the request began`);
  });

  it('headers that never finish are cut too, and a whole request is still served', async () => {
    const s = await connect(port);
    s.write('GET /api/v1/health HTTP/1.1\r\nHost: x\r\n');
    const { closed } = await readUntilClosed(s, 5000);
    assert.ok(closed);
    assert.equal(await calculate(port, p.testKey, '127.0.0.1'), 200);
  });
});

describe('connection cap and per-address share', () => {
  let t: TestApp;
  let p: TestPartner;
  let port: number;
  before(async () => {
    ({ t, p, port } = await listening({ MAX_CONNECTIONS_PER_ADDRESS: '5', MAX_CONNECTIONS: '12' }));
  });
  after(() => t.close());

  it('one address holds at most its share; other addresses are still served, and the cap holds overall', async () => {
    const held: net.Socket[] = [];
    for (let i = 0; i < 5; i++) held.push(await connect(port, '127.0.0.1'));
    // Beyond its share, the address's next connection is closed at once.
    const extra = await connect(port, '127.0.0.1');
    assert.ok((await readUntilClosed(extra, 500)).closed, 'the sixth connection of one address is closed');
    // Another address is served meanwhile.
    assert.equal(await calculate(port, p.testKey, '127.0.0.2'), 200);
    // Fill the cap from other addresses: beyond MAX_CONNECTIONS every new connection is dropped.
    for (let i = 3; i < 10; i++) held.push(await connect(port, `127.0.0.${i}`));
    const overCap = await connect(port, '127.0.0.20');
    assert.ok((await readUntilClosed(overCap, 500)).closed, 'a connection beyond the cap is dropped');
    assert.ok(!held.some((h) => h.destroyed), 'the held connections are still open');
    for (const s of held) s.destroy();
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(await calculate(port, p.testKey, '127.0.0.1'), 200, 'the share is given back when connections close');
  });
});
