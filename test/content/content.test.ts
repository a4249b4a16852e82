import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Parser from 'rss-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { PDFParse } from 'pdf-parse';
import matter from 'gray-matter';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { ContentError, findContentDir, loadChangelog, loadGuide, loadPosts } from '../../src/areas/content/content.js';
import { compareSemver } from '../../src/domain/semver.js';
import { pdfText } from '../../src/areas/content/pages.js';
import { assert422 } from '../helpers/checks.js';
import { inlineRefs } from '../helpers/openapi.js';

const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const RFC822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} (GMT|[+-]\d{4})$/;

/** The rules of JSON Feed 1.1 (https://jsonfeed.org/version/1.1) a reader relies on. */
function validateJsonFeed11(feed: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const str = (v: unknown) => typeof v === 'string' && v.length > 0;
  const url = (v: unknown) => str(v) && /^https?:\/\//.test(v as string);
  if (feed.version !== 'https://jsonfeed.org/version/1.1') problems.push('version');
  if (!str(feed.title)) problems.push('title');
  if (feed.home_page_url !== undefined && !url(feed.home_page_url)) problems.push('home_page_url');
  if (feed.feed_url !== undefined && !url(feed.feed_url)) problems.push('feed_url');
  if (feed.authors !== undefined) {
    if (!Array.isArray(feed.authors)) problems.push('authors');
    else for (const a of feed.authors as Record<string, unknown>[]) if (!str(a.name) && !str(a.url) && !str(a.avatar)) problems.push('author');
  }
  for (const k of Object.keys(feed)) {
    const known = ['version', 'title', 'home_page_url', 'feed_url', 'description', 'user_comment', 'next_url', 'icon', 'favicon', 'authors', 'language', 'expired', 'hubs', 'items'];
    if (!known.includes(k) && !k.startsWith('_')) problems.push(`unknown top-level key ${k}`);
  }
  if (!Array.isArray(feed.items)) return [...problems, 'items'];
  const ids = new Set<string>();
  for (const item of feed.items as Record<string, unknown>[]) {
    if (!str(item.id)) problems.push('item.id');
    if (ids.has(item.id as string)) problems.push(`duplicate id ${item.id}`);
    ids.add(item.id as string);
    if (!str(item.content_html) && !str(item.content_text)) problems.push('item content');
    if (item.url !== undefined && !url(item.url)) problems.push('item.url');
    if (item.date_published !== undefined && !RFC3339.test(item.date_published as string)) problems.push('item.date_published');
    if (item.tags !== undefined && (!Array.isArray(item.tags) || (item.tags as unknown[]).some((t) => typeof t !== 'string'))) problems.push('item.tags');
    for (const k of Object.keys(item)) {
      const known = ['id', 'url', 'external_url', 'title', 'content_html', 'content_text', 'summary', 'image', 'banner_image', 'date_published', 'date_modified', 'authors', 'tags', 'language', 'attachments'];
      if (!known.includes(k) && !k.startsWith('_')) problems.push(`unknown item key ${k}`);
    }
  }
  return problems;
}

