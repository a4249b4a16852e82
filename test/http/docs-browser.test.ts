/**
 * The API docs page renders in a real browser under its Content-Security-Policy: headless
 * Chromium loads /api/docs with its scripts and styles, the document arrives, every operation
 * is drawn, and the browser refuses no script, stylesheet or fetch. Needs Chromium
 * (`apt-get install chromium`; .ci/run installs it); without it this file is skipped and says so.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { buildTestApp, type TestApp } from '../helpers/app.js';

const run = promisify(execFile);
const CHROMIUM = ['chromium', 'chromium-browser', 'google-chrome'].find((c) => spawnSync(c, ['--version'], { stdio: 'ignore' }).status === 0);

// CI installs Chromium and sets REQUIRE_BROWSER=1, so a missing browser fails there instead of skipping.
if (!CHROMIUM && process.env.REQUIRE_BROWSER === '1') throw new Error('REQUIRE_BROWSER=1 but Chromium is not installed (apt-get install chromium)');

describe('the API docs page in a browser', { skip: CHROMIUM ? false : 'Chromium is not installed (apt-get install chromium)' }, () => {
  let t: TestApp;
  let address: string;
  before(async () => {
    t = await buildTestApp();
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => t.close());

  it('draws every operation and the browser refuses no script, stylesheet or request', async () => {
    const { stdout, stderr } = await run(
      CHROMIUM!,
      ['--headless', '--no-sandbox', '--disable-gpu', '--enable-logging=stderr', '--v=0', '--virtual-time-budget=10000', '--dump-dom', `${address}/api/docs`],
      { encoding: 'utf8', timeout: 120_000, maxBuffer: 64 * 1024 * 1024 },
    );
    // Swagger UI draws an operation (and a webhook) once under each of its tags.
    type Item = Record<string, { tags?: string[] }>;
    const doc = JSON.parse((await t.inject({ method: 'GET', url: '/api/docs/json' })).body) as { paths: Record<string, Item>; webhooks?: Record<string, Item> };
    let operations = 0;
    for (const item of [...Object.values(doc.paths), ...Object.values(doc.webhooks ?? {})]) {
      for (const [method, op] of Object.entries(item)) {
        if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) operations += Math.max(1, op.tags?.length ?? 0);
      }
    }
    const drawn = (stdout.match(/class="opblock opblock-/g) ?? []).length;
    assert.equal(drawn, operations, 'every operation of the document is drawn');
    const console = stderr.split('\n').filter((l) => /CONSOLE|Content Security Policy|Refused/.test(l));
    // swagger-ui-bundle tries one inline style (no element keeps it: the page shows no difference);
    // anything else refused, a script, a stylesheet, the document's fetch, fails the test.
    const refused = console.filter((l) => /Refused|violates/.test(l) && !/Applying inline style violates/.test(l));
    assert.deepEqual(refused, []);
  });
});
