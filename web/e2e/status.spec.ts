/**
 * The public status page (/status) in a browser: no sign-in, the components with their uptime,
 * response time and 30-day history, when it was last updated (the reader's zone, UTC in the
 * title), a refresh every minute, and none of the portal's or the console's code loaded; open
 * incidents in the headline, on their components and in the incidents feeds a reader subscribes to.
 * (An incident opened in the admin console appearing here is in admin-console.spec.ts.)
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN } from './admin.js';
import { expect, snap, test } from './fixtures.js';

interface Component {
  id: string;
  name: string;
  status: string;
  uptime_30d: number;
  response_ms: number;
  response_us: number | null;
  checked_at: string | null;
  history: string[];
}
interface Overview {
  status: string;
  updated_at: string;
  components: Component[];
}

/** What the page must say of a component's latest probe: "< 1 ms" under a millisecond, one decimal under ten. */
function responseText(c: Component): RegExp {
  if (c.response_us === null) return new RegExp(`${c.response_ms} ms`);
  const ms = c.response_us / 1000;
  if (ms < 1) return /< 1 ms/;
  const text = ms < 10 ? new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ms) : Math.round(ms).toLocaleString('en-US');
  return new RegExp(`^${text.replace(/[.,]/g, '\\$&')} ms$`);
}

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/api/auth/admin/login', { data: ADMIN });
  expect(login.status()).toBe(200);
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/** Opens /status and returns the overview the page itself was given. */
async function openStatus(page: Page): Promise<Overview> {
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/platform/status');
  await page.goto('/status');
  return (await (await answer).json()) as Overview;
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
    await expect(item).toContainText(/(< 1|\d+(\.\d)?) ms/);
    // A probe takes some time: never "0 ms".
    await expect(item).not.toContainText(/(^|[^\d.])0 ms/);
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

test('an open incident: never "All systems operational"; the incident, the components it names and honest response times', async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const stamp = Date.now().toString(36);
  const open = async (data: Record<string, unknown>) => {
    const r = await request.post('/api/admin/incidents', { headers, data: { summary: 'We are looking into it.', ...data } });
    expect(r.status(), await r.text()).toBe(201);
    return ((await r.json()) as { id: string }).id;
  };
  // One incident names no component, the other names the partner API.
  const wide = `Errors on some requests ${stamp}`;
  const named = `Slow calculations ${stamp}`;
  const wideId = await open({ title: wide, impact: 'major' });
  const namedId = await open({ title: named, impact: 'minor', components: ['partner_api'] });
  try {
    const data = await openStatus(page);
    expect(data.status).toBe('outage');
    await expect(page.getByRole('heading', { name: 'Some systems are down', level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'All systems operational' })).toHaveCount(0);
    await expect(page).toHaveTitle(/^Some systems are down · Service status$/);
    // The headline leads to the open incidents.
    await page.getByRole('region', { name: 'Some systems are down' }).getByRole('link', { name: /open incidents?$/ }).click();
    await expect(page).toHaveURL(/#open-title$/);

    const openIncidents = page.getByRole('region', { name: 'Open incidents' });
    await expect(openIncidents.getByRole('article', { name: wide })).toContainText('Major impact · Started');
    await expect(openIncidents.getByRole('article', { name: named })).toContainText('Minor impact · Affects Partner API · Started');

    // The component the incident names shows at least the status its impact implies, and which incident it is.
    const components = page.getByRole('region', { name: 'Components' });
    const api = components.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Partner API', level: 3 }) });
    await expect(api).toContainText(/Degraded performance|Outage/);
    await expect(api.getByRole('link', { name: named })).toHaveAttribute('href', `#incident-${namedId}`);
    await expect(api.getByRole('link', { name: wide })).toHaveCount(0);

    // Response times as measured: "< 1 ms" for a probe under a millisecond, never "0 ms".
    for (const c of data.components) {
      const item = components.getByRole('listitem').filter({ has: page.getByRole('heading', { name: c.name, level: 3 }) });
      await expect(item.getByRole('definition').nth(1)).toHaveText(responseText(c));
      await expect(item).not.toContainText(/(^|[^\d.])0 ms/);
    }
    await snap(page, 'status-open-incidents');
  } finally {
    for (const id of [wideId, namedId]) await request.post(`/api/admin/incidents/${id}/resolve`, { headers, data: {} });
  }
});

test('a reader subscribes to the incidents: the Subscribe link, the feeds in the page head, entries that lead back here', async ({ page, request }) => {
  await page.goto('/status');
  const subscribe = page.getByRole('link', { name: 'Subscribe to incidents' });
  await expect(subscribe).toHaveAttribute('href', '/api/platform/incidents.atom');
  await expect(page.getByRole('link', { name: 'RSS', exact: true })).toHaveAttribute('href', '/api/platform/incidents.rss');
  const alternates = await page.locator('head link[rel="alternate"]').evaluateAll((links) => links.map((l) => [l.getAttribute('type'), l.getAttribute('href')]));
  expect(alternates).toEqual([
    ['application/atom+xml', '/api/platform/incidents.atom'],
    ['application/rss+xml', '/api/platform/incidents.rss'],
  ]);

  const headers = await adminHeaders(request);
  const title = `Delayed webhooks ${Date.now().toString(36)}`;
  const r = await request.post('/api/admin/incidents', { headers, data: { title, summary: 'Deliveries run late.', impact: 'minor', components: ['webhooks'] } });
  expect(r.status(), await r.text()).toBe(201);
  const incident = (await r.json()) as { id: string; updates: { id: string }[] };
  try {
    const atom = await request.get((await subscribe.getAttribute('href'))!);
    expect(atom.status()).toBe(200);
    expect(atom.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
    const body = await atom.text();
    expect(body).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(body).toContain(`${title}: Investigating`);
    const rss = await request.get('/api/platform/incidents.rss');
    expect(rss.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(await rss.text()).toContain(`${title}: Investigating`);

    // The entry's link is its update on this page.
    const link = new RegExp(`<link href="([^"]+#${incident.updates[0].id})"/>`).exec(body)?.[1];
    expect(link).toBeTruthy();
    // As from a feed reader: a new visit, not a jump within the page already open.
    await page.goto('about:blank');
    await page.goto(link!);
    const update = page.getByRole('article', { name: title }).locator(`[id="${incident.updates[0].id}"]`);
    await expect(update).toBeInViewport();
    await expect(update).toContainText('Deliveries run late.');
    await snap(page, 'status-subscribe');
  } finally {
    await request.post(`/api/admin/incidents/${incident.id}/resolve`, { headers, data: {} });
  }
});