function normalize(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

describe('changelog feeds', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  it('GET /api/changelog.json is a valid JSON Feed 1.1, newest first through v2.3.0', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/changelog.json' });
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-type'] as string, /^application\/feed\+json/);
    const feed = JSON.parse(res.body);
    assert.deepEqual(validateJsonFeed11(feed), []);
    for (const k of ['version', 'title', 'home_page_url', 'feed_url', 'description', 'language', 'items']) assert.ok(k in feed, k);
    assert.equal(feed.feed_url, 'http://localhost:8000/api/changelog.json');
    const versions = feed.items.map((i: { _service: { version: string } }) => i._service.version);
    assert.equal(versions[0], 'v2.3.0');
    assert.ok(versions.length >= 10);
    for (let i = 1; i < versions.length; i++) assert.ok(compareSemver(versions[i - 1], versions[i]) > 0, `${versions[i - 1]} before ${versions[i]}`);
    for (const item of feed.items) {
      for (const k of ['id', 'url', 'title', 'content_html', 'content_text', 'date_published', 'tags', '_service']) assert.ok(k in item, k);
      assert.match(item._service.version, /^v\d+\.\d+\.\d+$/);
      assert.ok(item.tags.length > 0);
      assert.ok(item.tags.every((tag: string) => ['feature', 'fix', 'improvement', 'security', 'deprecation', 'breaking'].includes(tag)));
      assert.doesNotMatch(item.content_text, /<\/?(p|code|ul|li|strong|em|a)\b/, 'content_text is plain text');
      assert.match(item.content_html, /<(p|ul)>/);
    }
    const dates = feed.items.map((i: { date_published: string }) => Date.parse(i.date_published));
    for (let i = 1; i < dates.length; i++) assert.ok(dates[i - 1] >= dates[i]);
  });

  it('the OpenAPI document declares the JSON Feed object /api/changelog.json answers, and the real answer validates against it', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const media = doc.paths['/api/changelog.json'].get.responses['200'].content;
    assert.deepEqual(Object.keys(media), ['application/feed+json']);
    const declared = inlineRefs(doc).paths['/api/changelog.json'].get.responses['200'].content['application/feed+json'].schema;
    assert.equal(declared.type, 'object');
    for (const k of ['version', 'title', 'home_page_url', 'feed_url', 'description', 'language', 'items']) assert.ok(declared.required.includes(k), k);
    // Ajv over the document itself, as a contract validator reads it.
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    ajv.addSchema(doc, 'openapi.json');
    const validate = ajv.compile({ $ref: 'openapi.json#/paths/~1api~1changelog.json/get/responses/200/content/application~1feed+json/schema' });
    const res = await t.inject({ method: 'GET', url: '/api/changelog.json' });
    assert.equal(res.statusCode, 200);
    const feed = JSON.parse(res.body) as { items: Record<string, unknown>[] };
    assert.ok(validate(feed), ajv.errorsText(validate.errors));
    // It is a contract, not a formality: what breaks the feed's shape fails it.
    for (const broken of [{ ...feed, items: 'none' }, { ...feed, version: 1 }, { ...feed, items: [{ ...feed.items[0], _service: {} }] }, { ...feed, items: [{ ...feed.items[0], tags: [1] }] }]) {
      assert.equal(validate(broken), false, JSON.stringify(broken).slice(0, 200));
    }
  });

  it('GET /api/changelog.rss is RSS 2.0 that a feed reader parses, with RFC 822 dates and the same entries', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/changelog.rss' });
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-type'] as string, /^application\/rss\+xml/);
    assert.match(res.body, /<rss version="2.0"/);
    const parsed = await new Parser().parseString(res.body);
    const json = (await t.inject({ method: 'GET', url: '/api/changelog.json' })).json();
    assert.equal(parsed.title, json.title);
    assert.equal(parsed.items.length, json.items.length);
    parsed.items.forEach((item, i) => {
      assert.equal(item.title, json.items[i].title);
      assert.equal(item.link, json.items[i].url);
      assert.equal(item.guid, json.items[i].id);
      assert.match(item.pubDate!, RFC822);
      assert.equal(Date.parse(item.pubDate!), Date.parse(json.items[i].date_published));
    });
    const lastBuild = /<lastBuildDate>([^<]+)<\/lastBuildDate>/.exec(res.body);
    assert.ok(lastBuild);
    assert.match(lastBuild[1], RFC822);
  });

  it('the HTML changelog page has an anchor for every release', async () => {
    const res = await t.inject({ method: 'GET', url: '/changelog' });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /id="v2-3-0"/);
    const json = (await t.inject({ method: 'GET', url: '/api/changelog.json' })).json();
    for (const item of json.items) assert.ok(res.body.includes(`id="${new URL(item.url).hash.slice(1)}"`));
  });
});

