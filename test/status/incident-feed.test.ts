import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Parser from 'rss-parser';
import { buildTestApp, TestClock, type TestApp } from '../helpers/app.js';
import { bearer } from '../helpers/checks.js';

const BASE = 'http://localhost:8000';
const RFC822 = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

describe('the incidents feed (/api/platform/incidents.atom and .rss)', () => {
  let t: TestApp;
  let h: Record<string, string>;
  const clock = new TestClock(Date.parse('2026-11-21T12:00:00Z'));
  before(async () => {
    t = await buildTestApp({ clock });
    h = bearer((await t.admin()).token);
  });
  after(() => t.close());

  it('answers a valid empty feed before any incident', async () => {
    for (const [url, type] of [
      ['/api/platform/incidents.atom', /^application\/atom\+xml; charset=utf-8$/],
      ['/api/platform/incidents.rss', /^application\/rss\+xml; charset=utf-8$/],
    ] as const) {
      const res = await t.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 200, url);
      assert.match(res.headers['content-type'] as string, type);
      assert.equal(res.headers['cache-control'], 'public, max-age=60');
      const feed = await new Parser().parseString(res.body);
      assert.equal(feed.title, 'svc partner API status: incidents');
      assert.equal(feed.link, `${BASE}/status`);
      assert.deepEqual(feed.items, []);
    }
  });

  it('has one entry per incident update, newest first, linking to it on the status page, the same in Atom and RSS', async () => {
    const created = await t.inject({
      method: 'POST',
      url: '/api/admin/incidents',
      headers: h,
      payload: { title: 'Delayed webhook deliveries', summary: 'Deliveries are delayed by up to 10 minutes.', impact: 'major', components: ['webhooks', 'partner_api'] },
    });
    assert.equal(created.statusCode, 201, created.body);
    const inc = created.json();
    clock.advance(60_000);
    await t.inject({ method: 'PATCH', url: `/api/admin/incidents/${inc.id}`, headers: h, payload: { status: 'identified', message: 'A slow receiver held a worker.' } });
    clock.advance(60_000);
    await t.inject({ method: 'POST', url: `/api/admin/incidents/${inc.id}/resolve`, headers: h, payload: { message: 'Deliveries are back to normal.' } });
    const updates = (await t.inject({ method: 'GET', url: '/api/admin/incidents', headers: h })).json().items[0].updates as { id: string; at: string; message: string }[];
    assert.equal(updates.length, 3);

    const atomRes = await t.inject({ method: 'GET', url: '/api/platform/incidents.atom' });
    assert.match(atomRes.body, /^<\?xml version="1.0" encoding="utf-8"\?>\s*<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/);
    assert.match(atomRes.body, /<link rel="self" href="http:\/\/localhost:8000\/api\/platform\/incidents.atom"\/>/);
    const atom = await new Parser().parseString(atomRes.body);
    assert.deepEqual(
      atom.items.map((i) => i.title),
      ['Delayed webhook deliveries: Resolved', 'Delayed webhook deliveries: Identified', 'Delayed webhook deliveries: Investigating'],
    );
    atom.items.forEach((item, n) => {
      assert.equal(item.link, `${BASE}/status#${updates[n].id}`);
      assert.equal(item.id, `${BASE}/status#${updates[n].id}`);
      assert.equal(item.isoDate, updates[n].at);
      assert.match(item.content!, new RegExp(`<p>${updates[n].message}</p>`));
      assert.match(item.content!, /Major impact · Affects Webhooks, Partner API · Started 2026-11-21 12:00 UTC · Resolved 2026-11-21 12:02 UTC/);
    });
    // The feed's own <updated> (the first) is its newest entry's.
    assert.equal(/<updated>([^<]+)<\/updated>/.exec(atomRes.body)?.[1], '2026-11-21T12:02:00.000Z');

    const rssRes = await t.inject({ method: 'GET', url: '/api/platform/incidents.rss' });
    assert.match(rssRes.body, /<rss version="2.0"/);
    const rss = await new Parser().parseString(rssRes.body);
    assert.deepEqual(
      rss.items.map((i) => [i.title, i.link, i.guid, i.isoDate]),
      atom.items.map((i) => [i.title, i.link, i.id, i.isoDate]),
    );
    for (const item of rss.items) assert.match(item.pubDate!, RFC822);
  });

  it('keeps what an administrator typed as text: markup and CDATA ends cannot break out', async () => {
    const hostile = 'Outage <script>alert(1)</script> ]]></title><x> & "more" ]]>';
    const created = await t.inject({ method: 'POST', url: '/api/admin/incidents', headers: h, payload: { title: hostile, summary: '<img src=x onerror=alert(1)> ]]> done', impact: 'minor' } });
    assert.equal(created.statusCode, 201, created.body);
    for (const url of ['/api/platform/incidents.atom', '/api/platform/incidents.rss']) {
      const res = await t.inject({ method: 'GET', url });
      assert.doesNotMatch(res.body, /<script>|<img|<x>/, url);
      const feed = await new Parser().parseString(res.body);
      const item = feed.items[0];
      assert.equal(item.title, 'Outage &lt;script&gt;alert(1)&lt;/script&gt; ]]&gt;&lt;/title&gt;&lt;x&gt; &amp; &quot;more&quot; ]]&gt;: Investigating', url);
      // Atom's content, RSS's content:encoded and description (rss-parser's `content` for RSS).
      const html = (item as { 'content:encoded'?: string })['content:encoded'] ?? item.content!;
      assert.match(html, /^<p>&lt;img src=x onerror=alert\(1\)&gt; \]\]&gt; done<\/p>/, url);
    }
  });

  it('carries the newest 50 updates', async () => {
    const created = await t.inject({ method: 'POST', url: '/api/admin/incidents', headers: h, payload: { title: 'Many updates', summary: 'First.', impact: 'none' } });
    for (let i = 0; i < 55; i++) {
      clock.advance(1000);
      await t.inject({ method: 'PATCH', url: `/api/admin/incidents/${created.json().id}`, headers: h, payload: { message: `Update ${i}` } });
    }
    const feed = await new Parser().parseString((await t.inject({ method: 'GET', url: '/api/platform/incidents.atom' })).body);
    assert.equal(feed.items.length, 50);
    assert.equal(feed.items[0].contentSnippet?.split('\n')[0], 'Update 54');
  });

  it('is in the OpenAPI document with its content types, and named by the status operation', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    assert.deepEqual(Object.keys(doc.paths['/api/platform/incidents.atom'].get.responses['200'].content), ['application/atom+xml']);
    assert.deepEqual(Object.keys(doc.paths['/api/platform/incidents.rss'].get.responses['200'].content), ['application/rss+xml']);
    assert.deepEqual(doc.paths['/api/platform/incidents.atom'].get.security, []);
    assert.match(doc.paths['/api/platform/status'].get.description, /\/api\/platform\/incidents\.atom/);
  });
});
