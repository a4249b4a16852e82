/**
 * SSRF: every spelling of a private, loopback or otherwise non-public address is
 * refused as a webhook target, as a literal, from DNS at configuration time, and
 * from DNS at delivery time (WEBHOOK_ALLOW_PRIVATE=false).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, keyHeaders, type TestApp, type TestPartner } from '../helpers/app.js';
import { setWebhookResolver } from '../../src/areas/webhooks/runtime.js';
import { isPublicAddress } from '../../src/areas/webhooks/ssrf.js';
import { runDeliveryPass } from '../../src/areas/webhooks/worker.js';
import { configure, ingest, listDeliveries } from './helpers.js';

/** IPv6 spellings that carry a private or loopback IPv4, and other non-public IPv6 ranges. */
const REFUSED_V6 = [
  '::127.0.0.1', // IPv4-compatible (deprecated)
  '::7f00:1',
  '::10.0.0.1',
  '::8.8.8.8', // IPv4-compatible is refused whatever it carries
  '::ffff:127.0.0.1', // IPv4-mapped
  '::ffff:7f00:1',
  '::ffff:169.254.169.254',
  '::ffff:0:7f00:1', // SIIT (RFC 6145)
  '::ffff:0:808:808',
  '2002:7f00:1::', // 6to4 of 127.0.0.1
  '2002:a00:1::1', // 6to4 of 10.0.0.1
  '2002:808:808::', // 6to4 is refused whatever it carries
  '64:ff9b:1::7f00:1', // local-use NAT64 (RFC 8215)
  '64:ff9b::7f00:1', // well-known NAT64 of 127.0.0.1
  '64:ff9b::10.0.0.1',
  '64:ff9b::a9fe:a9fe', // … of 169.254.169.254
  '2001:0:4136:e378:8000:63bf:80ff:fffe', // Teredo
  '2001::1',
  '::1',
  '::',
  'fe80::1',
  'fc00::1',
  'fd12:3456::1',
  'fec0::1',
  'ff02::1',
  '100::1',
  '2001:db8::1',
  '3fff::1',
];
/** IPv4 spellings the URL parser normalises; all must stay refused. */
const REFUSED_V4_URL_HOSTS = [
  '127.1',
  '0x7f000001',
  '2130706433',
  '017700000001',
  '0177.0.0.1',
  '10.1',
  '0',
  '169.254.169.254',
  '100.64.0.1',
  '192.0.0.8',
  '198.18.0.1',
  '224.0.0.1',
  '255.255.255.255',
];
const PUBLIC = ['93.184.215.14', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'];

const H = (p: TestPartner) => keyHeaders(p, { secret: true });
const literal = (a: string) => (a.includes(':') ? `[${a}]` : a);

describe('SSRF: non-public address ranges (WEBHOOK_ALLOW_PRIVATE=false)', () => {
  let t: TestApp;
  let p: TestPartner;
  const dns: Record<string, string> = {};
  before(async () => {
    t = await buildTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'false', RATE_LIMIT_PER_SECOND: '100000', WEBHOOK_RETRY_SCHEDULE_MS: '0,10', WEBHOOK_TIMEOUT_MS: '1000' } });
    setWebhookResolver(t.deps, async (host) => {
      const a = dns[host];
      if (!a) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      return [{ address: a, family: a.includes(':') ? 6 : 4 }];
    });
    p = await t.partner();
  });
  after(() => t.close());

  const post = (partner: TestPartner, url: string) =>
    t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: H(partner), payload: { url, events: ['calculation.updated'] } });

  it('refuses every non-public IPv6 spelling and IPv4 spelling as a literal URL host', async () => {
    for (const host of [...REFUSED_V6.map(literal), ...REFUSED_V4_URL_HOSTS]) {
      const url = `https://${host}/hook`;
      const res = await post(p, url);
      assert.equal(res.statusCode, 422, `${url}: ${res.body}`);
      const [item] = res.json().detail;
      assert.deepEqual(item.loc, ['body', 'url']);
      assert.match(item.msg, /not a public address/, url);
    }
    assert.equal((await t.inject({ method: 'GET', url: '/api/v1/webhooks', headers: H(p) })).statusCode, 404, 'nothing was configured');
  });

  it('refuses a name that resolves to any of them', async () => {
    for (const [i, a] of REFUSED_V6.entries()) {
      dns[`v6-${i}.partner.example`] = a;
      const res = await post(p, `https://v6-${i}.partner.example/hook`);
      assert.equal(res.statusCode, 422, `${a}: ${res.body}`);
      assert.match(res.json().detail[0].msg, /resolves to .* not a public address/, a);
    }
  });

  it('accepts public addresses, including IPv4-mapped and well-known NAT64 forms of a public IPv4', async () => {
    for (const [i, a] of PUBLIC.entries()) {
      const literalRes = await post(await t.partner(), `https://${literal(a)}/hook`);
      assert.equal(literalRes.statusCode, 200, `${a}: ${literalRes.body}`);
      dns[`pub-${i}.partner.example`] = a;
      const named = await post(await t.partner(), `https://pub-${i}.partner.example/hook`);
      assert.equal(named.statusCode, 200, `${a}: ${named.body}`);
    }
  });

  it('at delivery time: a name re-pointed to an embedded private address is refused before connecting', async () => {
    for (const [i, a] of ['::ffff:7f00:1', '2002:7f00:1::', '64:ff9b:1::7f00:1', '::ffff:0:7f00:1', '::7f00:1', '64:ff9b::7f00:1'].entries()) {
      const q = await t.partner();
      const host = `rebind-${i}.partner.example`;
      dns[host] = '93.184.215.14';
      await configure(t, q, `https://${host}/hook`);
      dns[host] = a;
      await ingest(t, q, 'victim');
      const r = await runDeliveryPass(t.deps);
      assert.ok(r.failed >= 1, a); // earlier partners' retries may fall due in the same pass
      const [d] = await listDeliveries(t, q);
      assert.equal(d.status, 'failed');
      assert.equal(d.status_code, null);
      assert.match(d.error!, /refused: .*not a public address/, `${a}: ${d.error}`);
    }
  });

  it('classifies addresses (the same function both checks use)', () => {
    for (const a of [...REFUSED_V6, '127.0.0.1', '10.0.0.1', '172.16.0.1', '192.168.0.1', '0.0.0.0', 'fe80::1%eth0', 'not-an-ip', '']) {
      assert.equal(isPublicAddress(a), false, a);
    }
    for (const a of [...PUBLIC, '8.8.8.8', '172.32.0.1', '2a00:1450:4001:80b::200e']) assert.equal(isPublicAddress(a), true, a);
  });
});