describe('integration guide', () => {
  let t: TestApp;
  const source = matter(readFileSync(path.join(findContentDir(), 'integration-guide.md'), 'utf8'));
  const headings = [...source.content.matchAll(/^(#{1,3}) (.+)$/gm)].map((m) => m[2].replace(/`/g, ''));
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  it('carries revision v2.1 and covers every topic', () => {
    assert.equal(source.data.revision, 'v2.1');
    const text = headings.join('\n');
    for (const topic of ['Keys', 'Environments', 'Calculating', 'Ingest', 'Webhooks', 'Verifying signatures', 'Usage and alerts', 'Reports', 'Sandbox', 'Errors', 'Limits']) {
      assert.ok(text.includes(topic), `a section on ${topic}`);
    }
  });

  for (const prefix of ['/api/v1', '/v1']) {
    it(`${prefix}/integration-guide.md is the markdown source`, async () => {
      const res = await t.inject({ method: 'GET', url: `${prefix}/integration-guide.md` });
      assert.equal(res.statusCode, 200);
      assert.match(res.headers['content-type'] as string, /^text\/markdown/);
      assert.equal(res.body, source.content.trim() + '\n');
      // Without its front matter, the text states its revision.
      assert.match(res.body, /^# .+\n\nRevision v2\.1, updated \d{4}-\d{2}-\d{2}\.\n/);
    });

    it(`${prefix}/integration-guide is a viewer with navigation to every section`, async () => {
      const res = await t.inject({ method: 'GET', url: `${prefix}/integration-guide` });
      assert.equal(res.statusCode, 200);
      assert.match(res.headers['content-type'] as string, /^text\/html/);
      assert.match(res.body, /<nav class="toc"/);
      const ids = [...res.body.matchAll(/<h[23] id="([^"]+)"/g)].map((m) => m[1]);
      assert.ok(ids.length >= 15);
      for (const id of ids) assert.ok(res.body.includes(`href="#${id}"`), `nav links to #${id}`);
      for (const f of ['md', 'html', 'pdf']) assert.ok(res.body.includes(`href="${prefix}/integration-guide.${f}"`));
      assert.ok(res.body.includes('Revision v2.1'));
    });
  }

  it('/api/v1/integration-guide.html is standalone: inline styles, nothing loaded from elsewhere', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/integration-guide.html' });
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-type'] as string, /^text\/html/);
    assert.match(res.body, /<style>/);
    for (const banned of [/<script/i, /<link/i, /<img/i, /<iframe/i, /\bsrc=/i, /url\(/i, /@import/i]) assert.doesNotMatch(res.body, banned);
    for (const h of headings.slice(1)) assert.ok(res.body.includes(h.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')), `heading ${h}`);
  });

  it('/api/v1/integration-guide.pdf is a real PDF whose text has every heading of the markdown', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/integration-guide.pdf' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.equal(res.rawPayload.subarray(0, 5).toString(), '%PDF-');
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    const result = await parser.getText();
    await parser.destroy();
    assert.ok(result.total >= 5, `pages: ${result.total}`);
    const text = normalize(result.text);
    for (const h of headings) assert.ok(text.includes(normalize(pdfText(h))), `PDF has the heading "${h}"`);
    // Code samples are in it too.
    assert.ok(text.includes('/api/v1/calculate/safe-to-spend'));
    assert.ok(text.includes('verifyWebhook'));
    // The reference form answers the same document.
    const again = await t.inject({ method: 'GET', url: '/v1/integration-guide.pdf' });
    assert.equal(again.rawPayload.length, res.rawPayload.length);
  });

  it('the guide is in the OpenAPI document under /api/v1 only', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const p of ['/api/v1/integration-guide', '/api/v1/integration-guide.html', '/api/v1/integration-guide.md', '/api/v1/integration-guide.pdf']) {
      assert.ok(doc.paths[p]?.get?.operationId, p);
    }
    assert.equal(doc.paths['/v1/integration-guide'], undefined);
  });
});

describe('blog', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());
  const get = (url: string) => t.inject({ method: 'GET', url });

  it('GET /api/blog/categories counts posts per category', async () => {
    const res = await get('/api/blog/categories');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json().categories, [
      { slug: 'engineering', name: 'Engineering', count: 4 },
      { slug: 'product', name: 'Product', count: 2 },
      { slug: 'compliance', name: 'Privacy and compliance', count: 1 },
    ]);
  });

  it('GET /api/blog/posts lists at least six posts newest first', async () => {
    const res = await get('/api/blog/posts');
    assert.equal(res.statusCode, 200);
    const b = res.json();
    assert.ok(b.count >= 6);
    assert.equal(b.total, b.count);
    const dates = b.posts.map((p: { published_at: string }) => p.published_at);
    assert.deepEqual(dates, [...dates].sort().reverse());
    assert.equal(b.posts[0].slug, 'honouring-data-deletion-requests');
    for (const p of b.posts) {
      assert.equal(p.url, `http://localhost:8000/blog/${p.slug}`);
      assert.ok(p.reading_minutes >= 2);
      assert.equal(p.score, undefined);
      assert.equal(p.content_html, undefined);
    }
  });

  it('filters by category and limits', async () => {
    const eng = (await get('/api/blog/posts?category=engineering')).json();
    assert.equal(eng.count, 4);
    assert.ok(eng.posts.every((p: { category: string }) => p.category === 'engineering'));
    assert.equal((await get('/api/blog/posts?category=nothing')).json().count, 0);
    const two = (await get('/api/blog/posts?limit=2')).json();
    assert.equal(two.count, 2);
    assert.equal(two.total, 7);
    assert.equal((await get('/api/blog/posts?limit=200')).statusCode, 200);
  });

  it('q ranks by relevance', async () => {
    const sig = (await get('/api/blog/posts?q=webhook%20signature')).json();
    assert.equal(sig.posts[0].slug, 'verifying-webhook-signatures');
    const scores = sig.posts.map((p: { score: number }) => p.score);
    assert.ok(scores.every((s: number) => s > 0));
    assert.deepEqual(scores, [...scores].sort((a: number, b: number) => b - a));

    assert.equal((await get('/api/blog/posts?q=idempotency')).json().posts[0].slug, 'idempotent-transfers');
    assert.equal((await get('/api/blog/posts?q=outbox')).json().posts[0].slug, 'reliable-webhook-delivery-outbox');
    assert.equal((await get('/api/blog/posts?q=erasure%20gdpr')).json().posts[0].slug, 'honouring-data-deletion-requests');
    assert.equal((await get('/api/blog/posts?q=unique%20end%20users%20bill')).json().posts[0].slug, 'usage-based-billing-unique-end-users');
    // prefixes and small typos
    assert.equal((await get('/api/blog/posts?q=idempot')).json().posts[0].slug, 'idempotent-transfers');
    assert.equal((await get('/api/blog/posts?q=signatrues')).json().posts[0].slug, 'verifying-webhook-signatures');
    // every word must match
    assert.equal((await get('/api/blog/posts?q=outbox%20gdpr')).json().count, 0);
    assert.equal((await get('/api/blog/posts?q=zzzzqqqq')).json().count, 0);
    // with a category filter
    const prod = (await get('/api/blog/posts?q=webhook&category=product')).json();
    assert.ok(prod.posts.every((p: { category: string }) => p.category === 'product'));
    // blank q means no search
    assert.equal((await get('/api/blog/posts?q=%20')).json().count, 7);
  });

  it('GET /api/blog/posts/{slug} returns the post; 404 otherwise', async () => {
    const res = await get('/api/blog/posts/verifying-webhook-signatures');
    assert.equal(res.statusCode, 200);
    const p = res.json();
    assert.equal(p.title, 'Verifying webhook signatures without getting it subtly wrong');
    assert.deepEqual(p.tags, ['webhooks', 'security', 'hmac']);
    assert.match(p.content_html, /<h2 id="the-three-headers">The three headers<\/h2>/);
    assert.match(p.content_markdown, /^A webhook endpoint/);
    const missing = await get('/api/blog/posts/no-such-post');
    assert.equal(missing.statusCode, 404);
    assert.equal(typeof missing.json().detail, 'string');
    assert422(await get(`/api/blog/posts/${'x'.repeat(201)}`), ['path', 'slug'], 'string_too_long');
  });

  it('related posts share category or tags, best first, never the post itself', async () => {
    const res = await get('/api/blog/posts/verifying-webhook-signatures/related');
    assert.equal(res.statusCode, 200);
    // outbox: same category + "webhooks" = 5; sandbox testing and transfers: same category = 3 (newest first)
    assert.deepEqual(
      res.json().posts.map((p: { slug: string }) => p.slug),
      ['reliable-webhook-delivery-outbox', 'testing-with-the-sandbox', 'idempotent-transfers'],
    );
    assert.deepEqual(res.json().posts.map((p: { score: number }) => p.score), [5, 3, 3]);
    const one = (await get('/api/blog/posts/testing-with-the-sandbox/related?limit=1')).json();
    assert.deepEqual(one.posts.map((p: { slug: string }) => p.slug), ['idempotent-transfers']);
    const all = (await get('/api/blog/posts/testing-with-the-sandbox/related?limit=10')).json();
    assert.ok(!all.posts.some((p: { slug: string }) => p.slug === 'testing-with-the-sandbox'));
    // The only compliance post shares nothing with the others.
    assert.equal((await get('/api/blog/posts/honouring-data-deletion-requests/related')).json().count, 0);
    assert.equal((await get('/api/blog/posts/nope/related')).statusCode, 404);
  });

  it('answers 422 for every bound', async () => {
    assert422(await get('/api/blog/posts?limit=0'), ['query', 'limit'], 'greater_than_equal');
    assert422(await get('/api/blog/posts?limit=201'), ['query', 'limit'], 'less_than_equal');
    assert422(await get('/api/blog/posts?limit=x'), ['query', 'limit'], 'int_parsing');
    assert422(await get(`/api/blog/posts?q=${'a'.repeat(201)}`), ['query', 'q'], 'string_too_long');
    assert422(await get(`/api/blog/posts?category=${'a'.repeat(61)}`), ['query', 'category'], 'string_too_long');
    assert422(await get('/api/blog/posts/testing-with-the-sandbox/related?limit=0'), ['query', 'limit']);
    assert422(await get('/api/blog/posts/testing-with-the-sandbox/related?limit=11'), ['query', 'limit']);
  });

  it('serves the HTML pages the feeds link to', async () => {
    const index = await get('/blog');
    assert.equal(index.statusCode, 200);
    assert.match(index.body, /href="\/blog\/safe-to-spend-explained"/);
    const post = await get('/blog/safe-to-spend-explained');
    assert.equal(post.statusCode, 200);
    assert.match(post.body, /<h1>Safe-to-spend, explained/);
    assert.equal((await get('/blog/nope')).statusCode, 404);
  });
});

