/**
 * The web app as the service serves it (src/routes/web/): the portal's page and its client-side
 * routes, hashed assets with long caching and precompressed bodies, the Content-Security-Policy,
 * JSON 404s everywhere else, and a clear 503 when the app is not built. A small build of its own
 * (WEB_DIST_DIR) keeps this independent of `npm run build`; the real build, when present, is
 * checked at the end.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { defaultWebDist } from '../../src/routes/web/index.js';

const JS = `console.log(${JSON.stringify('portal '.repeat(400))});\n`;
const HTML = '<!doctype html><html><head><script type="module" src="/assets/portal-AbC123.js"></script></head><body><div id="root"></div></body></html>\n';
const ADMIN_HTML = '<!doctype html><html><head><script type="module" src="/assets/admin-XyZ789.js"></script></head><body><div id="root"></div></body></html>\n';
const STATUS_HTML = '<!doctype html><html><head><script type="module" src="/assets/status-Qq4.js"></script></head><body><div id="root"></div></body></html>\n';

function write(file: string, body: string, compressed = true): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, body);
  if (compressed) {
    writeFileSync(`${file}.br`, brotliCompressSync(body));
    writeFileSync(`${file}.gz`, gzipSync(body));
  }
}

function cspOf(h: Record<string, unknown>): Map<string, string> {
  const csp = String(h['content-security-policy'] ?? '');
  return new Map(csp.split(';').map((d) => d.trim().split(/\s+(.*)/s).slice(0, 2) as [string, string]));
}

describe('the web app as the service serves it', () => {
  let dist: string;
  let t: TestApp;
  before(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'svc-web-'));
    write(path.join(dist, 'portal', 'index.html'), HTML);
    write(path.join(dist, 'admin', 'index.html'), ADMIN_HTML);
    write(path.join(dist, 'status', 'index.html'), STATUS_HTML);
    write(path.join(dist, 'assets', 'portal-AbC123.js'), JS);
    write(path.join(dist, 'assets', 'plain-Zz9.css'), 'body{color:red}\n', false);
    t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  after(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('/portal/ is the portal page: no-cache, compressed when asked, under a CSP without inline or eval scripts and nothing third-party', async () => {
    for (const url of ['/portal/', '/portal']) {
      const r = await t.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      assert.equal(r.statusCode, 200, url);
      assert.equal(r.headers['cache-control'], 'no-cache');
      assert.match(String(r.headers['content-type']), /^text\/html/);
      assert.equal(r.headers['content-encoding'], 'br');
      assert.equal(brotliDecompressSync(r.rawPayload).toString(), HTML);
      assert.ok(r.headers.etag, 'revalidated by ETag');
      const csp = cspOf(r.headers);
      assert.equal(csp.get('default-src'), "'none'");
      assert.equal(csp.get('script-src'), "'self'");
      assert.equal(csp.get('style-src'), "'self'");
      assert.equal(csp.get('connect-src'), "'self'");
      assert.equal(csp.get('frame-ancestors'), "'none'");
      assert.doesNotMatch(String(r.headers['content-security-policy']), /unsafe-inline|unsafe-eval|https?:/);
      assert.equal(r.headers['x-frame-options'], 'DENY');
      assert.equal(r.headers['x-content-type-options'], 'nosniff');
    }
    const plain = await t.inject({ method: 'GET', url: '/portal/' });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body, HTML);
  });

  it('every GET under /portal/ answers the same page (client-side routes); other methods and unknown /api paths keep their JSON 404', async () => {
    for (const url of ['/portal/keys', '/portal/keys?env=live', '/portal/a/b/c', '/portal/sign-in?next=%2Fkeys']) {
      const r = await t.inject({ method: 'GET', url });
      assert.equal(r.statusCode, 200, url);
      assert.equal(r.body, HTML, url);
    }
    const head = await t.inject({ method: 'HEAD', url: '/portal/keys' });
    assert.equal(head.statusCode, 200);
    for (const [method, url] of [
      ['POST', '/portal/keys'],
      ['GET', '/api/portal'],
      ['GET', '/api/nope'],
      ['GET', '/portalx'],
      ['GET', '/adminx'],
      ['POST', '/admin/partners'],
      ['GET', '/api/admin'],
    ] as const) {
      const r = await t.inject({ method, url });
      assert.equal(r.statusCode, 404, `${method} ${url}`);
      assert.deepEqual(r.json(), { detail: 'Not Found', code: 'not_found' }, `${method} ${url}`);
    }
  });

  it('/ leads to the portal (302 to /portal/, HEAD too, the query dropped); other methods on / keep their JSON 404', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      for (const url of ['/', '/?utm_source=mail']) {
        const r = await t.inject({ method, url });
        assert.equal(r.statusCode, 302, `${method} ${url}`);
        assert.equal(r.headers.location, '/portal/');
        assert.equal(r.headers['cache-control'], 'no-cache');
      }
    }
    const followed = await t.inject({ method: 'GET', url: (await t.inject({ method: 'GET', url: '/' })).headers.location as string });
    assert.equal(followed.statusCode, 200);
    assert.equal(followed.body, HTML);
    const post = await t.inject({ method: 'POST', url: '/' });
    assert.equal(post.statusCode, 404);
    assert.deepEqual(post.json(), { detail: 'Not Found', code: 'not_found' });
  });

  it('/admin/ is the admin console: its own page, same caching and CSP, every GET under it answers it', async () => {
    for (const url of ['/admin', '/admin/', '/admin/partners', '/admin/partners/ptr_1?x=1', '/admin/sign-in?next=%2Fincidents']) {
      const r = await t.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      assert.equal(r.statusCode, 200, url);
      assert.equal(r.headers['cache-control'], 'no-cache', url);
      assert.equal(r.headers['content-encoding'], 'br', url);
      assert.equal(brotliDecompressSync(r.rawPayload).toString(), ADMIN_HTML, url);
      const csp = cspOf(r.headers);
      assert.equal(csp.get('script-src'), "'self'");
      assert.equal(csp.get('frame-ancestors'), "'none'");
      assert.doesNotMatch(String(r.headers['content-security-policy']), /unsafe-inline|unsafe-eval|https?:/);
    }
    // Neither page is the other's.
    assert.equal((await t.inject({ method: 'GET', url: '/portal/partners' })).body, HTML);
  });

  it('/status is the public status page: its own page, no sign-in, same caching and CSP; nothing under it, and /api/status stays the API', async () => {
    for (const url of ['/status', '/status/', '/status?x=1']) {
      const r = await t.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      assert.equal(r.statusCode, 200, url);
      assert.equal(r.headers['cache-control'], 'no-cache', url);
      assert.match(String(r.headers['content-type']), /^text\/html/, url);
      assert.equal(r.headers['content-encoding'], 'br', url);
      assert.equal(brotliDecompressSync(r.rawPayload).toString(), STATUS_HTML, url);
      const csp = cspOf(r.headers);
      assert.equal(csp.get('default-src'), "'none'");
      assert.equal(csp.get('script-src'), "'self'");
      assert.equal(csp.get('style-src'), "'self'");
      assert.equal(csp.get('connect-src'), "'self'");
      assert.equal(csp.get('frame-ancestors'), "'none'");
      assert.doesNotMatch(String(r.headers['content-security-policy']), /unsafe-inline|unsafe-eval|https?:/);
    }
    assert.equal((await t.inject({ method: 'HEAD', url: '/status' })).statusCode, 200);
    for (const [method, url] of [
      ['GET', '/status/components'],
      ['GET', '/statusx'],
      ['POST', '/status'],
    ] as const) {
      const r = await t.inject({ method, url });
      assert.equal(r.statusCode, 404, `${method} ${url}`);
      assert.deepEqual(r.json(), { detail: 'Not Found', code: 'not_found' }, `${method} ${url}`);
    }
    // The status checks and the status overview are API operations, unchanged by the page.
    const checks = await t.inject({ method: 'GET', url: '/api/status' });
    assert.equal(checks.statusCode, 200);
    assert.ok(Array.isArray(checks.json()));
    const overview = await t.inject({ method: 'GET', url: '/api/platform/status' });
    assert.equal(overview.statusCode, 200);
    assert.match(String(overview.headers['content-type']), /^application\/json/);
  });

  it('assets: cached for a year as immutable, brotli or gzip from the files written at build time, the original otherwise', async () => {
    const br = await t.inject({ method: 'GET', url: '/assets/portal-AbC123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    assert.equal(br.statusCode, 200);
    assert.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(br.headers['content-encoding'], 'br');
    assert.match(String(br.headers['content-type']), /javascript/);
    assert.match(String(br.headers.vary), /accept-encoding/i);
    assert.equal(brotliDecompressSync(br.rawPayload).toString(), JS);
    assert.ok(br.rawPayload.length < JS.length / 4);

    const gz = await t.inject({ method: 'GET', url: '/assets/portal-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gz.rawPayload).toString(), JS);

    const identity = await t.inject({ method: 'GET', url: '/assets/portal-AbC123.js' });
    assert.equal(identity.headers['content-encoding'], undefined);
    assert.equal(identity.body, JS);

    // No compressed copy: the file itself.
    const css = await t.inject({ method: 'GET', url: '/assets/plain-Zz9.css', headers: { 'accept-encoding': 'br, gzip' } });
    assert.equal(css.statusCode, 200);
    assert.equal(css.headers['content-encoding'], undefined);
    assert.equal(css.body, 'body{color:red}\n');
    assert.match(String(css.headers['content-type']), /^text\/css/);
  });

  it('an unknown asset, a directory or a way out of the folder is a JSON 404', async () => {
    for (const url of ['/assets/nope.js', '/assets/', '/assets/..%2fportal%2findex.html', '/assets/%2e%2e/%2e%2e/package.json']) {
      const r = await t.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      assert.ok(r.statusCode === 404 || r.statusCode === 403, `${url}: ${r.statusCode}`);
      assert.ok(!r.body.includes('<!doctype html>') && !r.body.includes('"name"'), url);
      assert.ok(r.json().code, url);
    }
  });

  it('without a build the service runs and /portal/ says how to build it (503)', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'svc-web-none-'));
    const u = await buildTestApp({ env: { WEB_DIST_DIR: path.join(empty, 'missing') } });
    try {
      const r = await u.inject({ method: 'GET', url: '/portal/keys' });
      assert.equal(r.statusCode, 503);
      assert.match(String(r.headers['content-type']), /^text\/html/);
      assert.equal(r.headers['cache-control'], 'no-store');
      assert.match(r.body, /The portal is not built/);
      assert.match(r.body, /npm run build/);
      const admin = await u.inject({ method: 'GET', url: '/admin/partners' });
      assert.equal(admin.statusCode, 503);
      assert.match(admin.body, /The admin console is not built/);
      const status = await u.inject({ method: 'GET', url: '/status' });
      assert.equal(status.statusCode, 503);
      assert.match(status.body, /The status page is not built/);
      assert.ok(r.headers['content-security-policy']);
      assert.equal((await u.inject({ method: 'GET', url: '/assets/portal-AbC123.js' })).statusCode, 404);
      assert.equal((await u.inject({ method: 'GET', url: '/api/v1/health' })).statusCode, 200);
    } finally {
      await u.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('the real build, when there is one: every file the portal page loads is served, with .br and .gz beside it', async (ctx) => {
    const real = defaultWebDist();
    if (!existsSync(path.join(real, 'portal', 'index.html'))) {
      // CI builds it (npm ci runs the prepare step), so there a missing build fails.
      if (process.env.REQUIRE_BROWSER === '1') assert.fail(`${real} is missing: npm run build`);
      return ctx.skip('web/dist is not built (npm run build)');
    }
    const u = await buildTestApp();
    try {
      const page = await u.inject({ method: 'GET', url: '/portal/' });
      assert.equal(page.statusCode, 200);
      const urls = [...page.body.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
      assert.ok(urls.some((x) => x.endsWith('.js')) && urls.some((x) => x.endsWith('.css')), page.body);
      assert.doesNotMatch(page.body, /<script>|<script type="module">[^<]|style="/, 'no inline script or style');
      for (const url of urls) {
        const file = path.join(real, url);
        assert.ok(existsSync(`${file}.br`) && existsSync(`${file}.gz`), `${url} is precompressed`);
        const r = await u.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
        assert.equal(r.statusCode, 200, url);
        assert.equal(r.headers['content-encoding'], 'br', url);
        assert.equal(r.headers['cache-control'], 'public, max-age=31536000, immutable', url);
        assert.deepEqual(brotliDecompressSync(r.rawPayload), readFileSync(file), url);
      }
      // Each entry loads its own script and none of the other's.
      const admin = await u.inject({ method: 'GET', url: '/admin/' });
      assert.equal(admin.statusCode, 200);
      const scripts = (body: string) => [...body.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
      const portalJs = scripts(page.body);
      const adminJs = scripts(admin.body);
      assert.ok(portalJs.some((f) => f.startsWith('portal-')), page.body);
      assert.ok(adminJs.some((f) => f.startsWith('admin-')), admin.body);
      assert.deepEqual(portalJs.filter((f) => f.startsWith('admin-')), []);
      assert.deepEqual(adminJs.filter((f) => f.startsWith('portal-')), []);
      // The charts' chunk (Recharts) is loaded when a page draws a chart, by neither page up front.
      assert.deepEqual([...portalJs, ...adminJs].filter((f) => f.startsWith('charts-')), []);
      for (const f of portalJs) assert.doesNotMatch(readFileSync(path.join(real, 'assets', f), 'utf8'), /admin-[\w-]+\.js|\/api\/admin\//, f);
      for (const f of adminJs) assert.doesNotMatch(readFileSync(path.join(real, 'assets', f), 'utf8'), /portal-[\w-]+\.js|\/api\/partners\/me\//, f);
      // The status page: its own script, none of the portal's or the console's, no session operation in any chunk it loads.
      const statusPage = await u.inject({ method: 'GET', url: '/status' });
      assert.equal(statusPage.statusCode, 200);
      const statusJs = scripts(statusPage.body);
      assert.ok(statusJs.some((f) => f.startsWith('status-')), statusPage.body);
      assert.deepEqual(statusJs.filter((f) => /^(portal|admin|CallsChart)-/.test(f)), []);
      for (const f of statusJs) assert.doesNotMatch(readFileSync(path.join(real, 'assets', f), 'utf8'), /(portal|admin)-[\w-]+\.js|\/api\/(admin|partners|auth)\//, f);
    } finally {
      await u.close();
    }
  });
});
