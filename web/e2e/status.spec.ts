/**
 * The public status page (/status) in a browser: no sign-in, the components with their uptime,
 * response time and 30-day history, when it was last updated (the reader's zone, UTC in the
 * title), a refresh every minute, and none of the portal's or the console's code loaded.
 * (An incident opened in the admin console appearing here is in admin-console.spec.ts.)
 */
import { expect, snap, test } from './fixtures.js';

interface Overview {
  status: string;
  updated_at: string;
  components: { id: string; name: string; status: string; uptime_30d: number; response_ms: number; history: string[] }[];
}

test('components, uptime, response times and history; last updated; refreshes every minute', async ({ page, request }) => {
  const api = (await (await request.get('/api/platform/status')).json()) as Overview;
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  // The page's timers run on a clock the test moves: a minute passes in an instant.
  await page.clock.install();
  await page.goto('/status');
  await expect(page.getByRole('heading', { name: 'Service status', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'All systems operational' }).or(page.getByRole('heading', { name: /^Some systems|^Maintenance/ }))).toBeVisible();
  await expect(page).toHaveTitle(/· Service status$/);

  const components = page.getByRole('region', { name: 'Components' });
  for (const c of api.components) {
    const item = components.getByRole('listitem').filter({ has: page.getByRole('heading', { name: c.name, level: 3 }) });
    await expect(item).toBeVisible();
    await expect(item).toContainText('Uptime, 30 days');
    await expect(item).toContainText(/\d+(\.\d+)?%/);
    await expect(item).toContainText(/\d+ ms/);
    // One entry per UTC day, each named (and titled) with its day and status.
    const days = item.getByRole('list', { name: new RegExp(`^${c.name}: one status per UTC day`) }).getByRole('listitem');
    await expect(days).toHaveCount(c.history.length);
    await expect(days.last()).toHaveAttribute('title', /: (Operational|Degraded performance|Outage|Maintenance|No data)$/);
  }
  await expect(page.getByRole('region', { name: 'Resolved in the last 7 days' })).toBeVisible();

  // Last updated: the server's instant, in the reader's zone (New York here), UTC in the title.
  const overall = page.getByRole('region', { name: /systems|Maintenance/ });
  await expect(overall).toContainText('Last updated');
  await expect(overall).toContainText('This page refreshes every minute.');
  const updated = overall.locator('time').first();
  const first = await updated.getAttribute('datetime');
  expect(first).toBeTruthy();
  await expect(updated).toHaveAttribute('title', /^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
  await snap(page, 'status');

  // A minute later the page asks again by itself, and shows the new instant.
  const again = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/platform/status');
  await page.clock.fastForward(61_000);
  await again;
  await expect(updated).not.toHaveAttribute('datetime', first!);

  // Its own bundle: nothing of the portal or the console.
  expect(scripts.some((s) => /\/assets\/status-/.test(s))).toBe(true);
  expect(scripts.filter((s) => /\/assets\/(portal|admin|CallsChart)-/.test(s))).toEqual([]);

  // The trailing-slash form is the same page; the API's own /api/status is unchanged.
  await page.goto('/status/');
  await expect(page.getByRole('heading', { name: 'Service status', level: 1 })).toBeVisible();
  const checks = await request.get('/api/status');
  expect(checks.status()).toBe(200);
  expect(Array.isArray(await checks.json())).toBe(true);
});

test('the portal’s footer leads to the status page', async ({ page }) => {
  await page.goto('/portal/sign-in');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Service status' }).click();
  await expect(page).toHaveURL(/\/status$/);
  await expect(page.getByRole('heading', { name: 'Service status', level: 1 })).toBeVisible();
});