describe('sitemap and robots', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp({ env: { PUBLIC_BASE_URL: 'https://api.svc.example' } });
  });
  after(() => t.close());

  it('/sitemap.xml lists the public pages and every post', async () => {
    const res = await t.inject({ method: 'GET', url: '/sitemap.xml' });
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-type'] as string, /^application\/xml/);
    assert.match(res.body, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    assert.ok(locs.includes('https://api.svc.example/api/v1/integration-guide'));
    assert.ok(locs.includes('https://api.svc.example/changelog'));
    const posts = (await t.inject({ method: 'GET', url: '/api/blog/posts' })).json().posts;
    for (const p of posts) assert.ok(locs.includes(`https://api.svc.example/blog/${p.slug}`), p.slug);
    assert.equal(new Set(locs).size, locs.length);
    assert.ok(locs.every((l) => l.startsWith('https://api.svc.example/')));
    for (const m of res.body.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)) assert.match(m[1], /^\d{4}-\d{2}-\d{2}$/);
  });

  it('/robots.txt allows the public pages, keeps crawlers out of private areas and names the sitemap', async () => {
    const res = await t.inject({ method: 'GET', url: '/robots.txt' });
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-type'] as string, /^text\/plain/);
    assert.match(res.body, /^User-agent: \*$/m);
    assert.match(res.body, /^Disallow: \/api\/admin\/$/m);
    assert.match(res.body, /^Sitemap: https:\/\/api\.svc\.example\/sitemap\.xml$/m);
  });
});

