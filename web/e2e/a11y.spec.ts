/**
 * Accessibility of every page: axe-core (WCAG 2.0 and 2.1, levels A and AA) on the portal's
 * signed-out pages and every page of its navigation, the admin console's sign-in, every page of
 * its navigation and one partner's page, and the public status page, at 1280×800. The navigation
 * links are read from the page, so a page added to either navigation later is scanned too. Data
 * goes on the pages first (a partner with calls, usage events and webhook deliveries, a deletion
 * request, an incident) so tables and charts are scanned as readers see them.
 *
 * Any violation of impact serious or critical fails the test; each is printed with its rule id,
 * impact, element (CSS target) and help text. The checks are soft, so one run lists every page's.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ADMIN, PLATFORM_INGEST_SECRET } from './admin.js';
import { calculate, expect, keysOf, signUp, test } from './fixtures.js';
import { allowSignedOut } from './admin-session.js';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING = new Set(['serious', 'critical']);

/** Waits for the page to settle: its heading shown, nothing loading, no request in flight. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

/** axe on the page as it is; serious and critical violations are printed and fail the test (softly). */
async function scan(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await settled(page);
  const { violations, passes } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  // The scan ran on a page with content (not a blank or error page).
  expect(passes.length, `axe checked ${name}`).toBeGreaterThan(10);
  const found = violations
    .filter((v) => FAILING.has(v.impact ?? ''))
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target.join(' ')}: ${v.help}`));
  for (const line of found) console.log(`[a11y] ${name}: ${line}`);
  expect.soft(found, `serious or critical accessibility violations on ${name}`).toEqual([]);
}

/** The paths of a navigation's links, as the page lists them. */
async function navPaths(page: Page, name: string): Promise<string[]> {
  const links = page.getByRole('navigation', { name }).getByRole('link');
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  return [...new Set(hrefs.map((h) => new URL(h).pathname + new URL(h).search))];
}

/** A local receiver that answers 204: the webhook deliveries table gets rows. */
async function receiver() {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks` };
}

test('the portal: the signed-out pages, then every page of its navigation with data on it', async ({ page, request }) => {
  for (const path of ['/portal/sign-in', '/portal/register', '/portal/sign-up/confirm?token=sup_example', '/portal/key-sign-in', '/portal/forgot-password', '/portal/accept-invite?token=inv_example']) {
    await page.goto(path);
    await scan(page, path);
  }

  const who = await signUp(page);
  const sandbox = (await keysOf(page)).find((k) => k.environment === 'test')!;
  for (const user of ['user_1', 'user_2', 'user_2']) expect(await calculate(request, sandbox.key, user)).toBe(200);
  const events = [
    { partner_id: who.id, event_type: 'user_signup', user_id: 'user_1' },
    { partner_id: who.id, event_type: 'account_link', user_id: 'user_1', institution: 'First Bank' },
    { partner_id: who.id, event_type: 'transaction', user_id: 'user_2', amount_cents: 1250, category: 'groceries' },
  ];
  const ingested = await request.post('/api/ingest/events/batch', { headers: { 'x-service-ingest-secret': PLATFORM_INGEST_SECRET }, data: { events } });
  expect(ingested.status(), await ingested.text()).toBe(200);

  const hook = await receiver();
  try {
    const saved = await page.request.post('/api/partners/me/webhooks?environment=test', { data: { url: hook.url, events: ['webhook.test', 'calculation.updated'] } });
    expect(saved.ok(), await saved.text()).toBe(true);
    expect((await page.request.post('/api/partners/me/webhooks/test?environment=test')).ok()).toBe(true);
    await expect
      .poll(async () => ((await (await page.request.get('/api/partners/me/webhooks/deliveries?environment=test')).json()) as unknown[]).length, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(1);
    await expect
      .poll(async () => ((await (await page.request.get('/api/partners/me/usage/calls?environment=test')).json()) as { calls: number }).calls, { timeout: 15_000 })
      .toBe(3);

    await page.goto('/portal/');
    const paths = await navPaths(page, 'Portal');
    expect(paths.map((p) => p.split('?')[0])).toEqual(
      expect.arrayContaining(['/portal', '/portal/keys', '/portal/usage', '/portal/webhooks', '/portal/events', '/portal/account', '/portal/team']),
    );
    for (const path of paths) {
      await page.goto(path);
      await scan(page, path);
    }
    // An event's own page: its payload and attempts, resent once so the older attempt is a closed summary; then
    // that attempt opened.
    const listed = (await (await page.request.get('/api/partners/me/webhooks/events?environment=test')).json()) as { data: { id: string }[] };
    const eventId = listed.data[0].id;
    expect((await page.request.post(`/api/partners/me/webhooks/events/${eventId}/resend?environment=test`)).ok()).toBe(true);
    const eventPage = `/portal/events/${eventId}?env=test`;
    await page.goto(eventPage);
    const attempts = page.getByTestId('attempt');
    await expect(attempts).toHaveCount(2);
    await scan(page, eventPage);
    await attempts.nth(1).getByTestId('attempt-summary').click();
    await expect(attempts.nth(1).getByTestId('attempt-status')).toBeVisible();
    await scan(page, `${eventPage} (an older attempt opened)`);
  } finally {
    await new Promise((resolve) => hook.server.close(resolve));
  }
});

test('the admin console: sign-in, every page of its navigation, a partner’s page', async ({ page, request, consoleErrors }) => {
  allowSignedOut(consoleErrors);
  // A partner with calls and a deletion request: the tables have rows.
  const partner = await signUp(page);
  const sandbox = (await keysOf(page)).find((k) => k.environment === 'test')!;
  expect(await calculate(request, sandbox.key)).toBe(200);
  await page.request.post('/api/auth/partner/logout');
  const deletion = await request.post('/api/auth/request-deletion', { data: { email: `a11y-${Date.now()}@example.com`, name: 'Ada', reason: 'Leaving' } });
  expect(deletion.status(), await deletion.text()).toBe(200);

  await page.goto('/admin/sign-in');
  await scan(page, '/admin/sign-in');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Partners', level: 1 })).toBeVisible();

  const paths = await navPaths(page, 'Admin console');
  expect(paths.length).toBeGreaterThan(0);
  for (const path of [...paths, `/admin/partners/${partner.id}`]) {
    await page.goto(path);
    await scan(page, path);
  }
});

test('the status page, with an open and a resolved incident', async ({ page, request }) => {
  const login = await request.post('/api/auth/admin/login', { data: ADMIN });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const stamp = Date.now().toString(36);
  const open = await request.post('/api/admin/incidents', { headers, data: { title: `Slow webhooks ${stamp}`, summary: 'Deliveries run late.', impact: 'minor', components: ['webhooks'] } });
  expect(open.status(), await open.text()).toBe(201);
  const past = await request.post('/api/admin/incidents', { headers, data: { title: `Ingest errors ${stamp}`, summary: 'Some writes failed.', impact: 'major', components: ['ingest'] } });
  expect(past.status(), await past.text()).toBe(201);
  const pastId = ((await past.json()) as { id: string }).id;
  const openId = ((await open.json()) as { id: string }).id;
  expect((await request.post(`/api/admin/incidents/${pastId}/resolve`, { headers, data: { message: 'Fixed.' } })).status()).toBe(200);
  try {
    await page.goto('/status');
    await expect(page.getByRole('region', { name: 'Open incidents' })).toBeVisible();
    await scan(page, '/status');
  } finally {
    // Resolved again, so the components read operational for the tests after this one.
    await request.post(`/api/admin/incidents/${openId}/resolve`, { headers, data: {} });
  }
});