describe('content loading', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'svc-content-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const body = 'A real article body. '.repeat(20);
  function write(sub: string, name: string, text: string) {
    mkdirSync(path.join(dir, sub), { recursive: true });
    writeFileSync(path.join(dir, sub, name), text);
  }

  it('refuses malformed posts with the file and the reason', () => {
    write('b1', 'a.md', `---\ntitle: A\nsummary: s\ndate: 2026-01-01\ncategory: x\n---\n${body}`);
    write('b1', 'b.md', `---\ntitle: B\nsummary: s\ndate: 2026-02-30\ncategory: x\n---\n${body}`);
    assert.throws(() => loadPosts(path.join(dir, 'b1')), (e: Error) => e instanceof ContentError && /b\.md.*not a real date/.test(e.message));
    write('b2', 'a.md', `---\nsummary: s\ndate: 2026-01-01\ncategory: x\n---\n${body}`);
    assert.throws(() => loadPosts(path.join(dir, 'b2')), /"title" is required/);
    write('b3', 'a.md', `---\ntitle: A\nsummary: s\ndate: 2026-01-01\ncategory: x\nslug: same\n---\n${body}`);
    write('b3', 'b.md', `---\ntitle: B\nsummary: s\ndate: 2026-01-02\ncategory: x\nslug: same\n---\n${body}`);
    assert.throws(() => loadPosts(path.join(dir, 'b3')), /duplicate slug/);
    write('b4', 'a.md', `---\ntitle: A\nsummary: s\ndate: 2026-01-01\ncategory: x\n---\ntoo short`);
    assert.throws(() => loadPosts(path.join(dir, 'b4')), /too short/);
  });

  it('refuses malformed changelog entries', () => {
    write('c1', 'a.md', '---\nversion: 2.0\ndate: 2026-01-01\ntitle: T\ntags: [feature]\n---\nx');
    assert.throws(() => loadChangelog(path.join(dir, 'c1')), /"version"/);
    write('c1', 'a.md', '---\nversion: v2.0\ndate: 2026-01-01\ntitle: T\ntags: [feature]\n---\nx');
    assert.throws(() => loadChangelog(path.join(dir, 'c1')), /vMAJOR\.MINOR\.PATCH/);
    write('c2', 'a.md', '---\nversion: v1.0.0\ndate: 2026-01-01\ntitle: T\ntags: [shiny]\n---\nx');
    assert.throws(() => loadChangelog(path.join(dir, 'c2')), /unknown changelog tags: shiny/);
    write('c3', 'a.md', '---\nversion: v1.0.0\ndate: 2026-03-01\ntitle: T\ntags: [feature]\n---\nx');
    write('c3', 'b.md', '---\nversion: v1.1.0\ndate: 2026-01-01\ntitle: T\ntags: [feature]\n---\nx');
    assert.throws(() => loadChangelog(path.join(dir, 'c3')), /dated after/);
  });

  it('refuses a guide whose text does not state its revision (the markdown is served without its front matter)', () => {
    write('g1', 'guide.md', '---\ntitle: G\nrevision: v3.0\nupdated: 2026-01-01\n---\n# G\n\nRevision v2.9, updated 2026-01-01.\n');
    assert.throws(() => loadGuide(path.join(dir, 'g1', 'guide.md')), (e: Error) => e instanceof ContentError && /does not state its revision \("Revision v3\.0"\)/.test(e.message));
    write('g3', 'guide.md', '---\ntitle: G\nrevision: v3.0\nupdated: 2026-01-01\n---\n# G\n\nRevision v3.0.1, updated 2026-01-01.\n');
    assert.throws(() => loadGuide(path.join(dir, 'g3', 'guide.md')), /does not state its revision/);
    write('g2', 'guide.md', '---\ntitle: G\nrevision: v3.0\nupdated: 2026-01-01\n---\n# G\n\nRevision v3.0, updated 2026-01-01.\n');
    assert.equal(loadGuide(path.join(dir, 'g2', 'guide.md')).markdown, '# G\n\nRevision v3.0, updated 2026-01-01.\n');
  });

  it('orders releases by version, not by file name', () => {
    write('c4', 'v1.10.0.md', '---\nversion: v1.10.0\ndate: 2026-03-01\ntitle: T\ntags: [fix]\n---\nx');
    write('c4', 'v1.9.0.md', '---\nversion: v1.9.0\ndate: 2026-02-01\ntitle: T\ntags: [fix]\n---\nx');
    assert.deepEqual(loadChangelog(path.join(dir, 'c4')).map((e) => e.version), ['v1.10.0', 'v1.9.0']);
  });
});
